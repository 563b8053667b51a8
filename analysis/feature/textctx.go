package feature

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"heat-ls/analysis/source"
)

// This file reads where a cursor is from the text alone. Completion runs on
// documents the YAML parser rejects (an unclosed "{", a key without its
// value yet, a lone "-"), so the position inside the template is worked out
// from indentation, "- " markers and flow brackets, the way a reader does,
// and the parsed tree is only consulted for names.

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

// ReadContext works out the cursor context at offset in src. It returns
// nil where nothing can be completed: inside a comment, a quoted string
// that is not a value start, a block scalar, or a line whose brackets do
// not make sense.
func ReadContext(src []byte, offset int) *TextContext {
	return readContext(src, offset, nil)
}

// readContext is ReadContext with the top-level lines already known from
// a parse (nil when none), which spares walking a long text line by line.
func readContext(src []byte, offset int, top *topLines) *TextContext {
	offset = clampToRune(src, offset)
	lines := lineIndex{src: src, top: top}
	cur := lines.lineAt(offset)
	ctx, start := tokenAt(src, offset)
	stmt := statementLine(lines, cur)
	st := scanStatement(src, lines.start(stmt), start)
	if st == nil {
		return nil
	}
	ctx.Slot, ctx.Flow = st.slot, st.flow
	parents, ok := blockParents(src, lines, stmt, st)
	if !ok {
		return nil // the cursor is inside a "|" or ">" text
	}
	if !st.flow && st.slot == SlotKeyOrScalar && len(st.steps) == 0 {
		ctx.Siblings = siblingKeys(lines, cur, st.tokenCol)
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
	for start > 0 && !isTokenBreak(src[start-1]) {
		start--
	}
	ctx := &TextContext{Prefix: string(src[start:offset]), Span: source.Span{Start: start, End: offset}}
	if start > 0 && (src[start-1] == '"' || src[start-1] == '\'') {
		start--
	}
	return ctx, start
}

// statementLine finds the line the statement holding line cur starts on: an
// earlier one when a flow collection spans lines.
func statementLine(lines lineIndex, cur int) int {
	stmt := cur
	for n := 0; n < 50 && stmt > 0; n++ {
		prev := lines.prevContent(stmt)
		if prev < 0 || !lines.continuesFlow(prev) {
			break
		}
		stmt = prev
	}
	return stmt
}

// parentWalk collects the block parents of a statement line, walking up. A
// key parent sits left of its children; an item's parent key may sit in the
// same column ("key:" then "- a" unindented), hence two thresholds.
type parentWalk struct {
	keyThr, itemThr int
	parents         []Step
	// pending says parents[0] is the lowest item parent still counting its
	// earlier siblings, whose "- " markers sit in column pendingCol.
	pending    bool
	pendingCol int
}

// blockParents returns the path from the root to the statement's own steps.
// It reports false when the statement is inside a block scalar.
func blockParents(src []byte, lines lineIndex, stmt int, st *statementScan) ([]Step, bool) {
	w := newParentWalk(st)
	// Most lines are deeper than any parent still to find: prevShallow
	// skips them on their indentation alone.
	for ln, n := lines.prevShallow(stmt, w.skipDeeper()), 0; ln >= 0 && w.keyThr > 0 && n < maxContextLines; ln, n = lines.prevShallow(ln, w.skipDeeper()), n+1 {
		ents := lineEntries(src, lines.start(ln), lines.end(ln))
		if w.pending {
			ents = w.countEarlierItem(ents)
		}
		if len(ents) == 0 {
			continue
		}
		if !w.takeParents(ents) {
			return nil, false
		}
	}
	return w.parents, true
}

// newParentWalk starts the walk from the statement's own steps.
func newParentWalk(st *statementScan) *parentWalk {
	w := &parentWalk{keyThr: st.firstCol, itemThr: st.firstCol, pendingCol: -1}
	for _, s := range st.steps {
		w.parents = append(w.parents, s.step)
	}
	if len(st.steps) > 0 && st.steps[0].step.IsItem() {
		w.keyThr = st.firstCol + 1
		w.pending, w.pendingCol = true, st.steps[0].col
	}
	return w
}

// skipDeeper is the indentation above which a line can hold no parent.
func (w *parentWalk) skipDeeper() int { return max(w.keyThr-1, w.pendingCol) }

// countEarlierItem counts an earlier item of the pending sequence, perhaps
// after the markers of enclosing items ("- - x"), and returns the entries
// left of it. A line inside an earlier item gives nothing.
func (w *parentWalk) countEarlierItem(ents []lineEntry) []lineEntry {
	if len(ents) == 0 || ents[0].col > w.pendingCol {
		return nil
	}
	for j, e := range ents {
		if !e.item {
			break
		}
		if e.col == w.pendingCol {
			p := &w.parents[0]
			p.Index++
			scalar := ""
			if j == len(ents)-1 {
				scalar = e.scalar
			}
			p.Prev = append([]string{scalar}, p.Prev...)
			return ents[:j]
		}
	}
	return ents
}

// takeParents prepends the entries of a line that enclose what was found so
// far. It reports false when one of them is a block scalar's key.
func (w *parentWalk) takeParents(ents []lineEntry) bool {
	var found []Step
	newPending := -1
	for i := len(ents) - 1; i >= 0; i-- {
		e := ents[i]
		if e.item && e.col < w.itemThr {
			found = append([]Step{{Index: 0}}, found...)
			w.keyThr, w.itemThr = e.col+1, e.col
			newPending = e.col
		} else if !e.item && e.col < w.keyThr {
			if e.blockScalar {
				return false
			}
			found = append([]Step{{Key: e.key, Index: -1}}, found...)
			w.keyThr, w.itemThr = e.col, e.col
			newPending = -1
		}
	}
	if len(found) > 0 {
		w.parents = append(found, w.parents...)
		w.pending, w.pendingCol = false, -1
		if newPending >= 0 && found[0].IsItem() {
			w.pending, w.pendingCol = true, newPending
		}
	}
	return true
}

// siblingKeys lists the keys written in column col above and below the
// cursor line, as far as the mapping holding them reaches.
func siblingKeys(lines lineIndex, cur, col int) []string {
	var out []string
	// Going up, a "- key:" line left of col still holds a sibling (the
	// first key of the cursor's item); going down it starts another item.
	collect := func(next func(int, int) int, up bool) {
		for ln, n := next(cur, col), 0; ln >= 0 && n < maxContextLines; ln, n = next(ln, col), n+1 {
			ents := lineEntries(lines.src, lines.start(ln), lines.end(ln))
			if len(ents) == 0 {
				continue
			}
			if !up && ents[0].col < col {
				return
			}
			for _, e := range ents {
				if !e.item && e.col == col {
					out = append(out, e.key)
				}
			}
			if ents[0].col < col {
				return
			}
		}
	}
	collect(lines.prevShallow, true)
	collect(lines.nextShallow, false)
	return out
}

// isTokenBreak reports whether b ends a token when scanning back from the
// cursor. Colons are part of a token ("OS::Nova::Server").
func isTokenBreak(b byte) bool {
	switch b {
	case ' ', '\t', '\n', '\r', '{', '}', '[', ']', ',', '"', '\'', '#':
		return true
	}
	return false
}

// lineIndex finds line boundaries on demand (no allocation per call).
type lineIndex struct {
	src []byte
	top *topLines
}

// lineAt returns the start offset of the line holding offset; lines are
// named by their start offset.
func (l lineIndex) lineAt(offset int) int {
	return bytes.LastIndexByte(l.src[:offset], '\n') + 1
}

// prevShallow returns the nearest line before line that has content and
// is indented by at most limit columns, or -1. It is the hot loop of the
// upward walk, so it looks at each earlier line's first bytes only.
func (l lineIndex) prevShallow(line, limit int) int {
	src := l.src
	for line > 0 {
		if l.top.covers(limit) && line <= l.top.lo {
			return l.top.before(line)
		}
		line = bytes.LastIndexByte(src[:line-1], '\n') + 1
		i, end := line, line+limit+1
		for i < len(src) && i < end && src[i] == ' ' {
			i++
		}
		if i >= len(src) {
			continue
		}
		switch src[i] {
		case ' ', '\n', '\r', '#':
			continue // too deep, blank or a comment line
		case '\t':
			if l.indent(line) > limit || !l.hasContent(line) {
				continue
			}
		}
		if l.hasContent(line) {
			return line
		}
	}
	return -1
}

// nextShallow is prevShallow going down.
func (l lineIndex) nextShallow(line, limit int) int {
	src := l.src
	for {
		if l.top.covers(limit) && line >= l.top.hi {
			return l.top.after(line)
		}
		e := bytes.IndexByte(src[line:], '\n')
		if e < 0 {
			return -1
		}
		line += e + 1
		i, end := line, line+limit+1
		for i < len(src) && i < end && src[i] == ' ' {
			i++
		}
		if i >= len(src) {
			return -1
		}
		switch src[i] {
		case ' ', '\n', '\r', '#':
			continue
		case '\t':
			if l.indent(line) > limit {
				continue
			}
		}
		if l.hasContent(line) {
			return line
		}
	}
}

// indent is the display column of the line's first non-blank character.
func (l lineIndex) indent(line int) int {
	i := line
	for i < len(l.src) && (l.src[i] == ' ' || l.src[i] == '\t') {
		i++
	}
	return displayColumn(l.src, line, i)
}

func (l lineIndex) start(line int) int { return line }

func (l lineIndex) end(line int) int {
	i := line
	for i < len(l.src) && l.src[i] != '\n' {
		i++
	}
	if i > line && l.src[i-1] == '\r' {
		i--
	}
	return i
}

// prevContent returns the previous line holding something other than
// blanks and comments, or -1.
func (l lineIndex) prevContent(line int) int {
	for line > 0 {
		line = l.lineAt(line - 1)
		if l.hasContent(line) {
			return line
		}
	}
	return -1
}

func (l lineIndex) hasContent(line int) bool {
	for i := line; i < len(l.src) && l.src[i] != '\n'; i++ {
		switch l.src[i] {
		case ' ', '\t', '\r':
		case '#':
			return false
		default:
			return true
		}
	}
	return false
}

// continuesFlow reports whether the line leaves a flow collection open,
// so the next line continues it: it ends with "," or an opening bracket,
// or opens more brackets than it closes.
func (l lineIndex) continuesFlow(line int) bool {
	text := stripComment(l.src[line:l.end(line)])
	t := strings.TrimRight(text, " \t")
	if t == "" {
		return false
	}
	if last := t[len(t)-1]; last == ',' || last == '{' || last == '[' {
		return true
	}
	depth := 0
	inQuote := byte(0)
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case inQuote != 0:
			if c == inQuote {
				inQuote = 0
			}
		case c == '"' || c == '\'':
			if i == 0 || t[i-1] == ' ' || t[i-1] == '[' || t[i-1] == '{' || t[i-1] == ',' {
				inQuote = c
			}
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
		}
	}
	return depth > 0
}

