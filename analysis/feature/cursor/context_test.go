package cursor

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
)

// cursorText splits a test text at its last "|" (the cursor; an earlier
// one may be a block scalar indicator).
func cursorText(t testing.TB, s string) ([]byte, int) {
	t.Helper()
	i := strings.LastIndex(s, "|")
	if i < 0 {
		t.Fatalf("no cursor in %q", s)
	}
	return []byte(s[:i] + s[i+1:]), i
}

func TestReadContext(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		path     string // keys joined by "/", items as "-" with their index: "-1"
		slot     Slot
		prefix   string
		siblings []string
		prev     []string // Prev of the last item step
	}{
		{"top level empty", "a: 1\n|", "", SlotKeyOrScalar, "", []string{"a"}, nil},
		{"top level partial", "heat_template_version: x\nres|\nparameters: {}\n", "", SlotKeyOrScalar, "res", []string{"heat_template_version", "parameters"}, nil},
		{"value after colon", "resources:\n  s:\n    type: OS::Nova::|\n", "resources/s/type", SlotScalar, "OS::Nova::", nil, nil},
		{"block key under key", "resources:\n  s:\n    properties:\n      a: 1\n      fl|\n      b: 2\n", "resources/s/properties", SlotKeyOrScalar, "fl", []string{"a", "b"}, nil},
		{"flow map key", "a:\n  b: {get_pa|", "a/b", SlotKey, "get_pa", nil, nil},
		{"flow map key after pair", "a: {x: 1, y|", "a", SlotKey, "y", []string{"x"}, nil},
		{"flow map value", "a: {x: |}", "a/x", SlotScalar, "", nil, nil},
		{"flow seq item", "a: [get_|]", "a/-0", SlotKeyOrScalar, "get_", nil, nil},
		{"flow seq second item", "a: {get_attr: [srv, at|", "a/get_attr/-1", SlotKeyOrScalar, "at", nil, []string{"srv"}},
		{"flow seq pair value", "a: [get_param: |", "a/-0/get_param", SlotScalar, "", nil, nil},
		{"nested flow", "a: {if: [c, {get_param: [|", "a/if/-1/get_param/-0", SlotKeyOrScalar, "", nil, nil},
		{"block item", "a:\n  - x\n  - y\n  - |\n", "a/-2", SlotKeyOrScalar, "", nil, []string{"x", "y"}},
		{"indentless item", "a:\n- x\n- |\n", "a/-1", SlotKeyOrScalar, "", nil, []string{"x"}},
		{"key inside item", "n:\n  - port: x\n    fi|\n  - network: y\n", "n/-0", SlotKeyOrScalar, "fi", []string{"port"}, nil},
		{"second item keys", "n:\n  - port: x\n    fixed_ip: z\n  - network: y\n    s|\n", "n/-1", SlotKeyOrScalar, "s", []string{"network"}, nil},
		{"item with flow", "n:\n  - {get_|", "n/-0", SlotKey, "get_", nil, nil},
		{"nested items", "a:\n  - - x\n    - |\n", "a/-0/-1", SlotKeyOrScalar, "", nil, []string{"x"}},
		{"multi-line flow", "a:\n  get_attr: [srv,\n    |\n", "a/get_attr/-1", SlotKeyOrScalar, "", nil, []string{"srv"}},
		{"tab indented", "r:\n  s:\n    properties:\n\t|", "r/s/properties", SlotKeyOrScalar, "", nil, nil},
		{"quoted key start", "r:\n  s:\n    'ty|", "r/s", SlotKeyOrScalar, "ty", nil, nil},
		{"comments skipped", "r:\n  # note: x\n  s:\n\n    # more\n    t|", "r/s", SlotKeyOrScalar, "t", nil, nil},
		{"colon inside key", "p:\n  binding:vnic_type: x\n  |", "p", SlotKeyOrScalar, "", []string{"binding:vnic_type"}, nil},
		{"crlf lines", "r:\r\n  s:\r\n    |", "r/s", SlotKeyOrScalar, "", nil, nil},
		{"unicode before", "d: ünï\nr:\n  é: {get_|", "r/é", SlotKey, "get_", nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src, off := cursorText(t, tc.text)
			for _, c := range bothReadings(src, off) {
				checkContext(t, c, tc.path, tc.slot, tc.prefix, off, tc.siblings, tc.prev)
			}
		})
	}
}

// bothReadings reads the context at off from the tree of src's tolerant
// parse, and from its text alone (as where the parse blanked it all).
func bothReadings(src []byte, off int) []*TextContext {
	return []*TextContext{ReadContext(hot.Parse(src), off), readContext(contextTree{src: src}, off)}
}

