package pyre

// Python's flag bits (re/_constants.py).
const (
	flagTemplate   = 1
	flagIgnoreCase = 2
	flagLocale     = 4
	flagMultiline  = 8
	flagDotAll     = 16
	flagUnicode    = 32
	flagVerbose    = 64
	flagDebug      = 128
	flagASCII      = 256

	typeFlags   = flagASCII | flagLocale | flagUnicode
	globalFlags = flagDebug | flagTemplate
)

// flagBit is the bit of an inline flag letter, 0 when c is none.
func flagBit(t tok) int {
	if t.none || t.esc {
		return 0
	}
	switch t.c {
	case 'i':
		return flagIgnoreCase
	case 'L':
		return flagLocale
	case 'm':
		return flagMultiline
	case 's':
		return flagDotAll
	case 'x':
		return flagVerbose
	case 'a':
		return flagASCII
	case 't':
		return flagTemplate
	case 'u':
		return flagUnicode
	}
	return 0
}

// parseFlags is _parse_flags, after "(?" and its first letter c (a
// flag or "-"): global reports "(?flags)", else add and del are the
// flags of "(?flags-flags:...)".
func (p *parser) parseFlags(c tok) (add, del int, global bool) {
	if !c.is('-') {
		for {
			bit := flagBit(c)
			if c.c == 'L' {
				panic(p.err(KindBadFlags, "error", "bad inline flags: cannot use 'L' flag with a str pattern", "L", 0))
			}
			add |= bit
			if bit&typeFlags != 0 && add&typeFlags != bit {
				panic(p.err(KindBadFlags, "error", "bad inline flags: flags 'a', 'u' and 'L' are incompatible", "", 0))
			}
			c = p.get()
			if c.none {
				panic(p.err(KindMissingFlagEnd, "error", "missing -, : or )", "", 0))
			}
			if c.in(")-:") {
				break
			}
			if flagBit(c) == 0 {
				p.unknownFlag(c, "missing -, : or )")
			}
		}
	}
	if c.is(')') {
		p.st.flags |= add
		return 0, 0, true
	}
	if add&globalFlags != 0 {
		panic(p.err(KindBadFlags, "error", "bad inline flags: cannot turn on global flag", "", 1))
	}
	if c.is('-') {
		c = p.get()
		if c.none {
			panic(p.err(KindMissingFlagEnd, "error", "missing flag", "", 0))
		}
		if flagBit(c) == 0 {
			p.unknownFlag(c, "missing flag")
		}
		for {
			bit := flagBit(c)
			if bit&typeFlags != 0 {
				panic(p.err(KindBadFlags, "error", "bad inline flags: cannot turn off flags 'a', 'u' and 'L'", "", 0))
			}
			del |= bit
			c = p.get()
			if c.none {
				panic(p.err(KindMissingFlagEnd, "error", "missing :", "", 0))
			}
			if c.is(':') {
				break
			}
			if flagBit(c) == 0 {
				p.unknownFlag(c, "missing :")
			}
		}
	}
	if del&globalFlags != 0 {
		panic(p.err(KindBadFlags, "error", "bad inline flags: cannot turn off global flag", "", 1))
	}
	if add&del != 0 {
		panic(p.err(KindBadFlags, "error", "bad inline flags: flag turned on and off", "", 1))
	}
	return add, del, false
}

// unknownFlag refuses a token where a flag letter belongs: "unknown
// flag" for a letter, missing for anything else.
func (p *parser) unknownFlag(c tok, missing string) {
	if !c.esc && isAlpha(c.c) {
		panic(p.err(KindUnknownFlag, "error", "unknown flag", string(c.c), 1))
	}
	panic(p.err(KindMissingFlagEnd, "error", missing, c.text(), c.size()))
}
