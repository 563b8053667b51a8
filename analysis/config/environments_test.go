package config

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// envTree writes files (relative paths) under a new directory.
func envTree(t *testing.T, files ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("parameters: {}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func relPaths(dir string, envs []EnvPath) string {
	var out []string
	for _, e := range envs {
		r, _ := filepath.Rel(dir, e.Path)
		if e.Glob {
			r += "*"
		}
		out = append(out, filepath.ToSlash(r))
	}
	return strings.Join(out, ",")
}

// TestExpandEnvs: paths stay in the order written, globs expand sorted,
// a file named again keeps its first place, "**" crosses directories.
func TestExpandEnvs(t *testing.T) {
	dir := envTree(t, "env/b.yaml", "env/a.yaml", "env/common.yaml", "env/deep/x.yaml", "env/deep/y.yml", "other/z.yaml")
	for _, tc := range []struct {
		entries []string
		want    string
	}{
		{[]string{"env/b.yaml", "env/a.yaml"}, "env/b.yaml,env/a.yaml"},
		{[]string{"env/common.yaml", "env/*.yaml"}, "env/common.yaml,env/a.yaml*,env/b.yaml*"},
		{[]string{"env/**/*.yaml"}, "env/a.yaml*,env/b.yaml*,env/common.yaml*,env/deep/x.yaml*"},
		{[]string{"./other/z.yaml", "env/deep/*"}, "other/z.yaml,env/deep/x.yaml*,env/deep/y.yml*"},
		{[]string{"missing.yaml"}, "missing.yaml"},
		{[]string{"nothing/*.yaml"}, ""},
		{[]string{filepath.Join(dir, "other", "z.yaml")}, "other/z.yaml"},
	} {
		if got := relPaths(dir, ExpandEnvs(dir, tc.entries)); got != tc.want {
			t.Errorf("%q: %s, want %s", tc.entries, got, tc.want)
		}
	}
}

// TestEnvSetFor: the list shape applies to every template; in the object
// shape the first pattern matching the template wins, relative to the
// base directory.
func TestEnvSetFor(t *testing.T) {
	dir := envTree(t, "env/dev.yaml", "env/common.yaml")
	set := &EnvSet{ByTemplate: []EnvEntry{
		{Template: "templates/web.yaml", Envs: []string{"env/dev.yaml"}},
		{Template: "**/*.yaml", Envs: []string{"env/common.yaml"}},
	}}
	for _, tc := range []struct {
		template string
		want     string
		ok       bool
	}{
		{"templates/web.yaml", "env/dev.yaml", true},
		{"templates/db.yaml", "env/common.yaml", true},
		{"top.yaml", "env/common.yaml", true},
		{"top.json", "", false},
	} {
		got, ok := set.For(filepath.Join(dir, tc.template), dir)
		if ok != tc.ok || relPaths(dir, got) != tc.want {
			t.Errorf("%s: %s %v, want %s %v", tc.template, relPaths(dir, got), ok, tc.want, tc.ok)
		}
	}
	list := &EnvSet{Dir: dir, IsList: true}
	if got, ok := list.For(filepath.Join(dir, "any.yaml"), ""); !ok || len(got) != 0 {
		t.Errorf("an empty list: %v %v, want no files and an entry", got, ok)
	}
	var none *EnvSet
	if _, ok := none.For("/x.yaml", ""); ok {
		t.Error("no set gave an entry")
	}
}

// TestProjectFileEnvironments reads both shapes from .heat-ls.yaml and
// refuses other shapes with a problem at the text concerned.
func TestProjectFileEnvironments(t *testing.T) {
	file := filepath.Join("/p", FileName)
	cfg, problems := Parse(file, []byte("environments: [env/a.yaml, \"env/*.yaml\"]\n"))
	if len(problems) > 0 || cfg.Environments == nil || !cfg.Environments.IsList || !slices.Equal(cfg.Environments.All, []string{"env/a.yaml", "env/*.yaml"}) || cfg.Environments.Dir != "/p" {
		t.Fatalf("list shape: %+v %v", cfg.Environments, problems)
	}
	cfg, problems = Parse(file, []byte("environments:\n  web.yaml: [env/dev.yaml]\n  \"**\": env/common.yaml\n  x.yaml: []\n"))
	want := []EnvEntry{{"web.yaml", []string{"env/dev.yaml"}}, {"**", []string{"env/common.yaml"}}, {"x.yaml", []string{}}}
	if len(problems) > 0 || cfg.Environments == nil || cfg.Environments.IsList || len(cfg.Environments.ByTemplate) != 3 {
		t.Fatalf("object shape: %+v %v", cfg.Environments, problems)
	}
	for i, e := range cfg.Environments.ByTemplate {
		if e.Template != want[i].Template || !slices.Equal(e.Envs, want[i].Envs) {
			t.Errorf("entry %d: %+v, want %+v", i, e, want[i])
		}
	}
	for _, bad := range []string{"environments: [[a]]\n", "environments: {a: {b: c}}\n"} {
		cfg, problems := Parse(file, []byte(bad))
		if len(problems) != 1 || !strings.Contains(problems[0].Message, "environments must be") || cfg.Environments != nil {
			t.Errorf("%q: %+v %v", bad, cfg.Environments, problems)
		}
	}
}
