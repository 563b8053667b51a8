package syntax

import (
	"bytes"
	"slices"
	"sort"
	"strings"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// maxRecoveries bounds the re-parses of one broken text, so recovery costs
// at most a few parses however broken the text is.
const maxRecoveries = 8

// ParseAfter parses src like Parse. When src is broken YAML it recovers a
// tree of this very text: it neutralises the smallest region around the
// error (the offending line with the lines below it that belong to it, or
// an unclosed flow collection or quote to the end of its line), replacing
// each byte by a space so every offset stays exact, and parses again, a
// bounded number of times. The YAML error is still reported where it is.
//
// lastGood is the text of the last version that parsed (nil: none). A key
// being typed (a line without its colon yet) is read there, so a resource
// whose name line is half typed keeps its name and its body.
func ParseAfter(src, lastGood []byte) *File { return parseAfter(src, lastGood, nil) }

// parseAfter is ParseAfter with the first parse's nodes taken from a (nil:
// allocated); the re-parses of a broken text allocate their own.
func parseAfter(src, lastGood []byte, a *Arena) *File { return parseWith(src, lastGood, a, true) }

// parseWith is parseAfter; pack says whether a text parsed in parts packs
// its scalars' texts (packValues), as a tree kept for long does.
func parseWith(src, lastGood []byte, a *Arena, pack bool) *File {
	f, fail := parseFirst(src, lastGood, a, pack)
	if fail == nil && !f.Broken {
		fail = strayRoot(f)
	}
	if fail == nil {
		return f
	}
	if g := parseWithQuestionMarks(src); g != nil {
		return g
	}
	r := newRecovery(src, lastGood)
	for range maxRecoveries {
		if !r.neutralise(fail) {
			break
		}
		// The rest is read as Heat's loaders read it, byte order marks
		// included (bom.go): yaml.v3 alone takes a line-start mark for
		// text, not for a column of indentation.
		g, next := parseReading(r.buf, nil)
		if !g.Broken {
			return r.finish(f, g)
		}
		if next == nil {
			break
		}
		fail = next
	}
	return f
}

// strayRoot catches a text whose document is one plain word followed by
// more content, such as a first key typed without its colon: yaml.v3 stops
// after the word and takes the rest for nothing, where Heat's loader
// refuses the text. It marks f broken with the error on the word.
func strayRoot(f *File) *failure {
	root := f.Root()
	if len(f.Docs) != 1 || root.Kind != ScalarNode || root.Style != Plain {
		return nil
	}
	rest := int(root.end)
	for rest < len(f.Src) {
		rest = skipBreak(f.Src, lineEnd(f.Src, rest))
		if rest < len(f.Src) && !blankLine(f.Src, rest) {
			break
		}
	}
	if rest >= len(f.Src) || isDocumentMarker(f.Src[rest:]) {
		return nil
	}
	d := source.Diagnostic{
		Span: root.Span(), Severity: rules.Severity(rules.YAMLSyntax), Code: rules.YAMLSyntax,
		Message: "invalid YAML: the text below cannot follow this single value (is the colon of a key missing?)",
	}
	f.Broken = true
	f.Docs = nil
	f.Problems = append([]source.Diagnostic{d}, f.Problems...)
	return &failure{reason: "could not find expected ':'", span: root.Span()}
}

// recovery is the state of one recovering parse.
type recovery struct {
	src []byte // the text as written
	buf []byte // the copy being neutralised
	old []byte // the last text that parsed, or nil
	// regions are the neutralised spans; grafts the half-typed keys put
	// back into the tree.
	regions []source.Span
	grafts  []graft
	// top is where the first line starts: after a byte order mark.
	top int
}

// graft is a key being typed (no colon yet): its word and the lines below
// it that form its value, which are parsed on their own and hung under the
// key in the recovered tree.
type graft struct {
	word   source.Span
	indent int
	name   string
	body   []byte // the value's lines; nil: no value
	bodyAt int    // where they start in the text
}

func newRecovery(src, old []byte) *recovery {
	r := &recovery{src: src, buf: bytes.Clone(src), old: old}
	if bytes.HasPrefix(src, []byte(utf8BOM)) {
		r.top = len(utf8BOM)
	}
	return r
}

// neutralise blanks the region the failure points at, widening to the
// enclosing entry when that region is blank already. It reports false when
// nothing is left to blank.
func (r *recovery) neutralise(fail *failure) bool {
	off := min(max(fail.span.Start, 0), len(r.buf))
	reason := fail.reason
	if isUnclosedReason(reason) {
		want := byte(0)
		if strings.HasSuffix(reason, "']'") {
			want = '['
		} else if strings.HasSuffix(reason, "'}'") {
			want = '{'
		}
		// At the end of the text the first quote or bracket never closed
		// is the culprit; elsewhere the nearest flow collection left open
		// on its line above the error, since brackets in the scripts of
		// block scalars further up can balance a whole-text count by chance.
		whole := func() bool { o, ok := unclosed(r.buf, 0, want); return ok && r.blank(o, lineEnd(r.buf, o)) }
		near := func() bool { o, ok := r.openFlowAbove(off); return ok && r.blank(o, lineEnd(r.buf, o)) }
		if strings.HasPrefix(reason, "found unexpected end of stream") {
			if whole() || near() {
				return true
			}
		} else if near() || whole() {
			return true
		}
	}
	if strings.HasPrefix(reason, "found character that cannot start any token") && off < len(r.buf) && r.buf[off] != '\t' {
		if r.blank(off, lineEnd(r.buf, off)) {
			return true
		}
	}
	line := lineStart(r.buf, off)
	for line > r.top && blankLine(r.buf, line) {
		line = prevLine(r.buf, line)
	}
	if strings.HasPrefix(reason, "did not find expected") {
		if o, ok := r.strayCloserBelow(line); ok && r.blank(o, o+1) {
			return true
		}
	}
	if key, ok := r.halfKeyAbove(line); ok && r.blankEntry(key) {
		return true
	}
	if dash, ok := r.strayDash(line); ok && r.blank(dash, dash+1) {
		return true
	}
	for {
		if r.blankEntry(line) {
			return true
		}
		parent, ok := r.parentLine(line)
		if !ok {
			break
		}
		line = parent
	}
	return r.blank(lineStart(r.buf, off), len(r.buf))
}

// maxFlowLookBack bounds how many lines openFlowAbove looks at.
const maxFlowLookBack = 200

// openFlowAbove finds, on the line of off or the nearest line above it, a
// flow collection that opens in a value's place and is not closed on its
// line; it returns the offset of its bracket.
func (r *recovery) openFlowAbove(off int) (int, bool) {
	ls := lineStart(r.buf, off)
	for range maxFlowLookBack {
		le := lineEnd(r.buf, ls)
		if o, ok := openFlowOnLine(r.buf[ls:le]); ok {
			return ls + o, true
		}
		if ls <= r.top {
			break
		}
		ls = prevLine(r.buf, ls)
	}
	return 0, false
}

// openFlowOnLine returns the outermost bracket of line that opens a flow
// collection (at a node's start) and is not closed on the line.
func openFlowOnLine(line []byte) (int, bool) {
	var stack []int
	walkFlow(line, 0, func(i, before, after int) bool {
		if after > before {
			stack = append(stack, i)
		} else if after < before {
			stack = stack[:len(stack)-1]
		}
		return true
	})
	if len(stack) == 0 {
		return 0, false
	}
	return stack[0], true
}

// strayCloserBelow finds a closing bracket that closes nothing on the line
// starting at start or on the lines below it inside the same block: yaml.v3
// names only the block that holds such a bracket ("a: 'x']").
func (r *recovery) strayCloserBelow(start int) (int, bool) {
	indent := indentAt(r.buf, start)
	ls := start
	for range maxFlowLookBack {
		le := lineEnd(r.buf, ls)
		if !blankLine(r.buf, ls) {
			if ls != start && indentAt(r.buf, ls) < indent {
				break
			}
			if o, ok := strayCloserOnLine(r.buf[ls:le]); ok {
				return ls + o, true
			}
		}
		if le >= len(r.buf) {
			break
		}
		ls = skipBreak(r.buf, le)
	}
	return 0, false
}

// strayCloserOnLine returns a "]" or "}" of line that follows a complete
// value (a quoted scalar or a closed flow collection) and closes nothing.
// Brackets and quotes inside block plain scalars ("${HOME}") are text.
func strayCloserOnLine(line []byte) (int, bool) {
	depth, afterValue := 0, false
	for i := 0; i < len(line); i++ {
		switch b := line[i]; b {
		case '"', '\'':
			switch {
			case depth > 0 && tokenBoundary(line[i-1]):
				i = quotedEnd(line, i) - 1
			case depth == 0 && atNodeStart(line, i):
				i = quotedEnd(line, i) - 1
				afterValue = true
			default:
				afterValue = false
			}
		case '#':
			if i == 0 || isBlank(line[i-1]) {
				return 0, false
			}
		case '[', '{':
			if depth > 0 || atNodeStart(line, i) {
				depth++
			}
		case ']', '}':
			if depth > 0 {
				depth--
				afterValue = depth == 0
			} else if afterValue {
				return i, true
			}
		case ' ', '\t':
		default:
			if depth == 0 {
				afterValue = false
			}
		}
	}
	return 0, false
}

// halfKeyAbove finds a half-typed key on the content line above the one
// starting at start, at most as indented: yaml.v3 reads the word and the
// line below as one plain scalar and blames the colon that follows.
func (r *recovery) halfKeyAbove(start int) (int, bool) {
	if start <= r.top {
		return 0, false
	}
	ls := prevLine(r.buf, start)
	for ls > r.top && blankLine(r.buf, ls) {
		ls = prevLine(r.buf, ls)
	}
	d := indentAt(r.buf, ls)
	if blankLine(r.buf, ls) || d > indentAt(r.buf, start) {
		return 0, false
	}
	if _, ok := halfTypedKey(r.buf, ls+d, lineEnd(r.buf, ls)); !ok {
		return 0, false
	}
	return ls, true
}

// strayDash finds a bare "-" on the content line above the one starting
// at start, at the same indentation, when that line is not an entry: a
// list item started among keys (yaml.v3 blames the line after it).
func (r *recovery) strayDash(start int) (int, bool) {
	if start <= r.top {
		return 0, false
	}
	indent := indentAt(r.buf, start)
	if isEntry(r.buf[start+indent : lineEnd(r.buf, start)]) {
		return 0, false
	}
	ls := prevLine(r.buf, start)
	for ls > r.top && blankLine(r.buf, ls) {
		ls = prevLine(r.buf, ls)
	}
	d := indentAt(r.buf, ls)
	line := bytes.TrimRight(r.buf[ls+d:lineEnd(r.buf, ls)], " \t")
	if d != indent || len(line) != 1 || line[0] != '-' {
		return 0, false
	}
	return ls + d, true
}

// blankLine reports a line holding only blanks or a comment.
func blankLine(b []byte, start int) bool {
	d := indentAt(b, start)
	return start+d == lineEnd(b, start) || b[start+d] == '#'
}

// isUnclosedReason reports the yaml.v3 messages of a flow collection or a
// quoted scalar that is never closed.
func isUnclosedReason(reason string) bool {
	return strings.HasPrefix(reason, "found unexpected end of stream") ||
		strings.HasPrefix(reason, "did not find expected ',' or") ||
		strings.HasPrefix(reason, "did not find expected node content") ||
		strings.HasPrefix(reason, "while scanning a quoted scalar")
}

// blank replaces buf[start:end] by spaces, keeping line breaks, and
// records the region. It reports whether anything changed.
func (r *recovery) blank(start, end int) bool {
	changed := false
	for i := start; i < end; i++ {
		if b := r.buf[i]; b != ' ' && b != '\n' && b != '\r' {
			r.buf[i] = ' '
			changed = true
		}
	}
	if changed {
		r.regions = append(r.regions, source.Span{Start: start, End: end})
	}
	return changed
}

// blankEntry blanks the line at start with the deeper-indented lines below
// it (its value or its children). A line holding only a half-typed key is
// remembered as a graft.
func (r *recovery) blankEntry(start int) bool {
	indent := indentAt(r.buf, start)
	content := start + indent
	end := lineEnd(r.buf, start)
	bodyStart, bodyEnd := end, end
	if bytes.IndexByte(r.buf[start:content], '\t') >= 0 {
		// A tab in the indentation: how deep the line meant to be is
		// unknown, so only the line goes; the lines below follow.
		return r.blank(start, end)
	}
	for next := end; next < len(r.buf); {
		next = skipBreak(r.buf, next)
		ls := next
		le := lineEnd(r.buf, ls)
		if d := indentAt(r.buf, ls); ls+d < le && r.buf[ls+d] != '#' {
			if d <= indent {
				break
			}
			bodyEnd = le
		}
		next = le
	}
	if bodyEnd > bodyStart {
		bodyStart = skipBreak(r.buf, bodyStart)
	}
	if word, ok := halfTypedKey(r.buf, content, end); ok && r.inBlockMapping(start, indent) {
		g := graft{word: word, indent: indent, name: string(r.buf[word.Start:word.End])}
		if name, ok := r.oldKey(start, indent); ok {
			g.name = name
		}
		if bodyEnd > bodyStart {
			// The value's last line break is kept: a block scalar
			// ending there keeps its final newline.
			withBreak := skipBreak(r.buf, bodyEnd)
			g.body, g.bodyAt = bytes.Clone(r.buf[bodyStart:withBreak]), bodyStart
		}
		if !r.blank(content, max(end, bodyEnd)) {
			return false
		}
		r.grafts = append(r.grafts, g)
		return true
	}
	return r.blank(content, max(end, bodyEnd))
}

// parentLine finds the start of the nearest line above start that is less
// indented: the entry that holds it.
func (r *recovery) parentLine(start int) (int, bool) {
	indent := indentAt(r.buf, start)
	for ls := start; ls > r.top; {
		ls = prevLine(r.buf, ls)
		le := lineEnd(r.buf, ls)
		if d := indentAt(r.buf, ls); ls+d < le && r.buf[ls+d] != '#' && d < indent {
			return ls, true
		}
	}
	return 0, false
}

// halfTypedKey reports a line whose content (content to end) is a single
// plain word, the way a mapping key looks before its colon is typed.
func halfTypedKey(buf []byte, content, end int) (source.Span, bool) {
	e := end
	for e > content && isBlank(buf[e-1]) {
		e--
	}
	if e == content {
		return source.Span{}, false
	}
	for i := content; i < e; i++ {
		if !isPlainKeyByte(buf[i]) {
			return source.Span{}, false
		}
	}
	if b := buf[content]; b == '-' || b == ':' || b == '.' || buf[e-1] == ':' || strings.IndexByte("?&*!|>%@`", b) >= 0 {
		return source.Span{}, false
	}
	return source.Span{Start: content, End: e}, true
}

// isKeyByte is a byte of the plain names templates use for their entries.
func isKeyByte(b byte) bool {
	return b == '_' || b == '-' || b == '.' || b == '$' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

// isPlainKeyByte is a byte a plain key may hold: anything but blanks,
// quotes, comments and flow indicators (template keys such as "$db_name"
// or "OS::Nova::Server" included).
func isPlainKeyByte(b byte) bool {
	return !isBlank(b) && strings.IndexByte("\"'#,[]{}", b) < 0
}

// inBlockMapping reports whether a line at indent, starting at start,
// sits among the keys of a block mapping: the nearest line above at the
// same indentation is a key, or the nearest less indented line opens a
// block for it.
func (r *recovery) inBlockMapping(start, indent int) bool {
	for ls := start; ls > r.top; {
		ls = prevLine(r.buf, ls)
		le := lineEnd(r.buf, ls)
		d := indentAt(r.buf, ls)
		if ls+d == le || r.buf[ls+d] == '#' || d > indent {
			continue
		}
		line := r.buf[ls+d : le]
		if d == indent {
			return hasMappingColon(line) && !isEntry(line)
		}
		return opensBlock(line)
	}
	return indent == 0
}

// oldKey reads the key written on the line of the last good text that
// corresponds to the line at start: the texts are compared line-wise
// from both ends, and a line inside the edited zone is matched by its
// position in it.
func (r *recovery) oldKey(start, indent int) (string, bool) {
	if r.old == nil {
		return "", false
	}
	prefix, curEnd, oldEnd := EditedLines(r.src, r.old)
	if start < prefix || start >= curEnd {
		return "", false
	}
	k := bytes.Count(r.src[prefix:start], []byte("\n"))
	ls := lineStart(r.old, prefix+len(utf8BOM)) // past a byte order mark
	if prefix > 0 {
		ls = prefix
	}
	for ; k > 0 && ls < oldEnd; k-- {
		ls = skipBreak(r.old, lineEnd(r.old, ls))
	}
	if ls >= oldEnd || indentAt(r.old, ls) != indent {
		return "", false
	}
	line := r.old[ls+indent : lineEnd(r.old, ls)]
	colon := mappingColon(line)
	if colon <= 0 {
		return "", false
	}
	key := line[:colon]
	for _, b := range key {
		if !isPlainKeyByte(b) {
			return "", false
		}
	}
	return string(key), true
}

// EditedLines compares two versions of a text line-wise: prefix is the
// length of the lines they share at the start, curEnd and oldEnd where the
// lines they share at the end begin in each.
func EditedLines(cur, old []byte) (prefix, curEnd, oldEnd int) {
	n := min(len(cur), len(old))
	p := commonPrefix(cur[:n], old[:n])
	if p < len(cur) || p < len(old) {
		p = bytes.LastIndexByte(cur[:p], '\n') + 1
	}
	s := commonSuffix(cur[len(cur)-(n-p):], old[len(old)-(n-p):])
	ci, oi := len(cur)-s, len(old)-s
	for ci < len(cur) && !((ci == 0 || cur[ci-1] == '\n') && (oi == 0 || old[oi-1] == '\n')) {
		ci++
		oi++
	}
	return p, ci, oi
}

// commonPrefix is the length of the prefix a and b, of equal length,
// share. Whole blocks are compared first (bytes.Equal is vectorised):
// every keystroke compares two versions of a text that may be megabytes.
func commonPrefix(a, b []byte) int {
	const block = 4096
	p := 0
	for p+block <= len(a) && bytes.Equal(a[p:p+block], b[p:p+block]) {
		p += block
	}
	for p < len(a) && a[p] == b[p] {
		p++
	}
	return p
}

// commonSuffix is commonPrefix for the ends of a and b, of equal length.
func commonSuffix(a, b []byte) int {
	const block = 4096
	n := len(a)
	s := 0
	for s+block <= n && bytes.Equal(a[n-s-block:n-s], b[n-s-block:n-s]) {
		s += block
	}
	for s < n && a[n-1-s] == b[n-1-s] {
		s++
	}
	return s
}

// finish turns the parse g of the neutralised text into the file of the
// original one: the original error, the problems of the rest, the grafted
// keys, and the words of the regions.
func (r *recovery) finish(f, g *File) *File {
	g.Src = r.src
	g.Broken = true
	// Both of Heat's readers refuse the text, so neither reads its
	// version: what the fallback reader would make of it does not matter.
	g.PythonRead = false
	g.Recovered = mergeSpans(r.regions)
	problems := make([]source.Diagnostic, 0, len(f.Problems)+len(g.Problems))
	problems = append(problems, f.Problems...)
	for _, p := range g.Problems {
		// The rest's own problems (duplicate keys, unknown tags, a second
		// document) stand.
		if !g.InRecovered(p.Span) && !slices.ContainsFunc(f.Problems, func(q source.Diagnostic) bool { return q.Code == p.Code && q.Span == p.Span }) {
			problems = append(problems, p)
		}
	}
	sort.SliceStable(problems, func(i, j int) bool { return problems[i].Span.Start < problems[j].Span.Start })
	g.Problems = problems
	for _, gr := range r.grafts {
		r.applyGraft(g, gr)
	}
	g.Hidden = r.hiddenWords(g.Recovered)
	return g
}

// mergeSpans sorts spans and joins the overlapping ones.
func mergeSpans(spans []source.Span) []source.Span {
	sort.Slice(spans, func(i, j int) bool { return spans[i].Start < spans[j].Start })
	var out []source.Span
	for _, s := range spans {
		if n := len(out); n > 0 && s.Start <= out[n-1].End {
			out[n-1].End = max(out[n-1].End, s.End)
			continue
		}
		out = append(out, s)
	}
	return out
}

// hiddenWords collects the words of the regions, and of the last good
// text's edited zone where a region falls in it.
func (r *recovery) hiddenWords(regions []source.Span) map[string]bool {
	words := map[string]bool{}
	add := func(text []byte) {
		for _, w := range bytes.FieldsFunc(text, func(c rune) bool { return c > 0x7f || !isKeyByte(byte(c)) }) {
			words[string(w)] = true
		}
	}
	prefix, curEnd, oldEnd := 0, 0, 0
	if r.old != nil {
		prefix, curEnd, oldEnd = EditedLines(r.src, r.old)
	}
	oldAdded := false
	for _, sp := range regions {
		add(r.src[sp.Start:sp.End])
		if r.old != nil && !oldAdded && sp.Start <= curEnd && prefix <= sp.End {
			add(r.old[prefix:max(prefix, oldEnd)])
			oldAdded = true
		}
	}
	return words
}

// applyGraft hangs a half-typed key, with its value parsed on its own, in
// the mapping of the tree it belongs to.
func (r *recovery) applyGraft(f *File, gr graft) {
	path := mappingFor(f, gr.word.Start, gr.indent, r.buf)
	if len(path) == 0 {
		path = r.emptyParent(f, gr)
	}
	if len(path) == 0 {
		return
	}
	value := WithSpan(&Node{Kind: ScalarNode, tag: tagNull}, source.Span{Start: gr.word.End, End: gr.word.End})
	if gr.body != nil {
		// The value's lines start a line, so parsing them alone gives
		// the same spans, moved by where they start.
		if b, fail := parseOnce(gr.body, nil); fail == nil && !b.Broken && b.Root() != nil {
			value = b.Root()
			shiftSpans(value, gr.bodyAt, map[*Node]bool{})
		}
	}
	key := WithSpan(&Node{Kind: ScalarNode, tag: tagStr, Value: gr.name}, gr.word)
	m := path[len(path)-1]
	at := 2 * sort.Search(m.NumPairs(), func(i int) bool { return m.Pair(i).Key.Span().Start > gr.word.Start })
	kids := make([]*Node, 0, len(m.kids())+2)
	kids = append(kids, m.kids()[:at]...)
	kids = append(kids, key, value)
	m.setKids(append(kids, m.kids()[at:]...))
	end := max(value.end, key.end)
	for _, n := range path {
		n.end = max(n.end, end)
		n.start = min(n.start, offset32(gr.word.Start))
	}
	r.regions = append(r.regions, gr.word)
}

// emptyParent handles a key being typed as the only entry under its
// parent key ("resources:" then "  serv"): the parent's value, null once
// the entry is read as blank, becomes a block mapping to hang the key in.
// It returns the nodes from the root to that mapping, or nil.
func (r *recovery) emptyParent(f *File, gr graft) []*Node {
	parent, ok := r.parentLine(lineStart(r.buf, gr.word.Start))
	if !ok {
		return nil
	}
	var found []*Node
	var walk func(n *Node, path []*Node)
	walk = func(n *Node, path []*Node) {
		if n == nil || n.Kind != MappingNode || found != nil {
			return
		}
		path = append(path, n)
		for i, p := range n.Pairs() {
			if lineStart(r.buf, p.Key.Span().Start) == parent && p.Value.Kind == ScalarNode && p.Value.Tag() == "!!null" && p.Value.Span().Len() == 0 {
				m := WithSpan(&Node{Kind: MappingNode, Style: Block, tag: tagMap}, gr.word)
				n.kids()[2*i+1] = m
				found = append(append([]*Node{}, path...), m)
				return
			}
			walk(p.Value, path)
		}
	}
	for _, d := range f.Docs {
		walk(d, nil)
	}
	return found
}

// shiftSpans moves the spans of n's tree by delta, each node once (an
// anchored node may be reached again through aliases).
func shiftSpans(n *Node, delta int, seen map[*Node]bool) {
	if n == nil || seen[n] {
		return
	}
	seen[n] = true
	sp := n.Span()
	n.SetSpan(source.Span{Start: sp.Start + delta, End: sp.End + delta})
	for _, c := range n.kids() {
		shiftSpans(c, delta, seen)
	}
	shiftSpans(n.Target(), delta, seen)
}

// mappingFor finds the block mapping whose keys sit at indent and that is
// still open at offset at, or starts right below it, with the nodes
// leading to it from the root.
func mappingFor(f *File, at, indent int, buf []byte) []*Node {
	var best []*Node
	var walk func(n *Node, path []*Node)
	walk = func(n *Node, path []*Node) {
		if n == nil || n.Kind == AliasNode {
			return
		}
		path = append(path, n)
		sp := n.Span()
		if n.Kind == MappingNode && n.Style == Block && n.NumPairs() > 0 &&
			n.Pair(0).Key.Span().Start-lineStart(buf, n.Pair(0).Key.Span().Start) == indent &&
			(sp.Start <= at && stillOpen(buf, sp.End, at, indent) || sp.Start > at && blankBetween(buf, at, sp.Start)) &&
			len(path) > len(best) {
			best = append(best[:0], path...)
		}
		for _, p := range n.Pairs() {
			walk(p.Value, path)
		}
		for _, it := range n.Items() {
			walk(it, path)
		}
	}
	for _, d := range f.Docs {
		walk(d, nil)
	}
	return best
}

// blankBetween reports whether only blank or comment lines lie between
// the line of from and the line of to.
func blankBetween(buf []byte, from, to int) bool {
	for ls := skipBreak(buf, lineEnd(buf, from)); ls < lineStart(buf, to); ls = skipBreak(buf, lineEnd(buf, ls)) {
		if !blankLine(buf, ls) {
			return false
		}
	}
	return true
}

// stillOpen reports whether no line between from and at is indented at or
// left of indent: a block collection ending at from may take a key at at.
func stillOpen(buf []byte, from, at, indent int) bool {
	if from > at {
		return true // the mapping goes on below the line at at
	}
	for ls := skipBreak(buf, lineEnd(buf, from)); ls < lineStart(buf, at); ls = skipBreak(buf, lineEnd(buf, ls)) {
		le := lineEnd(buf, ls)
		if d := indentAt(buf, ls); ls+d < le && buf[ls+d] != '#' && d <= indent {
			return false
		}
	}
	return true
}

// lineStart is the start of the line holding off; the first line starts
// after a byte order mark.
func lineStart(b []byte, off int) int {
	off = min(off, len(b))
	from := off
	for off > 0 && b[off-1] != '\n' && b[off-1] != '\r' {
		off--
	}
	if off == 0 && from >= len(utf8BOM) && bytes.HasPrefix(b, []byte(utf8BOM)) {
		return len(utf8BOM)
	}
	return off
}

// lineEnd is the offset of the line break ending the line holding off, or
// the text's end.
func lineEnd(b []byte, off int) int {
	for off < len(b) && b[off] != '\n' && b[off] != '\r' {
		off++
	}
	return off
}

// prevLine is the start of the line before the one starting at start.
func prevLine(b []byte, start int) int {
	if start > 0 && b[start-1] == '\n' {
		start--
	}
	if start > 0 && b[start-1] == '\r' {
		start--
	}
	return lineStart(b, start)
}

// quotedEnd is the offset after the quoted scalar starting at b[i].
func quotedEnd(b []byte, i int) int {
	if b[i] == '"' {
		return doubleQuotedEnd(b, i)
	}
	return singleQuotedEnd(b, i)
}

// skipBreak steps over the line break at off, if any.
func skipBreak(b []byte, off int) int {
	if off < len(b) && b[off] == '\r' {
		off++
	}
	if off < len(b) && b[off] == '\n' {
		off++
	}
	return off
}

// indentAt counts the blanks starting at off. A tab counts as one, so a
// line indented with a stray tab is still seen at about its place.
func indentAt(b []byte, off int) int {
	n := 0
	for off+n < len(b) && isBlank(b[off+n]) {
		n++
	}
	return n
}
