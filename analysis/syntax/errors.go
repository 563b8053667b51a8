package syntax

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// decodeProblem turns an error from yaml.v3 into a diagnostic with a span.
func (c *converter) decodeProblem(err error) source.Diagnostic {
	var pe *panicError
	if errors.As(err, &pe) {
		return source.Diagnostic{
			Span: source.Span{Start: 0, End: 0}, Severity: rules.Severity(rules.YAMLInternal), Code: rules.YAMLInternal,
			Message: "the YAML parser failed unexpectedly on this text (" + pe.Error() + "); please report it",
		}
	}
	line, reason := splitYAMLError(err.Error())
	if name, ok := unknownAnchor(reason); ok {
		return source.Diagnostic{
			Span: c.findAlias(name), Severity: rules.Severity(rules.YAMLAlias), Code: rules.YAMLAlias,
			Message: "alias *" + name + " refers to no anchor &" + name + " defined before it",
		}
	}
	span := c.locateError(line, reason)
	msg := "invalid YAML: " + reason
	if hint := errorHint(reason); hint != "" {
		msg += " (" + hint + ")"
	}
	return source.Diagnostic{Span: span, Severity: rules.Severity(rules.YAMLSyntax), Code: rules.YAMLSyntax, Message: msg}
}

// splitYAMLError splits "yaml: line 3: reason" into 3 and "reason"; line is
// 0 when yaml.v3 gave none.
func splitYAMLError(msg string) (line int, reason string) {
	msg = strings.TrimPrefix(msg, "yaml: ")
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if i := strings.Index(rest, ": "); i > 0 {
			if n, err := strconv.Atoi(rest[:i]); err == nil {
				return n, rest[i+2:]
			}
		}
	}
	return 0, msg
}

func unknownAnchor(reason string) (string, bool) {
	rest, ok := strings.CutPrefix(reason, "unknown anchor '")
	if !ok {
		return "", false
	}
	name, _, ok := strings.Cut(rest, "' referenced")
	return name, ok
}

// errorHint adds a short explanation, in plain words, to the messages
// people meet most often.
func errorHint(reason string) string {
	switch {
	case strings.HasPrefix(reason, "mapping values are not allowed"):
		return "a \": \" here would start a mapping where none may begin; quote the value if the colon is part of the text, or fix the indentation"
	case strings.Contains(reason, "tab character"):
		return "YAML indentation must use spaces, not tabs"
	case strings.HasPrefix(reason, "found character that cannot start any token"):
		return "this character cannot begin a value; quote the value or use spaces instead of tabs"
	case strings.HasPrefix(reason, "found unexpected end of stream"):
		return "a quoted string or bracket is never closed"
	case strings.HasPrefix(reason, "did not find expected ',' or"):
		return "this bracket is never closed, or an item is missing a comma"
	case strings.HasPrefix(reason, "did not find expected key"), strings.HasPrefix(reason, "did not find expected '-' indicator"):
		return "check the indentation of this line against the entries above it"
	case strings.Contains(reason, "UTF-8"):
		return "the file must be valid UTF-8 text"
	case strings.Contains(reason, "control characters"):
		return "remove the invisible control character"
	}
	return ""
}

