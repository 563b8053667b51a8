package syntax

import (
	"slices"
	"testing"
)

// TestChildAccessors: a mapping's one child list reads as pairs (keys and
// values alternate), a sequence's as items, and each accessor gives
// nothing for the other kinds, as the separate lists did.
func TestChildAccessors(t *testing.T) {
	f := Parse([]byte("m: {a: 1, b: [x, y]}\ns: [p, q, r]\nv: 3\n"))
	root := f.Root()
	m, s, v := root.Get("m"), root.Get("s"), root.Get("v")
	for _, tc := range []struct {
		name           string
		n              *Node
		keys, items    []string
		numPairs, kids int
	}{
		{"mapping", m, []string{"a", "b"}, nil, 2, 4},
		{"sequence", s, nil, []string{"p", "q", "r"}, 0, 3},
		{"scalar", v, nil, nil, 0, 0},
		{"nil", nil, nil, nil, 0, 0},
	} {
		var keys []string
		for i, p := range tc.n.Pairs() {
			if q := tc.n.Pair(i); q != p {
				t.Errorf("%s: Pair(%d) = %v, Pairs yields %v", tc.name, i, q, p)
			}
			keys = append(keys, p.Key.Value)
		}
		var items []string
		for _, it := range tc.n.Items() {
			items = append(items, it.Value)
		}
		if !slices.Equal(keys, tc.keys) || !slices.Equal(items, tc.items) {
			t.Errorf("%s: keys %q items %q, want %q %q", tc.name, keys, items, tc.keys, tc.items)
		}
		if got := tc.n.NumPairs(); got != tc.numPairs {
			t.Errorf("%s: NumPairs() = %d, want %d", tc.name, got, tc.numPairs)
		}
		if got := len(tc.n.Children()); got != tc.kids {
			t.Errorf("%s: %d children, want %d", tc.name, got, tc.kids)
		}
	}
	// An entry's span runs from its key to its value.
	p := m.Lookup("b")
	if sp := p.Span(); sp.Start != p.Key.Span().Start || sp.End != p.Value.Span().End {
		t.Errorf("Pair.Span() = %v, key %v value %v", sp, p.Key.Span(), p.Value.Span())
	}
	if q := m.Lookup("zz"); q.Key != nil || q.Value != nil {
		t.Errorf("Lookup of a missing key = %v, want the zero Pair", q)
	}
	// Breaking out of the range stops the iteration.
	n := 0
	for range s.Pairs() {
		n++
	}
	for range m.Pairs() {
		n++
		break
	}
	if n != 1 {
		t.Errorf("break after the first pair: %d pairs seen, want 1", n)
	}
}
