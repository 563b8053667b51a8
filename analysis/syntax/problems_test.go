package syntax

import (
	"errors"
	"strings"
	"testing"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

func TestSyntaxErrorPositions(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		line, col int    // 1-based, columns in characters
		text      string // the text the span covers
		code      string
	}{
		{"second colon on a line", "a: 1\nb: c: d\n", 2, 5, ":", rules.YAMLSyntax},
		{"key indented under a scalar", "key: value\n  other: x\n", 2, 8, ":", rules.YAMLSyntax},
		{"crlf", "a: 1\r\nb: c: d\r\n", 2, 5, ":", rules.YAMLSyntax},
		{"after emoji", "a: 😀\nb: 😀 c: d\n", 2, 7, ":", rules.YAMLSyntax},
		{"tab indentation", "a: 1\n\tb: 2\n", 2, 1, "\t", rules.YAMLSyntax},
		{"cannot start a token", "a: 1\nb: @x\n", 2, 4, "@", rules.YAMLSyntax},
		{"unclosed flow sequence", "a: [1, 2\nb: 3\n", 1, 4, "[", rules.YAMLSyntax},
		{"unclosed flow mapping", "x: 1\na: {x: 1\n", 2, 4, "{", rules.YAMLSyntax},
		{"unclosed double quote", "a: 1\nb: \"abc\nc: 1\n", 2, 4, "\"", rules.YAMLSyntax},
		{"unclosed single quote", "a: 'abc\n", 1, 4, "'", rules.YAMLSyntax},
		{"sequence item indented wrong", "x: 1\ny: 2\nz:\n  - 1\n  - 2\n  w: 3\nq: 1\n", 6, 3, "w: 3", rules.YAMLSyntax},
		{"key dedented inside mapping", "a:\n  b: 1\n c: 2\n", 3, 2, "c: 2", rules.YAMLSyntax},
		{"block scalar then bad indentation", "a: |\n  x\n y: 1\n", 3, 2, "y: 1", rules.YAMLSyntax},
		{"sequence entry after a key on the same line", "a: 1\nb: - c\n", 2, 4, "-", rules.YAMLSyntax},
		{"bracket closed by the wrong kind", "a: {b: c, d}\nb: [a, b, {c: d]\n", 2, 11, "{", rules.YAMLSyntax},
		{"directive inside a document", "k: v\n%YAML 1.2\n---\n", 2, 1, "%YAML 1.2", rules.YAMLSyntax},
		{"line dedented out of a block scalar after a multi-line flow", "p:\n  rules: [\n    {\n      a: 1\n    },\n  ]\n  t: |\n    body\n   bad\n  q: 1\n", 9, 4, "bad", rules.YAMLSyntax},
		{"text after a quoted value", "a:\n  b: 'x'\n    c\n", 3, 5, "c", rules.YAMLSyntax},
		{"multi-line quoted value then bad key", "a:\n  b: \"multi\n    line: not a key\"\n  c: 1\n d: 2\n", 5, 2, "d: 2", rules.YAMLSyntax},
		{"indentless sequence then bad key", "a:\n  l:\n  - x\n  m: 1\n - n\n", 5, 2, "- n", rules.YAMLSyntax},
		{"extra closing bracket", "a: 1\nb: [1, 2]]\n", 2, 10, "]", rules.YAMLSyntax},
		{"indented first key, then one at the margin", " a: 1\nb: 2\n", 2, 1, "b: 2", rules.YAMLSyntax},
		{"indented first key after a comment", "# c\n  a: 1\nb: 2\n", 3, 1, "b: 2", rules.YAMLSyntax},
		{"line-start mark breaking a literal block", "a: |\n  x\n\ufeff  y\n", 3, 1, "\ufeff  y", rules.YAMLSyntax},
		{"extra closing brace after quoted bracket", "a: 1\nb: {c: \"}\"}}\n", 2, 12, "}", rules.YAMLSyntax},
		{"bad escape", "a: 1\nb: \"x\\qy\"\n", 2, 6, "\\q", rules.YAMLSyntax},
		{"invalid utf-8", "a: 1\nb: \xff\n", 2, 4, "\xff", rules.YAMLSyntax},
		{"unknown alias", "a: 1\nb: *nowhere\n", 2, 4, "*nowhere", rules.YAMLAlias},
		{"control character", "a: 1\nb: x\x01y\n", 2, 5, "\x01", rules.YAMLSyntax},
		{"error with a BOM", "\ufeffa: 1\nb: c: d\n", 2, 5, ":", rules.YAMLSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse([]byte(tt.src))
			if !f.Broken {
				t.Errorf("Broken = false")
			}
			// The recovered rest may add its own problems (a "---"
			// after the bad directive starts a second document).
			var errs []source.Diagnostic
			for _, p := range f.Problems {
				if p.Code != rules.MultipleDocuments {
					errs = append(errs, p)
				}
			}
			if len(errs) != 1 {
				t.Fatalf("problems = %+v, want one", f.Problems)
			}
			p := errs[0]
			m := source.NewMapper(f.Src)
			line, col := m.LineCol(p.Span.Start)
			got := tt.src[p.Span.Start:p.Span.End]
			if line != tt.line || col != tt.col || got != tt.text || p.Code != tt.code || p.Severity != source.SeverityError {
				t.Errorf("got %d:%d %q %s %v (%s), want %d:%d %q %s error",
					line, col, got, p.Code, p.Severity, p.Message, tt.line, tt.col, tt.text, tt.code)
			}
		})
	}
}