// checkContext compares c with the wanted path ("/"-joined keys, items as
// "-" and their index), slot, prefix, siblings and Prev of the last step.
func checkContext(t *testing.T, c *TextContext, path string, slot Slot, prefix string, off int, siblings, prev []string) {
	t.Helper()
	tc := struct {
		path     string
		slot     Slot
		prefix   string
		siblings []string
		prev     []string
	}{path, slot, prefix, siblings, prev}
	if c == nil {
		t.Fatal("no context")
	}
	var parts []string
	for _, s := range c.Path {
		if s.IsItem() {
			parts = append(parts, "-"+string(rune('0'+s.Index)))
		} else {
			parts = append(parts, s.Key)
		}
	}
	if got := strings.Join(parts, "/"); got != tc.path {
		t.Errorf("path %q, want %q", got, tc.path)
	}
	if c.Slot != tc.slot {
		t.Errorf("slot %d, want %d", c.Slot, tc.slot)
	}
	if c.Prefix != tc.prefix || c.Span.End != off || c.Span.Start != off-len(tc.prefix) {
		t.Errorf("prefix %q at %v, want %q ending at %d", c.Prefix, c.Span, tc.prefix, off)
	}
	if !slices.Equal(c.Siblings, tc.siblings) {
		t.Errorf("siblings %q, want %q", c.Siblings, tc.siblings)
	}
	if tc.prev != nil {
		last := c.Path[len(c.Path)-1]
		if !slices.Equal(last.Prev, tc.prev) {
			t.Errorf("prev %q, want %q", last.Prev, tc.prev)
		}
	}
}

// TestReadContextFromTheTree holds the cases where the tree's answer is
// not the one the text alone gives, and why the tree is right.
func TestReadContextFromTheTree(t *testing.T) {
	tests := []struct {
		name, why string
		text      string
		path      string
		slot      Slot
		siblings  []string
		prev      []string
	}{
		{"plain value ending in a comma", "a comma ending a plain scalar leaves no flow collection open, so the next line is a key of a, not the value of description",
			"a:\n  description: x, y,\n  |\n", "a", SlotKeyOrScalar, []string{"description"}, nil},
		{"earlier item a flow list", "a list is no name: get_attr's resource cannot be \"[x]\"",
			"a:\n  get_attr:\n    - [x]\n    - |\n", "a/get_attr/-1", SlotKeyOrScalar, nil, []string{""}},
		// Not a difference, but the reason the blanked lines are still read:
		// the broken line keeps its key, which is not proposed again.
		{"a blanked key stays a sibling", "the parse blanks the broken line; its key is read from the text",
			"d: bad: x\nr:\n  s: 1\n|\n", "", SlotKeyOrScalar, []string{"r", "d"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src, off := cursorText(t, tc.text)
			c := ReadContext(hot.Parse(src), off)
			checkContext(t, c, tc.path, tc.slot, "", off, tc.siblings, tc.prev)
			if t.Failed() {
				t.Logf("why: %s", tc.why)
			}
		})
	}
}

func TestReadContextRefusesCommentsAndBlockScalars(t *testing.T) {
	for _, text := range []string{
		"a: 1 # get_|",
		"# get_|",
		"a: {b: 1} # x|",
		"d: |\n  some text\n  get_|",
		"d: >-\n  folded\n  x|",
		"a: {b: 1}|",
		"a: [x]]|",
	} {
		src, off := cursorText(t, text)
		for i, c := range bothReadings(src, off) {
			if c != nil {
				t.Errorf("%q (reading %d): context %+v, want none", text, i, c)
			}
		}
	}
}

var typedRegion = regexp.MustCompile(`(?s)⟦.*?⟧`)

// fixtureMarks are the marks of the marker fixtures: ⟨cursor names⟩ and
// the ⟦typed⟧ brackets.
var fixtureMarks = regexp.MustCompile(`⟨[^⟩]*⟩|⟦|⟧`)

// TestTreeAgreesWithTheWalk checks the reading from the tree against the
// reading of the text alone, at every offset of every fixture, with the
// text's tolerant parse (with and without the text before its ⟦typed⟧
// parts as the last good one). Where the parse holds the lines, the two
// must agree but for the cases treeReadingDiffers lists.
func TestTreeAgreesWithTheWalk(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "testdata", "markers", "*.yaml"))
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cur := fixtureMarks.ReplaceAll(raw, nil)
		before := fixtureMarks.ReplaceAll(typedRegion.ReplaceAll(raw, nil), nil)
		for _, parse := range []*hot.Document{hot.Parse(cur), hot.ParseAfter(cur, hot.Parse(before))} {
			for off := 0; off <= len(cur); off++ {
				got := ReadContext(parse, off)
				want := readContext(contextTree{src: cur}, off)
				if !reflect.DeepEqual(got, want) && !treeReadingDiffers(got, want) {
					t.Errorf("%s at %d (%q|%q): from the tree %+v, from the text %+v", filepath.Base(f), off, lineBefore(cur, off), lineAfter(cur, off), got, want)
				}
			}
		}
	}
}

// treeReadingDiffers reports whether got, read from the tree, differs from
// want, read from the text, only where the tree is right: an earlier item
// written as a flow collection ("- [a, b]") is no scalar, so its text is
// no name for get_attr's arguments (Step.Prev holds "" for it).
func treeReadingDiffers(got, want *TextContext) bool {
	if got == nil || want == nil || len(got.Path) != len(want.Path) {
		return false
	}
	fixed := *want
	fixed.Path = make([]Step, len(want.Path))
	for i, s := range want.Path {
		fixed.Path[i] = s
		if s.Prev != nil {
			fixed.Path[i].Prev = slices.Clone(s.Prev)
		}
		for j, p := range fixed.Path[i].Prev {
			if strings.HasPrefix(p, "[") || strings.HasPrefix(p, "{") {
				fixed.Path[i].Prev[j] = ""
			}
		}
	}
	return reflect.DeepEqual(got, &fixed)
}

func lineBefore(src []byte, off int) string {
	return string(src[strings.LastIndexByte(string(src[:off]), '\n')+1 : off])
}

func lineAfter(src []byte, off int) string {
	rest := string(src[off:])
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	return rest
}
