package workspace

import (
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"heat-ls/analysis/check"
)

// writeTree writes files (name → text) under a new temporary directory and
// returns it.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const leafTemplate = "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Heat::None\n"

// TestCLIViewUsedAsNested: the CLI view's one walk over the checked files
// finds the files nested by a resource type, by a group's member type and
// by an applied environment's registry, and gives the same answer as
// asking the snapshot file by file; a file that is not checked is never
// reported, nested or not.
func TestCLIViewUsedAsNested(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"top.yaml": "heat_template_version: 2018-08-31\nresources:\n" +
			"  a:\n    type: child.yaml\n" +
			"  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      resource_def:\n        type: sub/member.yaml\n" +
			"  m:\n    type: My::Mapped\n" +
			"  u:\n    type: unlisted.yaml\n",
		"child.yaml":      leafTemplate,
		"sub/member.yaml": leafTemplate,
		"mapped.yaml":     leafTemplate,
		"lone.yaml":       leafTemplate,
		"unlisted.yaml":   leafTemplate,
		"spare.yaml":      leafTemplate,
	})
	var files []string
	for _, name := range []string{"top.yaml", "child.yaml", "sub/member.yaml", "mapped.yaml", "lone.yaml", "spare.yaml"} {
		files = append(files, filepath.Join(dir, name))
	}
	// The registry maps My::Spare though no resource has that type: the
	// environment itself nests spare.yaml.
	env := hotEnv(t, filepath.Join(dir, "env.yaml"), "resource_registry:\n  My::Mapped: mapped.yaml\n  My::Spare: spare.yaml\n")
	for _, tc := range []struct {
		name   string
		envs   []*File
		nested map[string]bool
	}{
		{"no environment", nil, map[string]bool{"child.yaml": true, "sub/member.yaml": true}},
		{"registry applied", []*File{env}, map[string]bool{"child.yaml": true, "sub/member.yaml": true, "mapped.yaml": true, "spare.yaml": true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := CLIView(files, tc.envs).(*cliView)
			var templates []*File
			for _, p := range files {
				if f := v.s.Load(p, p); f.IsTemplate() {
					templates = append(templates, f)
				}
			}
			for _, name := range []string{"top.yaml", "child.yaml", "sub/member.yaml", "mapped.yaml", "lone.yaml", "spare.yaml", "unlisted.yaml"} {
				p := filepath.Join(dir, name)
				got := v.UsedAsNested(p)
				if got != tc.nested[name] {
					t.Errorf("UsedAsNested(%s) = %v, want %v", name, got, tc.nested[name])
				}
				if listed := name != "unlisted.yaml"; listed && got != v.s.usedAsNested(p, templates) {
					t.Errorf("UsedAsNested(%s) = %v, the snapshot asked for this file alone says otherwise", name, got)
				}
			}
		})
	}
}

// TestCLIViewResolvesEachTemplateOnce: asking whether each of n checked
// files is nested resolves the resource types of each template once in
// all, not once per question (which made a check of 6,400 files take
// minutes).
func TestCLIViewResolvesEachTemplateOnce(t *testing.T) {
	const n = 40
	tree := map[string]string{}
	var names []string
	for i := range n {
		name := fmt.Sprintf("d%d/t%d.yaml", i%4, i)
		names = append(names, name)
		if i == 0 {
			continue
		}
		// Each template nests the one before it.
		tree[name] = fmt.Sprintf("heat_template_version: 2018-08-31\nresources:\n  prev:\n    type: ../d%d/t%d.yaml\n  none:\n    type: OS::Heat::None\n", (i-1)%4, i-1)
	}
	tree[names[0]] = leafTemplate
	dir := writeTree(t, tree)
	var files []string
	for _, name := range names {
		files = append(files, filepath.Join(dir, name))
	}
	v := CLIView(files, nil).(*cliView)
	var walked atomic.Int64
	uses := v.uses
	v.uses = func(f *File, yield func(string, NestingUse) bool) bool {
		walked.Add(1)
		return uses(f, yield)
	}
	for i, p := range files {
		if got, want := v.UsedAsNested(p), i < n-1; got != want {
			t.Errorf("UsedAsNested(%s) = %v, want %v", names[i], got, want)
		}
	}
	if got := walked.Load(); got != n {
		t.Errorf("resolved the resource types of %d templates for %d questions, want each of the %d once", got, n, n)
	}

	// A panic while one template's types are resolved loses only what
	// that template nests.
	v = CLIView(files, nil).(*cliView)
	uses = v.uses
	v.uses = func(f *File, yield func(string, NestingUse) bool) bool {
		if filepath.Base(f.Path) == "t5.yaml" {
			panic("strange template")
		}
		return uses(f, yield)
	}
	for i, p := range files {
		if got, want := v.UsedAsNested(p), i < n-1 && i != 4; got != want {
			t.Errorf("with t5.yaml failing: UsedAsNested(%s) = %v, want %v", names[i], got, want)
		}
	}
}

// TestCLIViewFileState: the CLI view remembers get_file answers by folder
// and reference, so templates of another folder reading the same
// reference get their own answer, and the remembered answer is the
// snapshot's.
func TestCLIViewFileState(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"a/t1.yaml":          leafTemplate,
		"a/t2.yaml":          leafTemplate,
		"a/scripts/setup.sh": "#!/bin/sh\n",
		"a/scripts/lib/x":    "x\n",
		"b/t3.yaml":          leafTemplate,
	})
	files := []string{filepath.Join(dir, "a/t1.yaml"), filepath.Join(dir, "a/t2.yaml"), filepath.Join(dir, "b/t3.yaml")}
	v := CLIView(files, nil).(*cliView)
	for _, tc := range []struct {
		from, ref string
		want      check.FileState
	}{
		{"a/t1.yaml", "scripts/setup.sh", check.FileFound},
		{"a/t2.yaml", "scripts/setup.sh", check.FileFound}, // remembered from t1
		{"b/t3.yaml", "scripts/setup.sh", check.FileMissing},
		{"a/t1.yaml", "scripts/lib", check.FileDirectory},
		{"b/t3.yaml", "../a/scripts/setup.sh", check.FileFound},
		{"a/t1.yaml", "https://example.com/x.sh", check.FileRemote},
		{"a/t1.yaml", "/etc/passwd", check.FileOutside},
	} {
		from := filepath.Join(dir, tc.from)
		for range 2 {
			if got := v.FileState(from, tc.ref); got != tc.want {
				t.Errorf("FileState(%s, %s) = %v, want %v", tc.from, tc.ref, got, tc.want)
			}
		}
		if got := v.checkView.FileState(from, tc.ref); got != tc.want {
			t.Errorf("the snapshot's FileState(%s, %s) = %v, want %v", tc.from, tc.ref, got, tc.want)
		}
	}
}
