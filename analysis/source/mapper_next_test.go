package source

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// TestNewMapperAfter applies seeded random edits (line breaks of every
// kind among them) to texts and checks that the index derived from the
// previous version's equals a new one, version after version.
func TestNewMapperAfter(t *testing.T) {
	texts := []string{
		"",
		"a: 1\nb:\n  c: 2\n",
		strings.Repeat("resources:\n  r:\n    type: T\n    properties: {x: 1}\n", 300),
		"\xEF\xBB\xBFkey: v\nother: w\n",
		"a: 1\r\nb: 2\r\n",
		"a: x\xE2\x80\xA8y\nb: 1\n",
	}
	pieces := []string{"x", "\n", "\n\n  ", "", "ab\ncd", "\r", "\r\n", "\xC2\x85", "\xE2\x80\xA8", "\xE2", "\x80\xA9", "é", "\xEF\xBB\xBF"}
	rnd := rand.New(rand.NewSource(3))
	derived := 0
	for range 3000 {
		src := []byte(texts[rnd.Intn(len(texts))])
		m := NewMapper(src)
		for range 1 + rnd.Intn(10) {
			at := rnd.Intn(len(src) + 1)
			end := min(len(src), at+rnd.Intn(4))
			next := append(append(append([]byte{}, src[:at]...), pieces[rnd.Intn(len(pieces))]...), src[end:]...)
			got, want := NewMapperAfter(m, next), NewMapper(next)
			if !sameIndex(got, want) {
				t.Fatalf("index of %q after %q:\ngot  %v %v %v\nwant %v %v %v", next, src,
					got.lines(), got.yamlStarts, got.plain, want.lines(), want.yamlStarts, want.plain)
			}
			if m.plain && want.plain {
				derived++
			}
			src, m = next, got
		}
	}
	if derived < 1000 {
		t.Fatalf("only %d indexes were derived from the previous one", derived)
	}
}

// sameIndex reports whether two mappers index the same text alike (the
// index built on first use is compared, not whether it was built yet).
func sameIndex(a, b *Mapper) bool {
	return reflect.DeepEqual(a.src, b.src) && reflect.DeepEqual(a.lines(), b.lines()) &&
		reflect.DeepEqual(a.yamlStarts, b.yamlStarts) && a.bom == b.bom && a.plain == b.plain
}

// TestChangedRange: the changed bytes, with a change that could sit at
// several places put at the leftmost one.
func TestChangedRange(t *testing.T) {
	tests := []struct {
		old, next             string
		start, oldEnd, newEnd int
	}{
		{"", "", 0, 0, 0},
		{"abc", "abc", 0, 0, 0},
		{"abc", "abxc", 2, 2, 3},
		{"abc", "ac", 1, 2, 1},
		{"a\nb\n", "a\nb\nb\n", 1, 1, 3},
		{"xyz", "", 0, 3, 0},
		{strings.Repeat("a", 9000) + "b" + strings.Repeat("c", 9000), strings.Repeat("a", 9000) + "B" + strings.Repeat("c", 9000), 9000, 9001, 9001},
	}
	for _, tt := range tests {
		s, oe, ne := ChangedRange([]byte(tt.old), []byte(tt.next))
		if s != tt.start || oe != tt.oldEnd || ne != tt.newEnd {
			t.Errorf("ChangedRange(%.20q, %.20q) = %d, %d, %d, want %d, %d, %d", tt.old, tt.next, s, oe, ne, tt.start, tt.oldEnd, tt.newEnd)
		}
	}
}
