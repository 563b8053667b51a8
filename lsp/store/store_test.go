package store

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"heat-ls/analysis/source"
)

func rng(sl, sc, el, ec int) *Range {
	return &Range{Start: source.Position{Line: sl, Character: sc}, End: source.Position{Line: el, Character: ec}}
}

func TestApplyChanges(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		enc     source.Encoding
		changes []Change
		want    string
		wantErr error
	}{
		{"insert after emoji utf-16", "a😀b", source.UTF16, []Change{{rng(0, 3, 0, 3), "X"}}, "a😀Xb", nil},
		{"insert after emoji utf-8", "a😀b", source.UTF8, []Change{{rng(0, 5, 0, 5), "X"}}, "a😀Xb", nil},
		{"replace CJK utf-16", "中文字", source.UTF16, []Change{{rng(0, 1, 0, 2), "国"}}, "中国字", nil},
		{"replace CJK utf-8", "中文字", source.UTF8, []Change{{rng(0, 3, 0, 6), "国"}}, "中国字", nil},
		{"combining mark counts as its own unit", "e\u0301x", source.UTF16, []Change{{rng(0, 2, 0, 3), "y"}}, "e\u0301y", nil},
		{"across CRLF lines", "a\r\nb\r\nc", source.UTF16, []Change{{rng(0, 1, 2, 0), "-"}}, "a-c", nil},
		{"lone CR is a line break", "a\rb", source.UTF16, []Change{{rng(1, 0, 1, 1), "B"}}, "a\rB", nil},
		{"end of document as the line after the last", "a\nb\n", source.UTF16, []Change{{rng(1, 0, 3, 0), "c\n"}}, "a\nc\n", nil},
		{"full then range, in order", "old", source.UTF16, []Change{{nil, "new\n"}, {rng(0, 0, 0, 1), "N"}}, "New\n", nil},
		{"range on a line only the full change has", "a\nb", source.UTF16, []Change{{nil, "x\nyy\n"}, {rng(1, 1, 1, 2), "Z"}}, "x\nyZ\n", nil},
		{"range after pending ones were applied", "ab\ncd\nef", source.UTF16, []Change{{rng(2, 0, 2, 0), "\n\n"}, {rng(0, 0, 0, 0), "\n"}, {rng(2, 1, 2, 1), "X"}}, "\nab\ncXd\n\n\nef", nil},
		{"sequential ranges see earlier edits", "ab", source.UTF16, []Change{{rng(0, 1, 0, 1), "😀"}, {rng(0, 3, 0, 4), "B"}}, "a😀B", nil},
		{"delete everything", "a😀\nb", source.UTF16, []Change{{rng(0, 0, 1, 1), ""}}, "", nil},
		{"line past the end", "a\n", source.UTF16, []Change{{rng(5, 0, 5, 0), "x"}}, "", ErrBadRange},
		{"character past the line end", "ab\ncd", source.UTF16, []Change{{rng(0, 3, 0, 3), "x"}}, "", ErrBadRange},
		{"inside a surrogate pair", "😀", source.UTF16, []Change{{rng(0, 1, 0, 1), "x"}}, "", ErrBadRange},
		{"inside a utf-8 sequence", "中", source.UTF8, []Change{{rng(0, 1, 0, 2), "x"}}, "", ErrBadRange},
		{"reversed range", "abc", source.UTF16, []Change{{rng(0, 2, 0, 1), "x"}}, "", ErrBadRange},
		{"negative position", "abc", source.UTF16, []Change{{rng(-1, 0, 0, 1), "x"}}, "", ErrBadRange},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			orig := []byte(tc.text)
			got, err := ApplyChanges(orig, tc.enc, tc.changes)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("err = %v, want %v", err, tc.wantErr)
			}
			if err == nil && string(got) != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
			if string(orig) != tc.text {
				t.Fatalf("input modified: %q", orig)
			}
			// The same with the text's line index given, as the previous
			// version of a document has it.
			got, err = applyChanges(orig, source.NewMapper(orig), tc.enc, tc.changes)
			if !errors.Is(err, tc.wantErr) || err == nil && string(got) != tc.want {
				t.Fatalf("with the index given: %q, %v; want %q, %v", got, err, tc.want, tc.wantErr)
			}
		})
	}
}

func TestChangeIsAtomicAndVersioned(t *testing.T) {
	s := New()
	const uri = "file:///a.yaml"
	if _, err := s.Change(uri, 2, source.UTF16, nil); !errors.Is(err, ErrNotOpen) {
		t.Fatalf("change to unopened doc: %v", err)
	}
	first := s.Open(uri, 1, []byte("a: 1\nb: 2\n"))
	tests := []struct {
		name    string
		version int32
		changes []Change
		wantErr error
	}{
		{"same version", 1, []Change{{rng(0, 0, 0, 1), "z"}}, ErrStaleVersion},
		{"older version", 0, []Change{{rng(0, 0, 0, 1), "z"}}, ErrStaleVersion},
		{"second edit out of range", 2, []Change{{rng(0, 0, 0, 1), "z"}, {rng(0, 0, 0, 99), "!"}}, ErrBadRange},
	}
	for _, tc := range tests {
		if _, err := s.Change(uri, tc.version, source.UTF16, tc.changes); !errors.Is(err, tc.wantErr) {
			t.Fatalf("%s: err = %v, want %v", tc.name, err, tc.wantErr)
		}
		if s.Get(uri) != first {
			t.Fatalf("%s: document replaced by a rejected change", tc.name)
		}
	}
	next, err := s.Change(uri, 3, source.UTF16, []Change{{rng(1, 3, 1, 4), "3"}})
	if err != nil || string(next.Text) != "a: 1\nb: 3\n" || next.Version != 3 {
		t.Fatalf("good change: %v %q", err, next.Text)
	}
	if string(first.Text) != "a: 1\nb: 2\n" {
		t.Fatalf("the old version changed: %q", first.Text)
	}
	if s.Close(uri) != next || s.Get(uri) != nil || s.Close(uri) != nil {
		t.Fatal("close did not drop the document")
	}
}

