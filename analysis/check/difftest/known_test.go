package difftest

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// judgedRowCase is a judged pair: Heat's row and heat-ls's problems for a
// template, and the class, masking and reason not to count it expected.
type judgedRowCase struct {
	name      string
	row       HeatRow
	ls        []LSProblem
	class     string // "" when the two agree or no class explains it
	masked    bool
	uncounted string // the kind of why the pair is not counted
	src       string // the template, when not judgedRowSrc
}

// judgedRowSrc is the template the cases share unless they name their own:
// a resource of a nested child template.
const judgedRowSrc = "heat_template_version: 2018-08-31\nresources:\n  c:\n    type: child.yaml\n"

// judgedRowNoteCases: the oracle's notes (gave up, stubbed a check) and
// the host's own data decide whether a pair is counted.
func judgedRowNoteCases() []judgedRowCase {
	unset := HeatError{Mode: "create", Kind: "StackValidationFailed", Message: "Property size not assigned"}
	notList := HeatError{Mode: "create", Kind: "StackValidationFailed", Message: `"'x'" is not a list`}
	lsError := []LSProblem{{Path: "t.yaml", Line: 4, Column: 5, Severity: "error", Rule: "resource-property-type"}}
	return []judgedRowCase{
		{name: "nested value left to the environment", row: HeatRow{Create: []HeatError{unset}},
			ls: []LSProblem{{Path: "t.yaml", Line: 4, Column: 5, Severity: "warning", Rule: "nested-missing-property"}}, class: "nested-value-from-environment"},
		{name: "unset without heat-ls's warning stays open", row: HeatRow{Create: []HeatError{unset}}},
		{name: "oracle gave up at create", row: HeatRow{CreateNotes: []string{NoteStoppedShort}}, ls: lsError, class: "create-masked", masked: true, uncounted: UncountedCloud},
		{name: "oracle gave up at create, both clean: not counted", row: HeatRow{CreateNotes: []string{NoteStoppedShort}}, masked: true, uncounted: UncountedCloud},
		{name: "oracle gave up at validate only: create judged", row: HeatRow{ValidateNotes: []string{NoteStoppedShort}}, ls: lsError},
		{name: "oracle gave up after an error: judged", row: HeatRow{Create: []HeatError{notList}, CreateNotes: []string{NoteStoppedShort}}, ls: lsError},
		{name: "a plugin's validate stubbed, heat-ls errs: not counted", row: HeatRow{CreateNotes: []string{NotePluginValidateSkipped}}, ls: lsError, uncounted: UncountedStubs},
		{name: "an external resource's check stubbed, heat-ls errs: not counted", row: HeatRow{CreateNotes: []string{NoteExternalNotChecked}}, ls: lsError, uncounted: UncountedStubs},
		{name: "a plugin's validate stubbed, both clean: counted", row: HeatRow{CreateNotes: []string{NotePluginValidateSkipped}}},
		{name: "a stub noted, create stopped at get_file bytes: create-masked", row: HeatRow{Create: []HeatError{{Mode: "create", Kind: "StackValidationFailed", Message: "Value must be a string; got b'x'"}}, CreateNotes: []string{NotePluginValidateSkipped}}, ls: lsError, class: "create-masked", masked: true},
		{name: "a service constraint stubbed, heat-ls errs: counted", row: HeatRow{CreateNotes: []string{NoteConstraintSkipped}}, ls: lsError},
		{name: "a stub noted, Heat refuses: counted", row: HeatRow{Create: []HeatError{notList}, CreateNotes: []string{NotePluginValidateSkipped}}, ls: lsError},
		{name: "Heat refuses a timezone name: host", row: HeatRow{Create: []HeatError{{Mode: "create", Kind: "StackValidationFailed", Message: "Property error: a.properties.time_constraints[0].timezone: Error validating value 'Mars/Olympus': Invalid timezone: 'Mars/Olympus'"}}}, uncounted: UncountedHost},
		{name: "Heat accepts a timezone name: host", src: tzSrc, uncounted: UncountedHost},
		{name: "an empty timezone: counted", src: strings.Replace(tzSrc, "Europe/Paris", `""`, 1)},
		{name: "oracle did not give up", row: HeatRow{}, ls: lsError},
	}
}

