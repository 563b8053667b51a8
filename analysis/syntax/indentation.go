package syntax

import "strings"

// level is one block collection being followed by indentationFault.
type level struct {
	indent     int
	sequence   bool
	indentless bool // a sequence at its parent key's indentation
}

// indentationFault finds the line that breaks block structure, for
// yaml.v3's "did not find expected key" and "did not find expected '-'
// indicator", which name only a line at or before the fault (the 1-based
// line from). It follows indentation levels from the top of the text in
// one pass, without re-parsing: the fault is the first line at or after
// from that starts a key or entry where none may start (between two
// levels, deeper than a line that already has its value, or of the other
// kind than its level's entries), or that has a stray closing bracket.
// Block scalar bodies, multi-line flow collections and multi-line quoted
// scalars are skipped. Without a candidate the answer is from itself.
func (c *converter) indentationFault(from int) int {
	src := c.src
	w := indentWalk{scalarHeader: -1, scalarBody: -1}
	for l := 1; l <= len(c.lines.starts); l++ {
		start, end := c.lineBounds(l)
		i := start
		for i < end && src[i] == ' ' {
			i++
		}
		if w.skipsText(src[start:end], src[i:end]) {
			continue
		}
		d := i - start
		if w.scalarHeader >= 0 {
			inside, outdented := w.leaveScalar(d)
			if inside {
				continue
			}
			if outdented && l >= from {
				return l // less indented than the block scalar, yet inside its key
			}
		}
		if w.flow > 0 {
			w.flow = bracketDepth(src[i:end], w.flow)
			continue
		}
		line := src[i:end]
		if d == 0 && (isDocumentMarker(line) || line[0] == '%') {
			w.levels, w.opens = w.levels[:0], false
			continue
		}
		if _, stray := c.strayCloser(l); stray && l >= from {
			return l
		}
		fault, continuation := w.place(line, d)
		if continuation {
			continue
		}
		if fault && l >= from {
			return l
		}
		w.follow(line, d)
	}
	return from
}

// indentWalk is what indentationFault carries from one line to the next.
type indentWalk struct {
	levels []level
	// opens: the last line's value starts on the next line; continues: it is
	// a plain scalar that may go on there.
	opens, continues bool
	// scalarHeader and scalarBody are the indentation of a block scalar's
	// header line and of its body, -1 outside one.
	scalarHeader, scalarBody int
	flow                     int  // open brackets carried over from earlier lines
	quote                    byte // quote of a scalar continuing on the next line
}

// skipsText reports whether a line (text from its first non-space) has no
// structure: it continues a quoted scalar, is blank or is a comment.
func (w *indentWalk) skipsText(whole, text []byte) bool {
	if w.quote != 0 {
		if closingQuote(whole, w.quote) >= 0 {
			w.quote = 0
		}
		return true
	}
	return len(text) == 0 || text[0] == '#'
}

// leaveScalar follows a line indented d after a block scalar's header:
// inside its body, or past its end (outdented says the line is still deeper
// than the header, which only the body may be).
func (w *indentWalk) leaveScalar(d int) (inside, outdented bool) {
	if w.scalarBody < 0 && d > w.scalarHeader {
		w.scalarBody = d
	}
	if w.scalarBody >= 0 && d >= w.scalarBody {
		return true, false
	}
	outdented = d > w.scalarHeader
	w.scalarHeader, w.scalarBody = -1, -1
	return false, outdented
}

// place fits a line indented d into the levels. It reports a fault when the
// line starts a key or entry where none may start, and continuation when
// the line only goes on with the plain scalar above it.
func (w *indentWalk) place(line []byte, d int) (fault, continuation bool) {
	dash := isEntry(line)
	key := hasMappingColon(line) || explicitKey(line)
	switch {
	case len(w.levels) == 0:
		w.levels = append(w.levels, level{indent: d, sequence: dash})
	case d > w.levels[len(w.levels)-1].indent:
		if !w.opens {
			// A key or entry under a line that has its value, or more
			// text after a value that cannot continue on the next line.
			fault = dash || key || !w.continues
			if !fault {
				return false, true
			}
		}
		w.levels = append(w.levels, level{indent: d, sequence: dash})
	default:
		fault = w.placeAtOrLeft(d, dash)
	}
	return fault, false
}