// stripComment drops a " #" comment (outside quotes) from a line.
func stripComment(b []byte) string {
	inQuote := byte(0)
	for i, c := range b {
		switch {
		case inQuote != 0:
			if c == inQuote {
				inQuote = 0
			}
		case c == '"' || c == '\'':
			if i == 0 || b[i-1] == ' ' || b[i-1] == '[' || b[i-1] == '{' || b[i-1] == ',' || b[i-1] == ':' {
				inQuote = c
			}
		case c == '#' && (i == 0 || b[i-1] == ' ' || b[i-1] == '\t'):
			return string(b[:i])
		}
	}
	return string(b)
}

// displayColumn is the column of byte offset i on a line starting at ls; a tab counts as
// reaching the next multiple of 8, as YAML readers without tab support
// tend to display it.
func displayColumn(src []byte, ls, i int) int {
	col := 0
	for j := ls; j < i && j < len(src); j++ {
		if src[j] == '\t' {
			col = (col/8 + 1) * 8
		} else if utf8.RuneStart(src[j]) {
			col++
		}
	}
	return col
}

// columnCursor computes display columns left to right along one line
// without going back to the line start each time (a line of a hundred
// thousand "- " must not cost quadratic time).
type columnCursor struct {
	src      []byte
	pos, col int
}

