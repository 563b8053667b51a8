package yaql

import "unicode"

// The tokeniser's regular expressions run in Unicode mode, so a "word"
// character is any letter, any number or the underscore, and a digit is
// any decimal digit of any script. These helpers are those two classes.

// isWord reports whether r is a word character (`\w` in Unicode mode).
func isWord(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r)
}

// isDigit reports whether r is a decimal digit (`\d` in Unicode mode).
func isDigit(r rune) bool {
	return unicode.IsDigit(r)
}

// isNameStart reports whether r may begin a name: a word character that
// is not a decimal digit.
func isNameStart(r rune) bool {
	return isWord(r) && !isDigit(r)
}
