package values

import (
	"encoding/json"
	"strings"
)

// jsonLike reports whether Python's json.loads would read text, which
// Heat's json_string constraint asks. Python also reads NaN and Infinity,
// which Go's decoder refuses: text holding them is given the benefit of
// the doubt.
func jsonLike(text string) bool {
	if json.Valid([]byte(text)) {
		return true
	}
	return strings.Contains(text, "NaN") || strings.Contains(text, "Infinity")
}