// placeAtOrLeft fits a line indented d no deeper than the innermost level:
// it closes the deeper levels and must then match one in column and kind.
func (w *indentWalk) placeAtOrLeft(d int, dash bool) bool {
	for len(w.levels) > 0 && w.levels[len(w.levels)-1].indent > d {
		w.levels = w.levels[:len(w.levels)-1]
	}
	if len(w.levels) == 0 || w.levels[len(w.levels)-1].indent != d {
		w.levels = append(w.levels, level{indent: d, sequence: dash})
		return true // between levels, or left of everything
	}
	top := &w.levels[len(w.levels)-1]
	if top.sequence == dash {
		return false
	}
	if top.indentless { // the indentless sequence ends
		w.levels = w.levels[:len(w.levels)-1]
		top = &w.levels[len(w.levels)-1]
		if top.sequence == dash && top.indent == d {
			return false
		}
	}
	if dash && w.opens && !top.sequence {
		w.levels = append(w.levels, level{indent: d, sequence: true, indentless: true})
		return false
	}
	return true // the other kind of entry at this level
}

// follow records what a placed line leaves open for the lines below it.
func (w *indentWalk) follow(line []byte, d int) {
	// "- key: value" starts a mapping inside the entry.
	if isEntry(line) {
		rest := trimBlankLeft(line[1:])
		if hasMappingColon(rest) || isEntry(rest) {
			w.levels = append(w.levels, level{indent: d + len(line) - len(rest), sequence: isEntry(rest)})
		}
	}
	w.opens = opensBlock(line)
	w.continues = plainValue(line)
	if blockScalarHeader(line) {
		w.scalarHeader, w.scalarBody = d, -1
	}
	w.flow = bracketDepth(line, 0)
	w.quote = openQuote(line)
}

// openQuote returns the quote character of a quoted scalar that starts on
// line and is not closed on it, or 0.
func openQuote(line []byte) byte {
	for i := 0; i < len(line); i++ {
		switch b := line[i]; b {
		case '"', '\'':
			if i > 0 && !tokenBoundary(line[i-1]) && line[i-1] != '-' {
				continue
			}
			end := doubleQuotedEnd(line, i)
			if b == '\'' {
				end = singleQuotedEnd(line, i)
			}
			if end == len(line) && (end-1 == i || line[end-1] != b) {
				return b
			}
			i = end - 1
		case '#':
			if i == 0 || isBlank(line[i-1]) {
				return 0
			}
		}
	}
	return 0
}

// closingQuote returns the offset just after the quote that closes a
// scalar continued from an earlier line, or -1 if the line does not close
// it.
func closingQuote(line []byte, quote byte) int {
	for i := 0; i < len(line); i++ {
		switch {
		case quote == '"' && line[i] == '\\':
			i++
		case line[i] == quote:
			if quote == '\'' && i+1 < len(line) && line[i+1] == '\'' {
				i++
				continue
			}
			return i + 1
		}
	}
	return -1
}

func trimBlankLeft(b []byte) []byte {
	for len(b) > 0 && isBlank(b[0]) {
		b = b[1:]
	}
	return b
}

// isEntry reports a block sequence entry: "-" followed by a blank or the
// end of the line.
func isEntry(line []byte) bool {
	return len(line) > 0 && line[0] == '-' && (len(line) == 1 || isBlank(line[1]))
}

// explicitKey reports a "? " complex key line.
func explicitKey(line []byte) bool {
	return len(line) > 0 && line[0] == '?' && (len(line) == 1 || isBlank(line[1]))
}

// hasMappingColon reports a ":" followed by a blank or the line end outside
// quotes, brackets and comments: the line holds a mapping key.
func hasMappingColon(line []byte) bool {
	return mappingColon(line) >= 0
}

