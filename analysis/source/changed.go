package source

import "bytes"

// ChangedRange finds the bytes that differ between old and next: old
// [start, oldEnd) became next [start, newEnd). The common end is taken
// first, so a change that could sit at several places (a line inserted
// between lines that begin alike) is put at the leftmost one: a new line
// typed at the end of an entry then belongs to that entry, not to the
// next one (syntax.Splice).
func ChangedRange(old, next []byte) (start, oldEnd, newEnd int) {
	// Whole blocks are compared first (bytes.Equal is vectorised), then
	// single bytes inside the first block that differs.
	const block = 4096
	oldEnd, newEnd = len(old), len(next)
	for oldEnd >= block && newEnd >= block && bytes.Equal(old[oldEnd-block:oldEnd], next[newEnd-block:newEnd]) {
		oldEnd -= block
		newEnd -= block
	}
	for oldEnd > 0 && newEnd > 0 && old[oldEnd-1] == next[newEnd-1] {
		oldEnd--
		newEnd--
	}
	n := min(oldEnd, newEnd)
	for start+block <= n && bytes.Equal(old[start:start+block], next[start:start+block]) {
		start += block
	}
	for start < n && old[start] == next[start] {
		start++
	}
	return start, oldEnd, newEnd
}
