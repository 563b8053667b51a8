package workspace

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"heat-ls/analysis/check"
	"heat-ls/analysis/rules"
)

// TestAppliedRegistryLastEnvironmentWins: environments given with -e are
// merged in order, so when two of them map the same type only the later
// mapping counts (TripleO's disable-a-service environments rely on it).
// The union of both meanings would hide the errors of the one that wins.
func TestAppliedRegistryLastEnvironmentWins(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("a.yaml", "heat_template_version: 2016-10-14\nparameters:\n  pa: {type: string}\n")
	path := write("main.yaml", "heat_template_version: 2016-10-14\nresources:\n  y:\n    type: My::Y\n    properties: {other: 1}\n")
	f := parseFile(path, mustRead(t, path), false)
	toTemplate := hotEnv(t, filepath.Join(dir, "e1.yaml"), "resource_registry:\n  My::Y: a.yaml\n")
	toNone := hotEnv(t, filepath.Join(dir, "e2.yaml"), "resource_registry:\n  My::Y: OS::Heat::None\n")
	perResNone := hotEnv(t, filepath.Join(dir, "e3.yaml"), "resource_registry:\n  resources:\n    y:\n      My::Y: OS::Heat::None\n")
	perResTemplate := hotEnv(t, filepath.Join(dir, "e4.yaml"), "resource_registry:\n  resources:\n    y:\n      My::Y: a.yaml\n")
	tests := []struct {
		name string
		envs []*File
		want int // nested-unknown-property findings on `other`
	}{
		{"template alone", []*File{toTemplate}, 1},
		{"None after the template", []*File{toTemplate, toNone}, 0},
		{"template after None", []*File{toNone, toTemplate}, 1},
		{"per-resource None after per-resource template", []*File{perResTemplate, perResNone}, 0},
		{"per-resource template after per-resource None", []*File{perResNone, perResTemplate}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSnapshot(NewGuard(dir), f).WithApplied(tc.envs...)
			n := 0
			for _, d := range check.Run(context.Background(), f.Doc, check.Options{Schema: loadSchema(t), Workspace: s.CheckView(), Path: path}) {
				if d.Code == "nested-unknown-property" {
					n++
				}
			}
			if n != tc.want {
				t.Errorf("%d nested-unknown-property, want %d", n, tc.want)
			}
		})
	}
}

