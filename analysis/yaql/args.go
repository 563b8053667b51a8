package yaql

import "strconv"

// argState is where an argument list stands, as the engine's grammar
// sees it. Arguments are positional values, empty slots (a comma with
// nothing before it) and named arguments `name => value`; named arguments
// come last. The grammar is ambiguous and its generated parser settles
// each choice one way, which makes the accepted order less regular than it
// looks:
//
//   - a list may begin with commas, but a value after such a leading comma
//     cannot be named;
//   - after a value, one comma or two may come before a named argument,
//     and three or more commas only before a positional value;
//   - a list never ends with a comma, and after the first named argument
//     every argument is named.
type argState uint8

const (
	argFirst   argState = iota // after the opening bracket
	argLeading                 // after a comma that no value precedes
	argValue                   // after a positional value
	argComma                   // after a value and one comma
	argCommas                  // after a value and two commas
	argNamed                   // after a named argument
	argPending                 // after `=>`: the named value begins
	argFailed                  // the parser refused a token in this list
)

// slot says which expression of an argument list the parser is reading.
type slot uint8

const (
	slotNone      slot = iota // between arguments
	slotPlain                 // a value after a leading comma: never named
	slotNameable              // a value that `=>` may turn into a name
	slotNamedVal              // the value after `name =>`
	slotLaterName             // the name of a named argument after the first
)

// frame is an open bracket, packed in one byte so that a text of
// brackets costs its own size again at most: which bracket it is (two
// bits), where its argument list stands (three) and which expression of
// it is being read (three). A parenthesis holds one expression; the other
// brackets an argument list.
type frame uint8

const (
	frameCall  frame = iota // `f(` or an argument list closed by `)`
	frameList               // `[`, a list or an index
	frameMap                // `{`
	frameParen              // `(`, one expression
)

// closers maps a frame's bracket to the token that closes it.
var closers = [4]kind{frameCall: kClose, frameList: kCloseList, frameMap: kCloseMap, frameParen: kClose}

func (f frame) closer() kind      { return closers[f&3] }
func (f frame) paren() bool       { return f&3 == frameParen }
func (f frame) st() argState      { return argState(f>>2) & 7 }
func (f frame) slot() slot        { return slot(f >> 5) }
func (f *frame) setSt(s argState) { *f = *f&^(7<<2) | frame(s)<<2 }
func (f *frame) setSlot(s slot)   { *f = *f&^(7<<5) | frame(s)<<5 }

// args continues the argument list of the innermost frame after its
// bracket or after a value just completed. It returns more when an
// argument's expression begins (the caller parses it and comes back
// through valueDone), or !more when the closing bracket was consumed and
// the frame popped; ok is false when the parser refuses a token.
func (p *parser) args() (more, ok bool) {
	f := &p.stack[len(p.stack)-1]
	for {
		switch f.st() {
		case argPending:
			return true, true
		case argFailed:
			return false, false
		case argFirst, argLeading, argComma, argCommas:
			if p.tok.kind == f.closer() && f.st() == argFirst {
				p.advance()
				p.stack = p.stack[:len(p.stack)-1]
				return false, true
			}
			if p.tok.kind == kComma {
				p.advance()
				f.setSt(afterComma(f.st()))
				continue
			}
			f.setSlot(slotNameable)
			if f.st() == argLeading {
				f.setSlot(slotPlain)
			}
			return true, true
		case argValue, argNamed:
			switch p.tok.kind {
			case f.closer():
				p.advance()
				p.stack = p.stack[:len(p.stack)-1]
				return false, true
			case kComma:
				p.advance()
			default:
				return false, p.unexpected("`,` or " + kindText[f.closer()])
			}
			if f.st() == argValue {
				f.setSt(argComma)
				continue
			}
			f.setSlot(slotLaterName)
			return true, true
		}
	}
}

// valueDone moves f past the expression just parsed in its current slot.
// The caller then calls args, which reads on from the new state; when the
// slot asks for another expression right away (after `=>`), valueDone
// leaves that expression's slot set and args returns more at once.
func (f *frame) valueDone(p *parser) {
	switch f.slot() {
	case slotPlain:
		f.setSt(argValue)
	case slotNameable:
		f.setSt(argValue)
		if p.tok.kind == kMapping {
			f.setSlot(slotNamedVal)
			f.setSt(argPending)
			p.advance()
			return
		}
	case slotNamedVal:
		f.setSt(argNamed)
	case slotLaterName:
		if !p.expect(kMapping) {
			f.setSt(argFailed)
			return
		}
		f.setSlot(slotNamedVal)
		f.setSt(argPending)
		return
	}
	f.setSlot(slotNone)
}

// afterComma is the state a comma leads to from a state before a value.
func afterComma(st argState) argState {
	if st == argComma {
		return argCommas
	}
	return argLeading
}

func itoa(n int) string { return strconv.Itoa(n) }
