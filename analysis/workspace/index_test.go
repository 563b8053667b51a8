package workspace

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/limits"
)

func names(files []*File, root string) []string {
	var out []string
	for _, f := range files {
		rel, _ := filepath.Rel(root, f.Path)
		out = append(out, rel)
	}
	sort.Strings(out)
	return out
}

func TestScanFindsFilesByContent(t *testing.T) {
	root := fixtures(t)
	x := New(root)
	calls := 0
	x.Scan(context.Background(), func(done, total int) { calls++ })
	got := strings.Join(names(x.Snapshot().Files(), root), " ")
	want := "broken.yaml env/dev_env.yaml env/prod_env.yaml nested/server.yaml parent.yaml"
	if got != want {
		t.Errorf("indexed %q, want %q", got, want)
	}
	if calls == 0 {
		t.Error("progress was never reported")
	}
}

func TestScanSkipsExcludedTrees(t *testing.T) {
	root := t.TempDir()
	tmpl := []byte("heat_template_version: 2018-08-31\nresources: {}\n")
	write := func(rel string, data []byte) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("keep.yaml", tmpl)
	write("flow.yml", []byte("{heat_template_version: 2018-08-31, resources: {}}\n"))
	write("keep.template", tmpl)
	write("env.yml", []byte("parameter_defaults:\n  a: 1\n"))
	write(".git/x.yaml", tmpl)
	write("node_modules/pkg/x.yaml", tmpl)
	write("vendor/x.yaml", tmpl)
	write("notes.txt", tmpl)
	write("other.yaml", []byte("kind: Deployment\nmetadata: {}\n"))
	write("big.yaml", append(append([]byte{}, tmpl...), make([]byte, limits.File)...))
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "x.yaml"), tmpl, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "x.yaml"), filepath.Join(root, "escape.yaml")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "escdir")); err != nil {
		t.Fatal(err)
	}
	x := New(root)
	x.Scan(context.Background(), nil)
	got := strings.Join(names(x.Snapshot().Files(), root), " ")
	if want := "env.yml flow.yml keep.template keep.yaml"; got != want {
		t.Errorf("indexed %q, want %q", got, want)
	}
}