func mustRead(t *testing.T, path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGroupMemberTypeAcrossFiles: the type inside a ResourceGroup's
// resource_def is a plain value to the in-file locator; hover and rename
// must still see it as the mapped type it is.
func TestGroupMemberTypeAcrossFiles(t *testing.T) {
	s, root := fixtureSnapshot(t)
	parent := filepath.Join(root, "parent.yaml")
	doc := s.Full(s.File(parent)).Doc
	at := offsetOf(t, doc.Src, "My::Server", 1, 2)
	if h, ok := s.Hover(parent, doc, loadSchema(t), at, false); !ok || !strings.Contains(h.Text, "server_name") {
		t.Errorf("hover on the member type: %q, %v", h.Text, ok)
	}
	sym, ok := s.SymbolAt(parent, doc, at)
	if !ok || sym.Kind != "type" || sym.Name != "My::Server" {
		t.Fatalf("symbol at the member type: %+v, %v", sym, ok)
	}
	edits, err := s.Rename(sym, "My::Box")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(edits); n != 3 { // the registry key, mapped's type and the member type
		t.Errorf("%d edits, want 3: %+v", n, edits)
	}
}

// TestCLIEnvParametersSkipNestedTemplates: "heat-ls check --env" over a
// tree applies the environments' "parameters" to the top-level templates
// only; a checked template that another checked template nests (by path
// or through the registry) never receives them, so it must not be told
// that Heat refuses them.
func TestCLIEnvParametersSkipNestedTemplates(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	top := write("top.yaml", "heat_template_version: 2016-10-14\nparameters:\n  count: {type: number}\nresources:\n  a:\n    type: t/by_path.yaml\n  b:\n    type: My::Mapped\n")
	byPath := write("t/by_path.yaml", "heat_template_version: 2016-10-14\nparameters:\n  size: {type: number, default: 1, constraints: [{range: {max: 2}}]}\n")
	mapped := write("t/mapped.yaml", "heat_template_version: 2016-10-14\n")
	alone := write("alone.yaml", "heat_template_version: 2016-10-14\n")
	envPath := write("env.yaml", "resource_registry:\n  My::Mapped: t/mapped.yaml\nparameters:\n  count: 3\n  size: 5\n")
	envs, err := ReadEnvironments([]string{envPath})
	if err != nil {
		t.Fatal(err)
	}
	files := []string{top, byPath, mapped, alone}
	view := CLIView(files, envs)
	count := func(path string) map[string]int {
		f := parseFile(path, mustRead(t, path), false)
		got := map[string]int{}
		for _, d := range check.Run(context.Background(), f.Doc, check.Options{Schema: loadSchema(t), Workspace: view, Path: path}) {
			got[d.Code]++
		}
		return got
	}
	tests := []struct {
		path                 string
		unknown, constraints int
	}{
		{top, 1, 0},    // size is not top's parameter
		{byPath, 0, 0}, // nested: "parameters" never reach it
		{mapped, 0, 0}, // nested through the registry
		{alone, 2, 0},  // a top-level template of its own: both refused
	}
	for _, tc := range tests {
		t.Run(filepath.Base(tc.path), func(t *testing.T) {
			got := count(tc.path)
			if got[rules.EnvUnknownParameter] != tc.unknown || got["env-value-constraint"] != tc.constraints {
				t.Errorf("env-unknown-parameter %d, env-value-constraint %d; want %d, %d",
					got[rules.EnvUnknownParameter], got["env-value-constraint"], tc.unknown, tc.constraints)
			}
		})
	}
}

// TestReadEnvironmentsEmptyAndMisspelt: Heat accepts an empty environment
// (nothing, comments, null, {}) as one that sets nothing; a file with a
// top-level key that is no environment section is refused, and the error
// names the key and the section it was probably meant to be.
func TestReadEnvironmentsEmptyAndMisspelt(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, text string
		wantErr    string // "" when the file must be accepted
		wantEnvs   int
	}{
		{"empty", "", "", 0},
		{"comments only", "# placeholder, filled in at deploy time\n", "", 0},
		{"null", "~\n", "", 0},
		{"empty mapping", "{}\n", "", 0},
		{"real", "parameter_defaults:\n  a: 1\n", "", 1},
		{"misspelt section", "parameter_default:\n  a: 1\n", `"parameter_default" (line 1) is not an environment section; did you mean "parameter_defaults"?`, 0},
		{"template", "heat_template_version: 2016-10-14\n", "not an environment section", 0},
		{"list", "- a\n", "not a Heat environment file", 0},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, fmt.Sprintf("e%d.yaml", i))
			if err := os.WriteFile(p, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			envs, err := ReadEnvironments([]string{p})
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Fatalf("error %v, want one containing %q", err, tc.wantErr)
			}
			if len(envs) != tc.wantEnvs {
				t.Errorf("%d environments, want %d", len(envs), tc.wantEnvs)
			}
		})
	}
}

// TestNestedParameterSourcesSkipEnvironmentParameters: the value sources
// shown for a parameter of a nested template leave out environments'
// "parameters" entries, which reach only the top-level stack (dev_env.yaml
// sets flavor there for parent.yaml), but keep parameter_defaults.
func TestNestedParameterSourcesSkipEnvironmentParameters(t *testing.T) {
	s, root := fixtureSnapshot(t)
	server := filepath.Join(root, "nested", "server.yaml")
	doc := s.Full(s.File(server)).Doc
	h, ok := s.Hover(server, doc, loadSchema(t), offsetOf(t, doc.Src, "flavor:", 0, 1), false)
	if !ok {
		t.Fatal("no hover")
	}
	if strings.Contains(h.Text, "(parameters)") {
		t.Errorf("a nested template's sources list an environment's parameters:\n%s", h.Text)
	}
	if !strings.Contains(h.Text, "parent.yaml, resource direct") {
		t.Errorf("the parent resource is missing from the sources:\n%s", h.Text)
	}
	parent := filepath.Join(root, "parent.yaml")
	pdoc := s.Full(s.File(parent)).Doc
	if h, _ := s.Hover(parent, pdoc, loadSchema(t), offsetOf(t, pdoc.Src, "get_param: flavor", 0, 12), false); !strings.Contains(h.Text, "dev_env.yaml (parameters)") {
		t.Errorf("the top-level template lost its environment parameters:\n%s", h.Text)
	}
}

