package pyjson

import (
	"strings"
	"testing"
)

func TestDepth(t *testing.T) {
	tests := []struct {
		text        string
		depth, past int
	}{
		{`{"a": [1, {"b": []}]}`, 4, -1},
		{`"[[[["`, 0, -1},
		{`["\"[", [[]]]`, 3, -1},
		{strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth), MaxDepth, -1},
		{strings.Repeat("[", MaxDepth+1), MaxDepth + 1, MaxDepth},
		{strings.Repeat(`{"a":`, 10*MaxDepth), 10 * MaxDepth, 5 * MaxDepth},
		{strings.Repeat("[", 1_000_000), 1_000_000, MaxDepth},
		{"]]][", 1, -1},
	}
	for _, tt := range tests {
		d, p := Depth(tt.text)
		if d != tt.depth || p != tt.past {
			t.Errorf("Depth(%.20q…) = %d, %d; want %d, %d", tt.text, d, p, tt.depth, tt.past)
		}
	}
}
