package effective

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// A hover answers one parameter, so its size is bounded by what a reader
// takes in at a glance, not by the value: a default written over
// thousands of lines is shown by its head and a count of what is left.
const (
	// headLines is how many lines of a value a hover shows.
	headLines = 20
	// headBytes bounds the head's size, for values of few long lines
	// (a json default is written out on one line).
	headBytes = 2000
)

// head is the start of value a hover shows and, when value is longer, a
// note saying how much is left out ("… 12 more lines"); rest is empty
// when value is shown whole.
func head(value string) (shown, rest string) {
	cut := len(value)
	if i := nthNewline(value, headLines); i >= 0 {
		cut = i
	}
	if cut > headBytes {
		cut = headBytes
		for cut > 0 && !utf8.RuneStart(value[cut]) {
			cut--
		}
	}
	if cut == len(value) || value[cut:] == "\n" {
		return value, ""
	}
	shown, left := value[:cut], value[cut:]
	if left[0] == '\n' {
		return shown, "… " + plural(lineCount(left[1:]), "more line")
	}
	if more := lineCount(left) - 1; more > 0 {
		return shown + " …", "… the rest of this line and " + plural(more, "more line")
	}
	return shown + " …", "… " + plural(utf8.RuneCountInString(left), "more character")
}

// lineCount is how many lines s holds; a final newline ends the last
// line rather than starting another.
func lineCount(s string) int {
	return strings.Count(strings.TrimSuffix(s, "\n"), "\n") + 1
}

// nthNewline is the offset of the nth newline in s (n ≥ 1), or -1 when s
// has fewer.
func nthNewline(s string, n int) int {
	off := 0
	for ; n > 0; n-- {
		i := strings.IndexByte(s[off:], '\n')
		if i < 0 {
			return -1
		}
		off += i + 1
	}
	return off - 1
}

// plural is n and noun, with an s when n is not one.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
