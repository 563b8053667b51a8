package values

import "testing"

// TestISODateTimeValid: what the iso8601 library parses (checked with the
// library itself) and what it refuses.
func TestISODateTimeValid(t *testing.T) {
	for s, want := range map[string]bool{
		"2017-12-28T19:14:44.180394": true, "2030-01-31": true, "2030": true, "20300131": true,
		"2030-01-31 12:00Z": true, "2030-01-31T12:00:00+02:00": true, "2030-1-5": true,
		"12345": false, "203001": false, "2030-13-01": false, "2030-02-30": false, "2017...-12-28": false,
		"2030-01-31T25:00": false, "": false, "next year": false, "2030-01-31T12:00:00+2": false,
	} {
		if got := isoDateTimeValid(s); got != want {
			t.Errorf("isoDateTimeValid(%q) = %v, want %v", s, got, want)
		}
	}
}