// locateError picks the span a syntax error is shown on. yaml.v3 reports
// at most a line, and for parser (not scanner) errors that line is the
// zero-based line of the enclosing construct, so each known message is
// mapped to the character at fault, and the rest are narrowed down by
// re-parsing prefixes of the text.
func (c *converter) locateError(line int, reason string) source.Span {
	src := c.src
	lineOrFirst := max(line, 1)
	switch {
	case strings.HasPrefix(reason, "mapping values are not allowed"):
		if off, ok := c.offendingColon(lineOrFirst); ok {
			return source.Span{Start: off, End: off + 1}
		}
	case strings.Contains(reason, "tab character"), strings.HasPrefix(reason, "found character that cannot start any token"):
		if off, ok := c.badTokenStart(lineOrFirst); ok {
			return c.charSpan(off)
		}
	case strings.HasPrefix(reason, "found unexpected end of stream"),
		strings.HasPrefix(reason, "did not find expected ',' or"),
		strings.HasPrefix(reason, "did not find expected node content") && line == 0:
		want := byte(0)
		if strings.HasSuffix(reason, "']'") {
			want = '['
		} else if strings.HasSuffix(reason, "'}'") {
			want = '{'
		}
		if off, ok := unclosed(src, c.base, want); ok {
			return source.Span{Start: off, End: off + 1}
		}
	case strings.Contains(reason, "control characters"):
		if off, ok := firstUnprintable(src[c.base:]); ok {
			return c.charSpan(c.base + off)
		}
	case strings.Contains(reason, "UTF-8"):
		if off, ok := firstInvalidUTF8(src); ok {
			return source.Span{Start: off, End: off + 1}
		}
	case strings.HasPrefix(reason, "found unknown escape character"):
		if off, ok := c.badEscape(lineOrFirst); ok {
			return source.Span{Start: off, End: min(len(src), off+2)}
		}
	case strings.HasPrefix(reason, "block sequence entries are not allowed"):
		if off, ok := c.inlineDash(lineOrFirst); ok {
			return source.Span{Start: off, End: off + 1}
		}
	case strings.Contains(reason, "YAML document"), strings.Contains(reason, "directive"):
		if off := bytes.Index(src, []byte("\n%")); off >= 0 {
			return c.lineContent(c.lines.lineOf(off+1-c.base) + 1)
		}
	case strings.HasPrefix(reason, "did not find expected"):
		// A parser error: the reported number is the zero-based line of
		// the enclosing block collection or, when that starts on the first
		// line, of the fault itself; either way the fault is on the 1-based
		// line line+1 or later.
		l := c.indentationFault(line + 1)
		if off, ok := c.strayCloser(l); ok {
			return source.Span{Start: off, End: off + 1}
		}
		return c.lineContent(l)
	}
	return c.lineContent(lineOrFirst)
}

// charSpan covers the character starting at off.
func (c *converter) charSpan(off int) source.Span {
	if off >= len(c.src) {
		return source.Span{Start: len(c.src), End: len(c.src)}
	}
	_, size := utf8.DecodeRune(c.src[off:])
	return source.Span{Start: off, End: off + size}
}

// lineBounds returns the byte range of a 1-based line's content.
func (c *converter) lineBounds(line int) (start, end int) {
	start = c.base + c.lines.lineStart(line)
	end = start
	for end < len(c.src) && c.src[end] != '\n' && c.src[end] != '\r' {
		end++
	}
	return start, end
}

// lineContent spans a line from its first non-blank character to its
// last, or is empty at the line start for a blank line.
func (c *converter) lineContent(line int) source.Span {
	start, end := c.lineBounds(line)
	for start < end && isBlank(c.src[start]) {
		start++
	}
	for end > start && isBlank(c.src[end-1]) {
		end--
	}
	return source.Span{Start: start, End: end}
}

// offendingColon finds the ": " that yaml.v3 refused on line: the second
// mapping colon of the line ("a: b: c") or, if there is only one, that one
// (a key indented under a scalar value).
func (c *converter) offendingColon(line int) (int, bool) {
	start, end := c.lineBounds(line)
	src := c.src
	var colons []int
	for i := start; i < end && len(colons) < 2; i++ {
		switch src[i] {
		case '"':
			i = min(end, doubleQuotedEnd(src[:end], i)) - 1
		case '\'':
			i = min(end, singleQuotedEnd(src[:end], i)) - 1
		case '#':
			if i == start || isBlank(src[i-1]) {
				i = end
			}
		case ':':
			if i+1 == end || isSpace(src[i+1]) {
				colons = append(colons, i)
			}
		}
	}
	if len(colons) == 0 {
		return 0, false
	}
	return colons[len(colons)-1], true
}

// badTokenStart finds, from line onwards, the first tab in indentation or
// the first character that cannot begin a token ("@", "`", a tab).
func (c *converter) badTokenStart(line int) (int, bool) {
	src := c.src
	start, _ := c.lineBounds(line)
	atLineStart := true
	for i := start; i < len(src); i++ {
		b := src[i]
		switch {
		case b == '\n' || b == '\r':
			atLineStart = true
			continue
		case b == '\t' && atLineStart:
			return i, true
		case (b == '@' || b == '`') && (i == 0 || isSpace(src[i-1]) || isFlowIndicator(src[i-1])):
			return i, true
		}
		if b != ' ' {
			atLineStart = false
		}
	}
	return 0, false
}

