package syntax

import (
	"strconv"
	"strings"
	"testing"
)

// TestByteOrderMarksInside: a U+FEFF after the start of the text is read
// as Heat's loaders read it (PyYAML's libyaml loader, then its Python
// reader when libyaml refuses the text). Each want is what those loaders
// made of the text (keys and values as text, a null as ""), recorded with
// /usr/bin/python3 and Heat's own loader, or "refused".
func TestByteOrderMarksInside(t *testing.T) {
	runByteOrderMarks(t, []byteOrderMarkCase{
		{"linestart-before-indent", "a:\n\ufeff  pw: 1\n", `{"a": {"pw": "1"}}`},
		{"linestart-col0-key", "a: 1\n\ufeffb: 2\n", `{"a": "1", "\ufeffb": "2"}`},
		{"after-indent-key", "a:\n  \ufeffpw: 1\n", `{"a": {"\ufeffpw": "1"}}`},
		{"inside-key", "a:\n  p\ufeffw: 1\n", `{"a": {"p\ufeffw": "1"}}`},
		{"key-end", "a:\n  pw\ufeff: 1\n", `{"a": {"pw\ufeff": "1"}}`},
		{"before-colon-space", "a:\n  pw \ufeff: 1\n", `{"a": {"pw \ufeff": "1"}}`},
		{"value-start", "a: \ufeffx\n", `{"a": "\ufeffx"}`},
		{"value-inside", "a: x\ufeffy\n", `{"a": "x\ufeffy"}`},
		{"value-end", "a: xy\ufeff\n", `{"a": "xy\ufeff"}`},
		{"after-colon-nospace", "a:\ufeffx\n", `"a:\ufeffx"`},
		{"before-comment", "a: x \ufeff# c\n", `{"a": "x \ufeff# c"}`},
		{"empty-line", "a: 1\n\ufeff\nb: 2\n", `{"a": "1", "b": "2"}`},
		{"line-only-bom-indent", "a:\n  b: 1\n  \ufeff\n  c: 2\n", `refused`},
		{"flow-seq-item-start", "a: [\ufeffx, y]\n", `{"a": ["\ufeffx", "y"]}`},
		{"flow-seq-after-comma", "a: [x, \ufeffy]\n", `{"a": ["x", "\ufeffy"]}`},
		{"flow-seq-after-comma-nospace", "a: [x,\ufeffy]\n", `{"a": ["x", "\ufeffy"]}`},
		{"flow-map-key", "a: {\ufeffk: v}\n", `{"a": {"\ufeffk": "v"}}`},
		{"flow-inside", "a: {k: v\ufeffw}\n", `{"a": {"k": "v\ufeffw"}}`},
		{"block-seq-before-dash", "a:\n\ufeff- x\n", `{"a": ["x"]}`},
		{"block-seq-indent-before-dash", "a:\n  - x\n\ufeff  - y\n", `refused`},
		{"block-seq-after-dash", "a:\n- \ufeffx\n", `{"a": ["\ufeffx"]}`},
		{"dquote", "a: \"x\ufeffy\"\n", `{"a": "x\ufeffy"}`},
		{"squote", "a: 'x\ufeffy'\n", `{"a": "x\ufeffy"}`},
		{"literal", "a: |\n  x\n\ufeff  y\n", `refused`},
		{"literal-in", "a: |\n  x\ufeffy\n", `{"a": "x\ufeffy\n"}`},
		{"literal-after-indent", "a: |\n  x\n  \ufeffy\n", `{"a": "x\n\ufeffy\n"}`},
		{"plain-multiline-cont", "a: x\n\ufeff  y\n", `refused`},
		{"plain-multiline-cont2", "a: x\n  \ufeffy\n", `{"a": "x \ufeffy"}`},
		{"doc-start", "a: 1\n\ufeff---\nb: 2\n", `refused`},
		{"start-of-file", "\ufeffa: 1\n", `{"a": "1"}`},
		{"two-boms-start", "\ufeff\ufeffa: 1\n", `{"a": "1"}`},
		{"after-tab", "a:\t\ufeffx\n", `{"a": "\ufeffx"}`},
		{"before-anchor", "a: \ufeff&x y\n", `{"a": "\ufeff&x y"}`},
		{"col0-then-comment", "a: 1\n\ufeff# c\nb: 2\n", `{"a": "1", "b": "2"}`},
		{"crlf-linestart", "a:\r\n\ufeff  pw: 1\r\n", `{"a": {"pw": "1"}}`},
		{"emoji-before", "a: 😀\n\ufeffb: 2\n", `{"a": "\U0001f600", "\ufeffb": "2"}`},
		{"cjk-key", "a:\n  \ufeff鍵: 1\n", `{"a": {"\ufeff\u9375": "1"}}`},
		{"two-bom-linestart", "a:\n\ufeff\ufeff  pw: 1\n", `{"a": {"\ufeff  pw": "1"}}`},
	})
}

