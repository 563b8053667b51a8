package pyre

// op is an opcode of Python's parsed pattern (re/_constants.py), only
// those whose kind matters to the checks made after parsing.
type op uint8

const (
	opUnit           op = iota // one character: LITERAL, NOT_LITERAL, ANY, IN, CATEGORY
	opAt                       // an anchor: ^ $ \A \b \B \Z
	opBranch                   // a|b
	opSubpattern               // a group, capturing or with flags
	opAtomic                   // (?>...)
	opAssert                   // a look-ahead or look-behind, negative or not
	opRepeat                   // *, +, ?, {m,n}, greedy, lazy or possessive
	opGroupref                 // \1, (?P=name)
	opGrouprefExists           // (?(id)yes|no)
)

// Python's limits (_sre.MAXREPEAT, _sre.MAXGROUPS on 64-bit builds, and
// the _sre code validator's bound on a look-behind's width).
const (
	maxRepeat     = 4294967295
	maxGroups     = 1073741823
	maxLookbehind = 1<<31 - 1
)

// item is one element of a subpattern.
type item struct {
	op       op
	min, max int64       // opRepeat
	mode     string      // opRepeat: MAX_REPEAT, MIN_REPEAT or POSSESSIVE_REPEAT
	sub      *subpattern // the body of a repeat, group, atomic group or assertion; the yes branch of a conditional
	no       *subpattern // the no branch of a conditional, nil when none
	alts     []*subpattern
	group    int  // opSubpattern: its number (0: not capturing); opGroupref: the group
	addFlags int  // opSubpattern: scoped flags turned on
	delFlags int  // opSubpattern: scoped flags turned off
	behind   bool // opAssert: a look-behind
	from, to int  // opAssert, opRepeat: the characters it spans
}

// flagged reports whether a group sets scoped flags.
func (it item) flagged() bool { return it.addFlags != 0 || it.delFlags != 0 }

// subpattern is Python's SubPattern: a sequence of items and its cached
// width.
type subpattern struct {
	st     *state
	data   []item
	width  [2]int64
	widthd bool
}

// state is Python's parser State.
type state struct {
	flags            int
	groupdict        map[string]int
	groupwidths      []*[2]int64    // index 0 is the whole match; nil while open
	lookbehindgroups int            // -1: not inside a look-behind
	grouprefpos      []int          // conditional group numbers in order of first use
	grouprefAt       map[int][2]int // where each was first used: its position and length
}

func (s *state) groups() int { return len(s.groupwidths) }

// checkgroup reports whether group gid exists and is closed.
func (s *state) checkgroup(gid int) bool { return gid < s.groups() && s.groupwidths[gid] != nil }

// sat adds or multiplies widths without overflow: any value at or above
// the cap stays above it, and Python caps every width there anyway.
const satCap = 1 << 40

func satAdd(a, b int64) int64 { return min(a+b, satCap) }

func satMul(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a >= satCap/b {
		return satCap
	}
	return a * b
}

// getwidth is SubPattern.getwidth: the fewest and most characters the
// subpattern matches, capped at maxRepeat-1 and maxRepeat.
func (sp *subpattern) getwidth() (int64, int64) {
	if sp.widthd {
		return sp.width[0], sp.width[1]
	}
	var lo, hi int64
	for _, it := range sp.data {
		switch it.op {
		case opBranch:
			i, j := int64(maxRepeat-1), int64(0)
			for _, a := range it.alts {
				l, h := a.getwidth()
				i, j = min(i, l), max(j, h)
			}
			lo, hi = satAdd(lo, i), satAdd(hi, j)
		case opAtomic, opSubpattern:
			i, j := it.sub.getwidth()
			lo, hi = satAdd(lo, i), satAdd(hi, j)
		case opRepeat:
			i, j := it.sub.getwidth()
			lo, hi = satAdd(lo, satMul(i, it.min)), satAdd(hi, satMul(j, it.max))
		case opUnit:
			lo, hi = satAdd(lo, 1), satAdd(hi, 1)
		case opGroupref:
			w := sp.st.groupwidths[it.group]
			lo, hi = satAdd(lo, w[0]), satAdd(hi, w[1])
		case opGrouprefExists:
			i, j := it.sub.getwidth()
			if it.no != nil {
				l, h := it.no.getwidth()
				i, j = min(i, l), max(j, h)
			} else {
				i = 0
			}
			lo, hi = satAdd(lo, i), satAdd(hi, j)
		}
	}
	sp.width = [2]int64{min(lo, maxRepeat-1), min(hi, maxRepeat)}
	sp.widthd = true
	return sp.width[0], sp.width[1]
}
