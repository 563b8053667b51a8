package pyre

import (
	"strings"
	"unicode/utf8"
)

// tok is one token of re's tokenizer: a character, or a backslash and
// the character after it (esc).
type tok struct {
	c    rune
	esc  bool
	none bool // past the end of the pattern
}

// is reports whether t is the plain character c.
func (t tok) is(c rune) bool { return !t.none && !t.esc && t.c == c }

// in reports whether t is a plain character of set.
func (t tok) in(set string) bool { return !t.none && !t.esc && strings.ContainsRune(set, t.c) }

// size is the token's length in characters.
func (t tok) size() int {
	switch {
	case t.none:
		return 0
	case t.esc:
		return 2
	}
	return 1
}

// text is the token as written.
func (t tok) text() string {
	if t.esc {
		return `\` + string(t.c)
	}
	return string(t.c)
}

// parser holds the tokenizer (Python's Tokenizer) and the parse state
// (Python's State).
type parser struct {
	pattern string
	runes   []rune
	byteAt  []int32 // patterns are far below 2 GiB (see analysis/source limits)
	index   int     // the character after next
	next    tok
	st      state
	// frames counts the Python frames the parse would hold now (see
	// enter); lastOpen is the character index of the innermost group's
	// "(", where a too deep parse is refused.
	frames   int
	lastOpen int
	// doubt, when set, is why the verdict may be wrong: a construct
	// whose validity this package cannot tell (see Result.Doubt).
	doubt string
	feats Feature // the constructs read so far that Go reads otherwise
}

// advance reads the next token (Tokenizer.__next); a backslash that
// ends the pattern is refused as soon as it is reached.
func (p *parser) advance() {
	i := p.index
	if i >= len(p.runes) {
		p.next = tok{none: true}
		return
	}
	c := p.runes[i]
	if c == '\\' {
		i++
		if i >= len(p.runes) {
			panic(p.errAt(KindTrailingBackslash, "error", "bad escape (end of pattern)", "", len(p.runes)-1, len(p.runes)))
		}
		p.next = tok{c: p.runes[i], esc: true}
	} else {
		p.next = tok{c: c}
	}
	p.index = i + 1
}

// match consumes the next token when it is the plain character c.
func (p *parser) match(c rune) bool {
	if p.next.is(c) {
		p.advance()
		return true
	}
	return false
}

// get consumes and returns the next token.
func (p *parser) get() tok {
	t := p.next
	p.advance()
	return t
}

// getwhile consumes up to n plain characters of set.
func (p *parser) getwhile(n int, set string) string {
	var b strings.Builder
	for range n {
		if !p.next.in(set) {
			break
		}
		b.WriteRune(p.get().c)
	}
	return b.String()
}

// getuntil reads a name up to terminator (escapes included as written),
// refusing an empty or unterminated one; what names the thing read.
func (p *parser) getuntil(terminator rune, what string) string {
	var b strings.Builder
	n := 0
	for {
		c := p.get()
		if c.none {
			if n == 0 {
				panic(p.err(KindMissingName, "error", "missing "+what, what, 0))
			}
			panic(p.err(KindUnterminatedName, "error", "missing "+string(terminator)+", unterminated name", string(terminator), n))
		}
		if c.is(terminator) {
			if n == 0 {
				panic(p.err(KindMissingName, "error", "missing "+what, what, 1))
			}
			return b.String()
		}
		b.WriteString(c.text())
		n += c.size()
	}
}

// tell is the position of the next token in characters.
func (p *parser) tell() int { return p.index - p.next.size() }

// seek moves back to character index i.
func (p *parser) seek(i int) {
	p.index = i
	p.advance()
}

// err builds the error Python's Tokenizer.error raises: at offset
// characters before the next token, covering up to it.
func (p *parser) err(kind Kind, exc, msg, detail string, offset int) *Error {
	pos, end := p.tell()-offset, p.tell()
	switch kind {
	case KindUnterminatedSet, KindUnterminatedGroup, KindUnterminatedComment:
		end = pos + 1 // the opening bracket, not all that follows it
	}
	return p.errAt(kind, exc, msg, detail, pos, end)
}

// errAt builds an error at character pos whose text runs to character
// end (at least one character is pointed at when the pattern has one).
func (p *parser) errAt(kind Kind, exc, msg, detail string, pos, end int) *Error {
	e := &Error{Exc: exc, Msg: msg, Kind: kind, Detail: detail, Pos: pos}
	e.Start, e.End = p.span(pos, end)
	return e
}

// span turns characters [from, to) into bytes, widened to one
// character when empty and clipped to the pattern.
func (p *parser) span(from, to int) (start, end int) {
	n := len(p.runes)
	from = min(max(from, 0), n)
	to = min(max(to, from), n)
	if to == from && from < n {
		to = from + 1
	}
	if to == from && from > 0 {
		from-- // the end of the pattern: its last character
	}
	return int(p.byteAt[from]), int(p.byteAt[to])
}

// runeLen is the length of s in characters.
func runeLen(s string) int { return utf8.RuneCountInString(s) }
