package pyre

import (
	"encoding/json"
	"os"
	"testing"
)

// recorded is one line of testdata/verdicts.json: what Python's
// re.compile did (testdata/record.py).
type recorded struct {
	OK  bool   `json:"ok"`
	Exc string `json:"exc"`
	Msg string `json:"msg"`
	Pos *int   `json:"pos"`
}

// TestRecordedVerdicts replays Python's verdicts on thousands of
// patterns (the corpus's allowed_patterns, CPython's own test strings,
// a case for each refusal, and one-character mutations of them all):
// Check must refuse exactly what Python refuses, with Python's
// exception, message and position, or say Undecided and why.
func TestRecordedVerdicts(t *testing.T) {
	var patterns []string
	var lines []json.RawMessage // the Python version, then one verdict a pattern
	readJSON(t, "testdata/patterns.json", &patterns)
	readJSON(t, "testdata/verdicts.json", &lines)
	if len(lines) != len(patterns)+1 {
		t.Fatalf("%d patterns, %d verdicts: run testdata/record.py again", len(patterns), len(lines)-1)
	}
	var header struct{ Python string }
	if err := json.Unmarshal(lines[0], &header); err != nil {
		t.Fatal(err)
	}
	var refused, undecided, details int
	for i, pattern := range patterns {
		var want recorded
		if err := json.Unmarshal(lines[i+1], &want); err != nil {
			t.Fatal(err)
		}
		got := Check(pattern)
		if !want.OK {
			refused++
		}
		switch {
		case got.Status == Undecided:
			undecided++
			if got.Doubt == "" {
				t.Errorf("Check(%.80q): undecided without a reason", pattern)
			}
		case want.Exc == "RecursionError":
			t.Errorf("Check(%.80q) = %v, Python ran out of stack", pattern, got.Status)
		case want.OK != (got.Status == Accepted):
			t.Errorf("Check(%.80q) = %v %+v, Python: %+v", pattern, got.Status, got.Err, want)
		case got.Err != nil && got.Doubt == "":
			pos := -1
			if want.Pos != nil {
				pos = *want.Pos
			}
			if got.Err.Exc != want.Exc || got.Err.Msg != want.Msg || got.Err.Pos != pos {
				details++
				t.Errorf("Check(%.80q) = %s %q at %d, Python: %s %q at %d", pattern, got.Err.Exc, got.Err.Msg, got.Err.Pos, want.Exc, want.Msg, pos)
			}
		}
	}
	t.Logf("%d patterns (Python %s): %d refused by Python, %d undecided here, %d with another message or position",
		len(patterns), header.Python, refused, undecided, details)
}

// readJSON decodes a file of testdata into v.
func readJSON(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}
