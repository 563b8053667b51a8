package workspace

import (
	"context"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"heat-ls/analysis/check"
)

// TestNestedRecursion: a template that nests itself, directly or through
// other templates and registry mappings, gets an error on the type that
// enters the loop, in each template of the loop; a wrapper template that
// uses the built-in type an environment maps to it does not.
func TestNestedRecursion(t *testing.T) {
	const hdr = "heat_template_version: 2018-08-31\nresources:\n"
	tests := []struct {
		name  string
		files map[string]string
		want  map[string][]string // file -> "type text=loop data"
	}{
		{"direct", map[string]string{
			"self.yaml": hdr + "  me:\n    type: self.yaml\n",
		}, map[string][]string{"self.yaml": {"self.yaml=self.yaml"}}},
		{"two templates", map[string]string{
			"a.yaml": hdr + "  b:\n    type: b.yaml\n",
			"b.yaml": hdr + "  a:\n    type: a.yaml\n",
		}, map[string][]string{"a.yaml": {"b.yaml=b.yaml,a.yaml"}, "b.yaml": {"a.yaml=a.yaml,b.yaml"}}},
		{"three templates in folders", map[string]string{
			"a.yaml":     hdr + "  b:\n    type: sub/b.yaml\n  ok:\n    type: OS::Heat::None\n",
			"sub/b.yaml": hdr + "  c:\n    type: ../c.yaml\n",
			"c.yaml":     hdr + "  a:\n    type: a.yaml\n",
		}, map[string][]string{
			"a.yaml":     {"sub/b.yaml=sub/b.yaml,c.yaml,a.yaml"},
			"sub/b.yaml": {"../c.yaml=c.yaml,a.yaml,sub/b.yaml"},
			"c.yaml":     {"a.yaml=a.yaml,sub/b.yaml,c.yaml"},
		}},
		{"through a registry mapping and a group member", map[string]string{
			"env.yaml": "resource_registry:\n  My::B: b.yaml\n",
			"a.yaml":   hdr + "  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      resource_def:\n        type: My::B\n",
			"b.yaml":   hdr + "  a:\n    type: a.yaml\n",
		}, map[string][]string{"a.yaml": {"My::B=b.yaml,a.yaml"}, "b.yaml": {"a.yaml=a.yaml,b.yaml"}}},
		{"a template nested twice without a loop", map[string]string{
			"a.yaml": hdr + "  b1:\n    type: b.yaml\n  b2:\n    type: b.yaml\n",
			"b.yaml": hdr + "  c:\n    type: c.yaml\n",
			"c.yaml": hdr + "  x:\n    type: OS::Heat::None\n",
		}, nil},
		{"wrapper of a built-in type", map[string]string{
			"env.yaml":    "resource_registry:\n  OS::Nova::Server: server.yaml\n",
			"server.yaml": hdr + "  real:\n    type: OS::Nova::Server\n",
			"top.yaml":    hdr + "  s:\n    type: OS::Nova::Server\n",
		}, nil},
		{"loop outside the checked template", map[string]string{
			"top.yaml": hdr + "  a:\n    type: a.yaml\n",
			"a.yaml":   hdr + "  me:\n    type: a.yaml\n",
		}, map[string][]string{"a.yaml": {"a.yaml=a.yaml"}}},
		{"registry loop does not hang resolution", map[string]string{
			"env.yaml": "resource_registry:\n  A: B\n  B: A\n",
			"top.yaml": hdr + "  a:\n    type: A\n",
		}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := writeTree(t, tc.files)
			x := New(root)
			x.Scan(context.Background(), nil)
			s := x.Snapshot()
			for name := range tc.files {
				got := recursionFindings(t, root, s, name)
				if strings.Join(got, "|") != strings.Join(tc.want[name], "|") {
					t.Errorf("%s: got %q, want %q", name, got, tc.want[name])
				}
			}
		})
	}
}

// recursionFindings checks the file name under root as an open document
// and lists its nested-template-recursive errors, sorted, each as
// "type text=loop" with the loop's files relative to root.
func recursionFindings(t *testing.T, root string, s *Snapshot, name string) []string {
	t.Helper()
	path := filepath.Join(root, filepath.FromSlash(name))
	f := s.Full(s.File(path)) // as an open document: a full parse
	if f == nil {
		t.Fatalf("%s not indexed", name)
	}
	var got []string
	for _, d := range check.Run(context.Background(), f.Doc, check.Options{Schema: loadSchema(t), Workspace: s.CheckView(), Path: path}) {
		if d.Code != "nested-template-recursive" {
			continue
		}
		var loop []string
		for _, p := range strings.Split(d.Data["loop"], ",") {
			rel, _ := filepath.Rel(root, p)
			loop = append(loop, filepath.ToSlash(rel))
		}
		got = append(got, string(f.Doc.Src[d.Span.Start:d.Span.End])+"="+strings.Join(loop, ","))
	}
	sort.Strings(got)
	return got
}

// TestResolveRegistryLoop: a registry loop, even spread over several
// environment files that each map every name, ends resolution at once
// with no meaning for the type (and leaves other types alone).
func TestResolveRegistryLoop(t *testing.T) {
	root := t.TempDir()
	var files []*File
	for i, text := range []string{
		"resource_registry:\n  A: B\n  B: C\n  C: A\n",
		"resource_registry:\n  A: C\n  B: A\n  C: B\n",
		"resource_registry:\n  A: B\n  B: A\n  C: A\n  D: OS::Heat::None\n",
	} {
		files = append(files, hotEnv(t, filepath.Join(root, "env"+string(rune('0'+i))+".yaml"), text))
	}
	s := NewSnapshot(NewGuard(root), files...)
	r := s.Resolve(filepath.Join(root, "top.yaml"), "x", "A")
	if !r.Mapped || len(r.Candidates) != 0 {
		t.Errorf("A in a loop: mapped %v, candidates %+v", r.Mapped, r.Candidates)
	}
	r = s.Resolve(filepath.Join(root, "top.yaml"), "x", "D")
	if len(r.Candidates) != 1 || r.Candidates[0].TypeName != "OS::Heat::None" {
		t.Errorf("D: got %+v", r.Candidates)
	}
}
