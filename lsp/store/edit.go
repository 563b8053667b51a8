package store

import (
	"bytes"
	"errors"
	"fmt"
	"unicode/utf8"

	"heat-ls/analysis/source"
)

// ErrBatchTooCostly is returned for a batch whose changes cannot be applied
// within batchWorkFactor times the size of the text and the changes (see
// ApplyChanges); only a client replaying edits in a pathological order gets
// it, and the document is then left as it was.
var ErrBatchTooCostly = errors.New("batch of changes would cost too much to apply")

// batchWorkFactor bounds, as a multiple of the text and change sizes, the
// bytes ApplyChanges may copy and index while applying one batch.
const batchWorkFactor = 64

// ApplyChanges returns a new text with changes applied in order to text,
// each change's range read against the text left by the ones before it.
// text itself is never modified. A range is accepted only when both ends
// name real positions (no clamping): an edit a client computed against a
// different text must not silently land somewhere else. The one tolerated
// overshoot is the position just past the last line at character 0, which
// some clients use to mean "the end of the document".
//
// A batch is applied in one pass over the text: changes that each lie
// wholly before, or wholly after, all the earlier ones of the batch (what
// editors send for several cursors, and for typing in one place) are
// located against the text as it was and spliced in together at the end.
// A change that falls between earlier ones makes the pending ones apply
// first; that work is bounded (ErrBatchTooCostly), so a hostile batch
// costs at most a fixed multiple of its size.
func ApplyChanges(text []byte, enc source.Encoding, changes []Change) ([]byte, error) {
	return applyChanges(text, nil, enc, changes)
}

// applyChanges is ApplyChanges with m, the line index of text when one is
// at hand (nil: built when needed), as the previous version of a document
// has: building it again would search the whole text for line breaks.
func applyChanges(text []byte, m *source.Mapper, enc source.Encoding, changes []Change) ([]byte, error) {
	b := batch{base: text, enc: enc, given: m}
	budget := len(text) + 1<<16
	for _, ch := range changes {
		budget += len(ch.Text)
	}
	b.budget = batchWorkFactor * budget
	for i, ch := range changes {
		if err := b.apply(ch); err != nil {
			return nil, fmt.Errorf("change %d: %w", i, err)
		}
	}
	return b.splice(), nil
}

// pendingEdit replaces base[start:end] by text.
type pendingEdit struct {
	start, end int
	text       string
}

// batch is the state of ApplyChanges. The current text is base with the
// pending edits applied: reversed(front) followed by back, in base order
// and without overlaps. floor is the current position of the first pending
// edit's start (the text before it is base's), tail the current position
// just after the last one's text (the text after it is base's from
// back's last end).
type batch struct {
	enc         source.Encoding
	base        []byte
	m           *source.Mapper // of base; built when first needed
	given       *source.Mapper // of base, when the caller had one (nil once base is replaced)
	plainBreaks bool           // base breaks lines only at "\n" and "\r\n"
	valid       int8           // base is valid UTF-8: 0 not known yet, 1 yes, -1 no
	opaque      bool           // a pending edit's text breaks lines otherwise or is not valid UTF-8: no arithmetic past it
	front, back []pendingEdit
	floor, tail source.Position
	work        int
	budget      int
}

func (b *batch) mapper() *source.Mapper {
	if b.m == nil {
		b.m = b.given
		if b.m == nil {
			b.m = source.NewMapper(b.base)
		}
		b.plainBreaks = plainBreaks(b.base)
		// Counted as built either way, so the budget does not depend on
		// where the index came from.
		b.work += len(b.base)
	}
	return b.m
}

func (b *batch) apply(ch Change) error {
	if ch.Range == nil {
		b.base, b.m, b.given, b.front, b.back, b.valid = []byte(ch.Text), nil, nil, nil, nil, 0
		return nil
	}
	r := *ch.Range
	plain := plainBreaks([]byte(ch.Text)) && utf8.ValidString(ch.Text)
	if b.pending() && !(b.plainBreaks && !b.opaque && plain && b.validBase() && b.placeFast(r, ch.Text)) {
		if err := b.flush(); err != nil {
			return err
		}
	}
	if !b.pending() {
		start, end, ok := b.locate(r.Start, r.End)
		if !ok {
			return b.badRange(r)
		}
		b.back = append(b.back, pendingEdit{start, end, ch.Text})
		// From the offset, not r.Start: "the line after the last" names
		// the end of the text, and the arithmetic needs its real position.
		b.floor = b.m.Position(start, b.enc)
		b.tail = after(b.floor, ch.Text, b.enc)
		b.opaque = !plain
	}
	return nil
}

