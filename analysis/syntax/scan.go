package syntax

// Scanners that find where a node ends. yaml.v3 reports only where a node
// starts, so each scalar style and flow collection gets a small forward
// scan of its own text; together they read every byte at most a few times,
// keeping Parse linear.

// isSpace reports YAML white space and line breaks (ASCII only: the other
// breaks, NEL/LS/PS, are too rare in templates to matter for end scans).
func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// isBlank reports a space or tab.
func isBlank(b byte) bool { return b == ' ' || b == '\t' }

// skipProperties steps over the anchor ("&name") and tag ("!t", "!!str",
// "!<uri>") in front of a node's content. propsEnd is just after the last
// property (equal to off when there is none); content is where the content
// starts after the white space and comments that may follow the properties.
func skipProperties(src []byte, off int) (propsEnd, content int) {
	propsEnd = off
	i := off
	for i < len(src) && (src[i] == '&' || src[i] == '!') {
		if src[i] == '!' && i+1 < len(src) && src[i+1] == '<' {
			for i < len(src) && src[i] != '>' && src[i] != '\n' {
				i++
			}
			if i < len(src) && src[i] == '>' {
				i++
			}
		}
		for i < len(src) && !isSpace(src[i]) && !isFlowIndicator(src[i]) {
			i++
		}
		propsEnd = i
		i = skipSpaceAndComments(src, i)
	}
	return propsEnd, i
}

func isFlowIndicator(b byte) bool { return b == ',' || b == '[' || b == ']' || b == '{' || b == '}' }

// skipSpaceAndComments skips white space, line breaks and "#" comments.
func skipSpaceAndComments(src []byte, i int) int {
	for i < len(src) {
		switch src[i] {
		case ' ', '\t', '\n', '\r':
			i++
		case '#':
			for i < len(src) && src[i] != '\n' && src[i] != '\r' {
				i++
			}
		default:
			return i
		}
	}
	return i
}

// matchValueEnd walks value and src together, ignoring white space and line
// breaks on both sides, and returns the offset just after the last
// non-space byte of value. It fits styles whose Value is the source text
// with only white space changed: plain scalars (folded lines) and block
// scalars (indentation removed). ok is false if the texts disagree.
func matchValueEnd(src []byte, from int, value string) (end int, ok bool) {
	// Most scalars are written as they read (one line, nothing folded):
	// one comparison finds the end.
	if n := len(value); from+n <= len(src) && string(src[from:from+n]) == value {
		for n > 0 && isSpace(value[n-1]) {
			n--
		}
		return from + n, true
	}
	i, end := from, from
	for j := 0; j < len(value); j++ {
		b := value[j]
		if isSpace(b) {
			continue
		}
		for i < len(src) && isSpace(src[i]) {
			i++
		}
		if i >= len(src) || src[i] != b {
			return from, false
		}
		i++
		end = i
	}
	return end, true
}

// doubleQuotedEnd returns the offset after the closing quote of the
// double-quoted scalar starting at start ('"'), or len(src) if unclosed.
func doubleQuotedEnd(src []byte, start int) int {
	for i := start + 1; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(src)
}

// singleQuotedEnd returns the offset after the closing quote of the
// single-quoted scalar starting at start ('\”); "”" is an escaped quote.
func singleQuotedEnd(src []byte, start int) int {
	for i := start + 1; i < len(src); i++ {
		if src[i] == '\'' {
			if i+1 < len(src) && src[i+1] == '\'' {
				i++
				continue
			}
			return i + 1
		}
	}
	return len(src)
}

// blockScalarEnd returns the end of the literal or folded scalar whose
// header ("|", ">-", "|2+" ...) starts at start: the end of its last
// content line, trailing blank lines excluded, or the end of the header
// when the scalar is empty.
func blockScalarEnd(src []byte, start int, value string) int {
	i := start + 1
	for i < len(src) && (src[i] == '+' || src[i] == '-' || ('0' <= src[i] && src[i] <= '9')) {
		i++
	}
	headerEnd := i
	for i < len(src) && src[i] != '\n' && src[i] != '\r' {
		i++ // white space and an optional comment
	}
	last, ok := matchValueEnd(src, i, value)
	if !ok || last == i {
		return headerEnd
	}
	for last < len(src) && src[last] != '\n' && src[last] != '\r' {
		last++
	}
	return last
}

// flowEnd returns the offset after the bracket closing the flow collection
// that opens at start. from is where scanning may begin (the end of the
// last item, or start+1); only separators and comments may lie between it
// and the bracket, otherwise a full bracket-matching scan decides.
func flowEnd(src []byte, start, from int) int {
	closer := byte(']')
	if src[start] == '{' {
		closer = '}'
	}
	i := from
	for i < len(src) {
		switch src[i] {
		case ' ', '\t', '\n', '\r', ',':
			i++
			continue
		case '#':
			for i < len(src) && src[i] != '\n' && src[i] != '\r' {
				i++
			}
			continue
		case closer:
			return i + 1
		}
		break
	}
	return matchBracket(src, start)
}

// matchBracket finds the bracket closing the one at start, skipping nested
// brackets, quoted strings and comments. It returns len(src) if unclosed.
func matchBracket(src []byte, start int) int {
	depth := 0
	for i := start; i < len(src); i++ {
		switch b := src[i]; b {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		case '"', '\'':
			if i > start && !tokenBoundary(src[i-1]) {
				continue
			}
			if b == '"' {
				i = doubleQuotedEnd(src, i) - 1
			} else {
				i = singleQuotedEnd(src, i) - 1
			}
		case '#':
			if i > start && !isSpace(src[i-1]) {
				continue
			}
			for i < len(src) && src[i] != '\n' && src[i] != '\r' {
				i++
			}
		}
	}
	return len(src)
}

// tokenBoundary reports a byte after which a quote opens a quoted scalar.
func tokenBoundary(b byte) bool {
	return isSpace(b) || isFlowIndicator(b) || b == ':'
}
