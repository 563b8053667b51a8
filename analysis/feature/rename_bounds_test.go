package feature

import (
	"fmt"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
)

// manyUses is a template whose parameter p and resource r are each used n
// times.
func manyUses(n int) string {
	var b strings.Builder
	b.WriteString("heat_template_version: 2018-08-31\nparameters:\n  p: {type: string}\nresources:\n  r: {type: OS::Heat::None}\n  s:\n    type: OS::Heat::Value\n    properties:\n      value:\n")
	for range n {
		b.WriteString("        - {get_param: p}\n        - {get_resource: r}\n")
	}
	return b.String()
}

// TestRenameBounds: a rename never answers with more text than Heat would
// take, and says why it refuses in a short message.
func TestRenameBounds(t *testing.T) {
	tests := []struct {
		name, newName string
		uses          int
		resource      bool
		refused       string // part of the refusal, "" when accepted
	}{
		{"resource name at Heat's limit", strings.Repeat("a", HeatMaxResourceName), 100, true, ""},
		{"resource name past Heat's limit", strings.Repeat("a", HeatMaxResourceName+1), 100, true, "255-character"},
		{"100 KB parameter name over 10,000 uses", strings.Repeat("b", 100<<10), 10000, false, "max_template_size"},
		{"name longer than any template", strings.Repeat("c", HeatMaxTemplateSize+1), 1, false, "no name can be that long"},
		{"growth within the limit", strings.Repeat("d", 100), 2000, false, ""},
		{"growth past the limit", strings.Repeat("e", 300), 2000, false, "would make it"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := manyUses(tt.uses)
			doc := hot.Parse([]byte(src))
			at := strings.Index(src, "get_param: p") + len("get_param: ")
			if tt.resource {
				at = strings.Index(src, "get_resource: r") + len("get_resource: ")
			}
			uses := tt.uses
			edits, err := Rename(doc, at, tt.newName)
			if tt.refused == "" {
				if err != nil || len(edits) != uses+1 {
					t.Fatalf("%d edits, %v; want %d", len(edits), err, uses+1)
				}
				return
			}
			if err == nil || !IsRenameError(err) || !strings.Contains(err.Error(), tt.refused) {
				t.Fatalf("err %v, want a refusal about %q", err, tt.refused)
			}
			if len(err.Error()) > 300 {
				t.Fatalf("the refusal has %d bytes", len(err.Error()))
			}
		})
	}
}

// TestRenameShrinksLargeFile: a template already over Heat's limit may
// still be renamed when the rename does not grow it.
func TestRenameShrinksLargeFile(t *testing.T) {
	src := manyUses(HeatMaxTemplateSize / 40)
	if len(src) <= HeatMaxTemplateSize {
		t.Fatalf("fixture %d bytes", len(src))
	}
	doc := hot.Parse([]byte(src))
	at := strings.Index(src, "get_param: p") + len("get_param: ")
	if _, err := Rename(doc, at, "q"); err != nil {
		t.Fatal(err)
	}
	if _, err := Rename(doc, at, "qq"); err == nil {
		t.Fatal("a growing rename of a file over the limit was accepted")
	}
}

// BenchmarkRenameRefusal: refusing a huge name costs time linear in the
// name, never name × uses.
func BenchmarkRenameRefusal(b *testing.B) {
	src := manyUses(10000)
	doc := hot.Parse([]byte(src))
	at := strings.Index(src, "get_param: p") + len("get_param: ")
	for _, n := range []int{10 << 10, 100 << 10} {
		name := strings.Repeat("b", n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Rename(doc, at, name); err == nil {
					b.Fatal("accepted")
				}
			}
		})
	}
}
