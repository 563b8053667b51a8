package config

import (
	"slices"
	"strings"
	"testing"

	"heat-ls/analysis/source"
)

// diagAt builds a diagnostic starting on the zero-based line of src.
func diagAt(src string, line int, code string) source.Diagnostic {
	off := 0
	for range line {
		off += strings.IndexByte(src[off:], '\n') + 1
	}
	return source.Diagnostic{Span: source.Span{Start: off, End: off + 1}, Code: code, Severity: source.SeverityWarning}
}

func codesOf(ds []source.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Code)
	}
	return out
}

func TestApplyInlineComments(t *testing.T) {
	tests := []struct {
		name string
		src  string
		line int
		code string
		kept bool
	}{
		{"same line", "a: 1 # heat-ls: ignore rule-a\n", 0, "rule-a", false},
		{"same line other rule", "a: 1 # heat-ls: ignore rule-a\n", 0, "rule-b", true},
		{"line above", "# heat-ls: ignore rule-a\na: 1\n", 1, "rule-a", false},
		{"two lines above", "# heat-ls: ignore rule-a\n\na: 1\n", 2, "rule-a", true},
		{"list with spaces", "# heat-ls: ignore rule-a, rule-b\na: 1\n", 1, "rule-b", false},
		{"list without spaces", "# heat-ls: ignore rule-a,rule-b\na: 1\n", 1, "rule-b", false},
		{"bare ignore silences all", "a: 1  # heat-ls: ignore\n", 0, "anything", false},
		{"bare ignore with CRLF", "a: 1  # heat-ls: ignore\r\nb: 2\r\n", 1, "anything", false},
		{"not a comment", "a: x#heat-ls: ignore rule-a\n", 0, "rule-a", true},
		{"inside a word", "a: '# heat-ls: ignored rule-a'\n", 0, "rule-a", true},
		{"other directive", "a: 1 # heat-ls: check rule-a\n", 0, "rule-a", true},
		{"trailing comment ends list", "a: 1 # heat-ls: ignore rule-a # because\n", 0, "because", true},
		{"no comments", "a: 1\n", 0, "rule-a", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Apply([]source.Diagnostic{diagAt(tt.src, tt.line, tt.code)}, []byte(tt.src), nil)
			if kept := len(got) == 1; kept != tt.kept {
				t.Errorf("kept = %v, want %v", kept, tt.kept)
			}
		})
	}
}

func TestApplyConfig(t *testing.T) {
	src := "a: 1\nb: 2\nc: 3\n"
	in := []source.Diagnostic{diagAt(src, 0, "off"), diagAt(src, 1, "louder"), diagAt(src, 2, "same")}
	cfg := &Config{Disable: map[string]bool{"off": true}, Severity: map[string]source.Severity{"louder": source.SeverityError}}
	got := Apply(in, []byte(src), cfg)
	if !slices.Equal(codesOf(got), []string{"louder", "same"}) {
		t.Fatalf("codes = %v", codesOf(got))
	}
	if got[0].Severity != source.SeverityError || got[1].Severity != source.SeverityWarning {
		t.Errorf("severities = %v, %v", got[0].Severity, got[1].Severity)
	}
	if in[1].Severity != source.SeverityWarning {
		t.Error("Apply modified its input")
	}
}

func TestSuppressionSpans(t *testing.T) {
	src := "x: 1\n  # heat-ls: ignore a-b,c\n"
	list := Suppressions([]byte(src))
	if len(list) != 1 || list[0].Line != 1 || !slices.Equal(list[0].Rules, []string{"a-b", "c"}) {
		t.Fatalf("got %+v", list)
	}
	for i, sp := range list[0].Spans {
		if src[sp.Start:sp.End] != list[0].Rules[i] {
			t.Errorf("span %d covers %q", i, src[sp.Start:sp.End])
		}
	}
}