func TestLastGoodSurvivesBrokenText(t *testing.T) {
	s := New()
	const uri = "file:///a.yaml"
	good := s.Open(uri, 1, []byte("heat_template_version: 2018-08-31\n"))
	if good.LastGood != good.Doc {
		t.Fatal("a clean parse is its own last good parse")
	}
	broken, err := s.Change(uri, 2, source.UTF16, []Change{{Text: "heat_template_version: [\n"}})
	if err != nil {
		t.Fatal(err)
	}
	if !broken.Doc.Syntax.Broken {
		t.Skip("the syntax layer does not flag this text as broken yet")
	}
	if broken.LastGood != good.Doc {
		t.Fatal("broken text lost the last good parse")
	}
	fixed, _ := s.Change(uri, 3, source.UTF16, []Change{{Text: "heat_template_version: 2021-04-16\n"}})
	if fixed.LastGood != fixed.Doc {
		t.Fatal("a fixed text is its own last good parse again")
	}
}

// generateTemplate builds a HOT template of about lines lines.
func generateTemplate(lines int) []byte {
	var b strings.Builder
	b.WriteString("heat_template_version: 2018-08-31\ndescription: generated 😀 中文\nparameters:\n")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&b, "  param_%d:\n    type: string\n    default: value_%d\n", i, i)
	}
	b.WriteString("resources:\n")
	for i := 0; strings.Count(b.String(), "\n") < lines; i++ {
		fmt.Fprintf(&b, "  server_%d:\n    type: OS::Nova::Server\n    properties:\n      name: {get_param: param_%d}\n      image: cirros\n      flavor: m1.small\n      metadata:\n        index: %d\n        note: \"ünïcödé 🎉\"\n", i, i%200, i)
	}
	return []byte(b.String())
}

func BenchmarkIncrementalEdit(b *testing.B) {
	text := generateTemplate(12000)
	s := New()
	const uri = "file:///big.yaml"
	s.Open(uri, 1, text)
	mid := source.NewMapper(text).LineCount() / 2
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// Type one character in the middle, alternating insert and delete
		// so the text stays the same size.
		var ch Change
		if i%2 == 0 {
			ch = Change{Range: rng(mid, 2, mid, 2), Text: "x"}
		} else {
			ch = Change{Range: rng(mid, 2, mid, 3), Text: ""}
		}
		if _, err := s.Change(uri, int32(i+2), source.UTF16, []Change{ch}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestStoreOwnsURIs: a document's URI (and its key in the store) must not
// share memory with the caller's string, which may be a view into the
// whole protocol message that carried the text.
func TestStoreOwnsURIs(t *testing.T) {
	within := func(s, buf string) bool {
		p, b := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(buf)))
		return b <= p && p < b+uintptr(len(buf))
	}
	s := New()
	open := `{"uri":"file:///w/a.yaml","text":"heat_template_version: 2018-08-31\n"}`
	doc := s.Open(open[8:25], 1, []byte("heat_template_version: 2018-08-31\n"))
	change := `{"uri":"file:///w/a.yaml","version":2}`
	next, err := s.Change(change[8:25], 2, source.UTF16, []Change{{Text: "heat_template_version: 2021-04-16\n"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []*Document{doc, next} {
		if within(d.URI, open) || within(d.URI, change) {
			t.Errorf("version %d keeps the caller's URI string", d.Version)
		}
	}
	for key := range s.docs {
		if within(key, open) || within(key, change) {
			t.Error("the store's key is the caller's URI string")
		}
	}
}

// TestLargestText: the size of the largest open document, which the
// server's collector headroom follows, moves with opens, changes and
// closes.
func TestLargestText(t *testing.T) {
	s := New()
	if got := s.LargestText(); got != 0 {
		t.Fatalf("no document open: %d, want 0", got)
	}
	s.Open("file:///a.yaml", 1, []byte("heat_template_version: 2021-04-16\n"))
	s.Open("file:///b.yaml", 1, []byte("x: 1\n"))
	if got := s.LargestText(); got != 34 {
		t.Fatalf("two open: %d, want 34", got)
	}
	if _, err := s.Change("file:///b.yaml", 2, source.UTF16, []Change{{Text: strings.Repeat("y", 100)}}); err != nil {
		t.Fatal(err)
	}
	if got := s.LargestText(); got != 100 {
		t.Fatalf("after a change: %d, want 100", got)
	}
	s.Close("file:///b.yaml")
	if got := s.LargestText(); got != 34 {
		t.Fatalf("after a close: %d, want 34", got)
	}
}
