package difftest

import (
	"strings"
	"testing"
)

// TestEmptyValues: the source first, then every resource property written
// empty in each form, block values included, and nothing else changed.
func TestEmptyValues(t *testing.T) {
	src := []Source{{Rel: "t/sample.yaml", Text: []byte(sampleTemplate)}}
	vs := EmptyValues(src)
	// a.length and b.value, four forms each, after the source itself
	if len(vs) != 1+2*4 {
		t.Fatalf("got %d variants, want 9: %+v", len(vs), vs)
	}
	if vs[0].Op != opOriginal || vs[0].File != "t/sample.ev000.yaml" {
		t.Errorf("first variant = %s %s, want the source as t/sample.ev000.yaml", vs[0].Op, vs[0].File)
	}
	want := map[string]string{
		"null: a.length":       "      length:\n",
		"empty list: a.length": "      length: []\n",
		"empty map: b.value":   "      value: {}\n",
		"empty text: b.value":  "      value: \"\"\n",
	}
	for _, v := range vs[1:] {
		if v.Op != opEmpty {
			t.Errorf("%s: op %q, want %q", v.File, v.Op, opEmpty)
		}
		if line, ok := want[v.Detail]; ok {
			if !strings.Contains(string(v.Text), line) {
				t.Errorf("%s: text lacks %q:\n%s", v.Detail, line, v.Text)
			}
			delete(want, v.Detail)
		}
		if len(v.Text) >= len(sampleTemplate) {
			t.Errorf("%s: the variant is not shorter than the source", v.Detail)
		}
	}
	for d := range want {
		t.Errorf("no variant %q", d)
	}
	again := EmptyValues(src)
	for i := range vs {
		if string(vs[i].Text) != string(again[i].Text) {
			t.Fatalf("variant %d differs between runs", i)
		}
	}
}

// TestCharVariants: the source first, then variants one character away
// from it below the version line, the same for the same seed.
func TestCharVariants(t *testing.T) {
	src := []Source{{Rel: "t/sample.yaml", Text: []byte(sampleTemplate)}}
	vs := CharVariants(src, 3, 20)
	if len(vs) != 20 || vs[0].Op != opOriginal {
		t.Fatalf("got %d variants (first %q), want 20 with the source first", len(vs), vs[0].Op)
	}
	versionLine := strings.Index(sampleTemplate, "\n") + 1
	for _, v := range vs[1:] {
		if d := len(v.Text) - len(sampleTemplate); d < -1 || d > 7 {
			t.Errorf("%s: length changed by %d", v.Detail, d)
		}
		if string(v.Text[:versionLine]) != sampleTemplate[:versionLine] {
			t.Errorf("%s: the version line changed", v.Detail)
		}
	}
	again := CharVariants(src, 3, 20)
	other := CharVariants(src, 4, 20)
	same := true
	for i := range vs {
		if string(vs[i].Text) != string(again[i].Text) {
			t.Fatalf("variant %d differs for the same seed", i)
		}
		same = same && string(vs[i].Text) == string(other[i].Text)
	}
	if same {
		t.Error("another seed made the same variants")
	}
}
