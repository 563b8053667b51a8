package syntax

import (
	"testing"
	"unsafe"
)

// TestNodeSize: nodes are most of the memory of open documents and of the
// workspace index, so a field added to Node should be a decision, not an
// accident. 112 bytes on 64-bit platforms (it was 128 with the anchor name).
func TestNodeSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("sizes are stated for 64-bit platforms")
	}
	if got := unsafe.Sizeof(Node{}); got > 112 {
		t.Errorf("syntax.Node takes %d bytes, more than 112", got)
	}
}
