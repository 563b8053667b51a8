package yaql

// kind is what a token is to the grammar.
type kind uint8

const (
	kEnd       kind = iota // end of the text
	kBad                   // a character no token begins with, or a string whose escapes do not decode
	kConst                 // a quoted string, a number, true, false or null
	kName                  // a bare name that is no keyword (a keyword constant)
	kDollar                // `$` followed by an optional name
	kFunc                  // a name immediately followed by `(` (the `(` is part of the token)
	kOpen                  // `(`
	kClose                 // `)`
	kIndexer               // `[`, which opens both a list and an index
	kCloseList             // `]`
	kMap                   // `{`
	kCloseMap              // `}`
	kComma                 // `,`
	kMapping               // `=>`, between a named argument's name and value
	kPrefix                // `not`: only ever a prefix operator
	kSign                  // `+` or `-`: a prefix or a binary operator
	kBinary                // every other binary operator, `.` and `?.` included
)

// token is one token of an expression: its kind and its byte span.
type token struct {
	kind       kind
	start, end int
	// err says why a kBad token is bad.
	err *Error
}

// symbols are the operators written with punctuation, longest first: the
// tokeniser tries longer patterns before shorter ones, so `=>` is never
// read as `=` then `>`.
var symbols = []struct {
	text string
	kind kind
}{
	{"?.", kBinary}, {"=~", kBinary}, {"!~", kBinary}, {"->", kBinary},
	{">=", kBinary}, {"<=", kBinary}, {"!=", kBinary}, {"=>", kMapping},
	{".", kBinary}, {"*", kBinary}, {"/", kBinary}, {">", kBinary},
	{"<", kBinary}, {"=", kBinary}, {"+", kSign}, {"-", kSign},
	{"[", kIndexer}, {"{", kMap},
}

// words are the names that are operators or constants rather than
// keyword constants. A word directly followed by `(` is a function call
// instead (`not(x)` calls a function named not).
var words = map[string]kind{
	"and": kBinary, "or": kBinary, "in": kBinary, "mod": kBinary,
	"not":  kPrefix,
	"true": kConst, "false": kConst, "null": kConst,
}

// singles are the characters that are tokens by themselves; the tokeniser
// tries them only when no pattern matches.
var singles = map[byte]kind{
	'(': kOpen, ')': kClose, ']': kCloseList, ',': kComma, '}': kCloseMap,
}

// kindText names the tokens the parser may expect by kind.
var kindText = map[kind]string{
	kClose: "`)`", kCloseList: "`]`", kCloseMap: "`}`", kMapping: "`=>`",
}
