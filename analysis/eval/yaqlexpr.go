package eval

import (
	"strconv"
	"strings"
)

// The yaql heat-ls evaluates is the part Heat templates use to reshape
// their data: $ and $.data paths, indexes, literals, comparisons, and,
// or, not, + and - on numbers and texts, * on numbers, and the methods
// len, count, sum, max, min, first, last, distinct, flatten, keys,
// values, toList, join, select, where, str, toUpper, toLower, split,
// replace, startsWith, endsWith and contains. Anything else (and any
// evaluation error) leaves the value unknown: yaql's library has
// hundreds of functions, and a wrong answer is worse than none.

// evalYaql evaluates expr with root as $; ok is false outside the subset.
func evalYaql(expr string, root Value) (v Value, ok bool) {
	defer func() {
		if recover() != nil {
			v, ok = Value{}, false
		}
	}()
	p := &yparser{src: expr}
	p.next()
	n := p.expr(0)
	if p.tok.kind != ytEnd {
		return Value{}, false
	}
	out := n(root)
	if out.Kind == Unknown || out.Kind == Invalid {
		return Value{}, false
	}
	return out, true
}

// ynode evaluates a parsed expression with $ bound to its argument.
type ynode func(dollar Value) Value

type ykind int

const (
	ytEnd ykind = iota
	ytNum
	ytStr
	ytName
	ytDollar
	ytOp
)

type ytoken struct {
	kind ykind
	text string
	num  Value
}

type yparser struct {
	src   string
	pos   int
	tok   ytoken
	depth int
}

// giveUp aborts parsing or evaluation: the value is unknown.
func giveUp() { panic("yaql: outside the subset") }