// TestByteOrderMarksInsideContinued: a U+FEFF at the start of a line that
// goes on a scalar, a flow collection, a block scalar or its comments.
func TestByteOrderMarksInsideContinued(t *testing.T) {
	runByteOrderMarks(t, []byteOrderMarkCase{
		{"key-after-flowcol0", "a: [x,\n\ufeffy]\n", `{"a": ["x", "y"]}`},
		{"quoted-continuation-linestart", "a: \"x\n\ufeffy\"\n", `{"a": "x \ufeffy"}`},
		{"squoted-continuation-linestart", "a: 'x\n\ufeffy'\n", `{"a": "x \ufeffy"}`},
		{"flow-plain-continuation-linestart", "a: [x\n\ufeffy]\n", `{"a": ["x \ufeffy"]}`},
		{"literal-blank-bom-then-key", "a: |\n  x\n\ufeff\nb: 1\n", `{"a": "x\n", "b": "1"}`},
		{"literal-bom-blank-then-more", "a: |\n  x\n\ufeff\n  y\n", `refused`},
		{"plain-then-bom-only-line", "a: x\n\ufeff\nb: 1\n", `{"a": "x", "b": "1"}`},
		{"plain-then-bom-line-cont", "a: x\n\ufeff\n  y\n", `refused`},
		{"trunk-like", "p:\n  image:\n    type: string\n    default: u14\n\ufeff\nresources:\n  r: 1\n", `{"p": {"image": {"type": "string", "default": "u14"}}, "resources": {"r": "1"}}`},
		{"bom-before-seq-entry-in-map", "a:\n  - x\n\ufeff - y\n", `{"a": ["x", "y"]}`},
		{"bom-col0-key-in-nested", "a:\n  b: 1\n\ufeff c: 2\n", `{"a": {"b": "1", "c": "2"}}`},
		{"crlf-col0-key", "a: 1\r\n\ufeffb: 2\r\n", `{"a": "1", "\ufeffb": "2"}`},
		{"cjk-value-then-bom-line", "a:\n  k: 値\n\ufeff  l: 2\n", `{"a": {"k": "\u5024"}, "\ufeff  l": "2"}`},
		{"emoji-key-after-bom", "a:\n\ufeff  😀: 1\n", `{"a": {"\U0001f600": "1"}}`},
		{"bom-before-comment-indented", "a:\n  b: 1\n\ufeff  # c\n  d: 2\n", `{"a": {"b": "1", "d": "2"}}`},
		{"bom-nel", "a:\n\u0085\ufeff  b: 1\n", `{"a": {"b": "1"}}`},
		{"bom-in-flow-map-linestart", "a: {k: v,\n\ufeffl: w}\n", `{"a": {"k": "v", "l": "w"}}`},
		{"bom-root-plain", "x\n\ufeffy\n", `"x \ufeffy"`},
		{"flow-plain-then-bom-line-before-close", "a: {k: 53\n\ufeff  }\n", `{"a": {"k": "53 \ufeff"}}`},
		{"flow-plain-then-bom-line-before-comma", "a: [x\n\ufeff , y]\n", `{"a": ["x \ufeff", "y"]}`},
		{"flow-quoted-then-bom-line", "a: [\"x\"\n\ufeff , y]\n", `{"a": ["x", "y"]}`},
		{"flow-plain-comment-then-bom", "a: [x # c\n\ufeff , y]\n", `{"a": ["x", "y"]}`},
		{"literal-bom-then-comments", "a: |\n  x\n\ufeff\n  # c\n  # d\nb: 1\n", `{"a": "x\n", "b": "1"}`},
		{"literal-bom-comment-same-line", "a: |\n  x\n\ufeff  # c\nb: 1\n", `{"a": "x\n", "b": "1"}`},
		{"literal-bom-then-comment-then-content", "a: |\n  x\n\ufeff\n  # c\n  y\nb: 1\n", `refused`},
		{"folded-bom-then-comments", "a: >\n  x\n  y\n\ufeff\n  # c\n", `{"a": "x y\n"}`},
		{"literal-keep-bom-then-comments", "a: |+\n  x\n\n\ufeff\n  # c\nb: 1\n", `{"a": "x\n\n", "b": "1"}`},
		{"literal-empty-bom-first-line", "a: |\n\ufeff\n  # c\nb: 1\n", `{"a": "", "b": "1"}`},
		{"literal-two-boms-in-comments", "a: |\n  x\n\ufeff\n  # c\n\ufeff  # d\nb: 1\n", `{"a": "x\n", "b": "1"}`},
	})
}

