package envfile_test

import (
	"context"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"heat-ls/analysis/feature/envfile"
	"heat-ls/analysis/feature/hover"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/workspace"
	"heat-ls/schema"
)

// envFixtures indexes testdata/workspace for the environment features.
func envFixtures(t *testing.T) (*workspace.Index, string) {
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..", "..", "testdata", "workspace")
	x := workspace.New(root)
	x.Scan(context.Background(), nil)
	return x, root
}

func TestEnvComplete(t *testing.T) {
	x, root := envFixtures(t)
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(root, "env", "probe_env.yaml")
	tests := []struct {
		name, text, cursor string // cursor marks the offset with "|"
		want, absent       []string
	}{
		{"sections", "|\n", "", []string{"parameter_defaults", "resource_registry", "event_sinks"}, []string{"heat_template_version"}},
		{"parameter names", "parameter_defaults:\n  image: x\n  |\n", "", []string{"server_name", "flavor", "key_name"}, []string{"image"}},
		{"registry keys", "resource_registry:\n  |\n", "", []string{"My::Server", "OS::Heat::None", "resources"}, nil},
		{"registry targets", "resource_registry:\n  My::X: |\n", "", []string{"../nested/server.yaml", "../parent.yaml", "OS::Heat::None"}, []string{"resources"}},
		{"per-resource targets", "resource_registry:\n  resources:\n    web:\n      My::Server: |\n", "", []string{"../nested/server.yaml"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			off := strings.Index(tc.text, "|")
			src := strings.Replace(tc.text, "|", "", 1)
			doc := hot.Parse([]byte(src))
			items := envfile.Complete(envfile.CompletionRequest{Doc: doc, Offset: off, Schema: sc, Index: x.Snapshot().EnvIndex(), Path: path})
			labels := map[string]bool{}
			for _, it := range items {
				labels[it.Label] = true
			}
			for _, w := range tc.want {
				if !labels[w] {
					t.Errorf("missing %q among %d items", w, len(items))
				}
			}
			for _, a := range tc.absent {
				if labels[a] {
					t.Errorf("unexpected %q", a)
				}
			}
		})
	}
}

func TestEnvHoverAndDefinition(t *testing.T) {
	x, root := envFixtures(t)
	sc, _ := schema.Load()
	path := filepath.Join(root, "env", "prod_env.yaml")
	f := x.Snapshot().Full(x.Snapshot().File(path)) // as an open document: a full parse
	if f == nil {
		t.Fatal("fixture not indexed")
	}
	src := string(f.Doc.Src)
	idx := x.Snapshot().EnvIndex()
	tests := []struct {
		name, marker string
		hover        []string
		defPath      string
	}{
		{"registry key of a custom type", "My::Server", []string{"custom resource type", "Mapped to: ../nested/server.yaml", "One server", "image (string, required)", "first_address"}, "nested/server.yaml"},
		{"registry key mapped to a missing template", "My::Generated", []string{"custom resource type", "../generated/later.yaml", "not in the workspace"}, ""},
		{"registry key mapped to a type", "My::Alias", []string{"custom resource type", "OS::Heat::None", "Mapped to"}, ""},
		{"registry target template", "../nested/server.yaml", []string{"One server", "image (string, required)", "first_address"}, "nested/server.yaml"},
		{"registry target type", "OS::Heat::None", []string{"Heat resource type"}, ""},
		{"parameter_defaults key", "image:", []string{"Image to boot", "nested/server.yaml"}, "nested/server.yaml"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			off := strings.Index(src, tc.marker) + 1
			h, ok := envfile.Hover(f.Doc, off, sc, idx, path, false)
			if !ok {
				t.Fatal("no hover")
			}
			for _, w := range tc.hover {
				if !strings.Contains(h.Text, w) {
					t.Errorf("hover lacks %q:\n%s", w, h.Text)
				}
			}
			locs := envfile.Definition(f.Doc, off, idx, path)
			switch {
			case tc.defPath == "" && len(locs) != 0:
				t.Errorf("unexpected definition %v", locs)
			case tc.defPath != "" && (len(locs) != 1 || locs[0].Path != filepath.Join(root, tc.defPath)):
				t.Errorf("definition %v, want %s", locs, tc.defPath)
			}
		})
	}
	if _, ok := envfile.Hover(f.Doc, 0, sc, idx, path, false); ok {
		t.Error("hover on a section key should be left to the single-file engine")
	}
}

// TestEnvHoverMarkdownLists: template parameters read like the other
// hovers' lists: the name as code, the note as text.
func TestEnvHoverMarkdownLists(t *testing.T) {
	x, root := envFixtures(t)
	sc, _ := schema.Load()
	path := filepath.Join(root, "env", "prod_env.yaml")
	f := x.Snapshot().Full(x.Snapshot().File(path)) // as an open document: a full parse
	if f == nil {
		t.Fatal("fixture not indexed")
	}
	off := strings.Index(string(f.Doc.Src), "My::Server") + 1
	h, ok := envfile.Hover(f.Doc, off, sc, x.Snapshot().EnvIndex(), path, true)
	if !ok {
		t.Fatal("no hover")
	}
	for _, w := range []string{"**`My::Server`** — custom resource type", "*Mapped to:* `../nested/server.yaml`", "- `image` (string, required)", "- `first_address`"} {
		if !strings.Contains(h.Text, w) {
			t.Errorf("hover lacks %q:\n%s", w, h.Text)
		}
	}
	off = strings.Index(string(f.Doc.Src), "image:") + 1
	h, ok = envfile.Hover(f.Doc, off, sc, x.Snapshot().EnvIndex(), path, true)
	if !ok || !strings.Contains(h.Text, "*Type:* `string`") || strings.Contains(h.Text, "*type:*") {
		t.Errorf("parameter hover labels differ from the other hovers:\n%s", h.Text)
	}
}

// TestEnvSectionHover: section keys and resource_registry's resources key
// are explained by the single-file hover.
func TestEnvSectionHover(t *testing.T) {
	sc, _ := schema.Load()
	src := "resource_registry:\n  My::A: a.yaml\n  resources:\n    srv:\n      My::A: b.yaml\nparameter_defaults:\n  x: 1\nevent_sinks: []\n"
	doc := hot.Parse([]byte(src))
	tests := []struct {
		at   string
		want string // "" for no hover
	}{
		{"resource_registry", "environment section"},
		{"parameter_defaults", "Default values"},
		{"event_sinks", "environment section"},
		{"resources:", "per-resource registry"},
		{"x: 1", ""},
	}
	for _, tc := range tests {
		off := strings.Index(src, tc.at) + 1
		h, ok := hover.Hover(doc, sc, off, true)
		switch {
		case tc.want == "" && ok:
			t.Errorf("%s: unexpected hover %q", tc.at, h.Text)
		case tc.want != "" && (!ok || !strings.Contains(h.Text, tc.want)):
			t.Errorf("%s: hover %q (ok=%v), want it to contain %q", tc.at, h.Text, ok, tc.want)
		}
	}
}
