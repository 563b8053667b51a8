package check

import (
	"context"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// entryCase is one behaviour: in src, rule code must report severity sev
// exactly over text (the first occurrence of text, or of the part after
// "@" when text is "context@part": the last occurrence of part within
// the first occurrence of context). An empty code means: no diagnostic
// with any of the codes in absent.
type entryCase struct {
	name   string
	src    string
	code   string
	sev    source.Severity
	text   string
	absent []string
}

func runEntryCases(t *testing.T, cases []entryCase) {
	t.Helper()
	s := loadSchemaForTest(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc := hot.Parse([]byte(tc.src))
			diags := Run(context.Background(), doc, Options{Schema: s})
			for _, code := range tc.absent {
				for _, d := range diags {
					if d.Code == code {
						t.Errorf("unexpected %s %s at %q: %s", d.Severity, d.Code, spanText(doc.Src, d.Span), d.Message)
					}
				}
			}
			if tc.code == "" {
				return
			}
			want := wantSpan(t, tc.src, tc.text)
			for _, d := range diags {
				if d.Code == tc.code && d.Span == want {
					if d.Severity != tc.sev {
						t.Errorf("%s: severity %s, want %s", tc.code, d.Severity, tc.sev)
					}
					if d.Message == "" {
						t.Errorf("%s: empty message", tc.code)
					}
					return
				}
			}
			t.Errorf("want %s %s over %q; got %s", tc.sev, tc.code, tc.text, describeAll(doc, diags))
		})
	}
}

func wantSpan(t *testing.T, src, text string) source.Span {
	t.Helper()
	ctx, part := text, text
	if before, after, ok := strings.Cut(text, "@"); ok {
		ctx, part = before, after
	}
	i := strings.Index(src, ctx)
	if i < 0 {
		t.Fatalf("text %q not in source", ctx)
	}
	j := strings.LastIndex(src[i:i+len(ctx)], part)
	if j < 0 {
		t.Fatalf("part %q not in %q", part, ctx)
	}
	return source.Span{Start: i + j, End: i + j + len(part)}
}

func describeAll(doc *hot.Document, diags []source.Diagnostic) string {
	if len(diags) == 0 {
		return "nothing"
	}
	var parts []string
	for _, d := range diags {
		parts = append(parts, d.Code+"/"+d.Severity.String()+" "+spanText(doc.Src, d.Span))
	}
	return strings.Join(parts, "; ")
}

const v16 = "heat_template_version: 2016-10-14\n"
const v17 = "heat_template_version: 2017-02-24\n"