// judgedRowClassCases: the classes of KnownClasses a disagreement falls in,
// and the disagreements left open.
func judgedRowClassCases() []judgedRowCase {
	return []judgedRowCase{
		{name: "a value Heat's validate asks for", row: HeatRow{Validate: []HeatError{{Mode: "validate", Kind: "UserParameterMissing", Message: "The Parameter (id) was not provided."}}}, class: "validate-without-values"},
		{name: "refused at validate only, for want of a value in a get_attr path", row: HeatRow{Validate: []HeatError{{Mode: "validate", Kind: "StackValidationFailed", Message: "The Referenced Attribute (db addresses) is incorrect."}}}, class: "validate-without-values"},
		{name: "refused at validate, create given up: open", row: HeatRow{Validate: []HeatError{{Mode: "validate", Kind: "StackValidationFailed", Message: "The Referenced Attribute (db addresses) is incorrect."}}, CreateNotes: []string{NoteStoppedShort}}, masked: true},
		{name: "a placeholder value refused in a nested template", row: HeatRow{Create: []HeatError{{Mode: "create", Kind: "StackValidationFailed", Message: "Value 'a' is not an integer"}}}, masked: true,
			src: "heat_template_version: 2018-08-31\nparameters:\n  l: {type: comma_delimited_list}\nresources:\n  c:\n    type: child.yaml\n    properties: {l: {get_param: l}}\n"},
		{name: "empty text refused by a property stays open", row: HeatRow{Create: []HeatError{{Mode: "create", Kind: "StackValidationFailed", Message: "Value '' is not an integer"}}}},
		{name: "an OS:: type heat-ls leaves to an environment", row: HeatRow{Validate: []HeatError{{Mode: "validate", Kind: "StackValidationFailed", Message: "The Resource Type (OS::Tes::App) could not be found."}}, Create: []HeatError{{Mode: "create", Kind: "StackValidationFailed", Message: "The Resource Type (OS::Tes::App) could not be found."}}},
			ls: []LSProblem{{Path: "t.yaml", Line: 4, Column: 11, Severity: "info", Rule: "resource-type-custom"}}, class: "type-from-environment"},
		{name: "an OS:: type heat-ls does not call custom stays open", row: HeatRow{Validate: []HeatError{{Mode: "validate", Kind: "StackValidationFailed", Message: "The Resource Type (OS::Tes::App) could not be found."}}, Create: []HeatError{{Mode: "create", Kind: "StackValidationFailed", Message: "The Resource Type (OS::Tes::App) could not be found."}}}},
		{name: "a value validate asks for, the placeholder refused by a property at create", row: HeatRow{
			Validate: []HeatError{{Mode: "validate", Kind: "ValueError", Message: "The Parameter (f) was not provided."}},
			Create:   []HeatError{{Mode: "create", Kind: "StackValidationFailed", Message: `"x" is not an allowed value ["RAW"]`, Path: []any{"resources", "s", "properties", "user_data_format"}}}},
			masked: true, class: "validate-without-values",
			src: "heat_template_version: 2018-08-31\nparameters:\n  f: {type: string}\nresources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      user_data_format: {get_param: f}\n"},
		{name: "a property refusing a placeholder after another validate error stays open", row: HeatRow{
			Validate: []HeatError{{Mode: "validate", Kind: "StackValidationFailed", Message: "The Referenced Attribute (db addresses) is incorrect."}},
			Create:   []HeatError{{Mode: "create", Kind: "StackValidationFailed", Message: `"x" is not an allowed value ["RAW"]`, Path: []any{"resources", "s", "properties", "user_data_format"}}}},
			src: "heat_template_version: 2018-08-31\nparameters:\n  f: {type: string}\nresources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      user_data_format: {get_param: f}\n"},
		{name: "a value validate asks for, the placeholder refused at create", row: HeatRow{
			Validate: []HeatError{{Mode: "validate", Kind: "UserParameterMissing", Message: "The Parameter (l) was not provided."}},
			Create:   []HeatError{{Mode: "create", Kind: "StackValidationFailed", Message: "Parameter 'l' is invalid: \"x\" is not an allowed value [\"a\"]"}}},
			masked: true, class: "validate-without-values",
			src: "heat_template_version: 2018-08-31\nparameters:\n  l: {type: string, constraints: [{allowed_values: [a]}]}\nconditions:\n  c: {equals: [{get_param: l}, a]}\nresources: {}\n"},
		// Heat leaves out an output whose condition is false and reads
		// only the branch an output's if takes; an error heat-ls makes
		// elsewhere in an output Heat accepts is a false error, left open.
		{name: "an output left out by its condition", ls: outputError(8, 13), class: "condition-false-by-default", src: outputSrc},
		{name: "an output's untaken if branch beside a bare condition name", ls: outputError(11, 30), class: "condition-false-by-default", src: outputSrc},
		{name: "an output Heat reads stays open", ls: outputError(14, 12), src: outputSrc},
		// Offline Heat validates a group with its first member only.
		{name: "an attribute of a later group member", ls: []LSProblem{{Path: "t.yaml", Line: 9, Column: 30, Severity: "error", Rule: "unknown-attribute"}},
			class: "group-later-member-attribute", src: groupAttrSrc},
		{name: "an attribute of the first group member stays open", ls: []LSProblem{{Path: "t.yaml", Line: 10, Column: 30, Severity: "error", Rule: "unknown-attribute"}},
			src: groupAttrSrc},
		{name: "a value missing at create too stays open", row: HeatRow{
			Validate: []HeatError{{Mode: "validate", Kind: "UserParameterMissing", Message: "The Parameter (id) was not provided."}},
			Create:   []HeatError{{Mode: "create", Kind: "UserParameterMissing", Message: "The Parameter (id) was not provided."}}}},
	}
}