// TestByteOrderMarksInsideTabs: tabs near a U+FEFF, where the two loaders
// Heat may fall back between take them differently.
func TestByteOrderMarksInsideTabs(t *testing.T) {
	runByteOrderMarks(t, []byteOrderMarkCase{
		// Read by PyYAML's Python reader (libyaml refuses the marked
		// key), which takes a tab only in quotes, block scalar content
		// and comments.
		{"py-tab-inside-plain", "a: x\ty\n\ufeffb: 2\n", `refused`},
		{"py-tab-in-dquote", "a: \"x\ty\"\n\ufeffb: 2\n", `{"a": "x\ty", "\ufeffb": "2"}`},
		{"py-tab-in-squote", "a: 'x\ty'\n\ufeffb: 2\n", `{"a": "x\ty", "\ufeffb": "2"}`},
		{"py-tab-in-dquote-continuation", "a: \"x\n\ty\"\n\ufeffb: 2\n", `{"a": "x y", "\ufeffb": "2"}`},
		{"py-tab-in-literal", "a: |\n  x\ty\n\ufeffb: 2\n", `{"a": "x\ty\n", "\ufeffb": "2"}`},
		{"py-tab-in-comment", "a: 1 # x\ty\n\ufeffb: 2\n", `{"a": "1", "\ufeffb": "2"}`},
		{"py-tab-in-comment-line", "# x\ty\na: 1\n\ufeffb: 2\n", `{"a": "1", "\ufeffb": "2"}`},
		{"py-tab-before-comment", "a: 1\t# c\n\ufeffb: 2\n", `refused`},
		{"py-tab-after-colon", "a:\t1\n\ufeffb: 2\n", `refused`},
		{"py-tab-after-quote", "a: \"x\"\t\n\ufeffb: 2\n", `refused`},
		{"py-tab-in-flow", "a: [x,\ty]\n\ufeffb: 2\n", `refused`},
		{"py-tab-in-literal-header", "a: |\t\n  x\n\ufeffb: 2\n", `refused`},
		{"py-tab-in-literal-header-comment", "a: | # c\td\n  x\n\ufeffb: 2\n", `{"a": "x\n", "\ufeffb": "2"}`},
		{"py-tab-after-bom-key", "a: 1\n\ufeffb: 2\tc\n", `refused`},
		{"py-hash-in-plain-then-tab", "a: x#y\tz\n\ufeffb: 2\n", `refused`},
		{"libyaml-tab-inside-plain", "a:\n\ufeff  pw: x\ty\n", `{"a": {"pw": "x\ty"}}`},
		// libyaml steps over a line-start mark where it looks for a
		// token, and a block context takes no tab there.
		{"mark-tab-after-plain", "a: 1\n\ufeff\t\nb: 2\n", `refused`},
		{"mark-space-tab-after-plain", "a: 1\n\ufeff \t\nb: 2\n", `refused`},
		{"mark-tab-before-comment", "a: 1\n\ufeff\t# c\nb: 2\n", `refused`},
		{"mark-space-comment-tab", "a: 1\n\ufeff # c\td\nb: 2\n", `{"a": "1", "b": "2"}`},
		{"mark-tab-in-flow", "a: [1,\n\ufeff\t2]\n", `{"a": ["1", "2"]}`},
		// a mark that goes on a plain scalar of a flow collection, then a
		// tab: yaml.v3 would take the mark for indentation and refuse
		{"flow-plain-nested-mark-tab", "r:\n  p: [\n    {b: 8080\n\ufeff \t\n    }]\n", `{"r": {"p": [{"b": "8080 \ufeff"}]}}`},
		{"flow-plain-nested-mark-tab-quoted-before", "r:\n  p: [\n    {b: \"x\"\n\ufeff \t\n    }]\n", `{"r": {"p": [{"b": "x"}]}}`},
	})
}

