package yaql

import (
	"fmt"
	"strings"
	"testing"
)

// nest wraps inner in n levels of open … close.
func nest(open, close, inner string, n int) string {
	return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
}

// deepShapes are the brackets the grammar nests: every one is a frame on
// the recogniser's own stack, none a Go call.
var deepShapes = []struct {
	name, open, close, inner string
}{
	{"list", "[", "]", "1"},
	{"index", "$[", "]", "0"},
	{"parenthesis", "(", ")", "1"},
	{"call", "f(", ")", "1"},
	{"map", "{a => ", "}", "1"},
	{"named argument", "f(x => ", ")", "1"},
	{"operators between", "1 + (", ")", "-1"},
}

// TestDeepNesting: at ten times MaxDepth, and far beyond, every bracket
// shape parses as Heat's parser parses it (any depth), reports its depth
// and marks the first bracket past MaxDepth; unclosed, it ends where Heat
// ends it. No depth grows the Go stack.
func TestDeepNesting(t *testing.T) {
	for _, depth := range []int{10 * MaxDepth, 200_000} {
		for _, s := range deepShapes {
			t.Run(fmt.Sprintf("%s/%d", s.name, depth), func(t *testing.T) {
				expr := nest(s.open, s.close, s.inner, depth)
				r := Parse(expr)
				if r.Err != nil {
					t.Fatalf("refused at %d: %v", r.Err.Offset, r.Err)
				}
				if r.Depth != depth {
					t.Fatalf("depth %d, want %d", r.Depth, depth)
				}
				at := MaxDepth * len(s.open)
				if r.TooDeep == nil || r.TooDeep.Kind != Depth || r.TooDeep.Offset != at+bracketAt(s.open) {
					t.Fatalf("TooDeep = %+v, want the bracket at %d", r.TooDeep, at+bracketAt(s.open))
				}
				unclosed := expr[:len(expr)-1]
				if e := Check(unclosed); e == nil || e.Kind != EndOfInput || e.Offset != len(unclosed) {
					t.Fatalf("unclosed: %+v, want the end of input", e)
				}
			})
		}
	}
}

// bracketAt is the offset of the opening bracket's token inside one
// level's text (a call's token begins with the function's name).
func bracketAt(open string) int {
	if i := strings.Index(open, "f("); i >= 0 {
		return i
	}
	return strings.LastIndexAny(open, "([{")
}

// TestDepthBound: MaxDepth levels are fine, one more is marked.
func TestDepthBound(t *testing.T) {
	if r := Parse(nest("[", "]", "1", MaxDepth)); r.TooDeep != nil || r.Depth != MaxDepth {
		t.Fatalf("at the bound: %+v", r)
	}
	if r := Parse(nest("[", "]", "1", MaxDepth+1)); r.TooDeep == nil || r.TooDeep.Offset != MaxDepth {
		t.Fatalf("past the bound: %+v", r)
	}
	// Sibling brackets do not add up.
	wide := strings.Repeat("[1], ", 5*MaxDepth)
	if r := Parse("[" + wide + "1]"); r.Err != nil || r.Depth != 2 || r.TooDeep != nil {
		t.Fatalf("wide: %+v", r)
	}
}

// BenchmarkDeepNesting shows the cost linear in the depth: ns/op divided
// by the depth stays flat from a thousand levels to ten million.
func BenchmarkDeepNesting(b *testing.B) {
	for _, depth := range []int{1_000, 100_000, 10_000_000} {
		for _, s := range []struct{ name, open, close string }{{"list", "[", "]"}, {"call", "f(", ")"}, {"parenthesis", "(", ")"}} {
			expr := nest(s.open, s.close, "1", depth)
			b.Run(fmt.Sprintf("%s/%d", s.name, depth), func(b *testing.B) {
				b.SetBytes(int64(len(expr)))
				b.ReportAllocs()
				for b.Loop() {
					if r := Parse(expr); r.Err != nil {
						b.Fatal(r.Err)
					}
				}
			})
		}
	}
}