func TestSyntaxErrorMessageKeepsTheReason(t *testing.T) {
	f := Parse([]byte("a: 1\nb: c: d\n"))
	if msg := f.Problems[0].Message; !strings.Contains(msg, "mapping values are not allowed in this context") {
		t.Errorf("message %q lacks yaml.v3's reason", msg)
	}
}

func TestDuplicateKeys(t *testing.T) {
	src := "name: a\nother: 1\nname: b\nnested:\n  x: 1\n  x: 2\nname: c\n\"1\": s\n1: i\n"
	f := Parse([]byte(src))
	if f.Broken {
		t.Fatalf("broken: %+v", f.Problems)
	}
	type dup struct {
		at, first int
	}
	want := []dup{{strings.Index(src, "name: b"), 0}, {strings.Index(src, "x: 2"), strings.Index(src, "x: 1")}, {strings.Index(src, "name: c"), 0}}
	var got []dup
	for _, p := range f.Problems {
		if p.Code != rules.DuplicateKey || p.Severity != source.SeverityWarning || len(p.Related) != 1 {
			t.Fatalf("unexpected problem %+v", p)
		}
		if !strings.Contains(p.Message, "`"+src[p.Span.Start:p.Span.End]+"`") {
			t.Errorf("message %q does not name the key", p.Message)
		}
		got = append(got, dup{p.Span.Start, p.Related[0].Span.Start})
	}
	// Problems are reported inner mappings first (a mapping is checked
	// when it is complete), so compare as sets.
	if len(got) != len(want) {
		t.Fatalf("duplicates %v, want %v", got, want)
	}
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || g == w
		}
		if !found {
			t.Errorf("missing duplicate %v in %v", w, got)
		}
	}
	if v := f.Root().Get("name"); v.Value != "c" {
		t.Errorf("Get keeps %q, want the last value", v.Value)
	}
}

func TestDuplicateKeysInLargeMapping(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 40; i++ {
		b.WriteString("k" + string(rune('a'+i%26)) + string(rune('a'+i/26)) + ": 1\n")
	}
	b.WriteString("kaa: 2\n")
	f := Parse([]byte(b.String()))
	if len(f.Problems) != 1 || f.Problems[0].Code != rules.DuplicateKey || f.Problems[0].Related[0].Span.Start != 0 {
		t.Errorf("problems = %+v", f.Problems)
	}
}

func TestMultipleDocuments(t *testing.T) {
	src := "a: 1\n---\nb: 2\n---\nc: 3\n"
	f := Parse([]byte(src))
	if len(f.Docs) != 3 || f.Broken {
		t.Fatalf("docs %d broken %v", len(f.Docs), f.Broken)
	}
	if len(f.Problems) != 1 || f.Problems[0].Code != rules.MultipleDocuments || f.Problems[0].Severity != source.SeverityError ||
		f.Problems[0].Span != (source.Span{Start: 5, End: 8}) {
		t.Errorf("problems = %+v", f.Problems)
	}
	if got := string(f.Src[f.Docs[1].Span().Start:f.Docs[1].Span().End]); got != "b: 2" {
		t.Errorf("second document span %q", got)
	}

	// A single document with an explicit start marker is fine.
	if f := Parse([]byte("---\na: 1\n")); len(f.Problems) != 0 || len(f.Docs) != 1 {
		t.Errorf("single document: %+v", f.Problems)
	}

	// Documents before a broken one are kept, and the broken one is
	// recovered without its unclosed bracket.
	f = Parse([]byte("a: 1\n---\nb: [\n"))
	if !f.Broken || len(f.Docs) != 2 || f.Docs[0].Get("a") == nil || !f.Docs[1].Get("b").IsNull() {
		t.Errorf("broken second document: docs %d broken %v problems %+v", len(f.Docs), f.Broken, f.Problems)
	}
}

