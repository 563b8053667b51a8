package cursor

import (
	"unicode/utf8"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// This file reads where a cursor is. Completion runs on documents the
// YAML parser rejects (an unclosed "{", a key without its value yet, a
// lone "-"): the statement being typed is read from its text, and where
// it sits in the template from the tolerant parse's tree (tree.go).
// Only the lines the parse had to read as blank, next to the cursor, are
// read the way a reader does, from indentation, "- " markers and flow
// brackets (walk.go).

// maxContextLines bounds how far the scans walk away from the cursor line.
const maxContextLines = 20000

// maxPathDepth bounds the nesting read from one line; deeper text gets no
// completion rather than slow answers.
const maxPathDepth = 256

// Step is one step of the path from the document root to the cursor.
type Step struct {
	// Key is the mapping key stepped into; empty for a sequence item.
	Key string
	// Index is the item's position for a sequence step, -1 for a key.
	Index int
	// Prev holds the scalar texts of the earlier items of a sequence step,
	// as far as the text shows them (get_attr's resource name).
	Prev []string
}

// IsItem reports whether the step enters a sequence item.
func (s Step) IsItem() bool { return s.Index >= 0 }

// Slot says what the token under the cursor can be.
type Slot int

const (
	// SlotKeyOrScalar: a bare token starting a node, either a mapping key
	// (a property name, a function name) or a plain scalar value.
	SlotKeyOrScalar Slot = iota
	// SlotKey: the key of a flow mapping ("{get_").
	SlotKey
	// SlotScalar: a value after "key: " on the same line; it cannot open a
	// block mapping.
	SlotScalar
)

// TextContext is where the cursor is, read from the text.
type TextContext struct {
	// Path leads from the root to the node being typed. For a key slot
	// the last step is the mapping holding the key; for a scalar slot it
	// is the key (or item) whose value is typed.
	Path []Step
	Slot Slot
	// Prefix is the token typed before the cursor and Span its bytes.
	Prefix string
	Span   source.Span
	// Flow is true inside "{...}" or "[...]".
	Flow bool
	// Siblings are the keys already present in the mapping a key slot
	// belongs to, the token's own line excluded.
	Siblings []string
}

// Keys returns the path's keys with items written as "-".
func (c *TextContext) Keys() []string {
	out := make([]string, len(c.Path))
	for i, s := range c.Path {
		if s.IsItem() {
			out[i] = "-"
		} else {
			out[i] = s.Key
		}
	}
	return out
}

// ReadContext works out the cursor context at offset in doc's text, from
// doc's tolerant parse (the whole text is read as text when it has no
// tree). It returns nil where nothing can be completed: inside a comment,
// a quoted string that is not a value start, a block scalar, or a line
// whose brackets do not make sense.
func ReadContext(doc *hot.Document, offset int) *TextContext {
	if doc == nil {
		return nil
	}
	return readContext(newContextTree(doc), offset)
}

// readContext is ReadContext on t.
func readContext(t contextTree, offset int) *TextContext {
	src := t.src
	offset = clampToRune(src, offset)
	lines := lineIndex{src: src}
	cur := lines.lineAt(offset)
	ctx, start := tokenAt(src, offset)
	stmt := statementLine(t, lines, cur)
	st := scanStatement(src, lines.start(stmt), start)
	if st == nil {
		return nil
	}
	ctx.Slot, ctx.Flow = st.slot, st.flow
	parents, ok := blockParents(t, lines, stmt, st)
	if !ok {
		return nil // the cursor is inside a "|" or ">" text
	}
	if !st.flow && st.slot == SlotKeyOrScalar && len(st.steps) == 0 {
		ctx.Siblings = siblingKeys(t, lines, cur, st.tokenCol)
	}
	if st.flow && st.slot == SlotKey {
		ctx.Siblings = append(ctx.Siblings, st.flowKeys...)
	}
	ctx.Path = parents
	return ctx
}

// clampToRune brings offset inside src and back to the start of the rune it
// falls in.
func clampToRune(src []byte, offset int) int {
	offset = min(max(offset, 0), len(src))
	for offset > 0 && offset < len(src) && !utf8.RuneStart(src[offset]) {
		offset--
	}
	return offset
}

// tokenAt starts the context with the token typed before offset. The start
// it returns steps back over an opening quote, so that a quoted value being
// typed completes inside the quotes.
func tokenAt(src []byte, offset int) (*TextContext, int) {
	start := offset
	for start > 0 && !IsTokenBreak(src[start-1]) {
		start--
	}
	ctx := &TextContext{Prefix: string(src[start:offset]), Span: source.Span{Start: start, End: offset}}
	if start > 0 && (src[start-1] == '"' || src[start-1] == '\'') {
		start--
	}
	return ctx, start
}

// statementLine finds the line the statement holding line cur starts on: an
// earlier one when a flow collection spans lines. The tree tells where a
// flow collection it holds starts; in text it does not hold, a line that
// leaves a collection open continues on the next.
func statementLine(t contextTree, lines lineIndex, cur int) int {
	stmt := cur
	for n := 0; n < 50 && stmt > 0; n++ {
		prev := lines.prevContent(stmt)
		if prev < 0 {
			break
		}
		if !t.textLine(lines, prev) {
			if s, ok := t.flowStart(lines, stmt); ok && s < stmt {
				return s
			}
			break
		}
		if !lines.continuesFlow(prev) {
			break
		}
		stmt = prev
	}
	return stmt
}

// IsTokenBreak reports whether b ends a token when scanning back from the
// cursor. Colons are part of a token ("OS::Nova::Server").
func IsTokenBreak(b byte) bool {
	switch b {
	case ' ', '\t', '\n', '\r', '{', '}', '[', ']', ',', '"', '\'', '#':
		return true
	}
	return false
}
