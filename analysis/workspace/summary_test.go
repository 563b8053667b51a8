package workspace

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// summaryWorkspace is a nested template whose parameter size is used
// inside a resource, set by a parent through a path type, through a
// built-in type an environment maps to it, and by a group member.
var summaryWorkspace = map[string]string{
	"nested.yaml": `heat_template_version: 2018-08-31
parameters:
  size: {type: number}
resources:
  none:
    type: OS::Heat::None
    properties: {value: {get_param: size}}
outputs:
  out: {value: {get_attr: [none, show]}}
`,
	"parent.yaml": `heat_template_version: 2018-08-31
resources:
  mapped:
    type: OS::Nova::Server
    properties: {size: 3}
  direct:
    type: nested.yaml
    properties: {size: 4}
  plain:
    type: OS::Heat::None
    properties: {size: 5}
  group:
    type: OS::Heat::ResourceGroup
    properties:
      resource_def: {type: nested.yaml, properties: {size: 6}}
outputs:
  o: {value: {get_attr: [mapped, out]}}
`,
	"env.yaml": "resource_registry:\n  OS::Nova::Server: nested.yaml\n",
}

func writeFiles(t *testing.T, files map[string]string) string {
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestIndexHoldsSummaries: files that are not open are held as summaries,
// and what needs their whole text (every use of a parameter, the parent
// property keys of a type an environment maps, get_attr uses of an
// output) still finds it.
func TestIndexHoldsSummaries(t *testing.T) {
	dir := writeFiles(t, summaryWorkspace)
	x := New(dir)
	x.Scan(context.Background(), nil)
	s := x.Snapshot()
	nested, parent := filepath.Join(dir, "nested.yaml"), filepath.Join(dir, "parent.yaml")
	for _, p := range []string{nested, parent} {
		if f := s.File(p); f == nil || !f.Doc.Summary {
			t.Fatalf("%s is not held as a summary", p)
		}
		if f := s.Full(s.File(p)); f.Doc.Summary || f.Path != p {
			t.Fatalf("Full(%s) is no full parse", p)
		}
	}
	if f := s.File(filepath.Join(dir, "env.yaml")); f == nil || f.Doc.Summary || !f.IsEnvironment() {
		t.Fatal("env.yaml should be held whole")
	}
	var got []string
	for _, r := range s.References(Symbol{Kind: "parameter", Name: "size", Template: nested}) {
		src := s.File(r.Path).Doc.Src
		line := strings.Count(string(src[:r.Span.Start]), "\n") + 1
		got = append(got, fmt.Sprintf("%s:%d:%s", filepath.Base(r.Path), line, src[r.Span.Start:r.Span.End]))
	}
	sort.Strings(got)
	want := []string{"nested.yaml:3:size", "nested.yaml:7:size", "parent.yaml:15:size", "parent.yaml:5:size", "parent.yaml:8:size"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("references\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	uses := s.OutputReferences(nested, "out")
	if len(uses) != 1 || uses[0].Path != parent || string(uses[0].Doc.Src[uses[0].Span.Start:uses[0].Span.End]) != "out" {
		t.Errorf("output uses %+v", uses)
	}
}

// TestFullCacheBounded: the full parses of summaries are kept for a few
// files only, and a summary asked again gets the cached parse.
func TestFullCacheBounded(t *testing.T) {
	files := map[string]string{}
	for i := range maxFullParses + 3 {
		files[fmt.Sprintf("t%d.yaml", i)] = "heat_template_version: 2018-08-31\nresources:\n  r: {type: OS::Heat::None, properties: {a: 1}}\n"
	}
	dir := writeFiles(t, files)
	x := New(dir)
	x.Scan(context.Background(), nil)
	s := x.Snapshot()
	first := s.Full(s.File(filepath.Join(dir, "t0.yaml")))
	if again := s.Full(s.File(filepath.Join(dir, "t0.yaml"))); again != first {
		t.Error("full parse not reused")
	}
	for _, f := range s.Templates() {
		s.Full(f)
	}
	if n := len(x.full.entries); n != maxFullParses {
		t.Errorf("%d full parses kept, want %d", n, maxFullParses)
	}
}
