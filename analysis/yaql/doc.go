// Package yaql tells whether a yaql expression parses the way Heat's yaql
// engine parses it, and where it stops when it does not.
//
// Heat builds its yaql engine with the library's default operator table
// and parses every literal `expression` of a yaql call when it validates
// the template; a text the parser refuses refuses the whole template. The
// engine is a generated LALR parser over a tokeniser made of regular
// expressions, so the facts that decide acceptance are small: which token
// comes first at each character, what a quoted string may hold, and in
// which order arguments, named arguments and empty slots may come. This
// package is a hand-written recogniser for that language: it builds no
// tree, it only accepts or names the first token the engine would refuse.
//
// Offsets are byte offsets into the expression text. The engine counts
// characters; Check's callers map bytes to document positions themselves.
//
// The package has no dependency beyond the standard library; the recorded
// verdicts of the real engine (testdata/verdicts.json, written by
// testdata/record_verdicts.py) are replayed by the tests.
//
// May use: nothing.
package yaql
