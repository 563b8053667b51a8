package workspace

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"heat-ls/analysis/check"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

// workspaceCodes are the rule ids of the cross-file rules.
var workspaceCodes = map[string]bool{
	"nested-template-missing": true, "nested-template-outside": true,
	"nested-unknown-property": true, "nested-missing-property": true,
	"nested-unknown-attribute": true, "get-file-missing": true, "get-file-outside": true,
	"registry-target-missing": true, "registry-target-outside": true,
	rules.EnvUnknownParameter: true, "env-value-constraint": true, "env-parameter-undeclared": true,
	"registry-cycle": true, "nested-template-recursive": true,
}

func loadSchema(t testing.TB) *schema.Schema {
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// wsDiags runs the checks on one indexed file and keeps the workspace
// rules' findings as "code@text" strings.
func wsDiags(t *testing.T, s *Snapshot, path string) []string {
	f := s.Full(s.File(path)) // as an open document: a full parse
	if f == nil {
		t.Fatalf("%s not indexed", path)
	}
	ds := check.Run(context.Background(), f.Doc, check.Options{Schema: loadSchema(t), Workspace: s.CheckView(), Path: path})
	return render(f.Doc.Src, ds)
}

func render(src []byte, ds []source.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		if workspaceCodes[d.Code] {
			out = append(out, fmt.Sprintf("%s@%s", d.Code, src[d.Span.Start:d.Span.End]))
		}
	}
	sort.Strings(out)
	return out
}

func TestWorkspaceRulesOnFixtures(t *testing.T) {
	root := fixtures(t)
	x := New(root)
	x.Scan(context.Background(), nil)
	s := x.Snapshot()
	tests := []struct {
		file string
		want []string
	}{
		{"parent.yaml", nil},
		{"nested/server.yaml", nil},
		{"env/dev_env.yaml", nil},
		{"env/prod_env.yaml", []string{"registry-target-missing@../generated/later.yaml"}},
		{"broken.yaml", []string{
			"get-file-missing@scripts/missing.sh",
			"nested-template-missing@nested/absent.yaml",
			"nested-template-outside@../../../../../../etc/passwd.yaml",
			"nested-unknown-attribute@adress",
			"nested-unknown-attribute@first_adress",
			"nested-unknown-attribute@resource.0.adress",
			"nested-unknown-property@imag",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			got := wsDiags(t, s, filepath.Join(root, tc.file))
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tc.want, "\n  "))
			}
		})
	}
}

// TestParameterDefaultsReachNested: image has no default in the nested
// template; only prod_env's parameter_defaults give it a value, so without
// that environment the parent's resources miss it.
func TestParameterDefaultsReachNested(t *testing.T) {
	root := fixtures(t)
	x := New(root)
	x.Scan(context.Background(), nil)
	parent := filepath.Join(root, "parent.yaml")
	dev := x.Snapshot().File(filepath.Join(root, "env", "dev_env.yaml"))
	s := x.Snapshot().WithApplied(dev)
	got := strings.Join(wsDiags(t, s, parent), "\n")
	want := strings.Join([]string{
		"nested-missing-property@properties",
		"nested-missing-property@properties",
	}, "\n")
	// direct gives image itself; mapped and the group member do not, and
	// with only dev_env applied My::Server is not mapped at all.
	if got != "" {
		t.Errorf("with only dev_env, My::Server is unmapped and direct sets image: got\n%s", got)
	}
	prod := x.Snapshot().File(filepath.Join(root, "env", "prod_env.yaml"))
	noDefaults := hotEnv(t, prod.Path, "resource_registry:\n  My::Server: ../nested/server.yaml\n")
	s = x.Snapshot().WithApplied(noDefaults)
	if got := strings.Join(wsDiags(t, s, parent), "\n"); got != want {
		t.Errorf("without parameter_defaults: got\n%s\nwant\n%s", got, want)
	}
	s = x.Snapshot().WithApplied(prod)
	if got := wsDiags(t, s, parent); len(got) != 0 {
		t.Errorf("with prod_env's parameter_defaults: got %v", got)
	}
}

func TestWithoutWorkspaceRulesAreSilent(t *testing.T) {
	root := fixtures(t)
	x := New(root)
	x.Scan(context.Background(), nil)
	s := x.Snapshot()
	f := s.Full(s.File(filepath.Join(root, "broken.yaml"))) // as an open document: a full parse
	ds := check.Run(context.Background(), f.Doc, check.Options{Schema: loadSchema(t)})
	if got := render(f.Doc.Src, ds); len(got) != 0 {
		t.Errorf("workspace rules ran without a workspace: %v", got)
	}
}

