package completion

import (
	"slices"
	"testing"

	"heat-ls/analysis/hot"
)

// completionCase is one cursor text ("|" is the cursor) with the labels
// that must be offered (has), must not be (hasNot), or exactly (exact,
// "none" meaning no item at all).
type completionCase struct {
	name, text  string
	has, hasNot []string
	exact       []string
	none        bool
}

func runCompletionCases(t *testing.T, cases []completionCase) {
	t.Helper()
	s := completionSchema(t)
	for _, tc := range cases {
		src, off := cursorText(t, tc.text)
		doc := hot.Parse(src)
		got := completionLabels(Complete(Request{Doc: doc, LastGood: doc, Offset: off, Schema: s, Snippets: true}))
		for _, w := range tc.has {
			if !slices.Contains(got, w) {
				t.Errorf("%s: %q missing from %v", tc.name, w, got)
			}
		}
		for _, w := range tc.hasNot {
			if slices.Contains(got, w) {
				t.Errorf("%s: %q offered in %v", tc.name, w, got)
			}
		}
		if tc.exact != nil || tc.none {
			a, b := slices.Clone(got), slices.Clone(tc.exact)
			slices.Sort(a)
			slices.Sort(b)
			if !slices.Equal(a, b) {
				t.Errorf("%s: got %v, want exactly %v", tc.name, got, tc.exact)
			}
		}
	}
}

func TestCompleteParameterDetails(t *testing.T) {
	const head = "heat_template_version: 2018-08-31\nparameters:\n"
	runCompletionCases(t, []completionCase{
		{name: "range flow", text: head + "  p:\n    type: number\n    constraints:\n      - range: {|}\n", exact: []string{"min", "max"}},
		{name: "range flow after min", text: head + "  p:\n    type: number\n    constraints:\n      - range: {min: 1, |}\n", exact: []string{"max"}},
		{name: "length block", text: head + "  p:\n    type: string\n    constraints:\n      - length:\n          |\n", exact: []string{"min", "max"}},
		{name: "modulo", text: head + "  p:\n    type: number\n    constraints:\n      - modulo: {|}\n", exact: []string{"step", "offset"}},
		{name: "allowed_values has no bounds", text: head + "  p:\n    type: string\n    constraints:\n      - allowed_values:\n          |\n", hasNot: []string{"min", "max"}},
		{name: "description in a constraint item", text: head + "  p:\n    type: number\n    constraints:\n      - range: {min: 1}\n        |\n", has: []string{"description"}, hasNot: []string{"range"}},
		{name: "description in a flow constraint item", text: head + "  p:\n    type: number\n    constraints:\n      - {length: {min: 1}, |}\n", has: []string{"description"}, hasNot: []string{"length"}},
		{name: "boolean default", text: head + "  p:\n    type: boolean\n    default: |\n", exact: []string{"true", "false"}},
		{name: "boolean default flow", text: head + "  p: {type: boolean, default: |}\n", exact: []string{"true", "false"}},
		{name: "string default offers nothing", text: head + "  p:\n    type: string\n    default: |\n", none: true},
		{name: "default from allowed_values", text: head + "  p:\n    type: string\n    default: |\n    constraints:\n      - allowed_values: [a, b]\n", exact: []string{"a", "b"}},
		{name: "hidden", text: head + "  p:\n    type: string\n    hidden: |\n", exact: []string{"true", "false"}},
		{name: "immutable", text: head + "  p:\n    type: string\n    immutable: |\n", exact: []string{"true", "false"}},
	})
}
