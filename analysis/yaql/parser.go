package yaql

// Check parses expr as Heat's yaql engine does and returns nil when the
// engine accepts it, or the first place the engine stops.
func Check(expr string) *Error {
	p := &parser{lx: lexer{src: expr}}
	p.advance()
	if !p.value() {
		return p.err
	}
	if p.tok.kind != kEnd {
		p.unexpected("an operator or the end of the expression")
		return p.err
	}
	return nil
}

// parser recognises the grammar: an expression is an operand followed by
// any number of binary operators with their operands and `[…]` indexes,
// and an operand is any number of prefix operators before a constant, a
// name, `$…`, `(expression)`, a list `[…]`, a map `{…}` or a function
// call `name(…)`. Precedence decides the shape of the tree, never whether
// a text parses, so the recogniser does not need it.
type parser struct {
	lx  lexer
	tok token
	err *Error
}

func (p *parser) advance() { p.tok = p.lx.next() }

// unexpected records the refusal of the current token, where want was
// expected, and returns false.
func (p *parser) unexpected(want string) bool {
	t := p.tok
	switch t.kind {
	case kBad:
		p.err = t.err
	case kEnd:
		p.err = &Error{Offset: t.start, End: t.start, Kind: EndOfInput,
			Message: "it ends where " + want + " should follow"}
	default:
		p.err = &Error{Offset: t.start, End: t.end, Kind: Grammar,
			Message: "unexpected " + quoteText(p.lx.src[t.start:t.end]) + " where " + want + " should be"}
	}
	return false
}

// expect consumes a token of kind k or refuses the current one.
func (p *parser) expect(k kind) bool {
	if p.tok.kind != k {
		return p.unexpected(kindText[k])
	}
	p.advance()
	return true
}

// value parses an expression.
func (p *parser) value() bool {
	for {
		if !p.operand() {
			return false
		}
		for p.tok.kind == kIndexer {
			p.advance()
			if !p.args(kCloseList) {
				return false
			}
		}
		if k := p.tok.kind; k != kBinary && k != kSign {
			return true
		}
		p.advance()
	}
}

// operand parses prefix operators and what they apply to.
func (p *parser) operand() bool {
	for p.tok.kind == kPrefix || p.tok.kind == kSign {
		p.advance()
	}
	switch p.tok.kind {
	case kConst, kName, kDollar:
		p.advance()
		return true
	case kOpen:
		p.advance()
		return p.value() && p.expect(kClose)
	case kIndexer:
		p.advance()
		return p.args(kCloseList)
	case kMap:
		p.advance()
		return p.args(kCloseMap)
	case kFunc:
		p.advance()
		return p.args(kClose)
	}
	return p.unexpected("a value")
}
