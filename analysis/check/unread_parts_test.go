package check

import (
	"context"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// TestFollowUnread: an error inside what a constant condition leaves out
// (an if branch it never takes, an output whose condition is always
// false) is a warning; the same error where some input, or the constant
// condition itself, makes Heat read it stays an error, and so does one in
// a resource whose condition is false (Heat still parses its functions).
func TestFollowUnread(t *testing.T) {
	const v = "heat_template_version: 2018-08-31\n"
	const bad = "{list_join: [',']}"
	const param = "parameters:\n  p: {type: string}\n"
	tests := []struct {
		name, src string
		sev       source.Severity
	}{
		{"if true, bad else", v + "outputs:\n  o:\n    value: {if: [true, x, " + bad + "]}\n", source.SeverityWarning},
		{"if true, bad then", v + "outputs:\n  o:\n    value: {if: [true, " + bad + ", x]}\n", source.SeverityError},
		{"if false, bad then", v + "outputs:\n  o:\n    value: {if: [false, " + bad + ", x]}\n", source.SeverityWarning},
		{"if named false", v + "conditions:\n  c: false\noutputs:\n  o:\n    value: {if: [c, " + bad + ", x]}\n", source.SeverityWarning},
		{"if not true, in properties", v + "conditions:\n  c: {not: true}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: {if: [c, " + bad + ", x]}\n", source.SeverityWarning},
		{"if on a parameter", v + param + "conditions:\n  c: {equals: [{get_param: p}, a]}\noutputs:\n  o:\n    value: {if: [c, " + bad + ", x]}\n", source.SeverityError},
		{"output condition false", v + "outputs:\n  o:\n    value: " + bad + "\n    condition: false\n", source.SeverityWarning},
		{"output condition named false", v + "conditions:\n  c: {and: [true, false]}\noutputs:\n  o:\n    value: " + bad + "\n    condition: c\n", source.SeverityWarning},
		{"output condition true", v + "outputs:\n  o:\n    value: " + bad + "\n    condition: true\n", source.SeverityError},
		{"output condition on a parameter", v + param + "conditions:\n  c: {equals: [{get_param: p}, a]}\noutputs:\n  o:\n    value: " + bad + "\n    condition: c\n", source.SeverityError},
		{"resource condition false", v + "resources:\n  r:\n    type: OS::Heat::Value\n    condition: false\n    properties:\n      value: " + bad + "\n", source.SeverityError},
		{"output condition before conditions existed", "heat_template_version: 2016-04-08\noutputs:\n  o:\n    value: " + bad + "\n    condition: false\n", source.SeverityError},
	}
	s := testSchema(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			diags := Run(context.Background(), hot.Parse([]byte(tt.src)), Options{Schema: s})
			var got []source.Diagnostic
			for _, d := range diags {
				if d.Code == rules.BadFunctionArgs {
					got = append(got, d)
				}
			}
			if len(got) == 0 {
				t.Fatalf("no %s in %v", rules.BadFunctionArgs, diags)
			}
			for _, d := range got {
				if d.Severity != tt.sev {
					t.Errorf("reported as %v, want %v: %s", d.Severity, tt.sev, d.Message)
				}
				if unread := strings.Contains(d.Message, unreadNote); unread != (tt.sev == source.SeverityWarning) {
					t.Errorf("message says unread = %v: %s", unread, d.Message)
				}
			}
		})
	}
}