// TestRenameNestedParameterLeavesTopLevelEnvironmentParameters: renaming
// nested/server.yaml's flavor must not rename dev_env.yaml's
// "parameters: flavor", which feeds parent.yaml's own flavor (Heat would
// then refuse the stack for an undeclared parameter).
func TestRenameNestedParameterLeavesTopLevelEnvironmentParameters(t *testing.T) {
	s, root := fixtureSnapshot(t)
	server := filepath.Join(root, "nested", "server.yaml")
	doc := s.Full(s.File(server)).Doc
	sym, ok := s.SymbolAt(server, doc, offsetOf(t, doc.Src, "flavor:", 0, 1))
	if !ok {
		t.Fatal("no symbol on the parameter key")
	}
	edits, err := s.Rename(sym, "size")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]int{}
	for _, e := range edits {
		files[filepath.Base(e.Path)]++
	}
	if files["dev_env.yaml"] != 0 {
		t.Errorf("renamed dev_env.yaml's top-level parameters entry: %v", files)
	}
	if files["server.yaml"] == 0 || files["parent.yaml"] == 0 {
		t.Errorf("the declaration and the parent's property keys must be renamed: %v", files)
	}
}

// TestEnvironmentParameterOnlyNestedDeclares: in the editor, an
// environment's "parameters" entry that only nested templates declare is
// a warning (Heat refuses it at the top level); parameter_defaults for it
// and parameters for top-level names stay quiet.
func TestEnvironmentParameterOnlyNestedDeclares(t *testing.T) {
	root := fixtures(t)
	x := New(root)
	x.Scan(context.Background(), nil)
	path := filepath.Join(root, "env", "probe_env.yaml")
	src := "parameters:\n  server_name: x\n  key_name: k\nparameter_defaults:\n  server_name: y\n"
	f := parseFile(path, []byte(src), true)
	s := x.Snapshot(f)
	var got []string
	for _, d := range check.Run(context.Background(), f.Doc, check.Options{Schema: loadSchema(t), Workspace: s.CheckView(), Path: path}) {
		if d.Code == "env-parameter-undeclared" {
			got = append(got, fmt.Sprintf("%d:%s", d.Span.Start, d.Severity))
		}
	}
	want := fmt.Sprintf("%d:warning", strings.Index(src, "server_name"))
	if strings.Join(got, ",") != want {
		t.Errorf("got %v, want [%s]", got, want)
	}
}

// TestGetFileOfDirectory: get_file reads one file; a path naming a
// directory is reported (the client cannot read it), a file is not.
func TestGetFileOfDirectory(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "scripts"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "scripts", "run.sh"), []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "t.yaml")
	src := "heat_template_version: 2016-10-14\nresources:\n  a:\n    type: OS::Heat::SoftwareConfig\n    properties: {config: {get_file: scripts/}}\n  b:\n    type: OS::Heat::SoftwareConfig\n    properties: {config: {get_file: scripts/run.sh}}\n"
	f := parseFile(path, []byte(src), false)
	var got []string
	for _, d := range check.Run(context.Background(), f.Doc, check.Options{Schema: loadSchema(t), Workspace: CLIView([]string{path}, nil), Path: path}) {
		if d.Code == "get-file-missing" {
			got = append(got, src[d.Span.Start:d.Span.End])
			if !strings.Contains(d.Message, "directory") {
				t.Errorf("message does not say it is a directory: %s", d.Message)
			}
		}
	}
	if strings.Join(got, ",") != "scripts/" {
		t.Errorf("get-file-missing on %v, want [scripts/]", got)
	}
}

// TestCLIResourceFacadeInNestedTemplate: "heat-ls check DIR" knows a
// checked template runs nested when another checked template uses it by
// path, so its resource_facade is not reported as top-level use.
func TestCLIResourceFacadeInNestedTemplate(t *testing.T) {
	dir := t.TempDir()
	parent := filepath.Join(dir, "parent.yaml")
	nested := filepath.Join(dir, "member.yaml")
	alone := filepath.Join(dir, "alone.yaml")
	facade := "heat_template_version: 2016-10-14\noutputs:\n  m: {value: {resource_facade: metadata}}\n"
	for p, text := range map[string]string{
		parent: "heat_template_version: 2016-10-14\nresources:\n  a: {type: member.yaml}\n",
		nested: facade,
		alone:  facade,
	} {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	view := CLIView([]string{parent, nested, alone}, nil)
	for path, want := range map[string]int{nested: 0, alone: 1} {
		f := parseFile(path, mustRead(t, path), false)
		n := 0
		for _, d := range check.Run(context.Background(), f.Doc, check.Options{Schema: loadSchema(t), Workspace: view, Path: path}) {
			if d.Code == "resource-facade-top-level" {
				n++
			}
		}
		if n != want {
			t.Errorf("%s: %d resource-facade-top-level, want %d", filepath.Base(path), n, want)
		}
	}
}
