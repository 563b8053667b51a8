package check

import (
	"context"
	"strings"
	"sync"
	"testing"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/structure"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

var (
	structureSchemaOnce sync.Once
	structureSchema     *schema.Schema
)

func testSchema(t testing.TB) *schema.Schema {
	t.Helper()
	structureSchemaOnce.Do(func() {
		s, err := schema.Load()
		if err != nil {
			panic(err)
		}
		structureSchema = s
	})
	return structureSchema
}

// structureDiags runs only the structure rules, so the tests do not depend
// on the other rule files.
func structureDiags(t testing.TB, src string) []source.Diagnostic {
	t.Helper()
	doc := hot.Parse([]byte(src))
	if doc.Template == nil {
		t.Fatalf("not a template:\n%s", src)
	}
	p := pass.NewPass(context.Background(), doc, Options{Schema: testSchema(t)})
	for _, r := range structureRules() {
		p.Run(r)
	}
	return p.Diags
}

// want is one expected diagnostic: rule id, severity, the exact text under
// its span and a fragment of its message.
type want struct {
	code string
	sev  source.Severity
	text string
	msg  string
}

type structureCase struct {
	name string
	src  string
	want []want
}

func runStructureCases(t *testing.T, cases []structureCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.ReplaceAll(tc.src, "\t", "  ")
			got := structureDiags(t, src)
			used := make([]bool, len(got))
			for _, w := range tc.want {
				found := false
				for i, d := range got {
					if used[i] || d.Code != w.code {
						continue
					}
					text := src[d.Span.Start:d.Span.End]
					if d.Severity == w.sev && text == w.text && strings.Contains(d.Message, w.msg) {
						used[i], found = true, true
						break
					}
				}
				if !found {
					t.Errorf("missing %s %v on %q (message with %q)", w.code, w.sev, w.text, w.msg)
				}
			}
			for i, d := range got {
				if !used[i] {
					t.Errorf("unexpected %s %v on %q: %s", d.Code, d.Severity, src[d.Span.Start:d.Span.End], d.Message)
				}
			}
		})
	}
}

const (
	E = source.SeverityError
	W = source.SeverityWarning
)

func TestVersionAndSections(t *testing.T) {
	runStructureCases(t, []structureCase{
		{"valid minimal", "heat_template_version: 2016-10-14\nresources: {}\n", nil},
		{"alias", "heat_template_version: wallaby\nresources: {}\n", nil},
		{"unknown date", "heat_template_version: 2019-01-01\nresources: {}\n",
			[]want{{rules.UnknownVersion, E, "2019-01-01", "Did you mean `2018-08-31`"}}},
		{"not scalar", "heat_template_version: [2016-10-14]\nresources: {}\n",
			[]want{{rules.VersionNotScalar, E, "[2016-10-14]", "single date"}}},
		{"empty", "heat_template_version:\nresources: {}\n",
			[]want{{rules.UnknownVersion, E, "heat_template_version", "empty"}}},
		{"conditions before newton", "heat_template_version: 2016-04-08\nconditions: {}\nresources: {}\n",
			[]want{{rules.SectionNotInVersion, E, "conditions", "2016-10-14 or later"}}},
		{"conditions at newton", "heat_template_version: 2016-10-14\nconditions: {}\nresources: {}\n", nil},
		{"undefined placeholder", "heat_template_version: 2016-10-14\n__undefined__: {}\nresources: {}\n",
			[]want{{rules.PlaceholderSection, W, "__undefined__", "means nothing"}}},
		{"unknown section", "heat_template_version: 2016-10-14\nresource: {}\n",
			[]want{{rules.UnknownSection, E, "resource", "`resources`"}}},
		{"resources a list", "heat_template_version: 2016-10-14\nresources: [a]\n",
			[]want{{rules.SectionWrongShape, E, "[a]", "mapping"}}},
		{"groups a map", "heat_template_version: 2016-10-14\nparameter_groups:\n  label: g\nresources: {}\n",
			[]want{{rules.SectionWrongShape, E, "label: g", "list"}}},
		{"description a map", "heat_template_version: 2016-10-14\ndescription: {a: b}\nresources: {}\n",
			[]want{{rules.SectionWrongShape, W, "{a: b}", "text"}}},
		{"empty sections", "heat_template_version: 2016-10-14\nparameters:\nresources:\noutputs:\n", nil},
		// libyaml refuses the mark that starts the line; the reader Heat
		// falls back on keeps it in the key and makes the date a date
		{"mark before a top-level key", "heat_template_version: 2016-10-14\n\ufeffresources: {}\n",
			[]want{{rules.UnknownVersion, E, "2016-10-14", "as a date"}, {rules.UnknownSection, E, "\ufeffresources", "not a section"}}},
		{"mark before a top-level key, version quoted", "heat_template_version: '2016-10-14'\n\ufeffresources: {}\n",
			[]want{{rules.UnknownSection, E, "\ufeffresources", "not a section"}}},
		{"mark before an indented key", "heat_template_version: 2016-10-14\nresources:\n\ufeff  r: {type: OS::Heat::None}\n", nil},
	})
}

