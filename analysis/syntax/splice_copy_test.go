package syntax

import (
	"reflect"
	"testing"
)

// TestCopiedNodeFields: shiftCopy copies a node field by field; a field
// added to Node must be added there too, or its copies would lose it.
func TestCopiedNodeFields(t *testing.T) {
	want := []string{"Kind", "Style", "Anchored", "tag", "start", "end", "nkids", "Value", "more"}
	typ := reflect.TypeFor[Node]()
	var got []string
	for i := range typ.NumField() {
		got = append(got, typ.Field(i).Name)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Node's fields are %q; shiftCopy copies %q: copy the new ones in shiftCopy and list them here", got, want)
	}
	n := &Node{Kind: ScalarNode, Style: 1, Anchored: true, Value: "v", start: 1, end: 9}
	n.SetTag("!x")
	n.SetTarget(&Node{})
	n.setKids([]*Node{{Kind: ScalarNode, start: 5, end: 6}})
	var a copyArena
	c := a.shiftCopy(n, 3)
	if c.Kind != n.Kind || c.Style != n.Style || c.Anchored != n.Anchored || c.Tag() != n.Tag() || c.Value != n.Value || c.Target() != n.Target() {
		t.Errorf("copy %+v differs from %+v beyond its span", c, n)
	}
	if c.start != 4 || c.end != 12 || len(c.kids()) != 1 || c.kids()[0] == n.kids()[0] || c.kids()[0].start != 8 {
		t.Errorf("copy's spans or children not moved: %+v", c)
	}
	if n.kids()[0].start != 5 || n.rareOf() == c.rareOf() {
		t.Errorf("the copy's child list went into the rare fields of the node copied: %+v", n)
	}
}
