package feature

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
			c := ReadContext(src, off)
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
		if c := ReadContext(src, off); c != nil {
			t.Errorf("%q: context %+v, want none", text, c)
		}
	}
}

var typedRegion = regexp.MustCompile(`(?s)⟦.*?⟧`)

// TestTopLinesAgreeWithTheWalk checks the shortcut through a parse's
// top-level keys against the plain line walk, at every offset of every
// fixture, with the text's tolerant parse (with and without the text
// before its ⟦typed⟧ parts as the last good one).
func TestTopLinesAgreeWithTheWalk(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "markers", "*.yaml"))
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
		// The tolerant parse of the text, alone and as it is after typing
		// from the text before the ⟦typed⟧ parts.
		for _, parse := range []*hot.Document{hot.Parse(cur), hot.ParseAfter(cur, hot.Parse(before))} {
			top := newTopLines(cur, parse)
			if top == nil {
				continue
			}
			for off := 0; off <= len(cur); off++ {
				want := ReadContext(cur, off)
				got := readContext(cur, off, top)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s at %d: with top lines %+v, walking %+v", filepath.Base(f), off, got, want)
				}
			}
		}
	}
}