// TestMappedTypesAreKnown: a custom type mapped by an environment of the
// workspace gets no unknown-type diagnostic; unmapped, it keeps at most
// an information.
func TestMappedTypesAreKnown(t *testing.T) {
	root := fixtures(t)
	x := New(root)
	x.Scan(context.Background(), nil)
	path := filepath.Join(root, "probe.yaml")
	src := "heat_template_version: 2018-08-31\nresources:\n  a:\n    type: My::Alias\n  b:\n    type: My::Unmapped\n"
	f := parseFile(path, []byte(src), true)
	s := x.Snapshot(f)
	ds := check.Run(context.Background(), f.Doc, check.Options{Schema: loadSchema(t), Workspace: s.CheckView(), Path: path})
	for _, d := range ds {
		text := src[d.Span.Start:d.Span.End]
		if text == "My::Alias" {
			t.Errorf("mapped type reported: %s [%s]", d.Message, d.Code)
		}
		if text == "My::Unmapped" && d.Severity < source.SeverityInfo {
			t.Errorf("unmapped custom type reported above information: %s [%s]", d.Message, d.Code)
		}
	}
	alone := check.Run(context.Background(), f.Doc, check.Options{Schema: loadSchema(t)})
	seen := false
	for _, d := range alone {
		if src[d.Span.Start:d.Span.End] == "My::Alias" {
			seen = true
		}
	}
	if !seen {
		t.Error("without the workspace My::Alias should be reported as custom (else this test checks nothing)")
	}
}

// TestAppliedValuesPrecedence: only the value that wins is checked —
// parameters over parameter_defaults, a later environment over an earlier.
func TestAppliedValuesPrecedence(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.yaml")
	src := "heat_template_version: 2018-08-31\nparameters:\n  size:\n    type: string\n    constraints:\n      - allowed_values: [small, medium]\nresources: {}\n"
	f := parseFile(path, []byte(src), false)
	env := func(name, text string) *File { return hotEnv(t, filepath.Join(dir, name), text) }
	tests := []struct {
		name string
		envs []*File
		want int
	}{
		{"bad default alone", []*File{env("a.yaml", "parameter_defaults:\n  size: huge\n")}, 1},
		{"good parameters beat bad defaults", []*File{env("b.yaml", "parameters:\n  size: small\nparameter_defaults:\n  size: huge\n")}, 0},
		{"later environment wins", []*File{env("c.yaml", "parameters:\n  size: huge\n"), env("d.yaml", "parameters:\n  size: medium\n")}, 0},
		{"later bad value", []*File{env("e.yaml", "parameters:\n  size: small\n"), env("f.yaml", "parameters:\n  size: large\n")}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSnapshot(NewGuard(dir), f).WithApplied(tc.envs...)
			n := 0
			for _, d := range check.Run(context.Background(), f.Doc, check.Options{Schema: loadSchema(t), Workspace: s.CheckView(), Path: path}) {
				if d.Code == "env-value-constraint" {
					n++
					if len(d.Related) != 1 || d.Related[0].Path == "" {
						t.Errorf("no related location: %+v", d)
					}
				}
			}
			if n != tc.want {
				t.Errorf("%d env-value-constraint, want %d", n, tc.want)
			}
		})
	}
}

// TestEnvironmentParametersAgainstTemplates: in the editor, environment
// entries that no workspace template declares are flagged, softly.
func TestEnvironmentParametersAgainstTemplates(t *testing.T) {
	root := fixtures(t)
	x := New(root)
	x.Scan(context.Background(), nil)
	path := filepath.Join(root, "env", "probe_env.yaml")
	src := "parameters:\n  flavour: m1.small\n  key_name: k\nparameter_defaults:\n  nobody_uses_this: 1\n  image: x\n"
	f := parseFile(path, []byte(src), true)
	s := x.Snapshot(f)
	var got []string
	for _, d := range check.Run(context.Background(), f.Doc, check.Options{Schema: loadSchema(t), Workspace: s.CheckView(), Path: path}) {
		if d.Code == "env-parameter-undeclared" {
			got = append(got, fmt.Sprintf("%s:%s:%v", src[d.Span.Start:d.Span.End], d.Severity, d.Suggestions))
		}
	}
	want := "flavour:warning:[flavor],nobody_uses_this:hint:[]"
	if strings.Join(got, ",") != want {
		t.Errorf("got %v, want %s", got, want)
	}
	// Without any template known, nothing is compared.
	lone := NewSnapshot(NewGuard(root), f)
	for _, d := range check.Run(context.Background(), f.Doc, check.Options{Schema: loadSchema(t), Workspace: lone.CheckView(), Path: path}) {
		if d.Code == "env-parameter-undeclared" {
			t.Errorf("reported without templates: %s", d.Message)
		}
	}
}