func (p *yparser) next() {
	s := p.src
	for p.pos < len(s) && (s[p.pos] == ' ' || s[p.pos] == '\t' || s[p.pos] == '\n') {
		p.pos++
	}
	if p.pos >= len(s) {
		p.tok = ytoken{kind: ytEnd}
		return
	}
	c := s[p.pos]
	start := p.pos
	switch {
	case c == '$':
		p.pos++
		for p.pos < len(s) && isIdent(s[p.pos]) {
			p.pos++
		}
		p.tok = ytoken{kind: ytDollar, text: s[start:p.pos]}
	case c >= '0' && c <= '9':
		for p.pos < len(s) && (s[p.pos] >= '0' && s[p.pos] <= '9' || s[p.pos] == '.') {
			p.pos++
		}
		t := s[start:p.pos]
		if strings.Contains(t, ".") {
			f, err := strconv.ParseFloat(t, 64)
			if err != nil {
				giveUp()
			}
			p.tok = ytoken{kind: ytNum, num: FloatValue(f)}
		} else {
			n, err := strconv.ParseInt(t, 10, 64)
			if err != nil {
				giveUp()
			}
			p.tok = ytoken{kind: ytNum, num: IntValue(n)}
		}
	case c == '\'' || c == '"':
		p.pos++
		var b strings.Builder
		for p.pos < len(s) && s[p.pos] != c {
			if s[p.pos] == '\\' {
				giveUp()
			}
			b.WriteByte(s[p.pos])
			p.pos++
		}
		if p.pos >= len(s) {
			giveUp()
		}
		p.pos++
		p.tok = ytoken{kind: ytStr, text: b.String()}
	case isIdent(c):
		for p.pos < len(s) && isIdent(s[p.pos]) {
			p.pos++
		}
		p.tok = ytoken{kind: ytName, text: s[start:p.pos]}
	default:
		for _, op := range []string{"!=", "<=", ">=", "(", ")", "[", "]", ",", ".", "=", "<", ">", "+", "-", "*"} {
			if strings.HasPrefix(s[p.pos:], op) {
				p.pos += len(op)
				p.tok = ytoken{kind: ytOp, text: op}
				return
			}
		}
		giveUp()
	}
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func (p *yparser) isOp(op string) bool { return p.tok.kind == ytOp && p.tok.text == op }

func (p *yparser) isWord(w string) bool { return p.tok.kind == ytName && p.tok.text == w }

func (p *yparser) expect(op string) {
	if !p.isOp(op) {
		giveUp()
	}
	p.next()
}

// binary operator precedence, lowest first.
var yprec = map[string]int{"or": 1, "and": 2, "=": 4, "!=": 4, "<": 4, ">": 4, "<=": 4, ">=": 4, "in": 4, "+": 5, "-": 5, "*": 6}

func (p *yparser) binop() (string, int) {
	switch {
	case p.tok.kind == ytOp:
		if pr, ok := yprec[p.tok.text]; ok {
			return p.tok.text, pr
		}
	case p.isWord("or"), p.isWord("and"), p.isWord("in"):
		return p.tok.text, yprec[p.tok.text]
	}
	return "", 0
}

func (p *yparser) expr(minPrec int) ynode {
	if p.depth++; p.depth > MaxDepth {
		giveUp()
	}
	defer func() { p.depth-- }()
	left := p.unary()
	for {
		op, pr := p.binop()
		if pr == 0 || pr <= minPrec {
			return left
		}
		p.next()
		right := p.expr(pr)
		left = ybinary(op, left, right)
	}
}

func (p *yparser) unary() ynode {
	switch {
	case p.isWord("not"):
		if p.pos < len(p.src) && p.src[p.pos] == '(' {
			giveUp() // not(...) calls a function named not, which yaql lacks
		}
		p.next()
		x := p.unary()
		return func(d Value) Value { return BoolValue(!yTruthy(x(d))) }
	case p.isOp("-"):
		p.next()
		x := p.unary()
		return func(d Value) Value {
			v := x(d)
			switch v.Kind {
			case Int:
				return IntValue(-v.I)
			case Float:
				return FloatValue(-v.F)
			}
			giveUp()
			return v
		}
	}
	return p.postfix(p.primary())
}

func (p *yparser) primary() ynode {
	t := p.tok
	switch t.kind {
	case ytNum:
		p.next()
		return func(Value) Value { return t.num }
	case ytStr:
		p.next()
		return func(Value) Value { return StringValue(t.text) }
	case ytDollar:
		p.next()
		if t.text != "$" {
			giveUp()
		}
		return func(d Value) Value { return d }
	case ytName:
		p.next()
		switch t.text {
		case "true":
			return func(Value) Value { return BoolValue(true) }
		case "false":
			return func(Value) Value { return BoolValue(false) }
		case "null":
			return func(Value) Value { return NullValue() }
		}
		if p.isOp("(") {
			args := p.args()
			return func(d Value) Value {
				if len(args) == 0 {
					giveUp()
				}
				return yMethod(t.text, args[0](d), args[1:], d)
			}
		}
		giveUp()
	case ytOp:
		switch t.text {
		case "(":
			p.next()
			x := p.expr(0)
			p.expect(")")
			return x
		case "[":
			p.next()
			var items []ynode
			for !p.isOp("]") {
				items = append(items, p.expr(0))
				if !p.isOp(",") {
					break
				}
				p.next()
			}
			p.expect("]")
			return func(d Value) Value {
				out := make([]Value, len(items))
				for i, it := range items {
					out[i] = it(d)
				}
				return ListValue(out)
			}
		}
	}
	giveUp()
	return nil
}

func (p *yparser) args() []ynode {
	p.expect("(")
	var args []ynode
	for !p.isOp(")") {
		args = append(args, p.expr(0))
		if !p.isOp(",") {
			break
		}
		p.next()
	}
	p.expect(")")
	return args
}

func (p *yparser) postfix(x ynode) ynode {
	for {
		switch {
		case p.isOp("."):
			p.next()
			if p.tok.kind != ytName {
				giveUp()
			}
			name := p.tok.text
			p.next()
			recv := x
			if p.isOp("(") {
				args := p.args()
				x = func(d Value) Value { return yMethod(name, recv(d), args, d) }
				continue
			}
			x = func(d Value) Value {
				v := recv(d)
				if v.Kind != Map {
					giveUp()
				}
				if got, ok := v.Get(name); ok {
					return got
				}
				giveUp() // yaql raises KeyError
				return v
			}
		case p.isOp("["):
			p.next()
			idx := p.expr(0)
			p.expect("]")
			recv := x
			x = func(d Value) Value { return yIndex(recv(d), idx(d)) }
		default:
			return x
		}
	}
}

func yIndex(c, i Value) Value {
	switch c.Kind {
	case List:
		if i.Kind != Int {
			giveUp()
		}
		n := i.I
		if n < 0 {
			n += int64(len(c.Items))
		}
		if n < 0 || n >= int64(len(c.Items)) {
			giveUp()
		}
		return c.Items[n]
	case Map:
		if i.Kind != String {
			giveUp()
		}
		if v, ok := c.Get(i.S); ok {
			return v
		}
	}
	giveUp()
	return c
}

func yTruthy(v Value) bool {
	if v.Kind == Unknown || v.Kind == Invalid {
		giveUp()
	}
	return v.Truthy()
}
