package syntax

import (
	"reflect"
	"testing"
)

// sameFile reports how got differs from want, "" when not at all: every
// field of the File, and every node of its trees as sameParse compares
// them. reflect.DeepEqual cannot compare the trees: a node's child list
// is a pointer to its first child and a length, and DeepEqual would
// follow only the pointer.
func sameFile(got, want *File) string {
	g, w := *got, *want
	g.Docs, w.Docs = nil, nil
	if !reflect.DeepEqual(g, w) {
		return "the files differ beside their trees"
	}
	return sameParse(got, want)
}

// TestSameFileSeesEveryChild: a tree that differs only in a later child
// is told apart.
func TestSameFileSeesEveryChild(t *testing.T) {
	a := Parse([]byte("a: [1, 2, 3]\n"))
	b := Parse([]byte("a: [1, 2, 4]\n"))
	b.Src = a.Src
	if sameFile(a, b) == "" {
		t.Error("two trees whose last items differ compare the same")
	}
	if d := sameFile(a, Parse([]byte("a: [1, 2, 3]\n"))); d != "" {
		t.Errorf("two parses of one text differ: %s", d)
	}
}
