package syntax

import (
	"strings"
	"testing"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// spanTexts lists src[span] of every node under the document roots in
// Walk order (mapping keys before their values).
func spanTexts(f *File) []string {
	var out []string
	for _, root := range f.Docs {
		root.Walk(func(n *Node, _ int) bool {
			out = append(out, string(f.Src[n.Span().Start:n.Span().End]))
			return true
		})
	}
	return out
}

func TestSpans(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"plain multi-line scalar", "k: one\n  two  \n  three # c\nn: 1\n",
			[]string{"k: one\n  two  \n  three # c\nn: 1", "k", "one\n  two  \n  three", "n", "1"}},
		{"double quoted with escapes", "k: \"a\\\"b\\\\\" # c\n", []string{"k: \"a\\\"b\\\\\"", "k", "\"a\\\"b\\\\\""}},
		{"double quoted multi-line", "k: \"a\n  b\"\nz: 1\n", []string{"k: \"a\n  b\"\nz: 1", "k", "\"a\n  b\"", "z", "1"}},
		{"single quoted", "k: 'it''s' # c\n", []string{"k: 'it''s'", "k", "'it''s'"}},
		{"quoted keys", "\"a b\": 1\n'c': 2\n", []string{"\"a b\": 1\n'c': 2", "\"a b\"", "1", "'c'", "2"}},
		{"literal, trailing blank lines excluded", "k: |\n  line1\n\n  line2\n\n\nn: 1\n",
			[]string{"k: |\n  line1\n\n  line2\n\n\nn: 1", "k", "|\n  line1\n\n  line2", "n", "1"}},
		{"folded strip", "k: >-\n  a\n    b\n  c\n", []string{"k: >-\n  a\n    b\n  c", "k", ">-\n  a\n    b\n  c"}},
		{"indentation indicator and keep", "k: |2+\n    x\n\n", []string{"k: |2+\n    x", "k", "|2+\n    x"}},
		{"empty block scalar", "k: |\nn: 1\n", []string{"k: |\nn: 1", "k", "|", "n", "1"}},
		{"block scalar header comment in sequence", "- |+ # c\n  x\n\n- y\n", []string{"- |+ # c\n  x\n\n- y", "|+ # c\n  x", "y"}},
		{"block scalar at end without newline", "k: |\n  x", []string{"k: |\n  x", "k", "|\n  x"}},
		{"nested flow with comment and quoted bracket", "k: [a, \"]\", [b, c], {d: e} # x\n  ]\n",
			[]string{"k: [a, \"]\", [b, c], {d: e} # x\n  ]", "k", "[a, \"]\", [b, c], {d: e} # x\n  ]", "a", "\"]\"", "[b, c]", "b", "c", "{d: e}", "d", "e"}},
		{"empty flow collections", "k: []\nm: { }\n", []string{"k: []\nm: { }", "k", "[]", "m", "{ }"}},
		{"single pair mapping in flow sequence", "k: [a: 1, b]\n", []string{"k: [a: 1, b]", "k", "[a: 1, b]", "a: 1", "a", "1", "b"}},
		{"single pair with a flow mapping key in a flow sequence", "k: [x, {a: b}: 0]\n",
			[]string{"k: [x, {a: b}: 0]", "k", "[x, {a: b}: 0]", "x", "{a: b}: 0", "{a: b}", "a", "b", "0"}},
		{"anchor and alias", "a: &x v\nb: *x\n", []string{"a: &x v\nb: *x", "a", "v", "b", "*x"}},
		{"anchored block mapping", "a: &m\n  b: 1\nc: *m\n", []string{"a: &m\n  b: 1\nc: *m", "a", "b: 1", "b", "1", "c", "*m"}},
		{"empty values and nulls", "a:\nb:   # c\nc: ~\nd: null\n", []string{"a:\nb:   # c\nc: ~\nd: null", "a", "", "b", "", "c", "~", "d", "null"}},
		{"tags", "a: !!str 12\nb: !custom\n  - x\n", []string{"a: !!str 12\nb: !custom\n  - x", "a", "12", "b", "- x", "x"}},
		{"unicode, CRLF and tabs", "名前: 😀 x\r\n  y\r\nk2:\t\"tab\"\r\n", []string{"名前: 😀 x\r\n  y\r\nk2:\t\"tab\"", "名前", "😀 x\r\n  y", "k2", "\"tab\""}},
		{"combining marks", "e\u0301: cafe\u0301\n", []string{"e\u0301: cafe\u0301", "e\u0301", "cafe\u0301"}},
		{"byte order mark", "\ufeffa: b\n", []string{"a: b", "a", "b"}},
		{"block sequence of mappings", "- a: 1\n  b: 2\n- c\n", []string{"- a: 1\n  b: 2\n- c", "a: 1\n  b: 2", "a", "1", "b", "2", "c"}},
		{"empty sequence entry", "- a\n-\n- c\n", []string{"- a\n-\n- c", "a", "", "c"}},
		{"explicit document markers", "---\na: 1\n...\n", []string{"a: 1", "a", "1"}},
		{"literal with CRLF", "k: |\r\n  a\r\n  b\r\n\r\nn: 1\r\n", []string{"k: |\r\n  a\r\n  b\r\n\r\nn: 1", "k", "|\r\n  a\r\n  b", "n", "1"}},
		{"empty values in flow mapping", "m: {x, y: , z: 1}\n", []string{"m: {x, y: , z: 1}", "m", "{x, y: , z: 1}", "x", "", "y", "", "z", "1"}},
		{"lone CR line breaks", "a: 1\rb: 2\r", []string{"a: 1\rb: 2", "a", "1", "b", "2"}},
		{"scalar document", "hello world\n", []string{"hello world"}},
		{"plain scalar with inner colon and hash", "url: http://x:80/a#b\n", []string{"url: http://x:80/a#b", "url", "http://x:80/a#b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse([]byte(tt.src))
			for _, p := range f.Problems {
				if f.Broken || p.Code != rules.YAMLUnknownTag && p.Code != rules.YAMLUnhashableKey { // "!custom" and "{a: b}: 0" are meant here
					t.Fatalf("unexpected problems: %+v", f.Problems)
				}
			}
			got := spanTexts(f)
			if strings.Join(got, "\x00") != strings.Join(tt.want, "\x00") {
				t.Errorf("spans\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestEmptyValueSpanIsRightAfterColon(t *testing.T) {
	src := "a:\nbb:   # c\n- x\n"
	f := Parse([]byte("a:\nbb:   # c\n"))
	root := f.Root()
	for _, tc := range []struct {
		key  string
		want int
	}{{"a", 2}, {"bb", 6}} {
		v := root.Get(tc.key)
		if v == nil || !v.IsNull() || v.Span() != (source.Span{Start: tc.want, End: tc.want}) {
			t.Errorf("%s: value %+v, want empty null span at %d (src %q)", tc.key, v, tc.want, src)
		}
	}
}

func TestNodeFields(t *testing.T) {
	f := Parse([]byte("a: &x !!str 12\nb: *x\nc: [1, 2.5, true, null]\nd: |\n  t\ne: >\n  f\n"))
	root := f.Root()
	a := root.Get("a")
	if !a.Anchored || a.Tag() != "!!str" || a.Value != "12" || a.Style != Plain {
		t.Errorf("a = %+v", a)
	}
	b := root.Get("b")
	if b.Kind != AliasNode || b.Target() != a || b.Value != "x" || b.Resolve() != a {
		t.Errorf("b = %+v", b)
	}
	c := root.Get("c")
	if c.Style != Flow || c.Tag() != "!!seq" || len(c.Items()) != 4 {
		t.Fatalf("c = %+v", c)
	}
	for i, tag := range []string{"!!int", "!!float", "!!bool", "!!null"} {
		if c.Items()[i].Tag() != tag {
			t.Errorf("c[%d].Tag = %s, want %s", i, c.Items()[i].Tag(), tag)
		}
	}
	if d := root.Get("d"); d.Style != Literal || d.Value != "t\n" {
		t.Errorf("d = %+v", d)
	}
	if e := root.Get("e"); e.Style != Folded || e.Value != "f\n" {
		t.Errorf("e = %+v", e)
	}
	if root.Style != Block || root.Tag() != "!!map" {
		t.Errorf("root = %+v", root)
	}
}

func TestEmptyAndCommentOnly(t *testing.T) {
	for _, src := range []string{"", "# just a comment\n", "\n\n  \n", "\ufeff"} {
		f := Parse([]byte(src))
		if len(f.Docs) != 0 || len(f.Problems) != 0 || f.Broken {
			t.Errorf("%q: docs %d problems %+v broken %v", src, len(f.Docs), f.Problems, f.Broken)
		}
	}
}

func TestEmptyValueInFlowMappingSitsAfterColon(t *testing.T) {
	src := "m: {y:  }\n"
	v := Parse([]byte(src)).Root().Get("m").Get("y")
	if want := strings.Index(src, ":  }") + 1; v == nil || v.Span() != (source.Span{Start: want, End: want}) {
		t.Errorf("empty value %+v, want empty span at %d", v, want)
	}
}

func TestSingleDocument(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"", true},
		{"a: 1\n", true},
		{"---\na: 1\n", true},
		{"# c\n%YAML 1.1\n---\na: 1\n", true},
		{"a: |\n  ---x\n  ...\nb: '---'\n", true},
		{"a: 1\n---\nb: 2\n", false},
		{"a: 1\n...\n", false},
		{"---\n---\n", false},
		{"a: 1\r\n---\r\nb: 2\r\n", false},
		{"a: 1\r---\rb: 2", false},
		{"a: 1\n--- b\n", false},
		{"a: 1\n----\n", true},
		{" a: 1\nb: 2\n", false},
		{"# c\n\n  a: 1\n", false},
		{"\ta: 1\n", true},
		{"#  a\na: 1\n", true},
	}
	for _, tt := range tests {
		if got := singleDocument([]byte(tt.text)); got != tt.want {
			t.Errorf("singleDocument(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}