func TestOverlayWinsAndRefresh(t *testing.T) {
	root := t.TempDir()
	path := filepath.Join(root, "env.yaml")
	if err := os.WriteFile(path, []byte("resource_registry:\n  A::B: a.yaml\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	x := New(root)
	x.Scan(context.Background(), nil)
	if !x.Snapshot().TypeMapped("A::B") {
		t.Fatal("disk registry not seen")
	}
	open := OpenFile(path, hot.Parse([]byte("resource_registry:\n  C::D: c.yaml\n")))
	s := x.Snapshot(open)
	if s.TypeMapped("A::B") || !s.TypeMapped("C::D") {
		t.Error("the open document's text must win over the disk")
	}
	hidden := x.Snapshot(OpenFile(path, hot.Parse([]byte("just: yaml\n"))))
	if hidden.TypeMapped("A::B") || hidden.File(path) != nil {
		t.Error("an open document that is no longer an environment must hide the disk version")
	}
	if err := os.WriteFile(path, []byte("resource_registry:\n  E::F: e.yaml\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	x.Refresh(path)
	if s := x.Snapshot(); s.TypeMapped("A::B") || !s.TypeMapped("E::F") {
		t.Error("Refresh did not pick up the change")
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	x.Refresh(path)
	if x.Len() != 0 {
		t.Error("Refresh kept a deleted file")
	}
	x.Refresh("/etc/hosts.yaml")
	if x.Len() != 0 {
		t.Error("Refresh indexed a path outside the folders")
	}
}

// Put removes a path given in another spelling of it than the one it was
// put under: both are cleaned alike.
func TestPutRemovesUnderTheCleanPath(t *testing.T) {
	x := New()
	env := hot.Parse([]byte("resource_registry:\n  A::B: a.yaml\n"))
	x.Put(&File{Path: "/w/./env.yaml", Doc: env})
	if x.Len() != 1 {
		t.Fatalf("Put kept %d files, want 1", x.Len())
	}
	x.Put(&File{Path: "/w/sub/../env.yaml"})
	if x.Len() != 0 {
		t.Error("a nil Doc under another spelling of the path left the file in the index")
	}
}

func TestResolve(t *testing.T) {
	root := fixtures(t)
	x := New(root)
	x.Scan(context.Background(), nil)
	s := x.Snapshot()
	parent := filepath.Join(root, "parent.yaml")
	server := filepath.Join(root, "nested", "server.yaml")
	tests := []struct {
		name, typ string
		mapped    bool
		paths     []string
		types     []string
	}{
		{"direct path", "nested/server.yaml", true, []string{server}, nil},
		{"registry type", "My::Server", true, []string{server}, nil},
		{"registry alias", "My::Alias", true, nil, []string{"OS::Heat::None"}},
		{"missing target", "My::Generated", true, []string{filepath.Join(root, "generated", "later.yaml")}, nil},
		{"unmapped", "My::Nothing", false, nil, nil},
		{"plain type", "OS::Nova::Server", false, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := s.Resolve(parent, "", tc.typ)
			if r.Mapped != tc.mapped {
				t.Errorf("Mapped = %v, want %v", r.Mapped, tc.mapped)
			}
			var paths, types []string
			for _, c := range r.Candidates {
				if c.Path != "" {
					paths = append(paths, c.Path)
				}
				if c.TypeName != "" {
					types = append(types, c.TypeName)
				}
			}
			if strings.Join(paths, ",") != strings.Join(tc.paths, ",") || strings.Join(types, ",") != strings.Join(tc.types, ",") {
				t.Errorf("candidates paths=%v types=%v, want %v %v", paths, types, tc.paths, tc.types)
			}
		})
	}
}

func TestRegistryCycleIsBounded(t *testing.T) {
	env := hot.Parse([]byte("resource_registry:\n  A::A: B::B\n  B::B: A::A\n"))
	s := NewSnapshot(NewGuard("/w"), &File{Path: "/w/env.yaml", Doc: env})
	r := s.Resolve("/w/t.yaml", "", "A::A")
	if !r.Mapped {
		t.Error("a cyclic mapping is still a mapping")
	}
}

func TestSettings(t *testing.T) {
	root := fixtures(t)
	x := New(root)
	x.Scan(context.Background(), nil)
	s := x.Snapshot()
	got := map[string]string{}
	for _, n := range []string{"image", "flavor", "server_name", "key_name"} {
		var parts []string
		for _, st := range s.Settings(n) {
			parts = append(parts, filepath.Base(st.Env.Path)+":"+st.Section)
		}
		got[n] = strings.Join(parts, ",")
	}
	want := map[string]string{
		"image":       "prod_env.yaml:parameter_defaults",
		"flavor":      "dev_env.yaml:parameters",
		"server_name": "dev_env.yaml:parameter_defaults",
		"key_name":    "dev_env.yaml:parameters",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("Settings(%s) = %q, want %q", k, got[k], v)
		}
	}
	if len(s.Declarations("flavor")) != 2 {
		t.Errorf("Declarations(flavor) = %d, want 2 (parent and nested)", len(s.Declarations("flavor")))
	}
}

// TestOnDemandReadsFollowTheDisk: files read on demand (not indexed) are
// cached across snapshots but re-read once they change.
func TestOnDemandReadsFollowTheDisk(t *testing.T) {
	dir := t.TempDir()
	nested := filepath.Join(dir, "n.yaml")
	write := func(text string) {
		if err := os.WriteFile(nested, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("heat_template_version: 2018-08-31\nparameters:\n  a: {type: string}\n")
	x := New() // no folders: only the referring template's tree is readable
	from := filepath.Join(dir, "t.yaml")
	first := x.Snapshot().Load(nested, from)
	if first == nil || first.Doc.Template.Parameter("a") == nil {
		t.Fatal("nested template not read")
	}
	if again := x.Snapshot().Load(nested, from); again != first {
		t.Error("an unchanged file was parsed again")
	}
	write("heat_template_version: 2018-08-31\nparameters:\n  bb: {type: string}\n")
	if next := x.Snapshot().Load(nested, from); next == nil || next.Doc.Template.Parameter("bb") == nil {
		t.Error("a changed file was not re-read")
	}
	if x.Snapshot().Load(nested, "/elsewhere/t.yaml") != nil {
		t.Error("read a file outside the referring template's tree")
	}
}