// byteOrderMarkCase is a text and what Heat's loaders read it as.
type byteOrderMarkCase struct{ name, src, want string }

// runByteOrderMarks parses each case, compares the tree with what Heat
// reads, and checks the spans of every scalar of a tree it accepts.
func runByteOrderMarks(t *testing.T, tests []byteOrderMarkCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse([]byte(tt.src))
			got := "refused"
			if !f.Broken {
				got = renderTree(f.Root())
			}
			if got != tt.want {
				t.Errorf("read as %s, Heat reads %s (problems %+v)", got, tt.want, f.Problems)
			}
			if string(f.Src) != tt.src {
				t.Errorf("Src changed: %q", f.Src)
			}
			if f.Broken {
				return
			}
			checkScalarSpans(t, f)
		})
	}
}

// renderTree writes the tree as the test table does: mappings in braces,
// sequences in brackets, every scalar as quoted text.
func renderTree(n *Node) string {
	switch {
	case n == nil:
		return `""`
	case n.Kind == MappingNode:
		var parts []string
		for _, p := range n.Pairs() {
			parts = append(parts, strconv.QuoteToASCII(p.Key.Value)+": "+renderTree(p.Value))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case n.Kind == SequenceNode:
		var parts []string
		for _, item := range n.Items() {
			parts = append(parts, renderTree(item))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return strconv.QuoteToASCII(n.Value)
}

// checkScalarSpans: every one-line plain scalar's span covers its value as
// written, so offsets were kept while the marks were spelt otherwise.
func checkScalarSpans(t *testing.T, f *File) {
	t.Helper()
	f.Root().Walk(func(n *Node, _ int) bool {
		if n.Kind == ScalarNode && n.Style == Plain && n.Value != "" && !strings.ContainsAny(n.Value, " \n") {
			if got := string(f.Src[n.Span().Start:n.Span().End]); got != n.Value {
				t.Errorf("span of %q covers %q", n.Value, got)
			}
		}
		return true
	})
}

// TestByteOrderMarksRecovered: the rest of a broken text is read as Heat's
// loaders read it, marks included: a line-start mark libyaml steps over is
// a column of indentation there too, not the start of a key, and a mark
// inside a value is text. Neither reader accepts a broken text, so the
// fallback reader's dates are not in question (PythonRead stays unset).
func TestByteOrderMarksRecovered(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"line-start mark stepped over", "a:\n  b: 1\n\ufeff c: 2\nd: [\n", `{"a": {"b": "1", "c": "2"}, "d": ""}`},
		{"mark inside a value", "a: x\ufeffy\nd: [\n", `{"a": "x\ufeffy", "d": ""}`},
		{"mark libyaml refuses", "v: 2016-10-14\n\ufeffb: 1\nd: [\n", `{"v": "2016-10-14", "\ufeffb": "1", "d": ""}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse([]byte(tt.src))
			if !f.Broken || len(f.Recovered) == 0 {
				t.Fatalf("not recovered: broken %v, regions %v", f.Broken, f.Recovered)
			}
			if got := renderTree(f.Root()); got != tt.want {
				t.Errorf("recovered %s, want %s", got, tt.want)
			}
			if f.PythonRead {
				t.Error("PythonRead set on a text both readers refuse")
			}
		})
	}
}
