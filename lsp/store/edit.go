package store

import (
	"fmt"

	"heat-ls/analysis/source"
)

// ApplyChanges returns a new text with changes applied in order to text,
// each change's range read against the text left by the ones before it.
// text itself is never modified. A range is accepted only when both ends
// name real positions (no clamping): an edit a client computed against a
// different text must not silently land somewhere else. The one tolerated
// overshoot is the position just past the last line at character 0, which
// some clients use to mean "the end of the document".
func ApplyChanges(text []byte, enc source.Encoding, changes []Change) ([]byte, error) {
	cur := text
	for i, ch := range changes {
		if ch.Range == nil {
			cur = []byte(ch.Text)
			continue
		}
		m := source.NewMapper(cur)
		start, okStart := offsetOf(m, ch.Range.Start, enc)
		end, okEnd := offsetOf(m, ch.Range.End, enc)
		if !okStart || !okEnd || start > end {
			return nil, fmt.Errorf("change %d: range %d:%d-%d:%d: %w", i,
				ch.Range.Start.Line, ch.Range.Start.Character,
				ch.Range.End.Line, ch.Range.End.Character, ErrBadRange)
		}
		next := make([]byte, 0, len(cur)-(end-start)+len(ch.Text))
		next = append(next, cur[:start]...)
		next = append(next, ch.Text...)
		next = append(next, cur[end:]...)
		cur = next
	}
	return cur, nil
}

// offsetOf converts p strictly; see ApplyChanges.
func offsetOf(m *source.Mapper, p source.Position, enc source.Encoding) (int, bool) {
	if p.Line == m.LineCount() && p.Character == 0 {
		return m.Len(), true
	}
	return m.Offset(p, enc)
}
