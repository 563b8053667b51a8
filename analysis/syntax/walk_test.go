package syntax

import (
	"strings"
	"testing"
)

func TestNodeAt(t *testing.T) {
	src := "resources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: {get_param: image}\n      name:\n"
	f := Parse([]byte(src))
	tests := []struct {
		at   string // the cursor is placed at the first occurrence of at, plus shift
		path []string
	}{
		{"server:", []string{"map", "map", "server"}},
		{"OS::Nova", []string{"map", "map", "map", "OS::Nova::Server"}},
		{"get_param", []string{"map", "map", "map", "map", "{get_param: image}", "get_param"}},
		{"image}", []string{"map", "map", "map", "map", "{get_param: image}", "image"}},
	}
	for _, tt := range tests {
		off := strings.Index(src, tt.at)
		path := f.NodeAt(off)
		var got []string
		for _, n := range path {
			if n.Kind == MappingNode && n.Style == Block {
				got = append(got, "map")
			} else {
				got = append(got, string(f.Src[n.Span().Start:n.Span().End]))
			}
		}
		// Compare only the first element and the tail, which name the
		// innermost nodes; the middle is block mappings.
		if strings.Join(got, "|") != strings.Join(tt.path, "|") {
			t.Errorf("NodeAt(%q) = %q, want %q", tt.at, got, tt.path)
		}
	}
	// The empty value of "name:" sits right after the colon.
	off := strings.LastIndex(src, "name:") + len("name:")
	path := f.NodeAt(off)
	if last := path[len(path)-1]; !last.IsNull() || last.Span().Start != off {
		t.Errorf("NodeAt after colon = %+v", last)
	}
	if got := f.NodeAt(len(src) + 10); got != nil {
		t.Errorf("NodeAt past the end = %v", got)
	}
	if pair := path[len(path)-2].PairAt(off); pair.Key == nil || pair.Key.Value != "name" {
		t.Errorf("PairAt = %+v", pair)
	}
}

func TestWalkSkipsChildrenAndReportsDepth(t *testing.T) {
	f := Parse([]byte("a:\n  b: [1, 2]\nc: 3\n"))
	var seen []string
	f.Root().Walk(func(n *Node, depth int) bool {
		seen = append(seen, strings.Repeat(">", depth)+f.Text(n))
		return n.Kind != SequenceNode
	})
	want := []string{"a:\n  b: [1, 2]\nc: 3", ">a", ">b: [1, 2]", ">>b", ">>[1, 2]", ">c", ">3"}
	if strings.Join(seen, "|") != strings.Join(want, "|") {
		t.Errorf("Walk = %q, want %q", seen, want)
	}
}
