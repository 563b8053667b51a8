package syntax

import (
	"reflect"
	"testing"

	"heat-ls/analysis/syntax/synthtest"
)

// TestArenaParsesAsWithout parses texts of every kind in turn into one
// arena, as heat-ls check does, and compares each tree with a parse that
// allocates: they must be equal node for node, whatever the previous text
// left in the arena (a larger tree, a broken one, several documents).
func TestArenaParsesAsWithout(t *testing.T) {
	texts := []struct{ name, src string }{
		{"template", string(synthtest.GenerateTemplate(300))},
		{"smaller", "heat_template_version: 2018-08-31\nresources:\n  a: {type: OS::Heat::None}\n"},
		{"larger", string(synthtest.GenerateTemplate(1200))},
		{"broken", "resources:\n  a:\n    type: [OS::Heat::None\n  b: {type: x}\n"},
		{"empty", ""},
		{"documents", "a: 1\n---\nb: [2, 3]\n"},
		{"aliases", "x: &a {k: v}\ny: *a\nz: [*a, *a]\n"},
		{"crlf and emoji", "a: \"😀\"\r\nb:\r\n  - 中文\r\n  - \tc\r\n"},
		{"flow and block scalars", "a: |\n  text\n  more\nb: >-\n  folded\nc: {d: [1, {e: f}]}\n"},
		{"template again", string(synthtest.GenerateTemplate(300))},
	}
	var a Arena
	for _, tc := range texts {
		got := ParseAfterIn([]byte(tc.src), nil, &a)
		want := Parse([]byte(tc.src))
		if sameFile(got, want) != "" {
			t.Errorf("%s: the tree parsed into the arena differs from the allocated one", tc.name)
		}
		a.Reset()
		for i, n := range a.nodes[:cap(a.nodes)] {
			if !reflect.DeepEqual(n, Node{}) {
				t.Fatalf("%s: after Reset the arena's node %d is not zero: %+v", tc.name, i, n)
			}
		}
		for i, p := range a.ptrs[:cap(a.ptrs)] {
			if p != nil {
				t.Fatalf("%s: after Reset the arena's pointer %d is not nil", tc.name, i)
			}
		}
	}
}

// TestArenaLendsItsBlockOnce checks that a second parse of the same size
// gets the first one's memory back after Reset, and that a parse while the
// arena is lent (the re-parses of a broken text) leaves the lent tree
// alone.
func TestArenaLendsItsBlockOnce(t *testing.T) {
	src := synthtest.GenerateTemplate(300)
	var a Arena
	first := ParseAfterIn(src, nil, &a)
	root := first.Root()
	other := ParseAfterIn([]byte("x: [1, 2]\ny: z\n"), nil, &a)
	if other.Root() == root {
		t.Fatal("a parse while the arena was lent wrote into the lent block")
	}
	if sameFile(first, Parse(src)) != "" {
		t.Fatal("the lent tree changed when another text was parsed meanwhile")
	}
	a.Reset()
	again := ParseAfterIn(src, nil, &a)
	if again.Root() != root {
		t.Error("after Reset the same text did not reuse the arena's block")
	}
	if sameFile(again, Parse(src)) != "" {
		t.Error("the tree parsed into the reused block differs from the allocated one")
	}
}
