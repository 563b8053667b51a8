package pyre

import "fmt"

// group reads what follows "(" and appends it to sp. It returns the
// verbose mode from here on, and false when nothing was appended (a
// comment, or flags for the whole pattern).
func (p *parser) group(sp *subpattern, verbose bool, nested int, first bool) (bool, bool) {
	start := p.tell() - 1
	p.lastOpen = start
	h := groupHead{capture: true}
	if p.match('?') {
		if v, appended, done := p.groupExtension(sp, &h, verbose, nested, first, start); done {
			return v, appended
		}
	}
	p.groupBody(sp, h, verbose, nested, start)
	return verbose, true
}

// groupHead is what the text after "(" says of the group's body.
type groupHead struct {
	capture, atomic bool
	name            string
	named           bool
	add, del        int // inline flags set and cleared for the body
}

// groupExtension reads the "(?" extension starting a group into h. When
// the extension is the whole construct (a comment, a lookaround, a
// conditional, a back reference, global flags) it appends it and reports
// done with group's results.
func (p *parser) groupExtension(sp *subpattern, h *groupHead, verbose bool, nested int, first bool, start int) (v, appended, done bool) {
	char := p.get()
	if char.none {
		panic(p.err(KindUnexpectedEnd, "error", "unexpected end of pattern", "", 0))
	}
	switch {
	case char.is('P'):
		if p.pythonExtension(sp, h) {
			return verbose, true, true
		}
	case char.is(':'):
		h.capture = false
	case char.is('#'):
		p.skipComment(start)
		return verbose, false, true
	case char.in("=!<"):
		p.lookaround(sp, char, verbose, nested, start)
		return verbose, true, true
	case char.is('('):
		p.conditional(sp, verbose, nested, start)
		return verbose, true, true
	case char.is('>'):
		h.capture, h.atomic = false, true
	case flagBit(char) != 0 || char.is('-'):
		var global bool
		h.add, h.del, global = p.parseFlags(char)
		if global {
			if !first || len(sp.data) > 0 {
				panic(p.err(KindGlobalFlagsNotAtStart, "error", "global flags not at the start of the expression", "", p.tell()-start))
			}
			return p.st.flags&flagVerbose != 0, false, true
		}
		h.capture = false
	default:
		panic(p.err(KindUnknownExtension, "error", "unknown extension ?"+char.text(), "?"+char.text(), char.size()+1))
	}
	return verbose, false, false
}

// pythonExtension reads what follows "(?P": a group name into h, or a back
// reference by name, which it appends and reports as the whole construct.
func (p *parser) pythonExtension(sp *subpattern, h *groupHead) bool {
	switch {
	case p.match('<'):
		h.name, h.named = p.getuntil('>', "group name"), true
		p.checkGroupName(h.name, 1)
		return false
	case p.match('='):
		name := p.getuntil(')', "group name")
		p.checkGroupName(name, 1)
		gid, ok := p.st.groupdict[name]
		if !ok {
			panic(p.err(KindUnknownGroupName, "error", "unknown group name "+pyRepr(name), name, runeLen(name)+1))
		}
		if !p.st.checkgroup(gid) {
			panic(p.err(KindOpenGroupRef, "error", "cannot refer to an open group", name, runeLen(name)+1))
		}
		p.checkLookbehindGroup(gid)
		sp.data = append(sp.data, item{op: opGroupref, group: gid})
		return true
	default:
		c := p.get()
		if c.none {
			panic(p.err(KindUnexpectedEnd, "error", "unexpected end of pattern", "", 0))
		}
		panic(p.err(KindUnknownExtension, "error", "unknown extension ?P"+c.text(), "?P"+c.text(), c.size()+2))
	}
}

// skipComment reads a "(?#...)" comment up to its ")".
func (p *parser) skipComment(start int) {
	for {
		if p.next.none {
			panic(p.err(KindUnterminatedComment, "error", "missing ), unterminated comment", "", p.tell()-start))
		}
		if p.get().is(')') {
			return
		}
	}
}

// groupBody reads a group's body up to its ")" and appends the group.
func (p *parser) groupBody(sp *subpattern, h groupHead, verbose bool, nested, start int) {
	group := 0
	if h.capture {
		group = p.openGroup(h.name, h.named)
	}
	subVerbose := (verbose || h.add&flagVerbose != 0) && h.del&flagVerbose == 0
	body := p.parseSub(subVerbose, nested+1)
	if !p.match(')') {
		panic(p.err(KindUnterminatedGroup, "error", "missing ), unterminated subpattern", "", p.tell()-start))
	}
	if group > 0 {
		lo, hi := body.getwidth()
		p.st.groupwidths[group] = &[2]int64{lo, hi}
	}
	if h.atomic {
		sp.data = append(sp.data, item{op: opAtomic, sub: body})
	} else {
		sp.data = append(sp.data, item{op: opSubpattern, group: group, addFlags: h.add, delFlags: h.del, sub: body})
	}
}

