package pyre

import (
	"fmt"
	"strings"
)

// specialChars are the characters with a meaning outside [...]
// (SPECIAL_CHARS); whitespace is what verbose mode skips.
const (
	specialChars = ".\\[{()*+?^$|"
	whitespace   = " \t\n\r\v\f"
)

// run is re._parser.parse followed by the compiler's checks.
func (p *parser) run() {
	p.st = state{groupdict: map[string]int{}, groupwidths: []*[2]int64{nil}, lookbehindgroups: -1, grouprefAt: map[int][2]int{}}
	p.advance()
	top := p.parseSub(false, 0)
	if p.st.flags&flagASCII != 0 && p.st.flags&flagUnicode != 0 {
		// fix_flags: "(?a)" and "(?u)", each at the start
		panic(&Error{Exc: "ValueError", Msg: "ASCII and UNICODE flags are incompatible", Kind: KindIncompatibleFlags, Pos: -1})
	}
	if !p.next.none {
		panic(p.err(KindUnbalancedParen, "error", "unbalanced parenthesis", "", 0))
	}
	for _, g := range p.st.grouprefpos {
		if g >= p.st.groups() {
			at := p.st.grouprefAt[g]
			panic(p.errAt(KindBadGroupRef, "error", fmt.Sprintf("invalid group reference %d", g), fmt.Sprint(g), at[0], at[0]+at[1]))
		}
	}
	p.compile(top)
}

// parseSub is _parse_sub: alternatives separated by "|".
func (p *parser) parseSub(verbose bool, nested int) *subpattern {
	defer p.enter()()
	var items []*subpattern
	for {
		items = append(items, p.parse(verbose, nested+1, nested == 0 && len(items) == 0))
		if !p.match('|') {
			break
		}
		if nested == 0 {
			verbose = p.st.flags&flagVerbose != 0
		}
	}
	if len(items) == 1 {
		return items[0]
	}
	return &subpattern{st: &p.st, data: []item{{op: opBranch, alts: items}}}
}

// parse is _parse: a sequence of items up to "|", ")" or the end.
func (p *parser) parse(verbose bool, nested int, first bool) *subpattern {
	defer p.enter()()
	sp := &subpattern{st: &p.st}
	for {
		this := p.next
		if this.none || this.in("|)") {
			break
		}
		p.get()
		if verbose {
			if this.in(whitespace) {
				continue
			}
			if this.is('#') {
				for {
					t := p.get()
					if t.none || t.is('\n') {
						break
					}
				}
				continue
			}
		}
		switch {
		case this.esc:
			sp.data = append(sp.data, p.escape(this))
		case !this.in(specialChars):
			sp.data = append(sp.data, item{op: opUnit})
		case this.c == '[':
			p.set()
			sp.data = append(sp.data, item{op: opUnit})
		case strings.ContainsRune("*+?{", this.c):
			p.repeat(sp, this)
		case this.c == '.':
			sp.data = append(sp.data, item{op: opUnit})
		case this.c == '(':
			var ok bool
			if verbose, ok = p.group(sp, verbose, nested, first); !ok {
				continue
			}
		case this.c == '^' || this.c == '$':
			if this.c == '$' {
				p.feats |= FeatDollar
			}
			sp.data = append(sp.data, item{op: opAt})
		}
	}
	return sp
}

// set reads a character class after its "[".
func (p *parser) set() {
	here := p.tell() - 1
	p.match('^')
	n := 0 // members so far
	for {
		this := p.get()
		if this.none {
			panic(p.err(KindUnterminatedSet, "error", "unterminated character set", "", p.tell()-here))
		}
		if this.is(']') && n > 0 {
			return
		}
		var code1 code
		if this.is('[') && p.next.is(':') {
			p.feats |= FeatPosixClass
		}
		if this.esc {
			code1 = p.classEscape(this)
		} else {
			code1 = code{value: int64(this.c)}
		}
		n++
		if !p.match('-') {
			continue
		}
		that := p.get()
		if that.none {
			panic(p.err(KindUnterminatedSet, "error", "unterminated character set", "", p.tell()-here))
		}
		if that.is(']') {
			return
		}
		var code2 code
		if that.esc {
			code2 = p.classEscape(that)
		} else {
			code2 = code{value: int64(that.c)}
		}
		rng := this.text() + "-" + that.text()
		if code1.in || code2.in {
			panic(p.err(KindBadRange, "error", "bad character range "+rng, rng, this.size()+1+that.size()))
		}
		if code1.value != unknownChar && code2.value != unknownChar && code2.value < code1.value {
			panic(p.err(KindBadRange, "error", "bad character range "+rng, rng, this.size()+1+that.size()))
		}
	}
}

