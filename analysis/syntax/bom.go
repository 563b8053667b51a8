package syntax

import (
	"bytes"
	"slices"
	"sort"
	"strings"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// A U+FEFF (byte order mark) after the start of a text is read two ways by
// the loaders Heat and the openstack client use (PyYAML). The first is
// libyaml: where it looks for the next token and a line starts with
// U+FEFF, it steps over the mark as over one column of indentation, so
// "\ufeff  pw: 1" under a section is the key pw, three columns in.
// Everywhere else the mark is a character of text (a key "p\ufeffw", a
// value, a quoted string, a plain scalar running over lines inside a flow
// collection). A line-start mark inside a block scalar or a block plain
// scalar ends that scalar, and unless only blank lines and comments
// follow in it, what follows cannot follow a value: libyaml refuses the
// text. Then the loaders read it again with
// PyYAML's Python reader, which steps over a mark only at the very start
// and takes every other as text.
//
// yaml.v3 never steps over a mark after the start (its check looks at the
// start of its buffer rather than at the mark), so heat-ls gives it texts
// in which each mark is spelt so that it reads as Heat's reader does: a
// mark libyaml steps over as a space (one column, as the mark is one
// character), any other as a character of text the text does not hold,
// turned back into U+FEFF in the values. Lines and columns stay those of
// the text as written, which is what node spans are computed from.

// bomStandIns are the characters tried in place of a U+FEFF read as text:
// each is printable to yaml.v3 and three bytes of UTF-8, like the mark,
// and the first one the text does not hold is used.
var bomStandIns = [...]string{"\ufffc", "\ue000", "\ue001", "\ue002"}

// parseReading is parseOnce for a text as Heat's loaders read it: when
// the text holds a U+FEFF after its start, as libyaml reads it, or, when
// libyaml would refuse it, as PyYAML's Python reader does. A text without
// such a mark is parsed once, its nodes taken from a when that is free;
// the readings of a marked text allocate theirs.
func parseReading(src []byte, a *Arena) (*File, *failure) {
	base := 0
	if bytes.HasPrefix(src, []byte(utf8BOM)) {
		base = len(utf8BOM)
	}
	if !bytes.Contains(src[base:], []byte(utf8BOM)) {
		return parseOnce(src, a)
	}
	stand := ""
	for _, s := range bomStandIns {
		if !bytes.Contains(src, []byte(s)) {
			stand = s
			break
		}
	}
	if stand == "" {
		return parseOnce(src, nil)
	}
	marks := bomMarks(src, base)
	if f := libyamlReading(src, base, marks, stand); f != nil {
		return f, nil
	}
	f, fail := parseText(src, spellMarks(src, base, marks, nil, stand), stand, nil)
	f.PythonRead = !f.Broken && slices.ContainsFunc(marks, func(m bomMark) bool { return m.lineStart })
	if f.PythonRead {
		refuseTab(f, base)
	}
	return f, fail
}

// refuseTab marks f, read as PyYAML's Python reader reads it, broken at
// the first tab that reader refuses. Unlike libyaml (and yaml.v3), it
// takes a tab only inside a quoted scalar, in a block scalar's content
// and in a comment: anywhere else (between tokens, inside or after a
// plain scalar, after a closing quote or a key's colon) it stops with
// "found character '\t' that cannot start any token", so both of Heat's
// readers refuse the text (hc/yaml-bom-python-reader-tab). The tree is
// kept: Heat's error is the tab, and nothing else is read.
func refuseTab(f *File, base int) {
	at := pythonRefusedTab(f, base)
	if at < 0 {
		return
	}
	f.Broken, f.PythonRead = true, false
	f.Problems = append(f.Problems, source.Diagnostic{
		Span: source.Span{Start: at, End: at + 1}, Severity: rules.Severity(rules.YAMLSyntax), Code: rules.YAMLSyntax,
		Message: "invalid YAML for Heat: a byte order mark that starts a line makes Heat's first YAML reader (libyaml) refuse this text, and the one it falls back on (PyYAML's own) takes a tab only inside quotes, a block scalar or a comment. Write spaces here, or remove the byte order marks inside the text.",
	})
	sort.SliceStable(f.Problems, func(i, j int) bool { return f.Problems[i].Span.Start < f.Problems[j].Span.Start })
}

// pythonRefusedTab is the offset of the first tab in f.Src (after base)
// outside a quoted scalar, a block scalar's content and a comment, as
// found in f's tree; -1 when there is none.
func pythonRefusedTab(f *File, base int) int {
	src := f.Src
	first := bytes.IndexByte(src[base:], '\t')
	if first < 0 {
		return -1
	}
	// the spans where a tab is text: between a quoted scalar's quotes,
	// after a block scalar's header line
	var inside []source.Span
	var walk func(n *Node, depth int)
	walk = func(n *Node, depth int) {
		if n == nil || depth > maxDepth {
			return
		}
		if n.Kind == ScalarNode {
			sp := n.Span()
			switch n.Style {
			case DoubleQuoted, SingleQuoted:
				if sp.Len() >= 2 {
					inside = append(inside, source.Span{Start: sp.Start + 1, End: sp.End - 1})
				}
			case Literal, Folded:
				if eol := bytes.IndexByte(src[sp.Start:sp.End], '\n'); eol >= 0 {
					inside = append(inside, source.Span{Start: sp.Start + eol + 1, End: sp.End})
				}
			}
			return
		}
		for _, k := range n.kids() {
			walk(k, depth+1)
		}
	}
	for _, root := range f.Docs {
		walk(root, 0)
	}
	within := func(o int) bool {
		return slices.ContainsFunc(inside, func(sp source.Span) bool { return sp.Start <= o && o < sp.End })
	}
	for o := base + first; o < len(src); {
		if !within(o) && !inComment(src, o, within) {
			return o
		}
		next := bytes.IndexByte(src[o+1:], '\t')
		if next < 0 {
			return -1
		}
		o += 1 + next
	}
	return -1
}

// inComment reports whether offset o lies in a comment: after a "#" on
// its line that starts the line or follows a space or tab, outside the
// spans within tells.
func inComment(src []byte, o int, within func(int) bool) bool {
	start := bytes.LastIndexByte(src[:o], '\n') + 1
	for p := start; p < o; p++ {
		if src[p] == '#' && (p == start || src[p-1] == ' ' || src[p-1] == '\t') && !within(p) {
			return true
		}
	}
	return false
}

// bomMark is one U+FEFF after the start: where it is, and whether it
// begins a line (column 0), the only place libyaml may step over it.
type bomMark struct {
	at        int
	lineStart bool
}

// bomMarks lists the marks in src after base.
func bomMarks(src []byte, base int) []bomMark {
	var out []bomMark
	for i := base; ; {
		j := bytes.Index(src[i:], []byte(utf8BOM))
		if j < 0 {
			return out
		}
		at := i + j
		out = append(out, bomMark{at: at, lineStart: at == base || afterBreak(src, at)})
		i = at + len(utf8BOM)
	}
}

// afterBreak reports whether a line break (LF, CR, NEL, LS, PS: libyaml's
// breaks) ends just before at.
func afterBreak(src []byte, at int) bool {
	b := src[:at]
	return bytes.HasSuffix(b, []byte("\n")) || bytes.HasSuffix(b, []byte("\r")) ||
		bytes.HasSuffix(b, []byte("\u0085")) || bytes.HasSuffix(b, []byte("\u2028")) ||
		bytes.HasSuffix(b, []byte("\u2029"))
}

// How a mark is spelt for yaml.v3: as text (the stand-in), or stepped
// over as libyaml does, which is a space, or a "#" where the mark ends a
// block scalar and only blank lines and comments follow in it (libyaml
// ends the scalar there and takes those lines for comments; yaml.v3 ends
// it at a line less indented, and "#" there opens a comment).
const (
	spellText  byte = 0
	spellSpace byte = ' '
	spellEnd   byte = '#'
)

// spellMarks is src after base with each mark spelt as spell says (nil:
// every mark as text, stand).
func spellMarks(src []byte, base int, marks []bomMark, spell []byte, stand string) []byte {
	out := make([]byte, 0, len(src)-base)
	from := base
	for i, m := range marks {
		out = append(out, src[from:m.at]...)
		if spell != nil && spell[i] != spellText {
			out = append(out, spell[i])
		} else {
			out = append(out, stand...)
		}
		from = m.at + len(utf8BOM)
	}
	return append(out, src[from:]...)
}

// libyamlReading parses src as libyaml reads it: the line-start marks
// stepped over, except those that turn out to lie inside a quoted scalar
// or a plain scalar of a flow collection, which are text. It is nil when
// libyaml refuses the text: the parse breaks, or a stepped-over mark lies
// inside a block plain scalar, or inside a block scalar with more than
// comments after it (libyaml ends either scalar there, and what follows
// cannot follow a value).
func libyamlReading(src []byte, base int, marks []bomMark, stand string) *File {
	spell := make([]byte, len(marks))
	stepped := false
	for i, m := range marks {
		if m.lineStart {
			spell[i] = spellSpace
			stepped = true
		}
	}
	if !stepped {
		return nil
	}
	// guessed are the marks spelt as text because the parse broke near
	// them (see markNear), to be confirmed by the tree.
	var guessed []int
	// Each round spells at least one mark otherwise, and a mark's spelling
	// only ever moves from space to text or to "#", so the loop ends; it
	// rarely runs twice.
	for {
		text := spellMarks(src, base, marks, spell, stand)
		f, fail := parseText(src, text, stand, nil)
		if fail != nil && !f.Broken {
			return nil
		}
		if f.Broken {
			// A mark libyaml reads as text, where a plain scalar of a
			// flow collection goes on to the next line, is taken for a
			// space of indentation by yaml.v3, and a tab after it then
			// breaks the parse ("a tab that violates indentation"):
			// try the mark on that line as text.
			i := -1
			if fail != nil {
				i = markNear(src, marks, spell, fail.span)
			}
			if i < 0 {
				return nil
			}
			spell[i] = spellText
			guessed = append(guessed, i)
			continue
		}
		if strayRoot(f) != nil {
			return nil
		}
		respelt, refused := marksInScalars(f, text, base, marks, spell, stand)
		if refused {
			return nil
		}
		if len(respelt) == 0 {
			if tabAfterMark(f, marks, spell) || !inFlowText(f, marks, guessed) {
				return nil
			}
			return f
		}
	}
}

// markNear is the index of the first mark spelt as a space that starts a
// line from the one where the failure sp begins to the one just after it
// ends (yaml.v3 places a broken plain scalar's error on the scalar), -1
// when there is none.
func markNear(src []byte, marks []bomMark, spell []byte, sp source.Span) int {
	from := min(max(sp.Start, 0), len(src))
	from = bytes.LastIndexByte(src[:from], '\n') + 1
	to := min(max(sp.End, from), len(src))
	if eol := bytes.IndexByte(src[to:], '\n'); eol >= 0 {
		to += eol + 1 // the start of the next line
	} else {
		to = len(src)
	}
	for i, m := range marks {
		if from <= m.at && m.at <= to && spell[i] == spellSpace {
			return i
		}
	}
	return -1
}

// inFlowText reports whether each of the marks guessed lies where libyaml
// reads a mark as text at the start of a line: inside a quoted scalar or a
// plain scalar of a flow collection.
func inFlowText(f *File, marks []bomMark, guessed []int) bool {
	if len(guessed) == 0 {
		return true
	}
	var spans []source.Span
	var walk func(n *Node, inFlow bool, depth int)
	walk = func(n *Node, inFlow bool, depth int) {
		if n == nil || depth > maxDepth {
			return
		}
		if n.Kind == ScalarNode {
			if n.Style == DoubleQuoted || n.Style == SingleQuoted || n.Style == Plain && inFlow {
				spans = append(spans, n.Span())
			}
			return
		}
		for _, k := range n.kids() {
			walk(k, inFlow || n.Style == Flow, depth+1)
		}
	}
	for _, root := range f.Docs {
		walk(root, false, 0)
	}
	for _, i := range guessed {
		at := marks[i].at
		if !slices.ContainsFunc(spans, func(sp source.Span) bool { return sp.Start < at && at < sp.End }) {
			return false
		}
	}
	return true
}

// tabAfterMark reports whether a mark libyaml steps over is followed, on
// its line, by blanks holding a tab, outside a flow collection. libyaml
// steps over the mark where it looks for the next token, at the start of
// a line, where a block context takes spaces but no tab, so it refuses
// the text; yaml.v3, given a space for the mark, takes the tab as one of
// the blanks after the value above ("a: 1\n\ufeff\t\nb: 2"; a space
// before the tab changes nothing, and a flow collection takes tabs).
func tabAfterMark(f *File, marks []bomMark, spell []byte) bool {
	src := f.Src
	var flows []source.Span
	for i, m := range marks {
		if spell[i] == spellText {
			continue
		}
		j := m.at + len(utf8BOM)
		for j < len(src) && src[j] == ' ' {
			j++
		}
		if j == len(src) || src[j] != '\t' {
			continue
		}
		if flows == nil {
			flows = flowSpans(f)
		}
		if !slices.ContainsFunc(flows, func(sp source.Span) bool { return sp.Start < m.at && m.at < sp.End }) {
			return true
		}
	}
	return false
}

// flowSpans lists the spans of f's flow collections (never nil).
func flowSpans(f *File) []source.Span {
	out := []source.Span{}
	var walk func(n *Node, depth int)
	walk = func(n *Node, depth int) {
		if n == nil || depth > maxDepth || n.Kind != MappingNode && n.Kind != SequenceNode {
			return
		}
		if n.Style == Flow {
			out = append(out, n.Span())
			return
		}
		for _, k := range n.kids() {
			walk(k, depth+1)
		}
	}
	for _, root := range f.Docs {
		walk(root, 0)
	}
	return out
}

// marksInScalars finds the marks spelt as a space that lie inside a
// scalar of f as parsed from text and spells them as libyaml reads them:
// as text inside a quoted scalar or a plain one within a flow collection,
// as the end of a block scalar that holds only blank lines and comments
// after it. respelt lists them; refused is set when one lies where
// libyaml ends a scalar and then refuses what follows.
func marksInScalars(f *File, text []byte, base int, marks []bomMark, spell []byte, stand string) (respelt []int, refused bool) {
	// at[i] is where mark i lies in text: each mark spelt as one byte
	// before it makes text two bytes shorter there.
	at := make([]int, len(marks))
	shift := 0
	for i, m := range marks {
		at[i] = m.at - base - shift
		if spell[i] != spellText {
			shift += len(utf8BOM) - 1
		}
	}
	textAt := func(off int) int {
		i := sort.Search(len(marks), func(i int) bool { return marks[i].at >= off })
		if i == len(marks) {
			return off - base - shift
		}
		return at[i] + (off - marks[i].at)
	}
	type entry struct {
		n      *Node
		inFlow bool
	}
	var stack []entry
	for _, root := range f.Docs {
		stack = append(stack, entry{root, false})
	}
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := e.n
		if n == nil {
			continue
		}
		if n.Kind == MappingNode || n.Kind == SequenceNode {
			for _, k := range n.kids() {
				stack = append(stack, entry{k, e.inFlow || n.Style == Flow})
			}
			continue
		}
		if n.Kind != ScalarNode || n.Span().Len() == 0 {
			continue
		}
		from, to, ok := scalarTextSpan(n, text, textAt(n.Span().Start), stand)
		if !ok {
			continue
		}
		if n.Style == Plain && e.inFlow {
			// In a flow collection libyaml reads on past line breaks
			// without looking at indentation, so a line-start mark
			// after only white space is the scalar's next character.
			for to < len(text) && isSpace(text[to]) {
				to++
			}
		}
		for i := sort.SearchInts(at, from+1); i < len(at) && at[i] < to; i++ {
			if spell[i] != spellSpace {
				continue
			}
			switch {
			case n.Style == DoubleQuoted || n.Style == SingleQuoted || n.Style == Plain && e.inFlow:
				spell[i] = spellText
			case (n.Style == Literal || n.Style == Folded) && onlyComments(text[at[i]+1:to]):
				spell[i] = spellEnd
			default:
				return nil, true
			}
			respelt = append(respelt, i)
		}
	}
	return respelt, false
}

// onlyComments reports whether every line of text is blank or a comment.
func onlyComments(text []byte) bool {
	for line := range bytes.Lines(text) {
		line = bytes.TrimLeft(line, " \t")
		if len(line) > 0 && line[0] != '#' && line[0] != '\n' && line[0] != '\r' {
			return false
		}
	}
	return true
}

// scalarTextSpan is where scalar n lies in text, the text yaml.v3 read,
// from its first character at from.
func scalarTextSpan(n *Node, text []byte, from int, stand string) (int, int, bool) {
	if from < 0 || from >= len(text) {
		return 0, 0, false
	}
	value := strings.ReplaceAll(n.Value, utf8BOM, stand)
	switch n.Style {
	case DoubleQuoted:
		return from, doubleQuotedEnd(text, from), text[from] == '"'
	case SingleQuoted:
		return from, singleQuotedEnd(text, from), text[from] == '\''
	case Literal, Folded:
		return from, blockScalarEnd(text, from, value), text[from] == '|' || text[from] == '>'
	}
	to, ok := matchValueEnd(text, from, value)
	return from, to, ok
}