// TestClassesOfJudgedRows checks the classes and the masking that need more
// than one file to show (a nested template, the oracle giving up), on
// rows written as the oracle and heat-ls give them.
func TestClassesOfJudgedRows(t *testing.T) {
	tests := slices.Concat(judgedRowNoteCases(), judgedRowClassCases())
	known := KnownClasses()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := judgedRowSrc
			if tt.src != "" {
				text = tt.src
			}
			judged := Judge([]Variant{{File: "t.yaml"}}, map[string]HeatRow{"t.yaml": tt.row}, tt.ls, "", func(string) []byte { return []byte(text) })
			j := &judged[0]
			if j.Masked != tt.masked {
				t.Errorf("masked = %v, want %v", j.Masked, tt.masked)
			}
			got := ""
			if !j.Agree() {
				if k := Classify(known, j); k != nil {
					got = k.ID
				}
			}
			if k := UncountedKind(j.Uncounted); k != tt.uncounted {
				t.Errorf("uncounted = %q, want %q", j.Uncounted, tt.uncounted)
			}
			if got != tt.class {
				t.Errorf("class = %q, want %q (agree %v)", got, tt.class, j.Agree())
			}
		})
	}
}

// tzSrc gives an alarm's time constraint a timezone name.
const tzSrc = `heat_template_version: 2018-08-31
resources:
  a:
    type: OS::Aodh::Alarm
    properties:
      meter_name: cpu_util
      threshold: 50
      time_constraints:
        - name: office
          start: "0 9 * * 1-5"
          duration: 28800
          timezone: Europe/Paris
`

// outputSrc has an output whose condition is false for the defaults (a),
// an output whose if leaves a branch untaken on its condition's line (b)
// and an output Heat reads (c).
const outputSrc = `heat_template_version: 2018-08-31
parameters:
  p: {type: string, default: x}
conditions:
  prod: {equals: [{get_param: p}, y]}
outputs:
  a:
    value: {get_resource: [r, extra]}
    condition: prod
  b:
    value: {if: [prod, {get_resource: {k: r}},
                 none]}
  c:
    value: {get_resource: [r, extra]}
`

// outputError is heat-ls's error at a line and column of outputSrc.
func outputError(line, col int) []LSProblem {
	return []LSProblem{{Path: "t.yaml", Line: line, Column: col, Severity: "error", Rule: "bad-function-args"}}
}

// groupAttrSrc reads attributes of a resource group's members: line 9
// of member 4, line 10 of member 0.
const groupAttrSrc = "heat_template_version: 2018-08-31\nresources:\n  rg:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 5\n      resource_def: {type: OS::Heat::RandomString}\noutputs:\n  a: {value: {get_attr: [rg, resource.4.valu]}}\n  b: {value: {get_attr: [rg, resource.0.valu]}}\n"

// TestHeatErrorMessageForms: the oracle records a message Heat left as its
// format arguments as a list; it is read as their text.
func TestHeatErrorMessageForms(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"mode":"create","message":"plain"}`, "plain"},
		{`{"mode":"create","message":["Gateway IP address \"%(gateway)s\" is in invalid format.","10.0..1"]}`, `Gateway IP address "%(gateway)s" is in invalid format. 10.0..1`},
		{`{"mode":"create","message":null}`, ""},
	} {
		var e HeatError
		if err := json.Unmarshal([]byte(tc.in), &e); err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if e.Message != tc.want || e.Mode != "create" {
			t.Errorf("%s: got %+v, want message %q", tc.in, e, tc.want)
		}
	}
	var e HeatError
	if err := json.Unmarshal([]byte(`{"message":{"a":1}}`), &e); err == nil {
		t.Errorf("a mapping as message was read: %+v", e)
	}
}
