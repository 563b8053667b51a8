package eval

import (
	"regexp"
	"testing"
)

// TestWordReadingsAgreeWithPatterns: the word lists and the decimal fast
// path answer as the YAML 1.1 patterns they stand in for.
func TestWordReadingsAgreeWithPatterns(t *testing.T) {
	boolRE := regexp.MustCompile(`^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$`)
	nullRE := regexp.MustCompile(`^(?:~|null|Null|NULL|)$`)
	decimalRE := regexp.MustCompile(`^(?:0|[1-9][0-9]*)$`)
	texts := []string{"", "~", "null", "Null", "NULL", "nUll", "yes", "Yes", "YES", "yEs", "no", "NO", "on", "On",
		"oN", "off", "OFF", "true", "True", "TRUE", "tRue", "false", "y", "n", "0", "00", "01", "1", "10", "123456789012",
		"1_0", "+1", "-1", "1.0", "0x1", "1:30", " 1", "1 ", "x1"}
	for _, s := range texts {
		if got, want := isYAML11Bool(s), boolRE.MatchString(s); got != want {
			t.Errorf("isYAML11Bool(%q) = %v, want %v", s, got, want)
		}
		if got, want := isYAML11Null(s), nullRE.MatchString(s); got != want {
			t.Errorf("isYAML11Null(%q) = %v, want %v", s, got, want)
		}
		if got, want := plainDecimal(s), decimalRE.MatchString(s); got != want {
			t.Errorf("plainDecimal(%q) = %v, want %v", s, got, want)
		}
		if plainDecimal(s) && !yaml11Int().MatchString(s) {
			t.Errorf("plainDecimal(%q) but yaml11Int does not match", s)
		}
	}
}
