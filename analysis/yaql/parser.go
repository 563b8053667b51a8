package yaql

// MaxDepth is the bracket nesting past which Result.TooDeep is set. Heat's
// yaql parser is a table-driven LALR parser and reads any depth, but the
// engine evaluates the parsed tree by recursion, at least one Python frame
// per bracket, and Python stops at 1000 frames: an expression nesting
// deeper cannot be evaluated (Heat fails with "maximum recursion depth
// exceeded" when it computes the value). The recogniser itself keeps its
// pending brackets on a heap stack, so depth costs it a few bytes a level
// and never Go stack.
const MaxDepth = 1000

// Result is what Parse finds in one expression.
type Result struct {
	// Err is the first place Heat's parser stops, nil when it accepts the
	// expression.
	Err *Error
	// Depth is the deepest bracket nesting read before the parse ended.
	Depth int
	// TooDeep, when Depth passes MaxDepth, is the bracket that opens the
	// level MaxDepth+1 (Kind Depth); nil otherwise.
	TooDeep *Error
}

// Check parses expr as Heat's yaql engine does and returns nil when the
// engine accepts it, or the first place the engine stops.
func Check(expr string) *Error { return Parse(expr).Err }

// Parse parses expr as Heat's yaql engine does and also reports how deep
// its brackets nest.
func Parse(expr string) Result {
	p := &parser{lx: lexer{src: expr}}
	p.advance()
	if p.run() && p.tok.kind != kEnd {
		p.unexpected("an operator or the end of the expression")
	}
	return Result{Err: p.err, Depth: p.depth, TooDeep: p.tooDeep}
}

// parser recognises the grammar: an expression is an operand followed by
// any number of binary operators with their operands and `[…]` indexes,
// and an operand is any number of prefix operators before a constant, a
// name, `$…`, `(expression)`, a list `[…]`, a map `{…}` or a function
// call `name(…)`. Precedence decides the shape of the tree, never whether
// a text parses, so the recogniser does not need it.
//
// The grammar nests, but the recogniser does not recurse: every bracket
// still open is a frame on stack, saying what comes once the expression
// inside it is complete (see run).
type parser struct {
	lx      lexer
	tok     token
	err     *Error
	stack   []frame
	depth   int
	tooDeep *Error
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

// open consumes the bracket token and pushes the frame that waits for
// its contents, recording the first bracket past MaxDepth.
func (p *parser) open(f frame) {
	if len(p.stack) == MaxDepth && p.tooDeep == nil {
		p.tooDeep = &Error{Offset: p.tok.start, End: p.tok.end, Kind: Depth,
			Message: "brackets nest more than " + itoa(MaxDepth) + " levels deep here"}
	}
	p.advance()
	p.stack = append(p.stack, f)
	p.depth = max(p.depth, len(p.stack))
}

// run parses one expression to its end, with every bracket inside it,
// and reports whether it parsed. It moves between three points of the
// grammar: an operand begins (operand), an operand is complete and
// operators or indexes may follow (after), and an expression is complete
// and the innermost open bracket takes it (done).
func (p *parser) run() bool {
	for {
		// operand: prefix operators, then what they apply to.
		for p.tok.kind == kPrefix || p.tok.kind == kSign {
			p.advance()
		}
		inArgs := true
		switch p.tok.kind {
		case kConst, kName, kDollar:
			p.advance()
			inArgs = false
		case kOpen:
			p.open(frameParen)
			continue
		case kIndexer:
			p.open(frameList)
		case kMap:
			p.open(frameMap)
		case kFunc:
			p.open(frameCall)
		default:
			return p.unexpected("a value")
		}
		// The loop below leaves with another operand to parse (continue
		// the outer loop) or with the whole expression parsed.
		for {
			if inArgs {
				more, ok := p.args()
				if !ok {
					return false
				}
				if more {
					break
				}
				inArgs = false
			}
			// after: indexes and operators.
			if p.tok.kind == kIndexer {
				p.open(frameList)
				inArgs = true
				continue
			}
			if k := p.tok.kind; k == kBinary || k == kSign {
				p.advance()
				break
			}
			// done: the expression is complete.
			if len(p.stack) == 0 {
				return true
			}
			top := &p.stack[len(p.stack)-1]
			if top.paren() {
				p.stack = p.stack[:len(p.stack)-1]
				if !p.expect(kClose) {
					return false
				}
				continue // after the `)`
			}
			top.valueDone(p)
			inArgs = true
		}
	}
}
