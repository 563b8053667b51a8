package completion

import (
	"bytes"

	"heat-ls/analysis/feature/cursor"
)

// TextAhead looks at a cursor placed right in front of text already
// written on its line, with nothing typed yet ("name: |{get_param: x}",
// "  |flavor: m1", "heat_template_version: |2018-08-31"). An item
// inserted there would be glued in front of that text and break the
// YAML, so:
//
//   - when the text ahead is one plain scalar (up to the end of the line,
//     a comment, or a flow separator), items replace it: end is where it
//     stops and ok is true;
//   - when it is anything else (a flow collection, a quoted string, a
//     "key: value", several words), ok is false: offer nothing.
//
// With no such text (end of line, a closing bracket, a separator, the
// closing quote of a value being typed, a comment, or a prefix already
// typed) end is offset and ok is true.
func TextAhead(src []byte, offset int) (end int, ok bool) {
	if offset < 0 || offset > len(src) {
		return offset, true
	}
	if offset > 0 && !cursor.IsTokenBreak(src[offset-1]) {
		return offset, true // a prefix is typed: items replace it
	}
	i := offset
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	if i >= len(src) {
		return offset, true
	}
	switch c := src[i]; c {
	case '\n', '\r', '#', '}', ']', ',':
		return offset, true
	case '"', '\'':
		if i == offset && offset > 0 && src[offset-1] == c {
			return offset, true // the closing quote of a value being typed
		}
		return offset, false
	case '{', '[', '&', '*', '!', '|', '>', '-', '?', '@', '`', '%':
		return offset, false
	}
	if i != offset {
		return offset, false // blanks, then text: an item would split them
	}
	lineEnd := bytes.IndexByte(src[offset:], '\n')
	if lineEnd < 0 {
		lineEnd = len(src)
	} else {
		lineEnd += offset
	}
	inFlow := flowDepthBefore(src, offset) > 0
	j := offset
	for j < lineEnd {
		c := src[j]
		if c == ' ' || c == '\t' || c == '\r' {
			break
		}
		if inFlow && (c == ',' || c == ']' || c == '}') {
			break
		}
		if c == ':' && (j+1 == lineEnd || src[j+1] == ' ' || src[j+1] == '\t' || src[j+1] == '\r') {
			return offset, false // a key follows
		}
		j++
	}
	// Only blanks, a comment or a flow separator may follow the scalar.
	k := j
	for k < lineEnd && (src[k] == ' ' || src[k] == '\t' || src[k] == '\r') {
		k++
	}
	if k < lineEnd && src[k] != '#' && !(inFlow && (src[k] == ',' || src[k] == ']' || src[k] == '}')) {
		return offset, false
	}
	return j, true
}

// flowDepthBefore counts the flow brackets left open on the line before
// offset (quotes are not tracked: a rough count is enough to know whether
// "," ends a scalar).
func flowDepthBefore(src []byte, offset int) int {
	depth := 0
	for i := bytes.LastIndexByte(src[:offset], '\n') + 1; i < offset; i++ {
		switch src[i] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		}
	}
	return depth
}
