package source

import (
	"strings"
	"unicode/utf8"
)

// Clip makes text safe and short enough to show: invalid UTF-8 becomes
// U+FFFD (strict JSON decoders reject anything else) and a text longer
// than max bytes is cut at a character boundary and ends with "…". Both
// the diagnostics (analysis/check) and the server's messages that repeat
// client input (lsp) are clipped with it.
func Clip(text string, max int) string {
	text = strings.ToValidUTF8(text, "\uFFFD")
	if len(text) <= max {
		return text
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return text[:cut] + "…"
}
