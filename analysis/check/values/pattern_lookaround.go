package values

import (
	"regexp"
	"strings"
)

// Go's regexp has no look-ahead or look-behind, which Python's re (that
// Heat matches allowed_pattern with) has. Without them a pattern still
// says something: dropping every look-around assertion can only let more
// text through, so a value the pattern without them cannot match as a
// whole is refused by the real one too. withoutLookarounds gives that
// looser pattern, compiled to match a whole value, or nil when the
// pattern has no look-around or is still not Go syntax without it.
func withoutLookarounds(pattern string) *regexp.Regexp {
	if !strings.Contains(pattern, "(?=") && !strings.Contains(pattern, "(?!") && !strings.Contains(pattern, "(?<=") && !strings.Contains(pattern, "(?<!") {
		return nil
	}
	loose, ok := dropLookarounds(pattern)
	if !ok {
		return nil
	}
	re, err := regexp.Compile(`^(?:` + loose + `)$`)
	if err != nil {
		return nil
	}
	return re
}

// dropLookarounds removes each look-around group, with any quantifier
// after it, from pattern; ok is false when a group does not close.
func dropLookarounds(pattern string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(pattern); {
		switch {
		case pattern[i] == '\\' && i+1 < len(pattern):
			b.WriteString(pattern[i : i+2])
			i += 2
		case pattern[i] == '[':
			end := classEnd(pattern, i)
			if end < 0 {
				return "", false
			}
			b.WriteString(pattern[i:end])
			i = end
		case isLookaround(pattern[i:]):
			end := groupEnd(pattern, i)
			if end < 0 {
				return "", false
			}
			i = quantifierEnd(pattern, end)
		default:
			b.WriteByte(pattern[i])
			i++
		}
	}
	return b.String(), true
}

func isLookaround(s string) bool {
	return strings.HasPrefix(s, "(?=") || strings.HasPrefix(s, "(?!") || strings.HasPrefix(s, "(?<=") || strings.HasPrefix(s, "(?<!")
}

// classEnd is the index just past the character class opening at i, or -1.
func classEnd(p string, i int) int {
	j := i + 1
	if j < len(p) && p[j] == '^' {
		j++
	}
	if j < len(p) && p[j] == ']' {
		j++ // a leading ] is a member
	}
	for ; j < len(p); j++ {
		switch p[j] {
		case '\\':
			j++
		case ']':
			return j + 1
		}
	}
	return -1
}

// groupEnd is the index just past the group opening at i, or -1.
func groupEnd(p string, i int) int {
	depth := 0
	for j := i; j < len(p); j++ {
		switch p[j] {
		case '\\':
			j++
		case '[':
			end := classEnd(p, j)
			if end < 0 {
				return -1
			}
			j = end - 1
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return -1
}

// quantifierEnd skips a quantifier (*, +, ?, {m,n}, each maybe lazy or
// possessive) starting at i.
func quantifierEnd(p string, i int) int {
	if i >= len(p) {
		return i
	}
	switch p[i] {
	case '*', '+', '?':
		i++
	case '{':
		j := strings.IndexByte(p[i:], '}')
		if j < 0 || strings.Trim(p[i+1:i+j], "0123456789,") != "" {
			return i
		}
		i += j + 1
	default:
		return i
	}
	if i < len(p) && (p[i] == '?' || p[i] == '+') {
		i++
	}
	return i
}
