package syntax

import (
	"bytes"

	"heat-ls/analysis/source"
)

// FluxLine is the one line in which a text differs from an earlier one:
// it spans [Start, CurEnd) in the new text and [Start, OldEnd) in the old
// one, line breaks excluded.
type FluxLine struct {
	Start, CurEnd, OldEnd int
}

// InFlux reports whether cur is a line being typed over settled, two
// parses of a text: the texts differ inside one line only (the same line
// of both, no line added or removed), and that line is not one whose
// structure the author can mean yet. Three states qualify, each transient
// while typing:
//
//   - the line was emptied (it held text and now holds only blanks);
//   - the line held a block mapping key and now holds a word without its
//     colon (a key typed again from the start, "parameters" before ':');
//   - the line breaks the YAML, which settled did not (a quote or a
//     bracket opened and not closed yet).
//
// Any other single-line text is complete and parseable, and taken as
// meant even when it moves the lines around it (an indentation changed on
// purpose, a key renamed, a comment added): the new parse is the
// structure then. A changed line count is never in flux: a line removed
// or added is meant too.
func InFlux(cur, settled *File) (FluxLine, bool) {
	if cur == nil || settled == nil {
		return FluxLine{}, false
	}
	line, ok := OneEditedLine(cur.Src, settled.Src)
	if !ok {
		return FluxLine{}, false
	}
	now, was := cur.Src[line.Start:line.CurEnd], settled.Src[line.Start:line.OldEnd]
	switch {
	case len(trimBlank(now)) == 0:
		return line, len(trimBlank(was)) > 0
	case cur.Broken && !settled.Broken:
		return line, true
	}
	return line, HoldsKey(was) && !HoldsKey(now) && trimBlank(now)[0] != '#'
}

// FromOld moves a span of the old text to the new one: before the line it
// stays, after it it moves by the change in the line's length, and an end
// inside the line is clamped to the new line's length.
func (l FluxLine) FromOld(sp source.Span) source.Span {
	return source.Span{Start: l.fromOld(sp.Start), End: l.fromOld(sp.End)}
}

func (l FluxLine) fromOld(p int) int {
	switch {
	case p <= l.Start:
		return p
	case p > l.OldEnd:
		return p + l.CurEnd - l.OldEnd
	}
	return min(p, l.CurEnd)
}

// Holds reports whether sp starts on the line, in the new text (cur) or
// in the old one.
func (l FluxLine) Holds(sp source.Span, cur bool) bool {
	end := l.OldEnd
	if cur {
		end = l.CurEnd
	}
	return sp.Start >= l.Start && sp.Start <= end
}

// OneEditedLine finds the line in which cur and old differ, when they
// differ (and have the same lines) everywhere else; ok is false for equal
// texts and for edits that span, add or remove lines.
func OneEditedLine(cur, old []byte) (FluxLine, bool) {
	p, ci, oi := EditedLines(cur, old)
	if p == len(cur) && p == len(old) {
		return FluxLine{}, false // the same text
	}
	curLine, curBreak := lineBody(cur[p:ci])
	oldLine, oldBreak := lineBody(old[p:oi])
	if curBreak != oldBreak || bytes.ContainsAny(curLine, "\r\n") || bytes.ContainsAny(oldLine, "\r\n") {
		return FluxLine{}, false
	}
	if !curBreak && (ci != len(cur) || oi != len(old)) {
		return FluxLine{}, false // no line break, yet not the last line: not one line
	}
	return FluxLine{Start: p, CurEnd: p + len(curLine), OldEnd: p + len(oldLine)}, true
}

// lineBody strips one trailing line break ("\n" or "\r\n") from region.
func lineBody(region []byte) ([]byte, bool) {
	if b, ok := bytes.CutSuffix(region, []byte("\r\n")); ok {
		return b, true
	}
	if b, ok := bytes.CutSuffix(region, []byte("\n")); ok {
		return b, true
	}
	return region, false
}

// trimBlank drops spaces, tabs and a carriage return around line.
func trimBlank(line []byte) []byte {
	return bytes.Trim(line, " \t\r")
}

// HoldsKey reports whether a line of block YAML starts a mapping entry: a
// key (plain or quoted, after any "- " item indicators) followed by a
// colon that ends the line or is followed by a blank, or an explicit "?"
// key. It reads the line alone, as the author sees it.
func HoldsKey(line []byte) bool {
	s := trimBlankLeft(line)
	for len(s) > 0 && s[0] == '-' && (len(s) == 1 || isBlank(s[1])) {
		s = trimBlankLeft(s[1:])
	}
	if len(s) == 0 || s[0] == '#' || s[0] == '{' || s[0] == '[' {
		return false
	}
	if s[0] == '?' && (len(s) == 1 || isBlank(s[1])) {
		return true
	}
	if s[0] == '"' || s[0] == '\'' {
		end := closingQuote(s[1:], s[0])
		if end < 0 {
			return false
		}
		rest := trimBlankLeft(s[1+end:])
		return len(rest) > 0 && rest[0] == ':' && (len(rest) == 1 || isBlank(rest[1]) || rest[1] == '\r')
	}
	for i := range s {
		switch {
		case s[i] == '#' && i > 0 && isBlank(s[i-1]):
			return false // a comment starts before any colon
		case s[i] == ':' && (i+1 == len(s) || isBlank(s[i+1]) || s[i+1] == '\r'):
			return true
		}
	}
	return false
}
