package preview

import (
	"testing"

	"heat-ls/analysis/eval"
)

// TestTypeTranslations: the types' own translation rules, as Heat's
// preview shows them (oracle cases router-ha-agents-ok,
// mistral-workflow-policies-retry-ok, mistral-workflow-timeout-zero-twice-ok,
// and testdata/release-cases/stub-sahara-cluster).
func TestTypeTranslations(t *testing.T) {
	for _, tc := range []struct{ typ, in, want string }{
		{"OS::Neutron::Router", `{"l3_agent_id": "a1", "l3_agent_ids": null}`, `{"l3_agent_id": null, "l3_agent_ids": ["a1"]}`},
		{"OS::Neutron::Router", `{"l3_agent_id": "a2", "l3_agent_ids": ["a1"]}`, `{"l3_agent_id": null, "l3_agent_ids": ["a1", "a2"]}`},
		{"OS::Neutron::Router", `{"l3_agent_id": "", "l3_agent_ids": null}`, `{"l3_agent_id": "", "l3_agent_ids": null}`},
		{"OS::Mistral::Workflow", `{"tasks": [{"timeout": 0, "retry": null, "policies": {"timeout": 5, "retry": {"count": 1}, "wait_after": null}}]}`,
			`{"tasks": [{"policies": null, "retry": {"count": 1}, "timeout": 5}]}`},
		{"OS::Mistral::Workflow", `{"tasks": [{"timeout": 3, "policies": null}, "not a task"]}`, `{"tasks": [{"policies": null, "timeout": 3}, "not a task"]}`},
		{"OS::Sahara::Cluster", `{"image": "img", "default_image_id": null}`, `{"default_image_id": "img", "image": null}`},
		{"OS::Sahara::Cluster", `{"image": null, "default_image_id": "img"}`, `{"default_image_id": "img", "image": null}`},
		{"OS::Heat::None", `{"l3_agent_id": "a1"}`, `{"l3_agent_id": "a1"}`},
	} {
		in, err := eval.ParseJSON(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := eval.JSON(translateType(tc.typ, in)); got != tc.want {
			t.Errorf("%s %s\n got %s\nwant %s", tc.typ, tc.in, got, tc.want)
		}
	}
}

// The rule works on a copy: the value given is left as it was.
func TestTypeTranslationsCopy(t *testing.T) {
	in, _ := eval.ParseJSON(`{"tasks": [{"timeout": 0, "policies": {"timeout": 5}}]}`)
	translateType("OS::Mistral::Workflow", in)
	if got := eval.JSON(in); got != `{"tasks": [{"policies": {"timeout": 5}, "timeout": 0}]}` {
		t.Errorf("the input changed: %s", got)
	}
}