// at returns the column of offset i, which must not precede the last one
// asked for.
func (c *columnCursor) at(i int) int {
	for ; c.pos < i && c.pos < len(c.src); c.pos++ {
		if c.src[c.pos] == '\t' {
			c.col = (c.col/8 + 1) * 8
		} else if utf8.RuneStart(c.src[c.pos]) {
			c.col++
		}
	}
	return c.col
}

// lineEntry is one structural element of a block line: a "- " item marker or
// a "key:".
type lineEntry struct {
	col         int
	item        bool
	key         string
	scalar      string // an item's plain scalar on the same line ("- server")
	blockScalar bool   // the key's value is "|" or ">" text on the lines below
}

// lineEntries lists the "- " markers and the "key:" of a block line.
func lineEntries(src []byte, ls, le int) []lineEntry {
	var out []lineEntry
	cols := columnCursor{src: src, pos: ls}
	i := ls
	for {
		for i < le && (src[i] == ' ' || src[i] == '\t') {
			i++
		}
		if i >= le || src[i] == '#' {
			return out
		}
		if src[i] == '-' && (i+1 >= le || src[i+1] == ' ' || src[i+1] == '\t') {
			if len(out) == maxPathDepth {
				return nil // not a template anyone writes
			}
			out = append(out, lineEntry{col: cols.at(i), item: true})
			i++
			continue
		}
		break
	}
	key, after, ok := blockKey(src, i, le)
	if !ok {
		if n := len(out); n > 0 {
			out[n-1].scalar = unquoteText(strings.TrimSpace(stripComment(src[i:le])))
		}
		return out
	}
	e := lineEntry{col: cols.at(i), key: key}
	v := strings.TrimSpace(stripComment(src[after:le]))
	e.blockScalar = v != "" && (v[0] == '|' || v[0] == '>')
	return append(out, e)
}

