package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"heat-ls/schema/refdata"
)

// corpusDir locates <module root>/../shared/corpus.
func corpusDir() (string, bool) {
	dir, ok := refdata.Dir()
	if !ok {
		return "", false
	}
	root := filepath.Join(dir, "corpus")
	if _, err := os.Stat(root); err != nil {
		return "", false
	}
	return root, true
}

// sharedCorpus returns the template files under ../shared/corpus, or skips.
func sharedCorpus(t testing.TB) []string {
	t.Helper()
	root, ok := corpusDir()
	if !ok {
		t.Skip("../shared not found (run with the shared directory beside the checkout, or HEAT_LS_SHARED naming it): the corpus checks need ../shared/corpus")
	}
	var files []string
	_ = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml") || strings.HasSuffix(path, ".template")) {
			files = append(files, path)
		}
		return nil
	})
	return files
}

var fuzzSeeds = []string{
	"heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Nova::Server\n",
	"a: &x [1, *x]\n", "k: |2-\n   x\n\n", "k: >\n  a\n  b\n", "- 'it''s'\n- \"\\u00e9\"\n",
	"{a: [b, {c: d}], e: }\n", "a:\n  b: 1\n c: 2\n", "a: [1, 2\n", "\ufeffa: 名前 😀\r\n", "a: 1\n---\nb: 2\n",
	"? [a, b]\n: c\n", "!!map &m {a: !!str 1}\n", "a: *unknown\n", "a:\tb\n", "- - - x\n", "a: \"x\n",
}

// checkFile verifies the invariants every parse must keep: spans inside
// the text, children inside their parents, problems inside the text.
func checkFile(t *testing.T, f *File) {
	t.Helper()
	n := len(f.Src)
	for _, p := range f.Problems {
		if p.Span.Start < 0 || p.Span.Start > p.Span.End || p.Span.End > n {
			t.Fatalf("problem span %v outside [0, %d]: %+v", p.Span, n, p)
		}
	}
	for _, root := range f.Docs {
		var stack []*Node // ancestors by depth
		root.Walk(func(node *Node, depth int) bool {
			s := node.Span()
			if s.Start < 0 || s.Start > s.End || s.End > n {
				t.Fatalf("span %v outside [0, %d] (node %+v)", s, n, node)
			}
			stack = append(stack[:depth], node)
			if depth > 0 {
				if ps := stack[depth-1].Span(); s.Start < ps.Start || s.End > ps.End {
					t.Fatalf("span %v %q not inside parent %v %q", s, f.Src[s.Start:s.End], ps, f.Src[ps.Start:ps.End])
				}
			}
			return true
		})
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	// Real templates make good seeds when ../shared is present; without it
	// the inline seeds suffice.
	if dir, ok := corpusDir(); ok {
		_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".yaml") {
				if data, err := os.ReadFile(path); err == nil && len(data) < 64<<10 {
					f.Add(data)
				}
			}
			return nil
		})
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkFile(t, Parse(src))
	})
}

func TestInvariantsOnSeeds(t *testing.T) {
	for _, s := range fuzzSeeds {
		checkFile(t, Parse([]byte(s)))
	}
}

// TestCorpusSpans parses every real template and checks, beyond the
// invariants, that spans agree with what yaml.v3 decoded: single-line
// plain scalars span exactly their value, quoted scalars span their
// quotes, flow collections their brackets.
func TestCorpusSpans(t *testing.T) {
	files := sharedCorpus(t)
	if len(files) == 0 {
		t.Skip("../shared/corpus holds no templates")
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f := Parse(src)
		checkFile(t, f)
		for _, root := range f.Docs {
			root.Walk(func(n *Node, _ int) bool {
				text := string(src[n.Span().Start:n.Span().End])
				bad := false
				switch {
				case n.Kind == ScalarNode && n.Style == Plain && !strings.ContainsAny(n.Value, "\n") && n.Value != "":
					bad = text != n.Value
				case n.Style == DoubleQuoted:
					bad = len(text) < 2 || text[0] != '"' || text[len(text)-1] != '"'
				case n.Style == SingleQuoted:
					bad = len(text) < 2 || text[0] != '\'' || text[len(text)-1] != '\''
				case n.Style == Literal || n.Style == Folded:
					bad = text[0] != '|' && text[0] != '>'
				case n.Kind == SequenceNode && n.Style == Flow:
					bad = text[0] != '[' || text[len(text)-1] != ']'
				case n.Kind == MappingNode && n.Style == Flow && text[0] == '{':
					bad = text[len(text)-1] != '}'
				}
				if bad {
					t.Errorf("%s: node %q (style %d) has span text %q", path, n.Value, n.Style, text)
				}
				return true
			})
		}
	}
}