func TestAliasCycle(t *testing.T) {
	src := "a: &a [x, *a]\nb: &b {k: *b}\n"
	f := Parse([]byte(src))
	var cycles []source.Diagnostic
	for _, p := range f.Problems {
		if p.Code == rules.YAMLAlias {
			cycles = append(cycles, p)
		}
	}
	if len(cycles) != 2 {
		t.Fatalf("problems = %+v, want two alias cycles", f.Problems)
	}
	for i, name := range []string{"a", "b"} {
		p := cycles[i]
		if p.Severity != source.SeverityError || src[p.Span.Start:p.Span.End] != "*"+name ||
			len(p.Related) != 1 || src[p.Related[0].Span.Start:p.Related[0].Span.End] != "&"+name {
			t.Errorf("cycle %s: %+v", name, p)
		}
	}
	seq := f.Root().Get("a")
	if alias := seq.Items()[1]; alias.Kind != AliasNode || alias.Resolve() != seq {
		t.Errorf("alias does not resolve to its anchored ancestor")
	}
	// Walk and NodeAt must terminate on the cycle.
	count := 0
	f.Root().Walk(func(*Node, int) bool { count++; return true })
	if count != 9 {
		t.Errorf("Walk visited %d nodes, want 9", count)
	}
	if path := f.NodeAt(strings.Index(src, "*a") + 1); len(path) != 3 || path[2].Kind != AliasNode {
		t.Errorf("NodeAt on alias = %d nodes", len(path))
	}
}

func TestDeepNesting(t *testing.T) {
	const depth = 100000
	for name, src := range map[string]string{
		"flow":           strings.Repeat("[", depth) + strings.Repeat("]", depth),
		"flow mappings":  strings.Repeat("{a: ", depth) + strings.Repeat("}", depth),
		"block sequence": strings.Repeat("- ", depth) + "x\n",
	} {
		f := Parse([]byte(src))
		if !f.Broken || len(f.Problems) != 1 || f.Problems[0].Code != rules.YAMLSyntax ||
			!strings.Contains(f.Problems[0].Message, "depth") {
			t.Errorf("%s: broken %v problems %+v", name, f.Broken, f.Problems)
		}
	}
	// Just under yaml.v3's limit converts fine.
	src := strings.Repeat("[", 5000) + strings.Repeat("]", 5000)
	f := Parse([]byte(src))
	if f.Broken || f.Root() == nil || f.Root().Span() != (source.Span{Start: 0, End: len(src)}) {
		t.Errorf("5000 levels: broken %v problems %+v", f.Broken, f.Problems)
	}
}

// TestAliasBomb parses "billion laughs": aliases are never expanded, so it
// is as cheap as its text; the one problem is the alias past the expansion
// budget (aliasbudget.go), which the rules then do not follow.
func TestAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i < 10; i++ {
		prev := "*a" + string(rune('0'+i-1))
		b.WriteString("a" + string(rune('0'+i)) + ": &a" + string(rune('0'+i)) + " [" + strings.Repeat(prev+", ", 8) + prev + "]\n")
	}
	f := Parse([]byte(b.String()))
	if f.Broken || len(f.Problems) != 1 || f.Problems[0].Code != rules.YAMLAliasBudget {
		t.Fatalf("problems = %+v", f.Problems)
	}
	nodes := 0
	f.Root().Walk(func(*Node, int) bool { nodes++; return true })
	if nodes > 200 {
		t.Errorf("walked %d nodes: aliases were expanded", nodes)
	}
}

func TestParserPanicIsRecovered(t *testing.T) {
	err := guard(func() error { panic("boom") })
	var pe *panicError
	if !errors.As(err, &pe) {
		t.Fatalf("guard returned %v", err)
	}
	c := newConverter([]byte("a: 1"), 0)
	d := c.decodeProblem(err)
	if d.Code != rules.YAMLInternal || d.Severity != rules.Severity(rules.YAMLInternal) || !strings.Contains(d.Message, "boom") {
		t.Errorf("diagnostic %+v", d)
	}
	if err := guard(func() error { return nil }); err != nil {
		t.Errorf("guard changed a nil error to %v", err)
	}
}

func TestUTF16IsRejected(t *testing.T) {
	f := Parse([]byte{0xFF, 0xFE, 'a', 0, ':', 0})
	if !f.Broken || len(f.Problems) != 1 || f.Problems[0].Code != rules.YAMLSyntax {
		t.Errorf("problems %+v", f.Problems)
	}
}