func TestParameterRules(t *testing.T) {
	E, W := source.SeverityError, source.SeverityWarning
	runEntryCases(t, []entryCase{
		{"not a mapping", v16 + "parameters:\n  p: string\n", rules.ParameterNotMapping, E, "string", nil},
		{"type missing", v16 + "parameters:\n  p:\n    default: x\n", rules.ParameterTypeMissing, E, "  p@p", nil},
		{"type unknown", v16 + "parameters:\n  p:\n    type: strng\n", rules.ParameterTypeUnknown, E, "strng", nil},
		{"type ok", v16 + "parameters:\n  p:\n    type: json\n", "", 0, "", []string{rules.ParameterTypeUnknown, rules.ParameterTypeMissing}},
		{"hidden not boolean", v16 + "parameters:\n  p:\n    type: string\n    hidden: [a]\n", rules.ParameterFlagNotBoolean, W, "[a]", nil},
		{"hidden as text", v16 + "parameters:\n  p:\n    type: string\n    hidden: 'true'\n", rules.ParameterFlagNotBoolean, W, "'true'", nil},
		{"hidden yes ok", v16 + "parameters:\n  p:\n    type: string\n    hidden: yes\n", "", 0, "", []string{rules.ParameterFlagNotBoolean}},
		{"description a map", v16 + "parameters:\n  p:\n    type: string\n    description: {a: b}\n", rules.ParameterTextNotString, W, "{a: b}", nil},
		{"constraints not list", v16 + "parameters:\n  p:\n    type: string\n    constraints:\n      length: {min: 1}\n", rules.ParameterConstraintsNotList, E, "length: {min: 1}", nil},
		{"unknown constraint key", v16 + "parameters:\n  p:\n    type: string\n    constraints:\n      - lenght: {min: 1}\n", rules.ParameterConstraintUnknown, E, "lenght", nil},
		{"modulo before 2017-02-24", v16 + "parameters:\n  p:\n    type: number\n    constraints:\n      - modulo: {step: 2, offset: 0}\n", rules.ParameterConstraintUnknown, E, "modulo", nil},
		{"modulo in 2017-02-24", v17 + "parameters:\n  p:\n    type: number\n    default: 4\n    constraints:\n      - modulo: {step: 2, offset: 0}\n", "", 0, "", []string{rules.ParameterConstraintUnknown, rules.ParameterDefaultConstraint, rules.ParameterConstraintInvalid}},
		{"modulo default breaks it", v17 + "parameters:\n  p:\n    type: number\n    default: 5\n    constraints:\n      - modulo: {step: 2, offset: 0}\n", rules.ParameterDefaultConstraint, E, "default: 5@5", nil},
		{"modulo offset too big", v17 + "parameters:\n  p:\n    type: number\n    constraints:\n      - modulo: {step: 2, offset: 3}\n", rules.ParameterConstraintInvalid, E, "{step: 2, offset: 3}", nil},
		{"only description", v16 + "parameters:\n  p:\n    type: string\n    constraints:\n      - description: hm\n", rules.ParameterConstraintUnknown, E, "description: hm", nil},
		{"length on number", v16 + "parameters:\n  p:\n    type: number\n    constraints:\n      - length: {min: 1}\n", rules.ParameterConstraintNotApplicable, E, "length", nil},
		{"range on string", v16 + "parameters:\n  p:\n    type: string\n    constraints:\n      - range: {min: 1}\n", rules.ParameterConstraintNotApplicable, E, "range", nil},
		{"allowed_values on json", v16 + "parameters:\n  p:\n    type: json\n    constraints:\n      - allowed_values: [a]\n", rules.ParameterConstraintNotApplicable, E, "allowed_values", nil},
		{"range without bounds", v16 + "parameters:\n  p:\n    type: number\n    constraints:\n      - range: {}\n", rules.ParameterConstraintInvalid, E, "{}", nil},
		{"range min over max", v16 + "parameters:\n  p:\n    type: number\n    constraints:\n      - range: {min: 5, max: 1}\n", rules.ParameterConstraintInvalid, E, "{min: 5, max: 1}", nil},
		{"range text bound", v16 + "parameters:\n  p:\n    type: number\n    constraints:\n      - range: {min: '1'}\n", rules.ParameterConstraintInvalid, E, "'1'", nil},
		{"length fractional", v16 + "parameters:\n  p:\n    type: string\n    constraints:\n      - length: {max: 1.5}\n", rules.ParameterConstraintInvalid, E, "1.5", nil},
		{"allowed_values not list", v16 + "parameters:\n  p:\n    type: string\n    constraints:\n      - allowed_values: a\n", rules.ParameterConstraintInvalid, E, "allowed_values: a@a", nil},
		{"pattern not text", v16 + "parameters:\n  p:\n    type: string\n    constraints:\n      - allowed_pattern: [a]\n", rules.ParameterConstraintInvalid, E, "[a]", nil},
		{"custom unknown", v16 + "parameters:\n  p:\n    type: string\n    constraints:\n      - custom_constraint: nova.flavour\n", rules.ParameterCustomConstraintUnknown, E, "nova.flavour", nil},
		{"custom known", v16 + "parameters:\n  p:\n    type: string\n    constraints:\n      - custom_constraint: nova.keypair\n", "", 0, "", []string{rules.ParameterCustomConstraintUnknown}},
		{"number default", v16 + "parameters:\n  p:\n    type: number\n    default: abc\n", rules.ParameterDefaultType, E, "abc", nil},
		{"number default as text ok", v16 + "parameters:\n  p:\n    type: number\n    default: '1.5'\n", "", 0, "", []string{rules.ParameterDefaultType}},
		{"boolean default", v16 + "parameters:\n  p:\n    type: boolean\n    default: maybe\n", rules.ParameterDefaultType, E, "maybe", nil},
		{"boolean default spellings", v16 + "parameters:\n  p:\n    type: boolean\n    default: 'Y'\n", "", 0, "", []string{rules.ParameterDefaultType}},
		{"json default", v16 + "parameters:\n  p:\n    type: json\n    default: '{a'\n", rules.ParameterDefaultType, E, "'{a'", nil},
		{"json default not JSON", v16 + "parameters:\n  p:\n    type: json\n    default: 'a=b'\n", rules.ParameterDefaultType, E, "'a=b'", nil},
		{"json default empty text", v16 + "parameters:\n  p:\n    type: json\n    default: ''\n", "", 0, "", []string{rules.ParameterDefaultType}},
		{"json default Python's NaN", v16 + "parameters:\n  p:\n    type: json\n    default: '[NaN, -Infinity, \"NaN\"]'\n", "", 0, "", []string{rules.ParameterDefaultType}},
		{"json default a YAML boolean or octal number", v16 + "parameters:\n  p:\n    type: json\n    default: yes\n  q:\n    type: json\n    default: 012\n", "", 0, "", []string{rules.ParameterDefaultType}},
		{"list default a map", v16 + "parameters:\n  p:\n    type: comma_delimited_list\n    default: {a: 1}\n", rules.ParameterDefaultType, E, "{a: 1}", nil},
		{"default not allowed", v16 + "parameters:\n  p:\n    type: string\n    default: large\n    constraints:\n      - allowed_values: [small, medium]\n", rules.ParameterDefaultConstraint, E, "large", nil},
		{"default not allowed beside a mapping", v16 + "parameters:\n  p:\n    type: string\n    default: large\n    constraints:\n      - allowed_values: [{small: null}, medium]\n", rules.ParameterDefaultConstraint, E, "large", nil},
		{"default is the text of an allowed mapping", v16 + "parameters:\n  p:\n    type: string\n    default: \"{'a': [None, True]}\"\n    constraints:\n      - allowed_values: [{a: [null, yes]}]\n", "", 0, "", []string{rules.ParameterDefaultConstraint}},
		{"a number parameter with a mapping allowed is left to Heat", v16 + "parameters:\n  p:\n    type: number\n    default: 3\n    constraints:\n      - allowed_values: [{a: 1}, 2]\n", "", 0, "", []string{rules.ParameterDefaultConstraint}},
		{"default out of range", v16 + "parameters:\n  p:\n    type: number\n    default: 10\n    constraints:\n      - range: {min: 1, max: 5}\n", rules.ParameterDefaultConstraint, E, "default: 10@10", nil},
		{"default too long", v16 + "parameters:\n  p:\n    type: string\n    default: abcd\n    constraints:\n      - length: {max: 3}\n", rules.ParameterDefaultConstraint, E, "abcd", nil},
		{"list default too short", v16 + "parameters:\n  p:\n    type: comma_delimited_list\n    default: a\n    constraints:\n      - length: {min: 2}\n", rules.ParameterDefaultConstraint, E, "default: a@a", nil},
		{"pattern whole match", v16 + "parameters:\n  p:\n    type: string\n    default: ab1\n    constraints:\n      - allowed_pattern: '[a-z]+'\n", rules.ParameterDefaultConstraint, E, "ab1", nil},
		{"pattern Go cannot compile, passed without its look-ahead", v16 + "parameters:\n  p:\n    type: string\n    default: ba\n    constraints:\n      - allowed_pattern: '(?=a)[a-z]+'\n", "", 0, "", []string{rules.ParameterDefaultConstraint, rules.ParameterConstraintInvalid}},
		{"pattern Go cannot compile, refused even without its look-ahead", v16 + "parameters:\n  p:\n    type: string\n    default: ab1\n    constraints:\n      - allowed_pattern: '(?=a)[a-z]+'\n", rules.ParameterDefaultConstraint, E, "ab1", []string{rules.ParameterConstraintInvalid}},
		{"custom offline ip", v16 + "parameters:\n  p:\n    type: string\n    default: 999.1.1.1\n    constraints:\n      - custom_constraint: ip_addr\n", rules.ParameterDefaultConstraint, E, "999.1.1.1", nil},
		{"default with no value", v16 + "parameters:\n  p:\n    type: number\n    default:\n", rules.ParameterDefaultNull, W, "default", nil},
		{"default only an anchor", v16 + "parameters:\n  p:\n    type: number\n    default: &a\n", rules.ParameterDefaultNull, W, "default: &a@default", nil},
		{"default null", v16 + "parameters:\n  p:\n    type: string\n    default: null\n", rules.ParameterDefaultNull, W, "null", nil},
		{"default empty text", v16 + "parameters:\n  p:\n    type: string\n    default: ''\n", "", 0, "", []string{rules.ParameterDefaultNull}},
		{"default through function skipped", v16 + "parameters:\n  p:\n    type: number\n    default: {get_param: q}\n", "", 0, "", []string{rules.ParameterDefaultType}},
	})
}

func TestParameterGroupRules(t *testing.T) {
	E := source.SeverityError
	ps := "parameters:\n  a: {type: string}\n  b: {type: string}\n"
	runEntryCases(t, []entryCase{
		{"item not mapping", v16 + ps + "parameter_groups:\n- a\n", rules.ParameterGroupNotMapping, E, "- a@a", nil},
		{"parameters not list", v16 + ps + "parameter_groups:\n- label: g\n  parameters: a\n", rules.ParameterGroupParametersInvalid, E, "parameters: a@a", nil},
		{"unknown parameter", v16 + ps + "parameter_groups:\n- label: g\n  parameters: [a, c]\n", rules.ParameterGroupUnknownParameter, E, "c]@c", nil},
		{"twice across groups", v16 + ps + "parameter_groups:\n- label: g1\n  parameters: [a]\n- label: g2\n  parameters: [b, a]\n", rules.ParameterGroupDuplicateParameter, E, "[b, a]@a", nil},
		{"fine", v16 + ps + "parameter_groups:\n- label: g1\n  parameters: [a]\n- label: g2\n  parameters: [b]\n", "", 0, "", []string{rules.ParameterGroupDuplicateParameter, rules.ParameterGroupUnknownParameter}},
	})
}