// placeFast records a change that lies wholly before or wholly after the
// pending edits, reporting false when it does neither (or its range is not
// valid, which the caller then reports against the flushed text).
func (b *batch) placeFast(r Range, text string) bool {
	m := b.mapper()
	switch {
	case !before(b.floor, r.Start) && !before(b.floor, r.End):
		// Before every pending edit: the text there is base's.
		start, end, ok := b.locate(r.Start, r.End)
		if !ok || end > b.first().start {
			return false
		}
		b.front = append(b.front, pendingEdit{start, end, text})
		b.tail = shift(b.tail, r, text, b.enc)
		b.floor = m.Position(start, b.enc)
		return true
	case !before(r.Start, b.tail) && !before(r.End, b.tail):
		// After every pending edit: the text there is base's from the
		// last edit's end on, its lines moved by what the edits added.
		lastEnd := b.last().end
		anchor := m.Position(lastEnd, b.enc)
		toBase := func(p source.Position) source.Position {
			if p.Line == b.tail.Line {
				return source.Position{Line: anchor.Line, Character: anchor.Character + p.Character - b.tail.Character}
			}
			return source.Position{Line: anchor.Line + p.Line - b.tail.Line, Character: p.Character}
		}
		bs, be := toBase(r.Start), toBase(r.End)
		if bs.Line >= m.LineCount() || be.Line >= m.LineCount() {
			return false // "the line after the last": the exact path places it
		}
		start, end, ok := b.locate(bs, be)
		if !ok || start < lastEnd {
			return false
		}
		b.back = append(b.back, pendingEdit{start, end, text})
		b.tail = after(r.Start, text, b.enc)
		return true
	}
	return false
}

// validBase reports whether base is valid UTF-8, once per base. Positions
// add up only there: in other text an edit can join stray bytes into one
// character beside it (or part them), which moves the columns after it
// on its line. Asked only when a second change could take the fast path,
// so a batch of one change (typing) never pays for the scan.
func (b *batch) validBase() bool {
	if b.valid == 0 {
		b.valid = -1
		if utf8.Valid(b.base) {
			b.valid = 1
		}
		b.work += len(b.base)
	}
	return b.valid == 1
}

func (b *batch) pending() bool { return len(b.front)+len(b.back) > 0 }

func (b *batch) first() pendingEdit {
	if len(b.front) > 0 {
		return b.front[len(b.front)-1]
	}
	return b.back[0]
}

func (b *batch) last() pendingEdit {
	if len(b.back) > 0 {
		return b.back[len(b.back)-1]
	}
	return b.front[0]
}

// locate converts a range of base positions to offsets.
func (b *batch) locate(start, end source.Position) (int, int, bool) {
	m := b.mapper()
	s, okStart := offsetOf(m, start, b.enc)
	e, okEnd := offsetOf(m, end, b.enc)
	return s, e, okStart && okEnd && s <= e
}

// flush applies the pending edits to base, within the budget.
func (b *batch) flush() error {
	b.base, b.m, b.given, b.valid = b.splice(), nil, nil, 0
	b.front, b.back = nil, nil
	if b.work+len(b.base) > b.budget {
		return ErrBatchTooCostly
	}
	return nil
}

// splice returns base with the pending edits applied.
func (b *batch) splice() []byte {
	if !b.pending() {
		return b.base
	}
	size := len(b.base)
	for _, list := range [][]pendingEdit{b.front, b.back} {
		for _, e := range list {
			size += len(e.text) - (e.end - e.start)
		}
	}
	out := make([]byte, 0, size)
	at := 0
	add := func(e pendingEdit) {
		out = append(out, b.base[at:e.start]...)
		out = append(out, e.text...)
		at = e.end
	}
	for i := len(b.front) - 1; i >= 0; i-- {
		add(b.front[i])
	}
	for _, e := range b.back {
		add(e)
	}
	b.work += size
	return append(out, b.base[at:]...)
}

func (b *batch) badRange(r Range) error {
	return fmt.Errorf("range %d:%d-%d:%d: %w", r.Start.Line, r.Start.Character, r.End.Line, r.End.Character, ErrBadRange)
}

// offsetOf converts p strictly; see ApplyChanges.
func offsetOf(m *source.Mapper, p source.Position, enc source.Encoding) (int, bool) {
	if p.Line == m.LineCount() && p.Character == 0 {
		return m.Len(), true
	}
	return m.Offset(p, enc)
}

// before orders positions.
func before(p, q source.Position) bool {
	return p.Line < q.Line || p.Line == q.Line && p.Character < q.Character
}

// after is the position just past text inserted at start.
func after(start source.Position, text string, enc source.Encoding) source.Position {
	end := source.NewMapper([]byte(text)).Position(len(text), enc)
	if end.Line == 0 {
		return source.Position{Line: start.Line, Character: start.Character + end.Character}
	}
	return source.Position{Line: start.Line + end.Line, Character: end.Character}
}

// shift moves p, which lies at or after r's end, for r replaced by text.
func shift(p source.Position, r Range, text string, enc source.Encoding) source.Position {
	end := after(r.Start, text, enc)
	if p.Line == r.End.Line {
		return source.Position{Line: end.Line, Character: end.Character + p.Character - r.End.Character}
	}
	return source.Position{Line: p.Line + end.Line - r.End.Line, Character: p.Character}
}

// plainBreaks reports whether text breaks lines only at "\n" and "\r\n",
// so line arithmetic across edits holds: a lone "\r" could join an edit's
// end to a "\n" after it, and yaml's extra breaks count differently.
func plainBreaks(text []byte) bool {
	for i := 0; ; {
		j := bytes.IndexByte(text[i:], '\r')
		if j < 0 {
			break
		}
		i += j + 1
		if i >= len(text) || text[i] != '\n' {
			return false
		}
	}
	return !bytes.Contains(text, []byte{0xC2, 0x85}) &&
		!bytes.Contains(text, []byte{0xE2, 0x80, 0xA8}) && !bytes.Contains(text, []byte{0xE2, 0x80, 0xA9})
}
