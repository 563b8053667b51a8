package pyre

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// impossibleCharName reports whether name can be no Unicode character
// name or alias: those are made of letters, digits, single spaces and
// hyphens (Python's lookup ignores the letters' case).
func impossibleCharName(name string) bool {
	if strings.HasPrefix(name, " ") || strings.HasSuffix(name, " ") || strings.Contains(name, "  ") {
		return true
	}
	for _, r := range name {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == ' ' || r == '-') {
			return true
		}
	}
	return false
}

// isIdentifier is Python's str.isidentifier: a letter-like first
// character (XID_Start or "_") and XID_Continue ones after it. Go's
// tables may be a newer Unicode than Python's, so a character new there
// may pass here and fail in Python, never the reverse.
func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if i == 0 && !(r == '_' || xidStart(r)) || i > 0 && !xidContinue(r) {
			return false
		}
	}
	return true
}

// notNFKCStable are the ID_Start and ID_Continue characters Unicode
// leaves out of XID_Start and XID_Continue (their NFKC forms are not
// identifiers on their own).
var notXIDStart = map[rune]bool{
	0x037A: true, 0x0E33: true, 0x0EB3: true, 0x309B: true, 0x309C: true,
	0xFC5E: true, 0xFC5F: true, 0xFC60: true, 0xFC61: true, 0xFC62: true, 0xFC63: true,
	0xFDFA: true, 0xFDFB: true, 0xFE70: true, 0xFE72: true, 0xFE74: true, 0xFE76: true,
	0xFE78: true, 0xFE7A: true, 0xFE7C: true, 0xFE7E: true, 0xFF9E: true, 0xFF9F: true,
}

var notXIDContinue = map[rune]bool{
	0x037A: true, 0x309B: true, 0x309C: true,
	0xFC5E: true, 0xFC5F: true, 0xFC60: true, 0xFC61: true, 0xFC62: true, 0xFC63: true,
	0xFDFA: true, 0xFDFB: true, 0xFE70: true, 0xFE72: true, 0xFE74: true, 0xFE76: true,
	0xFE78: true, 0xFE7A: true, 0xFE7C: true, 0xFE7E: true,
}

func idStart(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	return (unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r)) &&
		!unicode.Is(unicode.Pattern_Syntax, r) && !unicode.Is(unicode.Pattern_White_Space, r)
}

func xidStart(r rune) bool { return idStart(r) && !notXIDStart[r] }

func xidContinue(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_'
	}
	if notXIDContinue[r] {
		return false
	}
	return (idStart(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)) &&
		!unicode.Is(unicode.Pattern_Syntax, r) && !unicode.Is(unicode.Pattern_White_Space, r)
}

// pyInt reads s as Python's int(s) does (surrounding whitespace, a
// sign, any script's decimal digits, single underscores between digits,
// at most 4300 digits), saturating large values at limit; ok is false
// where int raises ValueError.
func pyInt(s string, limit int64) (v int64, ok bool) {
	s = strings.TrimFunc(s, unicode.IsSpace) // the same set as Python's int() strips
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	digits, under := 0, false
	for _, r := range s {
		if r == '_' {
			if digits == 0 || under {
				return 0, false
			}
			under = true
			continue
		}
		d, isDigit := decimalValue(r)
		if !isDigit {
			return 0, false
		}
		under = false
		digits++
		v = min(v*10+int64(d), limit)
	}
	if digits == 0 || under || digits > 4300 {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}

// decimalValue is the value of a decimal digit of any script: Unicode
// lays each script's digits out as a run of ten from zero.
func decimalValue(r rune) (int, bool) {
	if r < utf8.RuneSelf {
		return int(r - '0'), r >= '0' && r <= '9'
	}
	if !unicode.Is(unicode.Nd, r) {
		return 0, false
	}
	zero := r
	for unicode.Is(unicode.Nd, zero-1) {
		zero--
	}
	return int(r-zero) % 10, true
}

// pyRepr is Python's repr of a str, for the names messages quote.
func pyRepr(s string) string {
	quote := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		quote = '"'
	}
	var b strings.Builder
	b.WriteByte(quote)
	for _, r := range s {
		switch {
		case r == '\\' || r == rune(quote):
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0:
			b.WriteString(`\x` + hex2(int(r), 2))
		case unicode.IsPrint(r):
			b.WriteRune(r)
		case r <= 0xff:
			b.WriteString(`\x` + hex2(int(r), 2))
		case r <= 0xffff:
			b.WriteString(`\u` + hex2(int(r), 4))
		default:
			b.WriteString(`\U` + hex2(int(r), 8))
		}
	}
	b.WriteByte(quote)
	return b.String()
}

// hex2 writes v as n lowercase hex digits.
func hex2(v, n int) string {
	const digits = "0123456789abcdef"
	out := make([]byte, n)
	for i := n - 1; i >= 0; i-- {
		out[i] = digits[v&15]
		v >>= 4
	}
	return string(out)
}

// isAlpha is Python's str.isalpha for one character.
func isAlpha(r rune) bool { return unicode.IsLetter(r) }

// pyIntText is the decimal text of an int() literal pyInt accepted: its
// digits in ASCII without underscores, sign or leading zeros.
func pyIntText(s string) string {
	var b strings.Builder
	for _, r := range strings.TrimFunc(s, unicode.IsSpace) {
		if d, ok := decimalValue(r); ok && (d != 0 || b.Len() > 0) {
			b.WriteByte(byte('0' + d))
		}
	}
	if b.Len() == 0 {
		return "0"
	}
	return b.String()
}