// badEscape finds, from line onwards, a backslash starting an escape that
// YAML double-quoted strings do not know.
func (c *converter) badEscape(line int) (int, bool) {
	src := c.src
	start, _ := c.lineBounds(line)
	for i := start; i+1 < len(src); i++ {
		if src[i] != '\\' {
			continue
		}
		if !strings.ContainsRune("0abt\tnvfre \"/\\N_LPxuU\n\r", rune(src[i+1])) {
			return i, true
		}
		i++
	}
	return 0, false
}

// unclosed returns the opening quote that is never closed or, failing
// that, the innermost flow bracket never closed (of kind want when want is
// non-zero).
func unclosed(src []byte, from int, want byte) (int, bool) {
	var stack []int
	flow := 0
	for i := from; i < len(src); i++ {
		b := src[i]
		prevBoundary := i == from || tokenBoundary(src[i-1]) || src[i-1] == '-'
		switch {
		case b == '#' && (i == from || isSpace(src[i-1])):
			for i < len(src) && src[i] != '\n' && src[i] != '\r' {
				i++
			}
		case (b == '"' || b == '\'') && prevBoundary:
			end := singleQuotedEnd(src, i)
			if b == '"' {
				end = doubleQuotedEnd(src, i)
			}
			if closed := end-1 > i && src[end-1] == b; !closed {
				return i, true
			}
			i = end - 1
		case (b == '[' || b == '{') && (flow > 0 || prevBoundary):
			stack = append(stack, i)
			flow++
		case (b == ']' || b == '}') && flow > 0:
			top := stack[len(stack)-1]
			if (src[top] == '[') != (b == ']') && (want == 0 || src[top] == want) {
				return top, true // closed by the wrong kind of bracket
			}
			stack = stack[:len(stack)-1]
			flow--
		}
	}
	for k := len(stack) - 1; k >= 0; k-- {
		if want == 0 || src[stack[k]] == want {
			return stack[k], true
		}
	}
	return 0, false
}

// firstInvalidUTF8 returns the offset of the first byte that is not part
// of valid UTF-8.
func firstInvalidUTF8(src []byte) (int, bool) {
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size == 1 {
			return i, true
		}
		i += size
	}
	return 0, false
}

// findAlias returns the span of the first "*name" used as an alias.
func (c *converter) findAlias(name string) source.Span {
	src := c.src
	needle := []byte("*" + name)
	for i := c.base; i < len(src); {
		j := bytes.Index(src[i:], needle)
		if j < 0 {
			break
		}
		at := i + j
		end := at + len(needle)
		if (at == 0 || tokenBoundary(src[at-1]) || src[at-1] == '-') && (end == len(src) || isSpace(src[end]) || isFlowIndicator(src[end])) {
			return source.Span{Start: at, End: end}
		}
		i = at + 1
	}
	return source.Span{Start: c.base, End: c.base}
}

// strayCloser finds a "]" or "}" on line that closes nothing, after a
// value that ended on that line, such as the extra bracket in
// "a: [1, 2]]" or "a: 'x']" (strayCloserOnLine).
func (c *converter) strayCloser(line int) (int, bool) {
	start, end := c.lineBounds(line)
	if o, ok := strayCloserOnLine(c.src[start:end]); ok {
		return start + o, true
	}
	return 0, false
}

// inlineDash finds a "- " sequence entry that follows other content on
// line, as in "key: - item".
func (c *converter) inlineDash(line int) (int, bool) {
	start, end := c.lineBounds(line)
	src := c.src
	i := start
	for i < end && isBlank(src[i]) {
		i++
	}
	for i++; i < end; i++ {
		if src[i] == '-' && isBlank(src[i-1]) && (i+1 == end || isBlank(src[i+1])) {
			return i, true
		}
	}
	return 0, false
}

// firstUnprintable returns the offset of the first character YAML does not
// allow in a stream (control characters other than tab and line breaks,
// surrogates, U+FFFE/U+FFFF), as yaml.v3's reader checks them.
func firstUnprintable(src []byte) (int, bool) {
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		ok := r == 0x09 || r == 0x0A || r == 0x0D || (r >= 0x20 && r <= 0x7E) || r == 0x85 ||
			(r >= 0xA0 && r <= 0xD7FF) || (r >= 0xE000 && r <= 0xFFFD) || (r >= 0x10000 && r <= 0x10FFFF)
		if !ok && !(r == utf8.RuneError && size == 1) {
			return i, true
		}
		i += size
	}
	return 0, false
}