// mappingColon returns the offset of the first mapping ":" in line, or -1.
func mappingColon(line []byte) int {
	found := -1
	walkFlow(line, 0, func(i, before, _ int) bool {
		if line[i] == ':' && before == 0 && (i+1 == len(line) || isBlank(line[i+1])) {
			found = i
			return false
		}
		return true
	})
	return found
}

// valueAfterColon returns what follows the mapping colon (or the entry's
// dash), without the trailing comment and blanks.
func valueAfterColon(line []byte) []byte {
	if i := mappingColon(line); i >= 0 {
		line = line[i+1:]
	} else if isEntry(line) {
		line = line[1:]
	} else {
		return line
	}
	line = trimBlankLeft(line)
	if len(line) > 0 && line[0] == '#' {
		return nil
	}
	for i := 1; i < len(line); i++ {
		if line[i] == '#' && isBlank(line[i-1]) {
			line = line[:i]
			break
		}
	}
	for len(line) > 0 && isBlank(line[len(line)-1]) {
		line = line[:len(line)-1]
	}
	return line
}

// opensBlock reports a line whose deeper successors belong to it: a key
// with no value on the line, or with only an anchor or tag.
func opensBlock(line []byte) bool {
	if !hasMappingColon(line) && !isEntry(line) {
		return false
	}
	v := valueAfterColon(line)
	for len(v) > 0 && (v[0] == '&' || v[0] == '!') {
		for len(v) > 0 && !isBlank(v[0]) {
			v = v[1:]
		}
		v = trimBlankLeft(v)
	}
	return len(v) == 0
}

// blockScalarHeader reports a line whose value is a "|" or ">" header.
func blockScalarHeader(line []byte) bool {
	v := valueAfterColon(line)
	for len(v) > 0 && (v[0] == '&' || v[0] == '!') {
		for len(v) > 0 && !isBlank(v[0]) {
			v = v[1:]
		}
		v = trimBlankLeft(v)
	}
	if len(v) == 0 || (v[0] != '|' && v[0] != '>') {
		return false
	}
	for _, b := range v[1:] {
		if b != '+' && b != '-' && (b < '0' || b > '9') {
			return false
		}
	}
	return true
}

// bracketDepth returns the flow nesting depth after line, given the depth
// before it, counting brackets outside quotes and comments.
func bracketDepth(line []byte, depth int) int { return walkFlow(line, depth, nil) }

// walkFlow follows line outside quoted scalars and its comment, keeping
// the flow nesting depth (given before the line): a bracket opens a
// collection inside one or at a node's start, and closes one when any is
// open. visit, when not nil, gets every byte it passes with the depth
// before and after it, and stops the walk by returning false. It returns
// the depth at the end.
func walkFlow(line []byte, depth int, visit func(i, before, after int) bool) int {
	for i := 0; i < len(line); i++ {
		before := depth
		switch b := line[i]; b {
		case '"', '\'':
			if i == 0 || tokenBoundary(line[i-1]) {
				i = quotedEnd(line, i) - 1
				continue
			}
		case '#':
			if i == 0 || isBlank(line[i-1]) {
				return depth
			}
		case '[', '{':
			if depth > 0 || atNodeStart(line, i) {
				depth++
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		}
		if visit != nil && !visit(i, before, depth) {
			return depth
		}
	}
	return depth
}

// atNodeStart reports whether a bracket at line[i], outside any flow
// collection, opens one: only at the start of a node (line start, after
// "- ", ": " or "? "), since inside a block plain scalar brackets are text.
func atNodeStart(line []byte, i int) bool {
	j := i - 1
	for j >= 0 && isBlank(line[j]) {
		j--
	}
	if j < 0 {
		return true
	}
	if j == i-1 && line[j] != ':' {
		// directly after another character, except "key:{" is not YAML
		// anyway; only a preceding blank separates indicators.
		return false
	}
	return line[j] == '-' || line[j] == ':' || line[j] == '?' || line[j] == '!' || line[j] == '&'
}

// plainValue reports whether the value on line is a plain scalar, the only
// kind that may continue on more indented lines.
func plainValue(line []byte) bool {
	v := valueAfterColon(line)
	return len(v) > 0 && !strings.ContainsRune("'\"[{|>*&!", rune(v[0]))
}
