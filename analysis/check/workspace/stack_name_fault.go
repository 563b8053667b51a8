package workspace

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// maxNestedNameLen is the longest resource name some parent stack name
// leaves room for: 255 less one letter and the "-".
const maxNestedNameLen = 253

// stackNameFault says why name cannot end a stack name ("" when it can)
// and, when characters are the fault, the name with each of them made
// "_".
func stackNameFault(name string) (fault, fix string) {
	name = strings.TrimSuffix(name, "\n")
	bad := strings.IndexFunc(name, func(c rune) bool { return !stackNameChar(c) })
	switch {
	case bad >= 0:
		c, _ := utf8.DecodeRuneInString(name[bad:])
		fix = strings.Map(func(c rune) rune {
			if stackNameChar(c) {
				return c
			}
			return '_'
		}, name)
		return fmt.Sprintf("a stack name may hold only ASCII letters, digits, `_`, `-` and `.`, and this name holds %q", c), fix
	case len(name) > maxNestedNameLen:
		return fmt.Sprintf("a stack name is at most 255 characters long, and this name alone has %d", len(name)), ""
	}
	return "", ""
}

// stackNameChar: c may stand in a stack name.
func stackNameChar(c rune) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.'
}
