package check

import (
	"context"
	"slices"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

func TestResourceRules(t *testing.T) {
	E, W, I := source.SeverityError, source.SeverityWarning, source.SeverityInfo
	runEntryCases(t, []entryCase{
		{"name with slash", v16 + "resources:\n  a/b:\n    type: OS::Heat::None\n", rules.ResourceNameInvalid, E, "a/b", nil},
		{"name a number", v16 + "resources:\n  123:\n    type: OS::Heat::None\n", rules.ResourceNameInvalid, E, "123", nil},
		{"name a boolean", v16 + "resources:\n  yes:\n    type: OS::Heat::None\n", rules.ResourceNameInvalid, E, "yes", nil},
		{"name quoted or a date", v16 + "resources:\n  '123':\n    type: OS::Heat::None\n  2020-01-01:\n    type: OS::Heat::None\n", "", 0, "", []string{rules.ResourceNameInvalid}},
		{"not a mapping", v16 + "resources:\n  r: OS::Heat::None\n", rules.ResourceNotMapping, E, "OS::Heat::None", nil},
		{"type missing", v16 + "resources:\n  r:\n    properties: {}\n", rules.ResourceTypeMissing, E, "  r@r", nil},
		{"type a list", v16 + "resources:\n  r:\n    type: [a]\n", rules.ResourceTypeNotString, E, "[a]", nil},
		{"unknown in known namespace", v16 + "resources:\n  r:\n    type: OS::Nova::Servr\n", rules.ResourceTypeUnknown, E, "OS::Nova::Servr", nil},
		{"custom namespace", v16 + "resources:\n  r:\n    type: My::Thing\n", rules.ResourceTypeCustom, I, "My::Thing", []string{rules.ResourceTypeUnknown}},
		{"template path", v16 + "resources:\n  r:\n    type: child.yaml\n    properties: {size: 3}\n", "", 0, "", []string{rules.ResourceTypeCustom, rules.ResourceTypeUnknown, rules.ResourcePropertyUnknown}},
		{"hidden type", v16 + "resources:\n  r:\n    type: OS::Neutron::RouterGateway\n", rules.ResourceTypeHidden, W, "OS::Neutron::RouterGateway", nil},
		// Heat still validates a hidden type's properties (asked the oracle).
		{"hidden type's required property", v16 + "resources:\n  gw:\n    type: OS::Neutron::RouterGateway\n", rules.ResourcePropertyMissing, E, "gw", nil},
		{"deprecated type", v16 + "resources:\n  r:\n    type: OS::Vitrage::Template\n    properties: {template_file: x}\n", rules.ResourceTypeDeprecated, W, "OS::Vitrage::Template", nil},
		{"no-op stub type", v16 + "resources:\n  r:\n    type: OS::Glance::Image\n    properties: {anything: 1}\n", rules.ResourceTypeNoOp, W, "OS::Glance::Image", []string{rules.ResourcePropertyUnknown}},
		{"properties not mapping", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties: [length, 4]\n", rules.ResourcePropertiesNotMapping, E, "[length, 4]", nil},
		{"unknown property typo", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      lenght: 4\n", rules.ResourcePropertyUnknown, E, "lenght", nil},
		{"unknown property far", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      zzzzzzzzzz: 4\n", rules.ResourcePropertyUnknown, E, "zzzzzzzzzz", nil},
		{"None takes anything", v16 + "resources:\n  r:\n    type: OS::Heat::None\n    properties:\n      anything: 4\n", "", 0, "", []string{rules.ResourcePropertyUnknown}},
		{"required missing", v16 + "resources:\n  v:\n    type: OS::Heat::Value\n    properties: {}\n", rules.ResourcePropertyMissing, E, "properties", nil},
		{"required missing, no properties", v16 + "resources:\n  v:\n    type: OS::Heat::Value\n", rules.ResourcePropertyMissing, E, "  v@v", nil},
		{"external_id skips required", "heat_template_version: 2016-10-14\nresources:\n  v:\n    type: OS::Heat::Value\n    external_id: x\n", "", 0, "", []string{rules.ResourcePropertyMissing}},
		{"hidden property warns", v16 + "resources:\n  f:\n    type: OS::Neutron::FloatingIP\n    properties:\n      floating_network_id: x\n", rules.ResourcePropertyHidden, W, "floating_network_id", []string{rules.ResourcePropertyMissing}},
		{"integer from text ok", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: '8'\n", "", 0, "", []string{rules.ResourcePropertyType}},
		{"integer as quoted decimal", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: '2.5'\n", rules.ResourcePropertyType, E, "'2.5'", nil},
		{"integer as exponent", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: 1e3\n", rules.ResourcePropertyType, E, "1e3", nil},
		{"integer as unquoted decimal (Heat truncates)", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: 32.0\n", "", 0, "", []string{rules.ResourcePropertyType}},
		{"properties as a call", v16 + "parameters:\n  p: {type: json}\nresources:\n  r:\n    type: OS::Heat::RandomString\n    properties: {get_param: p}\n", rules.ResourcePropertiesNotMapping, E, "{get_param: p}", nil},
		{"properties as a call on None", v16 + "parameters:\n  p: {type: json}\nresources:\n  r:\n    type: OS::Heat::None\n    properties: {get_param: p}\n", "", 0, "", []string{rules.ResourcePropertiesNotMapping}},
		{"string given a map", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      salt: {a: b}\n", rules.ResourcePropertyType, E, "{a: b}", nil},
		{"range violated", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: 0\n", rules.ResourcePropertyConstraint, E, "length: 0@0", nil},
		{"nested allowed values", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      character_classes:\n        - class: emoji\n          min: 1\n", rules.ResourcePropertyConstraint, E, "emoji", nil},
		{"nested unknown key", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      character_classes:\n        - clas: digits\n", rules.ResourcePropertyUnknown, E, "- clas@clas", nil},
		{"offline cidr", v16 + "resources:\n  s:\n    type: OS::Neutron::Subnet\n    properties:\n      network: n\n      cidr: 10.0.0.0/33\n", rules.ResourcePropertyConstraint, E, "10.0.0.0/33", nil},
		{"cloud constraint skipped", v16 + "resources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      image: no-such\n      flavor: no-such\n", "", 0, "", []string{rules.ResourcePropertyConstraint}},
		{"function value skipped", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: {get_param: n}\n", "", 0, "", []string{rules.ResourcePropertyType}},
		{"boolean text", v16 + "resources:\n  r:\n    type: OS::Neutron::Net\n    properties:\n      admin_state_up: 'maybe'\n", rules.ResourcePropertyType, E, "'maybe'", nil},
		{"boolean yes ok", v16 + "resources:\n  r:\n    type: OS::Neutron::Net\n    properties:\n      admin_state_up: yes\n", "", 0, "", []string{rules.ResourcePropertyType}},
		{"snapshot unsupported", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    deletion_policy: Snapshot\n", rules.ResourceDeletionPolicyInvalid, E, "Snapshot", nil},
		{"deletion policy typo", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    deletion_policy: Retian\n", rules.ResourceDeletionPolicyInvalid, E, "Retian", nil},
		{"lowercase before newton", "heat_template_version: 2016-04-08\nresources:\n  r:\n    type: OS::Heat::RandomString\n    deletion_policy: retain\n", rules.ResourceDeletionPolicyInvalid, E, "retain", nil},
		{"deletion policy by get_param", v16 + "resources:\n  r:\n    type: OS::Heat::RandomString\n    deletion_policy: {get_param: p}\n", "", 0, "", []string{rules.ResourceDeletionPolicyInvalid}},
		{"update policy key", v16 + "resources:\n  g:\n    type: OS::Heat::ResourceGroup\n    update_policy:\n      rolling_updaet: {max_batch_size: 1}\n    properties:\n      resource_def: {type: OS::Heat::None}\n", rules.ResourceUpdatePolicyInvalid, E, "rolling_updaet", nil},
		{"update policy ok", v16 + "resources:\n  g:\n    type: OS::Heat::ResourceGroup\n    update_policy:\n      rolling_update: {max_batch_size: 1}\n    properties:\n      resource_def: {type: OS::Heat::None}\n", "", 0, "", []string{rules.ResourceUpdatePolicyInvalid, rules.ResourcePropertyUnknown}},
		{"metadata a list", v16 + "resources:\n  r:\n    type: OS::Heat::None\n    metadata: [a]\n", rules.ResourceMetadataNotMapping, E, "[a]", nil},
	})
}

func TestOutputConditionAndHintRules(t *testing.T) {
	E, H := source.SeverityError, source.SeverityHint
	runEntryCases(t, []entryCase{
		{"output not mapping", v16 + "outputs:\n  o: 1\n", rules.OutputNotMapping, E, "o: 1@1", nil},
		{"output without value", v16 + "outputs:\n  o:\n    description: d\n", rules.OutputValueMissing, E, "  o@o", nil},
		{"condition named on", v16 + "conditions:\n  on: true\nresources: {}\n", rules.ConditionNameNotString, E, "  on@on", nil},
		{"condition named quoted on", v16 + "conditions:\n  'on': true\nresources: {}\n", "", 0, "", []string{rules.ConditionNameNotString}},
		{"condition a number", v16 + "conditions:\n  c: 1\n", rules.ConditionBodyInvalid, E, "c: 1@1", nil},
		{"condition a plain map", v16 + "conditions:\n  c: {a: 1, b: 2}\n", rules.ConditionBodyInvalid, E, "{a: 1, b: 2}", nil},
		{"condition undefined name, unused (Heat checks every body: refused)", v16 + "conditions:\n  c: nope\n", rules.ConditionBodyUndefined, E, "nope", nil},
		{"condition undefined name, used", v16 + "conditions:\n  c: nope\nresources:\n  r:\n    type: OS::Heat::None\n    condition: c\n", rules.ConditionBodyUndefined, E, "nope", nil},
		{"unused parameter", v16 + "parameters:\n  a: {type: string}\n  b: {type: string}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties: {value: {get_param: a}}\n", rules.ParameterUnused, H, "  b@b", nil},
		{"parameter used by path", v16 + "parameters:\n  a: {type: json}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties: {value: {get_param: [a, x]}}\n", "", 0, "", []string{rules.ParameterUnused}},
		{"unused condition", v16 + "conditions:\n  c: true\n  d: {not: c}\nresources: {}\n", rules.ConditionUnused, H, "  d@d", nil},
		{"condition used by if", v16 + "conditions:\n  c: true\nresources:\n  r:\n    type: OS::Heat::Value\n    properties: {value: {if: [c, 1, 2]}}\n", "", 0, "", []string{rules.ConditionUnused}},
	})
}

func TestEnvironmentRules(t *testing.T) {
	E := source.SeverityError
	runEntryCases(t, []entryCase{
		{"parameters not mapping", "parameters: [a]\n", rules.EnvSectionNotMapping, E, "[a]", nil},
		{"registry target a map", "resource_registry:\n  My::T: {a: b}\n", rules.EnvRegistryTargetInvalid, E, "{a: b}", nil},
		{"registry fine", "resource_registry:\n  My::T: t.yaml\n  resources:\n    r:\n      hooks: [pre-create]\n      My::U: u.yaml\n", "", 0, "", []string{rules.EnvRegistryTargetInvalid, rules.EnvResourceOverrideInvalid}},
		{"override not mapping", "resource_registry:\n  resources:\n    r: x\n", rules.EnvResourceOverrideInvalid, E, "r: x@x", nil},
		{"encrypted not list", "parameters: {}\nencrypted_param_names: a\n", rules.EnvEncryptedParamNamesInvalid, W, "names: a@a", nil},
		{"merge strategy", "parameters: {}\nparameter_merge_strategies:\n  p: merg\n", rules.EnvMergeStrategyInvalid, W, "p: merg@merg", nil},
		{"event sinks", "parameters: {}\nevent_sinks: [a]\n", rules.EnvEventSinksInvalid, E, "a]@a", nil},
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
			if d.Code == rules.ResourcePropertyConstraint {
				got = &d
			}
		}
		if got == nil {
			t.Fatalf("no %s in %q", rules.ResourcePropertyConstraint, tc.src)
		}
		if !slices.Equal(got.Suggestions, tc.want) {
			t.Errorf("suggestions %q, want %q (%s)", got.Suggestions, tc.want, got.Message)
		}
		if len(tc.want) > 0 && !strings.Contains(got.Message, "Did you mean `"+tc.want[0]+"`") {
			t.Errorf("message does not name %s: %s", tc.want[0], got.Message)
		}
	}
}
