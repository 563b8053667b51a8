package plugins

import (
	"testing"

	"heat-ls/analysis/check/values"
	"heat-ls/analysis/syntax"
)

// TestHeatInteger: the whole number Heat's integer property type makes of
// a written value, as Python's int() of what PyYAML loaded.
func TestHeatInteger(t *testing.T) {
	tests := []struct {
		text string
		want float64
		ok   bool
	}{
		{"3", 3, true},
		{"-2", -2, true},
		{"true", 1, true},
		{"false", 0, true},
		{"yes", 1, true}, // a YAML 1.1 boolean to PyYAML
		{"Off", 0, true},
		{`"yes"`, 0, false}, // quoted: text, which int() refuses
		{`"1"`, 1, true},
		{`" 4 "`, 4, true},
		{"1.9", 1, true},   // a float, cut toward zero
		{"-2.5", -2, true}, // toward zero, not down
		{`"2.0"`, 0, false},
		{"1e3", 0, false}, // text to PyYAML
		{"0x10", 16, true},
		{".inf", 0, false},
		{"abc", 0, false},
	}
	for _, tt := range tests {
		f := syntax.Parse([]byte("v: " + tt.text + "\n"))
		got, ok := values.HeatInteger(f.Docs[0].Get("v").Resolve())
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s: got (%v, %v), want (%v, %v)", tt.text, got, ok, tt.want, tt.ok)
		}
	}
}