func TestEntryKeys(t *testing.T) {
	runStructureCases(t, []structureCase{
		{"tags before queens", "heat_template_version: 2017-09-01\nparameters:\n  p: {type: string, tags: [a]}\nresources: {}\n",
			[]want{{rules.UnknownParameterKey, E, "tags", "2018-03-02 or later"}}},
		{"tags at queens", "heat_template_version: 2018-03-02\nparameters:\n  p: {type: string, tags: [a]}\nresources: {}\n", nil},
		{"parameter typo", "heat_template_version: 2016-10-14\nparameters:\n  p: {type: string, defualt: x}\nresources: {}\n",
			[]want{{rules.UnknownParameterKey, E, "defualt", "`default`"}}},
		{"external_id before newton", "heat_template_version: 2016-04-08\nresources:\n  r:\n    type: OS::Heat::None\n    external_id: abc\n",
			[]want{{rules.UnknownResourceKey, E, "external_id", "2016-10-14 or later"}}},
		{"external_id at newton", "heat_template_version: 2016-10-14\nresources:\n  r:\n    type: OS::Heat::None\n    external_id: abc\n", nil},
		{"resource typo", "heat_template_version: 2016-10-14\nresources:\n  r:\n    type: OS::Heat::None\n    propertes: {}\n",
			[]want{{rules.UnknownResourceKey, E, "propertes", "`properties`"}}},
		{"output condition before newton", "heat_template_version: 2016-04-08\nresources: {}\noutputs:\n  o:\n    value: 1\n    condition: true\n",
			[]want{{rules.OutputConditionIgnored, W, "condition", "no effect"}}},
		{"output typo", "heat_template_version: 2016-10-14\nresources: {}\noutputs:\n  o:\n    value: 1\n    valeu: 2\n",
			[]want{{rules.UnknownOutputKey, W, "valeu", "`value`"}}},
		// Heat's YAML loader applies merge keys: the merged type counts.
		{"merge key brings the type", "heat_template_version: 2016-10-14\nresources:\n  a: &a\n    type: OS::Heat::None\n  b:\n    <<: *a\n    metadata: {x: 1}\n", nil},
		{"quoted << is a plain key", "heat_template_version: 2016-10-14\nresources:\n  a: &a\n    type: OS::Heat::None\n  b:\n    '<<': *a\n    type: OS::Heat::None\n",
			[]want{{rules.UnknownResourceKey, E, "'<<'", "not a key"}}},
	})
}

