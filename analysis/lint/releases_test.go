package lint

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// An upgrade template: a type that arrives in 2025.1 (gone as a problem
// after the upgrade), a Sahara constraint removed in 2024.2 (new after
// it), a misspelt property (in every release).
const upgradeTemplate = `heat_template_version: 2021-04-16
parameters:
  image:
    type: string
    constraints:
      - custom_constraint: sahara.image
resources:
  zone:
    type: OS::Octavia::AvailabilityZoneProfile
    properties:
      availability_zone_data: '{"compute_zone": "az1"}'
  secret:
    type: OS::Heat::RandomString
    properties:
      lenght: 8
      salt: {get_param: image}
`

// TestUpgradeCheck: judging for 2024.1 and 2026.1 at once, a problem of
// both is reported once and plainly; the others name their releases and
// whether the upgrade brings or removes them.
func TestUpgradeCheck(t *testing.T) {
	dir := tree(t, map[string]string{"stack.yaml": upgradeTemplate})
	status, out, errOut := run(t, Options{Paths: []string{dir}, Schema: loadSchema(t), Releases: []string{"2024.1", "2026.1"}, Format: "json"})
	if status != ExitProblems || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	var rep struct {
		Problems []struct {
			Rule     string   `json:"rule"`
			Message  string   `json:"message"`
			Releases []string `json:"releases"`
		} `json:"problems"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		tag      string
		releases []string
	}{
		"parameter-custom-constraint-removed": {"[new in Heat 2026.1]", []string{"2026.1"}},
		"resource-type-too-new":               {"[Heat 2024.1 only; gone in 2026.1]", []string{"2024.1"}},
		"resource-property-unknown":           {"", nil},
	}
	if len(rep.Problems) != len(want) {
		t.Fatalf("want %d problems, got %+v", len(want), rep.Problems)
	}
	for _, p := range rep.Problems {
		w, ok := want[p.Rule]
		if !ok {
			t.Errorf("unexpected %s: %s", p.Rule, p.Message)
			continue
		}
		if w.tag == "" && strings.HasPrefix(p.Message, "[") || w.tag != "" && !strings.HasPrefix(p.Message, w.tag+" ") {
			t.Errorf("%s: message %q, want it to start with %q", p.Rule, p.Message, w.tag)
		}
		if !slices.Equal(p.Releases, w.releases) {
			t.Errorf("%s: releases %v, want %v", p.Rule, p.Releases, w.releases)
		}
	}

	// One release: plain messages; the release list is the flag's.
	_, out, _ = run(t, Options{Paths: []string{dir}, Schema: loadSchema(t), Releases: []string{"2024.1"}})
	if strings.Contains(out, "[new in") || strings.Contains(out, "only") || !strings.Contains(out, "resource-type-too-new") {
		t.Errorf("one release: %s", out)
	}
	if status, _, errOut := run(t, Options{Paths: []string{dir}, Schema: loadSchema(t), Releases: []string{"wallaby"}}); status != ExitError || !strings.Contains(errOut, "accepted") {
		t.Errorf("an unknown release: status %d, stderr %q", status, errOut)
	}
}

// TestProjectFileRelease: without the flag, a .heat-ls.yaml heatRelease
// picks the release for the files it governs; the flag wins over it.
func TestProjectFileRelease(t *testing.T) {
	dir := tree(t, map[string]string{
		".heat-ls.yaml": "heatRelease: caracal\n",
		"stack.yaml":    "heat_template_version: 2021-04-16\nresources:\n  z:\n    type: OS::Octavia::AvailabilityZone\n    properties: {availability_zone_profile: p}\n",
	})
	if _, out, _ := run(t, Options{Paths: []string{dir}, Schema: loadSchema(t)}); !strings.Contains(out, "resource-type-too-new") {
		t.Errorf("heatRelease: caracal should judge for 2024.1, which lacks the type: %q", out)
	}
	if status, out, _ := run(t, Options{Paths: []string{dir}, Schema: loadSchema(t), Releases: []string{"2025.1"}}); status != ExitClean {
		t.Errorf("--heat-release 2025.1 should win over the project file: %q", out)
	}
}

func TestParseReleases(t *testing.T) {
	got, err := ParseReleases("2026.1, caracal,24,2026.1")
	if err != nil || !slices.Equal(got, []string{"2024.1", "2025.1", "2026.1"}) {
		t.Errorf("ParseReleases = %v, %v; want oldest first, without repeats", got, err)
	}
	for _, bad := range []string{"", ",", "2024.1,wallaby", "2024.1,,2026.1", "2026.1,", " ,2026.1"} {
		if _, err := ParseReleases(bad); err == nil {
			t.Errorf("ParseReleases(%q): want an error", bad)
		}
	}
}

func TestReleaseTag(t *testing.T) {
	rels := []string{"2024.1", "2025.1", "2026.1"}
	for _, tc := range []struct {
		in   []bool
		want string
	}{
		{[]bool{true, true, true}, ""},
		{[]bool{false, true, true}, "[new in Heat 2025.1]"},
		{[]bool{false, false, true}, "[new in Heat 2026.1]"},
		{[]bool{true, false, false}, "[Heat 2024.1 only; gone in 2025.1]"},
		{[]bool{true, true, false}, "[Heat 2024.1, 2025.1 only; gone in 2026.1]"},
		{[]bool{true, false, true}, "[Heat 2024.1, 2026.1 only]"},
		{[]bool{false, true, false}, "[Heat 2025.1 only]"},
	} {
		if got := releaseTag(rels, tc.in); got != tc.want {
			t.Errorf("releaseTag(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
