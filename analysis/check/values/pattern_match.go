package values

import (
	"regexp"
	"strings"

	"heat-ls/analysis/pyre"
)

// RegexpCache compiles each allowed_pattern once per rule run, for
// FullMatch.
type RegexpCache map[string]*goPattern

// goPattern is an allowed_pattern as Go's regexp runs it.
type goPattern struct {
	re *regexp.Regexp // nil when Go cannot compile it (look-arounds, back references: fine for Python)
	// loose is the pattern without its look-arounds when re is nil
	// (pattern_lookaround.go), nil when that does not compile either.
	loose *regexp.Regexp
	// feats are the constructs of the pattern Go reads otherwise than
	// Python (analysis/pyre).
	feats pyre.Feature
}

func (c RegexpCache) get(pattern string) *goPattern {
	if g, ok := c[pattern]; ok {
		return g
	}
	g := &goPattern{feats: pyre.Check(pattern).Features}
	// Python's re.match anchors at the start; Heat then demands the match
	// end at the end of the value. Go's leftmost-first matching picks the
	// same match Python's backtracking does, so its end is comparable.
	if re, err := regexp.Compile(`^(?:` + pattern + `)`); err == nil {
		g.re = re
	} else {
		g.loose = withoutLookarounds(pattern)
	}
	c[pattern] = g
	return g
}

// FullMatch reports whether pattern matches all of value the way Heat
// checks allowed_pattern; ok is false when the pattern cannot be judged.
func (c RegexpCache) FullMatch(pattern, value string) (matched, ok bool) {
	g := c.get(pattern)
	if !g.readsAlike(value) {
		return false, false
	}
	if g.re == nil {
		// Look-arounds Go cannot run: a value even the looser pattern
		// refuses is refused.
		if g.loose != nil && !g.loose.MatchString(value) {
			return false, true
		}
		return false, false
	}
	loc := g.re.FindStringIndex(value)
	return loc != nil && loc[1] == len(value), true
}

// readsAlike reports whether Go's regexp decides value as Python's re
// does: not when the pattern holds "{,n}" or "[:" (text to one, a repeat
// or a class to the other), nor when \d \w \s \b meet a value beyond
// printable ASCII, nor "$" a value with a newline.
func (g *goPattern) readsAlike(value string) bool {
	switch {
	case g.feats&(pyre.FeatRepeatNoMin|pyre.FeatPosixClass) != 0:
		return false
	case g.feats&pyre.FeatCategory != 0 && !printableASCII(value):
		return false
	case g.feats&pyre.FeatDollar != 0 && strings.Contains(value, "\n"):
		return false
	}
	return true
}

// printableASCII reports whether s holds only the characters from space
// to "~".
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}
