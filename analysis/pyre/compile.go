package pyre

// compile makes the checks re/_compiler.py makes while it walks the
// parsed pattern in order (a look-behind must have one width; under the
// template flag nothing may repeat), then the _sre code validator's (a
// look-behind's width must fit in 31 bits).
func (p *parser) compile(top *subpattern) {
	var tooLong *item
	var walk func(sp *subpattern)
	walk = func(sp *subpattern) {
		for i := range sp.data {
			it := &sp.data[i]
			switch it.op {
			case opRepeat:
				if p.st.flags&flagTemplate != 0 {
					panic(p.errAt(KindTemplateRepeat, "error", "internal: unsupported template operator "+it.mode, "", it.from, it.to).noPos())
				}
			case opAssert:
				if it.behind {
					lo, hi := it.sub.getwidth()
					if lo != hi {
						panic(p.errAt(KindLookbehindWidth, "error", "look-behind requires fixed-width pattern", "", it.from, it.to).noPos())
					}
					if lo > maxLookbehind && tooLong == nil {
						tooLong = it
					}
				}
			}
			if it.sub != nil {
				walk(it.sub)
			}
			if it.no != nil {
				walk(it.no)
			}
			for _, a := range it.alts {
				walk(a)
			}
		}
	}
	top.getwidth() // _compile_info measures the whole pattern first
	walk(top)
	if tooLong != nil {
		panic(p.errAt(KindLookbehindTooLong, "RuntimeError", "invalid SRE code", "", tooLong.from, tooLong.to).noPos())
	}
}
