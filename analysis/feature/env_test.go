package feature_test

import (
	"context"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/workspace"
	"heat-ls/schema"
)

// envFixtures indexes testdata/workspace for the environment features.
func envFixtures(t *testing.T) (*workspace.Index, string) {
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..", "testdata", "workspace")
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
			items := feature.EnvComplete(feature.EnvCompletionRequest{Doc: doc, Offset: off, Schema: sc, Index: x.Snapshot().EnvIndex(), Path: path})
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
	f := x.Snapshot().File(path)
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
		{"registry key of a custom type", "My::Server", []string{"custom resource type", "../nested/server.yaml"}, "nested/server.yaml"},
		{"registry key mapped to a type", "My::Alias", []string{"custom resource type", "OS::Heat::None"}, ""},
		{"registry target template", "../nested/server.yaml", []string{"One server", "image (string), required", "first_address"}, "nested/server.yaml"},
		{"registry target type", "OS::Heat::None", []string{"Heat resource type"}, ""},
		{"parameter_defaults key", "image:", []string{"Image to boot", "nested/server.yaml"}, "nested/server.yaml"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			off := strings.Index(src, tc.marker) + 1
			h, ok := feature.EnvHover(f.Doc, off, sc, idx, path, false)
			if !ok {
				t.Fatal("no hover")
			}
			for _, w := range tc.hover {
				if !strings.Contains(h.Text, w) {
					t.Errorf("hover lacks %q:\n%s", w, h.Text)
				}
			}
			locs := feature.EnvDefinition(f.Doc, off, idx, path)
			switch {
			case tc.defPath == "" && len(locs) != 0:
				t.Errorf("unexpected definition %v", locs)
			case tc.defPath != "" && (len(locs) != 1 || locs[0].Path != filepath.Join(root, tc.defPath)):
				t.Errorf("definition %v, want %s", locs, tc.defPath)
			}
		})
	}
	if _, ok := feature.EnvHover(f.Doc, 0, sc, idx, path, false); ok {
		t.Error("hover on a section key should be left to the single-file engine")
	}
}
