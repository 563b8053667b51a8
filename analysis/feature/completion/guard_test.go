package completion

import (
	"testing"

	"heat-ls/analysis/hot"
)

func TestTextAhead(t *testing.T) {
	tests := []struct {
		name, text string
		ok         bool
		replaced   string // the text after the cursor the items replace
	}{
		{"end of line", "a: |\nb: 1\n", true, ""},
		{"end of text", "a: |", true, ""},
		{"flow mapping ahead", "name: |{ get_param: x }\n", false, ""},
		{"flow mapping after blanks", "name: |  {get_param: x}\n", false, ""},
		{"flow sequence ahead", "name: |[a, b]\n", false, ""},
		{"quoted string ahead", "name: |'x'\n", false, ""},
		{"inside empty quotes", "name: \"|\"\n", true, ""},
		{"key ahead", "    |flavor: m1\n", false, ""},
		{"plain scalar", "heat_template_version: |2018-08-31\n", true, "2018-08-31"},
		{"plain scalar then comment", "type: |OS::Nova::Server # the VM\n", true, "OS::Nova::Server"},
		{"several words", "description: |two words\n", false, ""},
		{"flow item", "a: [x, |y, z]\n", true, "y"},
		{"flow value", "a: {get_param: |p}\n", true, "p"},
		{"closing bracket", "a: {|}\n", true, ""},
		{"separator", "a: [|, b]\n", true, ""},
		{"comment", "a: | # note\n", true, ""},
		{"prefix typed", "a: get_|param\n", true, ""},
		{"item marker", "a: |- x\n", false, ""},
	}
	for _, tc := range tests {
		src, off := cursorText(t, tc.text)
		end, ok := TextAhead(src, off)
		if ok != tc.ok || (ok && string(src[off:end]) != tc.replaced) {
			t.Errorf("%s: ok=%v replaces %q, want ok=%v %q", tc.name, ok, src[off:max(end, off)], tc.ok, tc.replaced)
		}
	}
}

// TestCompleteBeforeExistingValue: no item is inserted in front of a
// value; a plain scalar is replaced whole.
func TestCompleteBeforeExistingValue(t *testing.T) {
	const head = "heat_template_version: 2018-08-31\nparameters:\n  x: {type: string}\nresources:\n"
	runCompletionCases(t, []completionCase{
		{name: "before a flow mapping", text: head + "  s:\n    type: OS::Nova::Server\n    properties:\n      name: |{ get_param: x }\n", none: true},
		{name: "before a key", text: head + "  s:\n    type: OS::Nova::Server\n    properties:\n      |name: x\n", none: true},
		{name: "before a flow sequence", text: head + "  s:\n    type: OS::Nova::Server\n    properties:\n      networks: |[]\n", none: true},
		{name: "before a plain type", text: head + "  s:\n    type: |OS::Nova::Server\n", has: []string{"OS::Cinder::Volume"}},
	})
	s := completionSchema(t)
	src, off := cursorText(t, head+"  s:\n    type: |OS::Nova::Server\n")
	doc := hot.Parse(src)
	for _, it := range Complete(Request{Doc: doc, LastGood: doc, Offset: off, Schema: s}) {
		if got := string(src[it.Edit.Start:it.Edit.End]); got != "OS::Nova::Server" {
			t.Fatalf("%s replaces %q, want the whole type", it.Label, got)
		}
	}
}
