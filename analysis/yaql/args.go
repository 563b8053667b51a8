package yaql

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
type argState int

const (
	argFirst   argState = iota // after the opening bracket
	argLeading                 // after a comma that no value precedes
	argValue                   // after a positional value
	argComma                   // after a value and one comma
	argCommas                  // after a value and two commas
	argNamed                   // after a named argument
)

// args parses an argument list up to and including the closing token.
func (p *parser) args(closer kind) bool {
	st := argFirst
	for {
		switch st {
		case argFirst, argLeading, argComma, argCommas:
			if p.tok.kind == closer && st == argFirst {
				p.advance()
				return true
			}
			if p.tok.kind == kComma {
				p.advance()
				st = afterComma(st)
				continue
			}
			if !p.value() {
				return false
			}
			named := st != argLeading
			st = argValue
			if named && p.tok.kind == kMapping {
				p.advance()
				if !p.value() {
					return false
				}
				st = argNamed
			}
		case argValue, argNamed:
			switch p.tok.kind {
			case closer:
				p.advance()
				return true
			case kComma:
				p.advance()
			default:
				return p.unexpected("`,` or " + kindText[closer])
			}
			if st == argValue {
				st = argComma
				continue
			}
			if !p.value() {
				return false
			}
			if !p.expect(kMapping) || !p.value() {
				return false
			}
		}
	}
}

// afterComma is the state a comma leads to from a state before a value.
func afterComma(st argState) argState {
	if st == argComma {
		return argCommas
	}
	return argLeading
}