func TestFunctions(t *testing.T) {
	out := func(v, value string) string {
		return "heat_template_version: " + v + "\nresources: {}\noutputs:\n  o:\n    value: " + value + "\n"
	}
	prop := func(v, typ, name, value string) string {
		return "heat_template_version: " + v + "\nresources:\n  r:\n    type: " + typ + "\n    properties:\n      " + name + ": " + value + "\n"
	}
	runStructureCases(t, []structureCase{
		{"map_merge before mitaka", out("2015-10-15", "{map_merge: [{a: 1}]}"),
			[]want{{rules.FunctionNotInVersion, W, "map_merge", "2016-04-08 or later"}}},
		{"map_merge at mitaka", out("2016-04-08", "{map_merge: [{a: 1}]}"), nil},
		{"if in a string property before newton", prop("2016-04-08", "OS::Heat::RandomString", "salt", "{if: [c, a, b]}"),
			[]want{{rules.FunctionNotInVersion, E, "if", "refuses a mapping"}}},
		{"if in a free property before newton", prop("2016-04-08", "OS::Heat::None", "anything", "{if: [c, a, b]}"),
			[]want{{rules.FunctionNotInVersion, W, "if", "2016-10-14 or later"}}},
		{"removed Fn::Select", out("2015-10-15", "{'Fn::Select': [0, [a]]}"),
			[]want{{rules.RemovedFunction, E, "'Fn::Select'", "get_attr"}}},
		{"Fn::Select still there", out("2015-04-30", "{'Fn::Select': [0, [a]]}"), nil},
		{"equals outside conditions", out("2016-10-14", "{equals: [a, b]}"),
			[]want{{rules.ConditionFunctionOutside, W, "equals", "condition function"}}},
		{"get_attr in conditions", "heat_template_version: 2016-10-14\nresources: {}\nconditions:\n  c: {equals: [{get_attr: [r, a]}, x]}\n",
			[]want{{rules.FunctionInvalidInConditions, E, "get_attr", "cannot be used in a condition"}}},
		{"contains in conditions before pike", "heat_template_version: 2017-02-24\nresources: {}\nconditions:\n  c: {contains: [a, [a, b]]}\n",
			[]want{{rules.FunctionNotInVersion, E, "contains", "2017-09-01"}}},
		{"contains in conditions at pike", "heat_template_version: 2017-09-01\nresources: {}\nconditions:\n  c: {contains: [a, [a, b]]}\n", nil},
		{"inline resource condition", "heat_template_version: 2017-09-01\nconditions:\n  a: true\nresources:\n  r:\n    type: OS::Heat::None\n    condition: {not: a}\n", nil},
		{"call in parameters", "heat_template_version: 2016-10-14\nparameters:\n  p: {type: string, default: {get_param: q}}\nresources: {}\n",
			[]want{{rules.FunctionInParameters, W, "get_param", "does not evaluate"}}},
		{"near miss", out("2016-10-14", "{get_parm: x}"),
			[]want{{rules.FunctionNearMiss, W, "get_parm", "`get_param`"}}},
		{"near miss case", out("2016-10-14", "{Get_Param: x}"),
			[]want{{rules.FunctionNearMiss, W, "Get_Param", "`get_param`"}}},
		{"near miss joined", out("2016-10-14", "{getparam: x}"),
			[]want{{rules.FunctionNearMiss, W, "getparam", "`get_param`"}}},
		{"extra keys", out("2016-10-14", "{get_param: x, foo: 1}"),
			[]want{{rules.FunctionExtraKeys, W, "get_param", "single key"}}},
		{"plain one-key data", out("2016-10-14", "{network: x}"), nil},
	})
}

func TestNearMissWords(t *testing.T) {
	runStructureCases(t, []structureCase{
		{"files is no filter", "heat_template_version: 2017-02-24\nresources:\n  r:\n    type: OS::Heat::None\n    metadata:\n      files: {a: b}\n", nil},
		{"filtr is filter", "heat_template_version: 2017-02-24\nresources:\n  r:\n    type: OS::Heat::None\n    metadata:\n      x: {filtr: [[a], [a, b]]}\n",
			[]want{{rules.FunctionNearMiss, W, "filtr", "`filter`"}}},
	})
}

// TestMissingVersion builds the model by hand: hot.Parse does not take a
// text without heat_template_version for a template at all.
func TestMissingVersion(t *testing.T) {
	doc := hot.Parse([]byte("heat_template_version: 2016-10-14\nresources: {}\n"))
	doc.Template.Version, doc.Template.VersionText = syntax.Pair{}, ""
	p := pass.NewPass(context.Background(), doc, Options{Schema: testSchema(t)})
	p.Run(structure.CheckVersion)
	if len(p.Diags) != 1 {
		t.Fatalf("got %d diagnostics, want 1", len(p.Diags))
	}
	d := p.Diags[0]
	if d.Code != rules.MissingVersion || d.Severity != source.SeverityError || d.Span != (source.Span{}) {
		t.Errorf("got %s %v at %v", d.Code, d.Severity, d.Span)
	}
	if len(d.Suggestions) != 1 || !strings.HasPrefix(d.Suggestions[0], "heat_template_version: ") {
		t.Errorf("suggestions %q", d.Suggestions)
	}
}