// TestFollowLeftOutResource: inside a resource whose condition is false
// for every input, what the resource is (its type, its properties, what
// its functions name) is a warning, while the shape Heat parses (a
// function's arguments, unknown resource keys) stays an error; the same
// resource with a condition some input makes true keeps its errors.
func TestFollowLeftOutResource(t *testing.T) {
	const v = "heat_template_version: 2018-08-31\nparameters:\n  p: {type: string}\nconditions:\n  off_always: false\n  on_p: {equals: [{get_param: p}, a]}\nresources:\n  r:\n    condition: "
	tests := []struct {
		name, cond, body, rule string
		sev                    source.Severity
	}{
		{"unknown type", "off_always", "    type: OS::Nova::Nope\n", rules.ResourceTypeUnknown, source.SeverityWarning},
		{"unknown property", "off_always", "    type: OS::Heat::RandomString\n    properties: {nope: 1}\n", rules.ResourcePropertyUnknown, source.SeverityWarning},
		{"property type", "off_always", "    type: OS::Heat::RandomString\n    properties: {length: abc}\n", rules.ResourcePropertyType, source.SeverityWarning},
		{"reference to nothing", "off_always", "    type: OS::Heat::None\n    depends_on: missing\n", rules.UndefinedResource, source.SeverityWarning},
		{"function arguments", "off_always", "    type: OS::Heat::Value\n    properties: {value: {list_join: [',']}}\n", rules.BadFunctionArgs, source.SeverityError},
		{"unknown resource key", "off_always", "    type: OS::Heat::None\n    propertes: {}\n", rules.UnknownResourceKey, source.SeverityError},
		{"unknown type, condition on a parameter", "on_p", "    type: OS::Nova::Nope\n", rules.ResourceTypeUnknown, source.SeverityError},
		{"unknown type, condition false", "false", "    type: OS::Nova::Nope\n", rules.ResourceTypeUnknown, source.SeverityWarning},
		{"snapshot the type cannot take", "off_always", "    type: OS::Heat::TestResource\n    deletion_policy: Snapshot\n", rules.ResourceDeletionPolicyInvalid, source.SeverityWarning},
		{"snapshot the type cannot take, condition on a parameter", "on_p", "    type: OS::Heat::TestResource\n    deletion_policy: Snapshot\n", rules.ResourceDeletionPolicyInvalid, source.SeverityError},
		{"deletion policy no version knows", "off_always", "    type: OS::Heat::TestResource\n    deletion_policy: Bogus\n", rules.ResourceDeletionPolicyInvalid, source.SeverityError},
		{"deletion policy reading a resource", "off_always", "    type: OS::Heat::None\n    deletion_policy: {get_resource: r}\n", rules.ResourceDeletionPolicyInvalid, source.SeverityError},
		{"update policy key the type lacks", "off_always", "    type: OS::Heat::TestResource\n    update_policy: {batch: {}}\n", rules.ResourceUpdatePolicyInvalid, source.SeverityWarning},
		{"update policy given by a function", "off_always", "    type: OS::Heat::TestResource\n    update_policy: {get_param: p}\n", rules.ResourceUpdatePolicyInvalid, source.SeverityWarning},
		{"update policy given by a function, condition on a parameter", "on_p", "    type: OS::Heat::TestResource\n    update_policy: {get_param: p}\n", rules.ResourceUpdatePolicyInvalid, source.SeverityError},
		{"update policy no mapping", "off_always", "    type: OS::Heat::TestResource\n    update_policy: [batch]\n", rules.ResourceUpdatePolicyInvalid, source.SeverityError},
		{"depends on itself", "off_always", "    type: OS::Heat::None\n    depends_on: r\n", rules.DependsOnSelf, source.SeverityWarning},
		{"depends on itself, condition on a parameter", "on_p", "    type: OS::Heat::None\n    depends_on: r\n", rules.DependsOnSelf, source.SeverityError},
		{"depends_on beside external_id", "off_always", "    type: OS::Heat::None\n    external_id: abc\n    depends_on: r\n", rules.ResourceDependsOnInvalid, source.SeverityWarning},
		{"depends_on beside external_id, condition on a parameter", "on_p", "    type: OS::Heat::None\n    external_id: abc\n    depends_on: [q]\n  q: {type: OS::Heat::None}\n", rules.ResourceDependsOnInvalid, source.SeverityError},
	}
	s := testSchema(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			diags := Run(context.Background(), hot.Parse([]byte(v+tt.cond+"\n"+tt.body)), Options{Schema: s})
			found := false
			for _, d := range diags {
				if d.Code != tt.rule {
					continue
				}
				found = true
				if d.Severity != tt.sev {
					t.Errorf("%s reported as %v, want %v: %s", d.Code, d.Severity, tt.sev, d.Message)
				}
			}
			if !found {
				t.Fatalf("no %s in %v", tt.rule, diags)
			}
		})
	}
}
