package yaql

import (
	"strconv"
	"unicode/utf8"
)

// ErrorKind says which part of the engine refuses the expression.
type ErrorKind int

const (
	// Grammar: a token that cannot come where it is.
	Grammar ErrorKind = iota
	// EndOfInput: the text stops before the expression is complete.
	EndOfInput
	// Lexical: a character that begins no token.
	Lexical
	// Escape: an escape in a quoted string that does not decode.
	Escape
	// Depth: brackets nested past MaxDepth, which the parser reads but
	// Heat cannot evaluate (Result.TooDeep only, never Result.Err).
	Depth
)

// Error is why and where an expression does not parse. Offset and End are
// byte offsets into the expression: the token (or escape) the engine stops
// at, or the end of the text for EndOfInput.
type Error struct {
	Offset, End int
	Kind        ErrorKind
	Message     string
}

func (e *Error) Error() string { return e.Message }

// quoteText quotes a token's text for a message.
func quoteText(s string) string {
	if !utf8.ValidString(s) {
		return strconv.Quote(s)
	}
	return "`" + s + "`"
}
