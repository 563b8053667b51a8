package yaql

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// verdict is one recorded verdict of the real engine (see
// testdata/record_verdicts.py).
type verdict struct {
	Expr string `json:"e"`
	OK   bool   `json:"ok"`
	Kind string `json:"kind"`
	Pos  *int   `json:"pos"`
}

var kindNames = map[ErrorKind]string{Grammar: "grammar", EndOfInput: "end", Lexical: "lexical", Escape: "escape"}

// TestRecordedVerdicts replays the engine's recorded verdicts: every
// expression must be accepted or refused as the engine did, refused by the
// same part of it, and at the same character.
func TestRecordedVerdicts(t *testing.T) {
	raw, err := os.ReadFile("testdata/verdicts.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []verdict
	if err := json.Unmarshal(raw, &vs); err != nil {
		t.Fatal(err)
	}
	if len(vs) < 1000 {
		t.Fatalf("only %d recorded verdicts", len(vs))
	}
	agree, same, unnamed := 0, 0, 0
	for _, v := range vs {
		e := Check(v.Expr)
		if e == nil && !v.OK && v.Kind == "escape" && strings.Contains(v.Expr, `\N{`) {
			// Check carries no table of Unicode character names, so an
			// unknown \N{name} passes (see plausibleCharName).
			unnamed++
			continue
		}
		if (e == nil) != v.OK {
			t.Errorf("%q: engine ok=%v, Check says %v", v.Expr, v.OK, e)
			continue
		}
		agree++
		if e == nil {
			same++
			continue
		}
		got := kindNames[e.Kind]
		pos := utf8.RuneCountInString(v.Expr[:e.Offset])
		switch {
		case got != v.Kind:
			t.Errorf("%q: engine refuses it as %s at %v, Check as %s at %d (%s)", v.Expr, v.Kind, deref(v.Pos), got, pos, e.Message)
		case v.Pos != nil && *v.Pos != pos:
			t.Errorf("%q: engine stops at character %d, Check at %d (%s)", v.Expr, *v.Pos, pos, e.Message)
		default:
			same++
		}
	}
	t.Logf("%d recorded verdicts: accept/refuse agree on %d, kind and place agree on %d; %d unknown \\N{name} escapes passed", len(vs), agree, same, unnamed)
}

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}
