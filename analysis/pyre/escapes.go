package pyre

import (
	"fmt"
	"strconv"
	"strings"
)

const (
	hexDigits   = "0123456789abcdefABCDEF"
	octDigits   = "01234567"
	decDigits   = "0123456789"
	asciiLetter = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
)

// unknownChar is the value of a \N{...} character whose name this
// package cannot look up.
const unknownChar = -1

// code is what an escape stands for: a literal character (value, or
// unknownChar), a class of characters (in) or an anchor (at).
type code struct {
	value int64
	in    bool
	at    bool
}

// simpleEscape is the character of \a \b \f \n \r \t \v \\ (Python's
// ESCAPES), or -1.
func simpleEscape(c rune) int64 {
	switch c {
	case 'a':
		return 7
	case 'b':
		return 8
	case 'f':
		return 12
	case 'n':
		return 10
	case 'r':
		return 13
	case 't':
		return 9
	case 'v':
		return 11
	case '\\':
		return '\\'
	}
	return -1
}

// classEscape is _class_escape: an escape inside [...].
func (p *parser) classEscape(t tok) code {
	if v := simpleEscape(t.c); v >= 0 {
		return code{value: v}
	}
	if strings.ContainsRune("dDsSwW", t.c) {
		p.feats |= FeatCategory
		return code{in: true}
	}
	escape := t.text()
	switch {
	case t.c == 'x' || t.c == 'u' || t.c == 'U':
		return p.hexEscape(t.c, escape)
	case t.c == 'N':
		return p.namedEscape()
	case strings.ContainsRune(octDigits, t.c):
		escape += p.getwhile(2, octDigits)
		return p.octal(escape)
	case strings.ContainsRune(decDigits, t.c):
		panic(p.err(KindBadEscape, "error", "bad escape "+escape, escape, runeLen(escape)))
	case strings.ContainsRune(asciiLetter, t.c):
		panic(p.err(KindBadEscape, "error", "bad escape "+escape, escape, 2))
	}
	return code{value: int64(t.c)}
}

// escape is _escape: an escape outside [...], where \1 to \99 are group
// references.
func (p *parser) escape(t tok) item {
	switch t.c {
	case 'A', 'Z':
		return item{op: opAt}
	case 'b', 'B':
		p.feats |= FeatCategory
		return item{op: opAt}
	case 'd', 'D', 's', 'S', 'w', 'W':
		p.feats |= FeatCategory
		return item{op: opUnit}
	}
	if simpleEscape(t.c) >= 0 {
		return item{op: opUnit}
	}
	escape := t.text()
	switch {
	case t.c == 'x' || t.c == 'u' || t.c == 'U':
		p.hexEscape(t.c, escape)
	case t.c == 'N':
		p.namedEscape()
	case t.c == '0':
		p.getwhile(2, octDigits)
	case strings.ContainsRune(decDigits, t.c):
		return p.groupOrOctal(escape)
	case strings.ContainsRune(asciiLetter, t.c):
		panic(p.err(KindBadEscape, "error", "bad escape "+escape, escape, 2))
	}
	return item{op: opUnit}
}

// groupOrOctal reads \N, \NN (a group reference) or \NNN (three octal
// digits, a character).
func (p *parser) groupOrOctal(escape string) item {
	if p.next.in(decDigits) {
		escape += string(p.get().c)
		if strings.ContainsRune(octDigits, rune(escape[1])) && strings.ContainsRune(octDigits, rune(escape[2])) && p.next.in(octDigits) {
			escape += string(p.get().c)
			p.octal(escape)
			return item{op: opUnit}
		}
	}
	group, _ := strconv.Atoi(escape[1:])
	if group < p.st.groups() {
		if !p.st.checkgroup(group) {
			panic(p.err(KindOpenGroupRef, "error", "cannot refer to an open group", escape, len(escape)))
		}
		p.checkLookbehindGroup(group)
		return item{op: opGroupref, group: group}
	}
	panic(p.err(KindBadGroupRef, "error", fmt.Sprintf("invalid group reference %d", group), escape, len(escape)-1))
}

// octal refuses an octal escape above \377.
func (p *parser) octal(escape string) code {
	v, _ := strconv.ParseInt(escape[1:], 8, 64)
	if v > 0o377 {
		panic(p.err(KindOctalRange, "error", "octal escape value "+escape+" outside of range 0-0o377", escape, len(escape)))
	}
	return code{value: v}
}

// hexEscape reads \xhh, \uhhhh or \Uhhhhhhhh: exactly that many hex
// digits, and a code point Python's chr takes.
func (p *parser) hexEscape(c rune, escape string) code {
	want := map[rune]int{'x': 2, 'u': 4, 'U': 8}[c]
	escape += p.getwhile(want, hexDigits)
	if len(escape) != want+2 {
		panic(p.err(KindIncompleteEscape, "error", "incomplete escape "+escape, escape, len(escape)))
	}
	v, _ := strconv.ParseInt(escape[2:], 16, 64)
	switch {
	case c != 'U' || v <= 0x10FFFF:
	case v > 1<<31-1:
		// chr() cannot even convert it; the OverflowError escapes
		// re's handler and carries no position.
		e := p.err(KindCodePointRange, "OverflowError", "Python int too large to convert to C int", escape, len(escape))
		e.Pos = -1
		panic(e)
	default:
		panic(p.err(KindBadEscape, "error", "bad escape "+escape, escape, len(escape)))
	}
	return code{value: v}
}

// namedEscape reads \N{NAME}. Go holds no table of Unicode character
// names, so a name is refused only when it cannot be one (see
// impossibleCharName); any other name leaves the verdict in doubt.
func (p *parser) namedEscape() code {
	if !p.match('{') {
		panic(p.err(KindMissingBrace, "error", "missing {", "", 0))
	}
	name := p.getuntil('}', "character name")
	if impossibleCharName(name) {
		panic(p.err(KindUnknownCharName, "error", "undefined character name "+pyRepr(name), name, runeLen(name)+4))
	}
	if p.doubt == "" {
		p.doubt = fmt.Sprintf("the character name %s at position %d may not exist", pyRepr(name), p.tell()-runeLen(name)-4)
	}
	return code{value: unknownChar}
}

// checkLookbehindGroup is State.checklookbehindgroup: inside a
// look-behind, a reference must be to a group closed before it began.
func (p *parser) checkLookbehindGroup(gid int) {
	if p.st.lookbehindgroups < 0 {
		return
	}
	if !p.st.checkgroup(gid) {
		panic(p.err(KindOpenGroupRef, "error", "cannot refer to an open group", "", 0))
	}
	if gid >= p.st.lookbehindgroups {
		panic(p.err(KindLookbehindOwnGroup, "error", "cannot refer to group defined in the same lookbehind subpattern", "", 0))
	}
}
