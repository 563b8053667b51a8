package pyre

import "unicode/utf8"

// Status is the verdict on a pattern.
type Status uint8

const (
	// Accepted: Python compiles the pattern.
	Accepted Status = iota
	// Refused: Python raises; Result.Err says what and where.
	Refused
	// Undecided: the verdict hangs on a fact this package does not
	// hold (a Unicode character name, Python's recursion limit).
	Undecided
)

// Result is Check's answer.
type Result struct {
	Status Status
	// Err is the first fault Python reports when Status is Refused.
	Err *Error
	// Features lists the constructs the pattern uses whose meaning
	// differs in other dialects, such as Go's (see Feature).
	Features Feature
	// Doubt says what was left unknown: why the pattern is Undecided,
	// or, for Refused, an earlier construct that may already fail
	// (so Err may not be the fault Python names first).
	Doubt string
}

// Error is a refusal as Python reports it.
type Error struct {
	// Exc is the Python exception class: "error" (re.error),
	// "OverflowError", "ValueError" or "RuntimeError".
	Exc string
	// Msg is Python's message without its " at position N" suffix.
	Msg string
	// Kind names the fault independent of the pattern's text.
	Kind Kind
	// Detail is the piece of the pattern the fault is about (an
	// escape, a range, a group name, a flag), "" when none.
	Detail string
	// Pos is Python's position in characters, -1 when Python gives
	// none.
	Pos int
	// Start and End are the bytes of the pattern to point at; both 0
	// for the whole pattern when nothing narrower fits.
	Start, End int
}

// Feature is a construct Python's re reads differently from Go's
// regexp although both take it, for a caller that matches with Go.
type Feature uint8

const (
	// FeatRepeatNoMin: "{,n}" or "{,}", a repeat from zero to Python,
	// text to Go.
	FeatRepeatNoMin Feature = 1 << iota
	// FeatPosixClass: "[:" inside a class, which Go may read as a POSIX
	// class such as [:alpha:]; Python reads the characters.
	FeatPosixClass
	// FeatCategory: \d \w \s \b or their negations, which take Unicode
	// (and \s also \v and \x1c-\x1f) in Python, ASCII only in Go.
	FeatCategory
	// FeatDollar: "$", which Python also matches before a final newline.
	FeatDollar
)

// MaxNesting is the group depth beyond which Check answers Undecided
// (unless the pattern is refused anyway): Python's parser recurses twice
// per group level, and the interpreter's recursion limit, with the
// caller's own frames (such as Heat's), ends it somewhere below
// MaxPythonNesting levels; where exactly depends on the caller.
const MaxNesting = 100

// MaxPythonNesting is the group depth past which no caller can compile
// the pattern, the bound of this package's own recursion. Python's
// _parse_sub and _parse take one frame each (a conditional group's
// branches only _parse), and at the default limit of 1000 frames a bare
// interpreter compiles 494 nested groups (or 989 nested conditionals)
// and raises RecursionError at 495 (990): Heat then refuses the template.
const MaxPythonNesting = 494

// Python frames the parse may take: the top level's two, then two per
// group level (maxFrames), and the count past which the verdict is
// Undecided (doubtFrames).
const (
	maxFrames   = 2 + 2*MaxPythonNesting + 1
	doubtFrames = 2 + 2*MaxNesting
)

// Check decides what re.compile(pattern) does.
func Check(pattern string) (res Result) {
	runes := []rune(pattern)
	p := &parser{pattern: pattern, runes: runes, byteAt: byteOffsets(pattern, len(runes)), lastOpen: -1}
	defer func() {
		r := recover()
		switch e := r.(type) {
		case nil:
		case *Error:
			res = Result{Status: Refused, Err: e, Doubt: p.doubt}
		case undecided:
			res = Result{Status: Undecided, Doubt: string(e)}
		default:
			panic(r)
		}
	}()
	p.run()
	if p.doubt != "" {
		return Result{Status: Undecided, Doubt: p.doubt, Features: p.feats}
	}
	return Result{Status: Accepted, Features: p.feats}
}

// undecided stops the parse when the verdict cannot be known.
type undecided string

// byteOffsets maps each character index (and the end) to its byte
// offset. Invalid UTF-8 bytes count as one character each, as []rune
// turns each into U+FFFD.
func byteOffsets(s string, n int) []int32 {
	at := make([]int32, 0, n+1)
	for i := 0; i < len(s); {
		at = append(at, int32(i))
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return append(at, int32(len(s)))
}
