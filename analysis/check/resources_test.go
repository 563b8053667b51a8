package check

import (
	"context"
	"slices"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

func TestResourceRules(t *testing.T) {
	E, W, I := source.SeverityError, source.SeverityWarning, source.SeverityInfo
	runEntryCases(t, []entryCase{
		{"name with slash", v16 + "resources:\n  a/b:\n    type: OS::Heat::None\n", codeResourceNameInvalid, E, "a/b", nil},
		{"not a mapping", v16 + "resources:\n  r: OS::Heat::None\n", codeResourceNotMapping, E, "OS::Heat::None", nil},
		{"type missing", v16 + "resources:\n  r:\n    properties: {}\n", codeResourceTypeMissing, E, "  r@r", nil},
		{"type a list", v16 + "resources:\n  r:\n    type: [a]\n", codeResourceTypeNotString, E, "[a]", nil},
		{"unknown in known namespace", v16 + "resources:\n  r:\n    type: OS::Nova::Servr\n", codeResourceTypeUnknown, E, "OS::Nova::Servr", nil},
		{"custom namespace", v16 + "resources:\n  r:\n    type: My::Thing\n", codeResourceTypeCustom, I, "My::Thing", []string{codeResourceTypeUnknown}},
		{"template path", v16 + "resources:\n  r:\n    type: child.yaml\n    properties: {size: 3}\n", "", 0, "", []string{codeResourceTypeCustom, codeResourceTypeUnknown, codeResourcePropertyUnknown}},
		{"hidden type", v16 + "resources:\n  r:\n    type: OS::Neutron::RouterGateway\n", codeResourceTypeHidden, E, "OS::Neutron::RouterGateway", []string{codeResourcePropertyMissing}},
		{"deprecated type", v16 + "resources:\n  r:\n    type: OS::Vitrage::Template\n    properties: {template_file: x}\n", codeResourceTypeDeprecated, W, "OS::Vitrage::Template", nil},
		{"no-op stub type", v16 + "resources:\n  r:\n    type: OS::Glance::Image\n    properties: {anything: 1}\n", codeResourceTypeNoOp, W, "OS::Glance::Image", []string{codeResourcePropertyUnknown}},
		{"properties not mapping", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties: [length, 4]\n", codeResourcePropertiesNotMap, E, "[length, 4]", nil},
		{"unknown property typo", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      lenght: 4\n", codeResourcePropertyUnknown, E, "lenght", nil},
		{"unknown property far", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      zzzzzzzzzz: 4\n", codeResourcePropertyUnknown, E, "zzzzzzzzzz", nil},
		{"None takes anything", v16 + "resources:\n  r:\n    type: OS::Heat::None\n    properties:\n      anything: 4\n", "", 0, "", []string{codeResourcePropertyUnknown}},
		{"required missing", v16 + "resources:\n  v:\n    type: OS::Heat::Value\n    properties: {}\n", codeResourcePropertyMissing, E, "properties", nil},
		{"required missing, no properties", v16 + "resources:\n  v:\n    type: OS::Heat::Value\n", codeResourcePropertyMissing, E, "  v@v", nil},
		{"external_id skips required", "heat_template_version: 2016-10-14\nresources:\n  v:\n    type: OS::Heat::Value\n    external_id: x\n", "", 0, "", []string{codeResourcePropertyMissing}},
		{"hidden property warns", v16 + "resources:\n  f:\n    type: OS::Neutron::FloatingIP\n    properties:\n      floating_network_id: x\n", codeResourcePropertyHidden, W, "floating_network_id", []string{codeResourcePropertyMissing}},
		{"integer from text ok", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: '8'\n", "", 0, "", []string{codeResourcePropertyType}},
		{"integer wrong", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: 2.5\n", codeResourcePropertyType, E, "2.5", nil},
		{"string given a map", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      salt: {a: b}\n", codeResourcePropertyType, E, "{a: b}", nil},
		{"range violated", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: 0\n", codeResourcePropertyConstraint, E, "length: 0@0", nil},
		{"nested allowed values", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      character_classes:\n        - class: emoji\n          min: 1\n", codeResourcePropertyConstraint, E, "emoji", nil},
		{"nested unknown key", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      character_classes:\n        - clas: digits\n", codeResourcePropertyUnknown, E, "- clas@clas", nil},
		{"offline cidr", v16 + "resources:\n  s:\n    type: OS::Neutron::Subnet\n    properties:\n      network: n\n      cidr: 10.0.0.0/33\n", codeResourcePropertyConstraint, E, "10.0.0.0/33", nil},
		{"cloud constraint skipped", v16 + "resources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      image: no-such\n      flavor: no-such\n", "", 0, "", []string{codeResourcePropertyConstraint}},
		{"function value skipped", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: {get_param: n}\n", "", 0, "", []string{codeResourcePropertyType}},
		{"boolean text", v16 + "resources:\n  r:\n    type: OS::Neutron::Net\n    properties:\n      admin_state_up: 'maybe'\n", codeResourcePropertyType, E, "'maybe'", nil},
		{"boolean yes ok", v16 + "resources:\n  r:\n    type: OS::Neutron::Net\n    properties:\n      admin_state_up: yes\n", "", 0, "", []string{codeResourcePropertyType}},
		{"snapshot unsupported", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    deletion_policy: Snapshot\n", codeResourceDeletionPolicy, E, "Snapshot", nil},
		{"deletion policy typo", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    deletion_policy: Retian\n", codeResourceDeletionPolicy, E, "Retian", nil},
		{"lowercase before newton", "heat_template_version: 2016-04-08\nresources:\n  r:\n    type: OS::Heat::RandomString\n    deletion_policy: retain\n", codeResourceDeletionPolicy, E, "retain", nil},
		{"deletion policy by get_param", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    deletion_policy: {get_param: p}\n", "", 0, "", []string{codeResourceDeletionPolicy}},
		{"update policy key", v16 + "resources:\n  g:\n    type: OS::Heat::ResourceGroup\n    update_policy:\n      rolling_updaet: {max_batch_size: 1}\n    properties:\n      resource_def: {type: OS::Heat::None}\n", codeResourceUpdatePolicy, E, "rolling_updaet", nil},
		{"update policy ok", v16 + "resources:\n  g:\n    type: OS::Heat::ResourceGroup\n    update_policy:\n      rolling_update: {max_batch_size: 1}\n    properties:\n      resource_def: {type: OS::Heat::None}\n", "", 0, "", []string{codeResourceUpdatePolicy, codeResourcePropertyUnknown}},
		{"metadata a list", v16 + "resources:\n  r:\n    type: OS::Heat::None\n    metadata: [a]\n", codeResourceMetadataNotMapping, E, "[a]", nil},
	})
}

func TestOutputConditionAndHintRules(t *testing.T) {
	E, H := source.SeverityError, source.SeverityHint
	runEntryCases(t, []entryCase{
		{"output not mapping", v16 + "outputs:\n  o: 1\n", codeOutputNotMapping, E, "o: 1@1", nil},
		{"output without value", v16 + "outputs:\n  o:\n    description: d\n", codeOutputValueMissing, E, "  o@o", nil},
		{"condition named on", v16 + "conditions:\n  on: true\nresources: {}\n", codeConditionNameNotString, E, "  on@on", nil},
		{"condition named quoted on", v16 + "conditions:\n  'on': true\nresources: {}\n", "", 0, "", []string{codeConditionNameNotString}},
		{"condition a number", v16 + "conditions:\n  c: 1\n", codeConditionBodyInvalid, E, "c: 1@1", nil},
		{"condition a plain map", v16 + "conditions:\n  c: {a: 1, b: 2}\n", codeConditionBodyInvalid, E, "{a: 1, b: 2}", nil},
		{"condition undefined name, unused (Heat checks every body: refused)", v16 + "conditions:\n  c: nope\n", codeConditionBodyUndefined, E, "nope", nil},
		{"condition undefined name, used", v16 + "conditions:\n  c: nope\nresources:\n  r:\n    type: OS::Heat::None\n    condition: c\n", codeConditionBodyUndefined, E, "nope", nil},
		{"unused parameter", v16 + "parameters:\n  a: {type: string}\n  b: {type: string}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties: {value: {get_param: a}}\n", codeParameterUnused, H, "  b@b", nil},
		{"parameter used by path", v16 + "parameters:\n  a: {type: json}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties: {value: {get_param: [a, x]}}\n", "", 0, "", []string{codeParameterUnused}},
		{"unused condition", v16 + "conditions:\n  c: true\n  d: {not: c}\nresources: {}\n", codeConditionUnused, H, "  d@d", nil},
		{"condition used by if", v16 + "conditions:\n  c: true\nresources:\n  r:\n    type: OS::Heat::Value\n    properties: {value: {if: [c, 1, 2]}}\n", "", 0, "", []string{codeConditionUnused}},
	})
}

func TestEnvironmentRules(t *testing.T) {
	E := source.SeverityError
	runEntryCases(t, []entryCase{
		{"parameters not mapping", "parameters: [a]\n", codeEnvSectionNotMapping, E, "[a]", nil},
		{"registry target a map", "resource_registry:\n  My::T: {a: b}\n", codeEnvRegistryTargetInvalid, E, "{a: b}", nil},
		{"registry fine", "resource_registry:\n  My::T: t.yaml\n  resources:\n    r:\n      hooks: [pre-create]\n      My::U: u.yaml\n", "", 0, "", []string{codeEnvRegistryTargetInvalid, codeEnvResourceOverrideInvalid}},
		{"override not mapping", "resource_registry:\n  resources:\n    r: x\n", codeEnvResourceOverrideInvalid, E, "r: x@x", nil},
		{"encrypted not list", "parameters: {}\nencrypted_param_names: a\n", codeEnvEncryptedParamsInvalid, E, "names: a@a", nil},
		{"merge strategy", "parameters: {}\nparameter_merge_strategies:\n  p: merg\n", codeEnvMergeStrategyInvalid, E, "p: merg@merg", nil},
		{"event sinks", "parameters: {}\nevent_sinks: [a]\n", codeEnvEventSinksInvalid, E, "a]@a", nil},
	})
}

// TestAllowedValueSuggestion: a misspelt allowed value names the closest
// allowed ones in the message and in Suggestions (the quick fix).
func TestAllowedValueSuggestion(t *testing.T) {
	s := loadSchemaForTest(t)
	tests := []struct {
		src  string
		want []string
	}{
		{v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      character_classes:\n        - class: lettersdigitz\n", []string{"lettersdigits"}},
		{v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      character_classes:\n        - class: qqqqqqqqqqqq\n", nil},
	}
	for _, tc := range tests {
		doc := hot.Parse([]byte(tc.src))
		var got *source.Diagnostic
		for _, d := range Run(context.Background(), doc, Options{Schema: s}) {
			if d.Code == codeResourcePropertyConstraint {
				got = &d
			}
		}
		if got == nil {
			t.Fatalf("no %s in %q", codeResourcePropertyConstraint, tc.src)
		}
		if !slices.Equal(got.Suggestions, tc.want) {
			t.Errorf("suggestions %q, want %q (%s)", got.Suggestions, tc.want, got.Message)
		}
		if len(tc.want) > 0 && !strings.Contains(got.Message, "Did you mean `"+tc.want[0]+"`") {
			t.Errorf("message does not name %s: %s", tc.want[0], got.Message)
		}
	}
}
