package yaql

import (
	"strings"
	"unicode/utf8"
)

// checkEscapes looks for the escapes the engine decodes in the body
// src[from:to] of a '…' or "…" string and returns an error for the first
// one that does not decode.
//
// The engine finds escapes with a pattern, left to right, and decodes only
// what the pattern finds; a backslash the pattern does not match stays as
// it is. In the order it tries them: `\U` and eight characters, `\u` and
// four, `\x` and two, one to three octal digits, `\N{name}`, and one of
// `\\ \' \" \a \b \f \n \r \t \v`. The counted characters are any but a
// line feed, so `\x4g` is found and then refused, while `\x4` is left as
// it is.
func checkEscapes(src string, from, to int) *Error {
	body := src[from:to]
	for i := 0; i < len(body); {
		if body[i] != '\\' || i+1 >= len(body) {
			i++
			continue
		}
		n, msg := escapeAt(body[i+1:])
		if n == 0 {
			i++
			continue
		}
		if msg != "" {
			return &Error{Offset: from + i, End: from + i + 1 + n, Kind: Escape,
				Message: "the escape " + quoteText(body[i:i+1+n]) + " " + msg}
		}
		i += 1 + n
	}
	return nil
}

// escapeAt matches an escape whose backslash has just been read; rest is
// the text after the backslash. It returns how many bytes of rest the
// escape takes (0: no escape starts here) and, when it does not decode,
// why.
func escapeAt(rest string) (int, string) {
	switch c := rest[0]; {
	case c == 'U' || c == 'u' || c == 'x':
		want, words := 2, "two"
		switch c {
		case 'U':
			want, words = 8, "eight"
		case 'u':
			want, words = 4, "four"
		}
		n, ok := countChars(rest[1:], want)
		if !ok {
			return 0, ""
		}
		digits := rest[1 : 1+n]
		if !allHex(digits) {
			return 1 + n, "needs " + words + " hexadecimal digits"
		}
		if c == 'U' && strings.ToLower(digits) > "0010ffff" {
			return 1 + n, "is beyond the last Unicode character"
		}
		return 1 + n, ""
	case c >= '0' && c <= '7':
		n := 1
		for n < 3 && n < len(rest) && rest[n] >= '0' && rest[n] <= '7' {
			n++
		}
		return n, ""
	case c == 'N':
		if len(rest) < 2 || rest[1] != '{' {
			return 0, ""
		}
		end := strings.IndexByte(rest[2:], '}')
		if end <= 0 {
			return 0, ""
		}
		name := rest[2 : 2+end]
		if !plausibleCharName(name) {
			return 3 + end, "names no Unicode character"
		}
		return 3 + end, ""
	case strings.IndexByte("\\'\"abfnrtv", c) >= 0:
		return 1, ""
	}
	return 0, ""
}

// countChars returns the byte length of the first want characters of s,
// and false when s has fewer or one of them is a line feed.
func countChars(s string, want int) (int, bool) {
	i := 0
	for k := 0; k < want; k++ {
		if i >= len(s) || s[i] == '\n' {
			return 0, false
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		i += n
	}
	return i, true
}

func allHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if !(s[i] >= '0' && s[i] <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// plausibleCharName reports whether name could be a Unicode character
// name or alias: those begin with a letter, end with a letter, a digit or
// a hyphen, and hold only letters, digits, hyphens and single spaces (the
// lookup ignores case). Whether such a name exists is not checked (the
// package carries no name table), so an unknown name passes.
func plausibleCharName(name string) bool {
	if name == "" || name[0]|0x20 < 'a' || name[0]|0x20 > 'z' || name[len(name)-1] == ' ' || strings.Contains(name, "  ") {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i] | 0x20
		if !(c >= 'a' && c <= 'z' || name[i] >= '0' && name[i] <= '9' || name[i] == ' ' || name[i] == '-') {
			return false
		}
	}
	return true
}
