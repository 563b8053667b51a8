package syntax

import (
	"bytes"
	"math/rand"
	"testing"
)

// editedLinesByBytes is EditedLines as a plain byte scan, the reference
// the block-wise comparison must agree with.
func editedLinesByBytes(cur, old []byte) (prefix, curEnd, oldEnd int) {
	n := min(len(cur), len(old))
	p := 0
	for p < n && cur[p] == old[p] {
		p++
	}
	if p < len(cur) || p < len(old) {
		p = bytes.LastIndexByte(cur[:p], '\n') + 1
	}
	s := 0
	for s < n-p && cur[len(cur)-1-s] == old[len(old)-1-s] {
		s++
	}
	ci, oi := len(cur)-s, len(old)-s
	for ci < len(cur) && !((ci == 0 || cur[ci-1] == '\n') && (oi == 0 || old[oi-1] == '\n')) {
		ci++
		oi++
	}
	return p, ci, oi
}

// TestEditedLinesAgreesWithByteScan: on seeded edits of texts from a few
// bytes to several blocks long (insertions, deletions, replacements, at
// block boundaries too, repeated text that makes prefix and suffix
// overlap), EditedLines gives what a byte-by-byte scan gives.
func TestEditedLinesAgreesWithByteScan(t *testing.T) {
	rnd := rand.New(rand.NewSource(31))
	line := []byte("  key: value\n")
	for i := range 3000 {
		old := bytes.Repeat(line, rnd.Intn(1000))
		if rnd.Intn(4) == 0 {
			old = append(old, "tail"...)
		}
		at := rnd.Intn(len(old) + 1)
		if rnd.Intn(5) == 0 {
			at = min(len(old), 4096*rnd.Intn(4)) // on a block boundary
		}
		del := min(len(old)-at, rnd.Intn(20))
		ins := bytes.Repeat([]byte{"x\n: "[rnd.Intn(4)]}, rnd.Intn(6))
		if rnd.Intn(3) == 0 {
			ins = line[:rnd.Intn(len(line)+1)] // text like its neighbours
		}
		cur := append(append(append([]byte{}, old[:at]...), ins...), old[at+del:]...)
		gp, gc, go_ := EditedLines(cur, old)
		wp, wc, wo := editedLinesByBytes(cur, old)
		if gp != wp || gc != wc || go_ != wo {
			t.Fatalf("edit %d (at %d, -%d, +%q on %d bytes): got %d %d %d, want %d %d %d", i, at, del, ins, len(old), gp, gc, go_, wp, wc, wo)
		}
	}
}