// TestMissingNestedValueSeverity: a missing nested parameter is a warning
// while environments may still be generated at deploy time, an error once
// the environments that apply are given explicitly.
func TestMissingNestedValueSeverity(t *testing.T) {
	root := fixtures(t)
	path := filepath.Join(root, "probe.yaml")
	src := "heat_template_version: 2018-08-31\nresources:\n  a:\n    type: nested/server.yaml\n"
	f := parseFile(path, []byte(src), true)
	for _, tc := range []struct {
		name string
		snap *Snapshot
		want source.Severity
	}{
		{"editor", NewSnapshot(NewGuard(root), f), source.SeverityWarning},
		{"check --env", NewSnapshot(NewGuard(root), f).WithApplied(hotEnv(t, filepath.Join(root, "e.yaml"), "parameter_defaults: {other: 1}\n")), source.SeverityError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := 0
			for _, d := range check.Run(context.Background(), f.Doc, check.Options{Schema: loadSchema(t), Workspace: tc.snap.CheckView(), Path: path}) {
				if d.Code == "nested-missing-property" {
					n++
					if d.Severity != tc.want {
						t.Errorf("severity %v, want %v", d.Severity, tc.want)
					}
				}
			}
			if n != 1 {
				t.Errorf("%d nested-missing-property, want 1", n)
			}
		})
	}
}

// TestUsedAsNested: nested/server.yaml is a resource type of parent.yaml
// (directly and through the registry); parent.yaml itself is nobody's.
func TestUsedAsNested(t *testing.T) {
	root := fixtures(t)
	x := New(root)
	x.Scan(context.Background(), nil)
	v := x.Snapshot().CheckView()
	if !v.UsedAsNested(filepath.Join(root, "nested", "server.yaml")) {
		t.Errorf("nested/server.yaml should count as used as a nested stack")
	}
	if v.UsedAsNested(filepath.Join(root, "parent.yaml")) {
		t.Errorf("parent.yaml is not used as a nested stack")
	}
}

// TestWorkspaceMessageStyle: cross-file messages read like the in-file
// ones: names as code (no double quotes), "Did you mean `x`?" as its own
// sentence.
func TestWorkspaceMessageStyle(t *testing.T) {
	root := fixtures(t)
	x := New(root)
	x.Scan(context.Background(), nil)
	s := x.Snapshot()
	seen := 0
	for _, file := range []string{"broken.yaml", "env/prod_env.yaml"} {
		path := filepath.Join(root, file)
		f := s.Full(s.File(path)) // as an open document: a full parse
		if f == nil {
			t.Fatalf("%s not indexed", file)
		}
		for _, d := range check.Run(context.Background(), f.Doc, check.Options{Schema: loadSchema(t), Workspace: s.CheckView(), Path: path}) {
			if !workspaceCodes[d.Code] {
				continue
			}
			seen++
			text := string(f.Doc.Src[d.Span.Start:d.Span.End])
			if strings.Contains(d.Message, `"`) || strings.Contains(d.Message, "did you mean") {
				t.Errorf("%s %s: %q uses double quotes or the old suggestion form", d.Code, text, d.Message)
			}
			if !strings.Contains(d.Message, "`"+text+"`") && !strings.Contains(d.Message, "`"+strings.TrimPrefix(text, "resource.0.")+"`") {
				t.Errorf("%s %s: %q does not name %s as code", d.Code, text, d.Message, text)
			}
			for _, sug := range d.Suggestions {
				if !strings.Contains(d.Message, ". Did you mean `") || !strings.Contains(d.Message, "`"+sug+"`") {
					t.Errorf("%s %s: %q lacks the sentence suggesting %s", d.Code, text, d.Message, sug)
				}
			}
		}
	}
	if seen < 5 {
		t.Fatalf("only %d workspace findings on the fixtures", seen)
	}
}
