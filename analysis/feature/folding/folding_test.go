package folding

import (
	"reflect"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
)

// TestFoldingLineBreaks: the same template folds the same with "\n",
// "\r\n" and lone "\r" line breaks (the one-line shortcut must count every
// break the position mapper counts).
func TestFoldingLineBreaks(t *testing.T) {
	const text = "heat_template_version: 2018-08-31\nparameters:\n  p:\n    type: string\n" +
		"resources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: {a: 1,\n        b: 2}\n" +
		"      other: |\n        line one\n        line two\n  s: {type: OS::Heat::None}\n"
	want := Ranges(hot.Parse([]byte(text)))
	if len(want) < 6 {
		t.Fatalf("only %d folds for the \\n text: %v", len(want), want)
	}
	for _, brk := range []string{"\r\n", "\r"} {
		got := Ranges(hot.Parse([]byte(strings.ReplaceAll(text, "\n", brk))))
		if !reflect.DeepEqual(got, want) {
			t.Errorf("with %q breaks: %v, want %v", brk, got, want)
		}
	}
}
