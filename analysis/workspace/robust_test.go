package workspace

import (
	"context"
	"path/filepath"
	"testing"

	"heat-ls/analysis/check"
)

// TestEveryOffsetIsSafe runs every cross-file feature at every offset of
// odd documents (broken YAML, aliases, wrong shapes, self-referencing and
// escaping types); none may panic, and nothing outside the folders may
// come back.
func TestEveryOffsetIsSafe(t *testing.T) {
	s, root := fixtureSnapshot(t)
	sc := loadSchema(t)
	docs := []string{
		"heat_template_version: 2018-08-31\nresources:\n  a:\n    type: probe.yaml\n    properties: {x: 1}\n",
		"heat_template_version: 2018-08-31\nresources:\n  a: &x\n    type: nested/server.yaml\n    properties: *x\n  b: {type: [1], properties: [1]}\noutputs:\n  o: {value: {get_attr: [a, *x]}}\n",
		"heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      resource_def: {type: My::Server, properties: {image: {get_file: ../../../../etc/passwd}}}\n  c:\n    type: OS::Heat::ResourceChain\n    properties: {resources: [nested/server.yaml, 3, null], resource_properties: oops}\n",
		"heat_template_version: 2018-08-31\nresources:\n  a:\n    type: nested/server.yaml\n    properties:\n      image: {get_param: [\n",
		"resource_registry:\n  A::B: A::B\n  C::*: ../../../../etc/x.yaml\n  resources:\n    r: {hooks: pre-create, A::B: x.yaml}\nparameters: [1, 2]\nparameter_defaults: {image: *nope}\n",
		"",
		"---\n- 1\n",
	}
	for i, src := range docs {
		path := filepath.Join(root, "probe.yaml")
		f := parseFile(path, []byte(src), true)
		if f == nil {
			continue
		}
		snap := s
		if i%2 == 0 {
			x := New(root)
			x.Put(s.Files()...)
			snap = x.Snapshot(f)
		}
		check.Run(context.Background(), f.Doc, check.Options{Schema: sc, Workspace: snap.CheckView(), Path: path})
		for _, l := range snap.Links(path, f.Doc) {
			if !snap.Guard().Allow(l.Path, path) {
				t.Errorf("doc %d: link outside the folders: %s", i, l.Path)
			}
		}
		for off := 0; off <= len(src); off++ {
			for _, l := range snap.Definition(path, f.Doc, off) {
				if !snap.Guard().Allow(l.Path, path) {
					t.Errorf("doc %d: definition outside the folders: %s", i, l.Path)
				}
			}
			snap.Hover(path, f.Doc, sc, off, off%2 == 0)
			snap.Complete(path, f.Doc, f.Doc, off)
			if sym, ok := snap.SymbolAt(path, f.Doc, off); ok {
				snap.References(sym)
				_, _ = snap.Rename(sym, "renamed")
			}
		}
	}
}
