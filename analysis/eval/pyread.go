package eval

import (
	"strconv"
	"strings"
)

// How Heat's Python reads texts into numbers and booleans. The checks
// read literals with the same functions, so a text means one thing to
// every rule and to the preview.

// PythonInt reads s as Python's int() reads text: spaces around it, one
// sign, and decimal digits with single underscores between them. Values
// past 64 bits are refused (Python's int has no limit; such sizes and
// counts are not real).
func PythonInt(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	body := strings.TrimLeft(s, "+-")
	if len(s)-len(body) > 1 || body == "" || body[0] == '_' || body[len(body)-1] == '_' || strings.Contains(body, "__") {
		return 0, false
	}
	n, err := strconv.ParseInt(s[:len(s)-len(body)]+strings.ReplaceAll(body, "_", ""), 10, 64)
	return n, err == nil
}

// ParseBool reads s as Heat reads a boolean parameter or property
// (oslo's strict bool_from_string): case-insensitive 1/0, t/f,
// true/false, on/off, y/n, yes/no, spaces around allowed.
func ParseBool(s string) (val, ok bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "1", "t", "true", "on", "y", "yes":
		return true, true
	case "0", "f", "false", "off", "n", "no":
		return false, true
	}
	return false, false
}
