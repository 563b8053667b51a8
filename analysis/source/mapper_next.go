package source

import "bytes"

// NewMapperAfter is NewMapper(src) for a new version of prev's text: when
// both break lines only at "\n", the line starts before the changed bytes
// are prev's, those after them are prev's moved by the change in length,
// and only the changed bytes are searched for line breaks. A keystroke in
// a long document then costs a comparison and a copy of the index rather
// than a new search of the whole text. Any other text gets NewMapper.
func NewMapperAfter(prev *Mapper, src []byte) *Mapper {
	if prev == nil {
		return NewMapper(src)
	}
	prevStarts := prev.lines()
	if !prev.plain {
		return NewMapper(src)
	}
	old := prev.src
	start, oldEnd, newEnd := ChangedRange(old, src)
	// A NEL, LS or PS may straddle the edge of the change: look a few
	// bytes around it.
	near := src[max(0, start-2):min(len(src), newEnd+2)]
	if bytes.IndexByte(near, '\r') >= 0 || hasUnicodeBreak(near) {
		return NewMapper(src)
	}
	// prevStarts[:keep] start at or before start: the bytes before
	// them are unchanged. From tail on they follow oldEnd.
	keep := lineOf(prevStarts, start) + 1
	tail := keep
	for tail < len(prevStarts) && prevStarts[tail] <= oldEnd {
		tail++
	}
	added := bytes.Count(src[start:newEnd], []byte{'\n'})
	starts := make([]int, keep, keep+added+len(prevStarts)-tail)
	copy(starts, prevStarts[:keep])
	for i := start; ; {
		j := bytes.IndexByte(src[i:newEnd], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		starts = append(starts, i)
	}
	delta := newEnd - oldEnd
	for _, s := range prevStarts[tail:] {
		starts = append(starts, s+delta)
	}
	return newIndexedMapper(src, starts)
}
