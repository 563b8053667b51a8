package yaql

import (
	"strings"
	"unicode/utf8"
)

// lexer hands out the tokens of one expression on demand, as the engine's
// tokeniser does: a character that begins no token is only an error once
// the parser asks for the token it would begin.
type lexer struct {
	src string
	pos int
}

// runeAt decodes the character at byte offset i (utf8.RuneError and 0 at
// the end).
func (l *lexer) runeAt(i int) (rune, int) {
	if i >= len(l.src) {
		return utf8.RuneError, 0
	}
	return utf8.DecodeRuneInString(l.src[i:])
}

// wordBoundary reports whether the word-boundary assertion holds before
// byte offset i, given that the character at i is a word character.
func (l *lexer) wordBoundary(i int) bool {
	if i == 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(l.src[:i])
	return !isWord(r)
}

// wordRun returns the end of the run of word characters from i.
func (l *lexer) wordRun(i int) int {
	for {
		r, n := l.runeAt(i)
		if n == 0 || !isWord(r) {
			return i
		}
		i += n
	}
}

// next returns the next token. Spaces, tabs, carriage returns and line
// feeds separate tokens; no other white space is allowed.
func (l *lexer) next() token {
	for l.pos < len(l.src) && strings.IndexByte(" \t\r\n", l.src[l.pos]) >= 0 {
		l.pos++
	}
	start := l.pos
	if start >= len(l.src) {
		return token{kind: kEnd, start: start, end: start}
	}
	t := l.scan(start)
	l.pos = t.end
	return t
}

// scan reads the token at start, trying the tokeniser's patterns in its
// order: `$name`, number, function name, name, the three quoted strings,
// the operators, then the single-character tokens.
func (l *lexer) scan(start int) token {
	r, n := l.runeAt(start)
	tok := func(k kind, end int) token { return token{kind: k, start: start, end: end} }
	if k, ok := brackets(r); ok {
		// No pattern tried earlier begins with a bracket or a comma.
		return tok(k, start+1)
	}
	if r == '$' {
		return tok(kDollar, l.wordRun(start+1))
	}
	if isDigit(r) && l.wordBoundary(start) {
		if end, ok := l.number(start); ok {
			return tok(kConst, end)
		}
	}
	if isNameStart(r) && l.wordBoundary(start) {
		end := l.wordRun(start + n)
		if end < len(l.src) && l.src[end] == '(' {
			return tok(kFunc, end+1)
		}
		// A name may not begin with two underscores (unless it calls a
		// function, matched above).
		if !strings.HasPrefix(l.src[start:], "__") {
			if k, ok := words[l.src[start:end]]; ok {
				return tok(k, end)
			}
			return tok(kName, end)
		}
	}
	if r == '\'' || r == '"' || r == '`' {
		if t, ok := l.quoted(start, byte(r)); ok {
			return t
		}
	}
	for _, s := range symbols {
		if strings.HasPrefix(l.src[start:], s.text) {
			return tok(s.kind, start+len(s.text))
		}
	}
	if k, ok := singles[l.src[start]]; ok {
		return tok(k, start+1)
	}
	end := start + max(n, 1)
	return token{kind: kBad, start: start, end: end, err: &Error{
		Offset: start, End: end, Kind: Lexical,
		Message: "illegal character " + quoteText(l.src[start:end]),
	}}
}

// number reads a number at start: digits, optionally a dot and more
// digits, ending where a word ends. When the digits after the dot run
// into a letter, the number is only the part before the dot; when the
// first digits do, there is no number.
func (l *lexer) number(start int) (int, bool) {
	digits := func(i int) int {
		for {
			r, n := l.runeAt(i)
			if n == 0 || !isDigit(r) {
				return i
			}
			i += n
		}
	}
	endsWord := func(i int) bool {
		r, n := l.runeAt(i)
		return n == 0 || !isWord(r)
	}
	d := digits(start)
	if d < len(l.src) && l.src[d] == '.' {
		if f := digits(d + 1); f > d+1 && endsWord(f) {
			return f, true
		}
	}
	return d, endsWord(d)
}

// quoted reads a string quoted by q. A backslash escapes any following
// character but a line feed; a string without its closing quote is no
// string (and its quote then begins no token). The escapes of '…' and
// "…" strings are decoded, and a string whose escapes do not decode is a
// bad token.
func (l *lexer) quoted(start int, q byte) (token, bool) {
	for i := start + 1; i < len(l.src); i++ {
		switch l.src[i] {
		case q:
			t := token{kind: kConst, start: start, end: i + 1}
			if q != '`' {
				if e := checkEscapes(l.src, start+1, i); e != nil {
					t.kind, t.err = kBad, e
				}
			}
			return t, true
		case '\\':
			if i+1 >= len(l.src) || l.src[i+1] == '\n' {
				return token{}, false
			}
			i++
		}
	}
	return token{}, false
}

// brackets is the token of a bracket or a comma, which nest and separate
// and so make most of the tokens of a long expression.
func brackets(r rune) (kind, bool) {
	switch r {
	case '(':
		return kOpen, true
	case ')':
		return kClose, true
	case '[':
		return kIndexer, true
	case ']':
		return kCloseList, true
	case '{':
		return kMap, true
	case '}':
		return kCloseMap, true
	case ',':
		return kComma, true
	}
	return 0, false
}
