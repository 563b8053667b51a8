// Package pyre decides, without Python, whether Python 3.11's re.compile
// refuses a pattern. Heat compiles a parameter's allowed_pattern that way
// (a str pattern, no flags). It ports re/_parser.py (3.11.2, the
// release Heat's oracle runs) and the checks re/_compiler.py and the
// _sre code validator make after parsing; it never matches anything
// (analysis/check keeps Go's regexp for that).
//
// Positions follow Python: an Error's Pos counts characters (code
// points) from the start of the pattern; Start and End are byte offsets
// into the Go string, for pointing at the fault.
//
// May use: nothing.
package pyre