// openGroup is State.opengroup: a new capturing group, named or not.
func (p *parser) openGroup(name string, named bool) int {
	gid := p.st.groups()
	p.st.groupwidths = append(p.st.groupwidths, nil)
	if p.st.groups() > maxGroups {
		panic(p.err(KindTooManyGroups, "error", "too many groups", "", runeLen(name)+1))
	}
	if named {
		if ogid, ok := p.st.groupdict[name]; ok {
			msg := fmt.Sprintf("redefinition of group name %s as group %d; was group %d", pyRepr(name), gid, ogid)
			panic(p.err(KindGroupRedefined, "error", msg, name, runeLen(name)+1))
		}
		p.st.groupdict[name] = gid
	}
	return gid
}

// checkGroupName refuses a group name that is not a Python identifier.
func (p *parser) checkGroupName(name string, offset int) {
	if !isIdentifier(name) {
		panic(p.err(KindBadGroupName, "error", "bad character in group name "+pyRepr(name), name, runeLen(name)+offset))
	}
}

// lookaround reads a look-ahead or look-behind after "(?" and its first
// character (=, ! or <).
func (p *parser) lookaround(sp *subpattern, char tok, verbose bool, nested, start int) {
	behind := char.is('<')
	outer := p.st.lookbehindgroups
	if behind {
		char = p.get()
		if char.none {
			panic(p.err(KindUnexpectedEnd, "error", "unexpected end of pattern", "", 0))
		}
		if !char.in("=!") {
			panic(p.err(KindUnknownExtension, "error", "unknown extension ?<"+char.text(), "?<"+char.text(), char.size()+2))
		}
		if outer < 0 {
			p.st.lookbehindgroups = p.st.groups()
		}
	}
	body := p.parseSub(verbose, nested+1)
	if behind && outer < 0 {
		p.st.lookbehindgroups = -1
	}
	if !p.match(')') {
		panic(p.err(KindUnterminatedGroup, "error", "missing ), unterminated subpattern", "", p.tell()-start))
	}
	sp.data = append(sp.data, item{op: opAssert, sub: body, behind: behind, from: start, to: p.tell()})
}

// conditional reads "(?(id)yes|no)" after "(?(".
func (p *parser) conditional(sp *subpattern, verbose bool, nested, start int) {
	condname := p.getuntil(')', "group name")
	var condgroup int
	if isIdentifier(condname) {
		gid, ok := p.st.groupdict[condname]
		if !ok {
			panic(p.err(KindUnknownGroupName, "error", "unknown group name "+pyRepr(condname), condname, runeLen(condname)+1))
		}
		condgroup = gid
	} else {
		v, ok := pyInt(condname, maxGroups)
		if !ok || v < 0 {
			panic(p.err(KindBadGroupName, "error", "bad character in group name "+pyRepr(condname), condname, runeLen(condname)+1))
		}
		if v == 0 {
			panic(p.err(KindBadGroupNumber, "error", "bad group number", condname, runeLen(condname)+1))
		}
		if v >= maxGroups {
			panic(p.err(KindBadGroupRef, "error", fmt.Sprintf("invalid group reference %s", pyIntText(condname)), condname, runeLen(condname)+1))
		}
		condgroup = int(v)
		if _, seen := p.st.grouprefAt[condgroup]; !seen {
			p.st.grouprefAt[condgroup] = [2]int{p.tell() - runeLen(condname) - 1, runeLen(condname)}
			p.st.grouprefpos = append(p.st.grouprefpos, condgroup)
		}
	}
	p.checkLookbehindGroup(condgroup)
	yes := p.parse(verbose, nested+1, false)
	var no *subpattern
	if p.match('|') {
		no = p.parse(verbose, nested+1, false)
		if p.next.is('|') {
			panic(p.err(KindConditionalBranches, "error", "conditional backref with more than two branches", "", 0))
		}
	}
	if !p.match(')') {
		panic(p.err(KindUnterminatedGroup, "error", "missing ), unterminated subpattern", "", p.tell()-start))
	}
	sp.data = append(sp.data, item{op: opGrouprefExists, group: condgroup, sub: yes, no: no})
}