// blockKey reads "key:" (plain or quoted) at i, returning the key and the
// offset after the colon.
func blockKey(src []byte, i, le int) (key string, after int, ok bool) {
	if i >= le {
		return "", 0, false
	}
	switch src[i] {
	case '{', '[', '&', '*', '!', '|', '>', '%', '@', '`':
		return "", 0, false
	case '"', '\'':
		q := src[i]
		j := i + 1
		for j < le && src[j] != q {
			j++
		}
		if j+1 < le && src[j+1] == ':' && (j+2 >= le || src[j+2] == ' ' || src[j+2] == '\t') {
			return string(src[i+1 : j]), j + 2, true
		}
		return "", 0, false
	}
	for j := i; j < le; j++ {
		c := src[j]
		if c == ':' && (j+1 >= le || src[j+1] == ' ' || src[j+1] == '\t' || src[j+1] == '\r') {
			return strings.TrimRight(string(src[i:j]), " \t"), j + 1, true
		}
		if c == '#' && j > i && (src[j-1] == ' ' || src[j-1] == '\t') {
			return "", 0, false
		}
		if c == '{' || c == '[' || c == ',' || c == '}' || c == ']' {
			return "", 0, false
		}
	}
	return "", 0, false
}

func unquoteText(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// statementScan is what scanStatement learns from the text between the start
// of the statement line and the token.
type statementScan struct {
	steps    []colStep
	slot     Slot
	flow     bool
	firstCol int // column of the line's first element (or the token)
	tokenCol int
	flowKeys []string // keys already in the innermost flow mapping
}

type colStep struct {
	step Step
	col  int
}

// scanStatement reads the statement starting at line start ls up to the
// token at tok. It returns nil when the cursor is in a comment or the
// brackets do not add up.
func scanStatement(src []byte, ls, tok int) *statementScan {
	st := &statementScan{}
	cols := columnCursor{src: src, pos: ls}
	i := skipBlanks(src, ls, tok)
	st.firstCol = cols.at(i)
	st.tokenCol = displayColumn(src, ls, tok)
	i, ok := st.readItemMarkers(src, i, tok, &cols)
	if !ok {
		return nil
	}
	if i == tok {
		st.slot = SlotKeyOrScalar
		if len(st.steps) == 0 {
			st.firstCol = st.tokenCol
		}
		return st
	}
	if key, after, ok := blockKey(src, i, tok); ok {
		st.steps = append(st.steps, colStep{Step{Key: key, Index: -1}, cols.at(i)})
		i = skipBlanks(src, after, tok)
		if i == tok {
			st.slot = SlotScalar
			return st
		}
	}
	if src[i] != '{' && src[i] != '[' {
		return st.plainTail(src, i, tok)
	}
	frames := scanFlow(src, i, tok)
	if frames == nil {
		return nil
	}
	st.flow = true
	st.addFlowSteps(frames)
	return st
}

// skipBlanks returns the first offset from i on that is not a space or a
// tab, or le.
func skipBlanks(src []byte, i, le int) int {
	for i < le && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i
}

// readItemMarkers takes the "- " markers opening the line as item steps and
// returns the offset after them. It reports false past maxPathDepth.
func (st *statementScan) readItemMarkers(src []byte, i, le int, cols *columnCursor) (int, bool) {
	for i < le && src[i] == '-' && (i+1 == le || src[i+1] == ' ' || src[i+1] == '\t') {
		if len(st.steps) == maxPathDepth {
			return i, false
		}
		st.steps = append(st.steps, colStep{Step{Index: 0}, cols.at(i)})
		i = skipBlanks(src, i+1, le)
	}
	return i, true
}

// plainTail judges text that is neither a key nor a flow start before the
// token: a comment or a multi-word scalar, which is a value only after a key.
func (st *statementScan) plainTail(src []byte, i, le int) *statementScan {
	if len(stripComment(src[i:le])) < le-i {
		return nil // the token is inside a comment
	}
	if len(st.steps) > 0 && !st.steps[len(st.steps)-1].step.IsItem() {
		st.slot = SlotScalar
		return st
	}
	return nil
}

// addFlowSteps appends the steps of the open flow collections, outermost
// first, and sets the slot from the innermost one.
func (st *statementScan) addFlowSteps(frames []*flowFrame) {
	for n, f := range frames {
		last := n == len(frames)-1
		switch f.open {
		case '[':
			st.steps = append(st.steps, colStep{Step{Index: f.index, Prev: f.items}, -1})
			if f.inValue {
				st.steps = append(st.steps, colStep{Step{Key: f.key, Index: -1}, -1})
			}
			if last {
				st.slot = SlotKeyOrScalar
				if f.inValue {
					st.slot = SlotScalar
				}
			}
		case '{':
			if f.inValue {
				st.steps = append(st.steps, colStep{Step{Key: f.key, Index: -1}, -1})
			}
			if last {
				st.slot = SlotKey
				if f.inValue {
					st.slot = SlotScalar
				} else {
					st.flowKeys = f.keys
				}
			}
		}
	}
}
