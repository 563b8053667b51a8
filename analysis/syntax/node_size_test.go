package syntax

import (
	"testing"
	"unsafe"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// TestNodeSize: nodes are most of the memory of open documents and of the
// workspace index, so a field added to Node should be a decision, not an
// accident. 40 bytes on 64-bit platforms (it was 128 with the anchor name,
// 112 with int offsets and separate pair and item lists, 80 with the tag
// as a string and the alias target on every node, 64 with the child list
// as a slice header, 48 with a pointer of its own for the rare fields). A splice copies every node after the edit, so each
// byte here is paid on every keystroke too.
func TestNodeSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("sizes are stated for 64-bit platforms (run on one)")
	}
	if got := unsafe.Sizeof(Node{}); got > 40 {
		t.Errorf("syntax.Node takes %d bytes, more than 40", got)
	}
}

// TestTextTooLarge: spans hold 32-bit offsets, so a text of 4 GiB or more
// is refused with a diagnostic instead of being read with wrapped offsets.
func TestTextTooLarge(t *testing.T) {
	for _, tc := range []struct {
		size int
		over bool
	}{
		{0, false},
		{1 << 20, false},
		{MaxTextSize - 1, false},
		{MaxTextSize, true},
		{MaxTextSize + 1, true},
	} {
		d, over := textTooLarge(tc.size)
		if over != tc.over {
			t.Errorf("size %d: refused %v, want %v", tc.size, over, tc.over)
		}
		if over && d.Code != rules.YAMLTooLarge {
			t.Errorf("size %d: code %q, want %q", tc.size, d.Code, rules.YAMLTooLarge)
		}
	}
}

// TestSpanRoundTrip: SetSpan and Span keep every offset a text below the
// limit can have.
func TestSpanRoundTrip(t *testing.T) {
	for _, sp := range []source.Span{{Start: 0, End: 0}, {Start: 3, End: 17}, {Start: MaxTextSize - 1, End: MaxTextSize - 1}} {
		var n Node
		n.SetSpan(sp)
		if got := n.Span(); got != sp {
			t.Errorf("SetSpan(%v) then Span() = %v", sp, got)
		}
	}
}
