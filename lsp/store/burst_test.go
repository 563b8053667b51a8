package store

import (
	"errors"
	"testing"

	"heat-ls/analysis/source"
)

// TestChangeAllJudgesEachEdit checks that a burst gives the same text and
// the same refusals as its edits sent one by one, and parses once.
func TestChangeAllJudgesEachEdit(t *testing.T) {
	at := func(line, char int) *Range {
		p := source.Position{Line: line, Character: char}
		return &Range{Start: p, End: p}
	}
	tests := []struct {
		name    string
		edits   []Edit
		text    string
		version int32
		refused []error // per edit, nil: applied
	}{
		{"all apply", []Edit{{2, []Change{{Range: at(0, 0), Text: "x"}}}, {3, []Change{{Range: at(0, 1), Text: "y"}}}},
			"xya: 1\n", 3, []error{nil, nil}},
		{"stale in the middle", []Edit{{2, []Change{{Range: at(0, 0), Text: "x"}}}, {2, []Change{{Range: at(0, 0), Text: "z"}}}, {4, []Change{{Range: at(0, 1), Text: "y"}}}},
			"xya: 1\n", 4, []error{nil, ErrStaleVersion, nil}},
		{"bad range skipped", []Edit{{2, []Change{{Range: at(9, 0), Text: "x"}}}, {3, []Change{{Text: "b: 2\n"}}}},
			"b: 2\n", 3, []error{ErrBadRange, nil}},
		{"nothing applies", []Edit{{1, []Change{{Text: "b: 2\n"}}}},
			"a: 1\n", 1, []error{ErrStaleVersion}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := New()
			first := s.Open("file:///a.yaml", 1, []byte("a: 1\n"))
			doc, errs := s.ChangeAll("file:///a.yaml", source.UTF16, tc.edits)
			for i, want := range tc.refused {
				if want == nil && errs[i] != nil || want != nil && !errors.Is(errs[i], want) {
					t.Errorf("edit %d: error %v, want %v", i, errs[i], want)
				}
			}
			cur := s.Get("file:///a.yaml")
			if string(cur.Text) != tc.text || cur.Version != tc.version {
				t.Fatalf("now version %d %q, want %d %q", cur.Version, cur.Text, tc.version, tc.text)
			}
			if (doc == nil) != (cur == first) || doc != nil && doc != cur {
				t.Fatalf("returned %p, current %p", doc, cur)
			}
		})
	}
	if _, errs := New().ChangeAll("file:///none.yaml", source.UTF16, []Edit{{1, nil}}); !errors.Is(errs[0], ErrNotOpen) {
		t.Fatalf("change to a document not open: %v", errs[0])
	}
}
