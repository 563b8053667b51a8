package cursor

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// lineIndex finds line boundaries on demand (no allocation per call).
type lineIndex struct {
	src []byte
}

// lineAt returns the start offset of the line holding offset; lines are
// named by their start offset.
func (l lineIndex) lineAt(offset int) int {
	return bytes.LastIndexByte(l.src[:offset], '\n') + 1
}

// prevShallow returns the nearest line before line, starting at floor or
// later, that has content and is indented by at most limit columns, or
// -1. It is the hot loop of the upward walk, so it looks at each earlier
// line's first bytes only.
func (l lineIndex) prevShallow(line, limit, floor int) int {
	src := l.src
	for line > floor {
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

// nextShallow is prevShallow going down, to lines starting before ceil.
func (l lineIndex) nextShallow(line, limit, ceil int) int {
	src := l.src
	for {
		e := bytes.IndexByte(src[line:], '\n')
		if e < 0 {
			return -1
		}
		line += e + 1
		if line >= ceil {
			return -1
		}
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

// nextLine is the start of the line after the one holding offset at, or
// len(src).
func (l lineIndex) nextLine(at int) int {
	if e := bytes.IndexByte(l.src[at:], '\n'); e >= 0 {
		return at + e + 1
	}
	return len(l.src)
}

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
	text := StripComment(l.src[line:l.end(line)])
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

// StripComment drops a " #" comment (outside quotes) from a line.
func StripComment(b []byte) string {
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
	at          int // where the key starts; for an item, its "-" (read from the text) or its content (from the tree)
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
			out = append(out, lineEntry{at: i, col: cols.at(i), item: true})
			i++
			continue
		}
		break
	}
	key, after, ok := blockKey(src, i, le)
	if !ok {
		if n := len(out); n > 0 {
			out[n-1].scalar = UnquoteText(strings.TrimSpace(StripComment(src[i:le])))
		}
		return out
	}
	e := lineEntry{at: i, col: cols.at(i), key: key}
	v := strings.TrimSpace(StripComment(src[after:le]))
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

// UnquoteText drops the quotes around a quoted scalar's text, as written
// (escapes are left as they are).
func UnquoteText(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}