// repeat applies a repeat (this is "*", "+", "?" or "{") to the last
// item of sp, or reads "{" as a character when no repeat follows.
func (p *parser) repeat(sp *subpattern, this tok) {
	here := p.tell()
	var lo, hi int64
	switch this.c {
	case '?':
		lo, hi = 0, 1
	case '*':
		lo, hi = 0, maxRepeat
	case '+':
		lo, hi = 1, maxRepeat
	case '{':
		if p.next.is('}') {
			sp.data = append(sp.data, item{op: opUnit})
			return
		}
		lo, hi = 0, maxRepeat
		var los, his string
		for p.next.in(decDigits) {
			los += string(p.get().c)
		}
		if p.match(',') {
			for p.next.in(decDigits) {
				his += string(p.get().c)
			}
		} else {
			his = los
		}
		if !p.match('}') {
			sp.data = append(sp.data, item{op: opUnit})
			p.seek(here)
			return
		}
		if los == "" {
			p.feats |= FeatRepeatNoMin
		}
		if los != "" {
			lo = p.repeatCount(los, here)
		}
		if his != "" {
			hi = p.repeatCount(his, here)
			if hi < lo {
				panic(p.err(KindMinOverMax, "error", "min repeat greater than max repeat", "", p.tell()-here))
			}
		}
	}
	n := len(sp.data)
	if n == 0 || sp.data[n-1].op == opAt {
		panic(p.err(KindNothingToRepeat, "error", "nothing to repeat", this.text(), p.tell()-here+1))
	}
	last := sp.data[n-1]
	if last.op == opRepeat {
		panic(p.err(KindMultipleRepeat, "error", "multiple repeat", "", p.tell()-here+1))
	}
	body := &subpattern{st: &p.st, data: []item{last}}
	if last.op == opSubpattern && last.group == 0 && !last.flagged() {
		body = last.sub
	}
	mode := "MAX_REPEAT"
	switch {
	case p.match('?'):
		mode = "MIN_REPEAT"
	case p.match('+'):
		mode = "POSSESSIVE_REPEAT"
	}
	sp.data[n-1] = item{op: opRepeat, min: lo, max: hi, mode: mode, sub: body, from: here - 1, to: p.tell()}
}

// repeatCount reads a repeat bound: Python's int() refuses more than
// 4300 digits, and the bound must be below MAXREPEAT.
func (p *parser) repeatCount(digits string, here int) int64 {
	if len(digits) > 4300 {
		panic(p.errAt(KindRepeatTooLarge, "ValueError", fmt.Sprintf("Exceeds the limit (4300 digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit", len(digits)), digits, here-1, p.tell()).noPos())
	}
	v, _ := pyInt(digits, maxRepeat)
	if v >= maxRepeat {
		panic(p.errAt(KindRepeatTooLarge, "OverflowError", "the repetition number is too large", digits, here-1, p.tell()).noPos())
	}
	return v
}

// noPos marks an error Python raises without a position (it still
// points somewhere in the pattern).
func (e *Error) noPos() *Error {
	e.Pos = -1
	return e
}

// enter counts the Python frame of one _parse_sub or _parse call and
// returns the function that leaves it. Past doubtFrames the verdict is
// Undecided unless the pattern is refused anyway; past maxFrames Python
// raises RecursionError wherever it runs, and so does Check, at the
// innermost group's "(", which also bounds this parser's own recursion.
func (p *parser) enter() func() {
	p.frames++
	if p.frames > doubtFrames && p.doubt == "" {
		p.doubt = fmt.Sprintf("groups nest more than %d deep, where Python's recursion limit may end the parse (Heat's own frames decide where)", MaxNesting)
	}
	if p.frames > maxFrames {
		at := max(p.lastOpen, 0)
		panic(p.errAt(KindRecursion, "RecursionError", "maximum recursion depth exceeded", "", at, at+1))
	}
	return func() { p.frames-- }
}
