package workspace

import (
	"context"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"heat-ls/analysis/feature/completion"
)

// fixtureSnapshot indexes testdata/workspace.
func fixtureSnapshot(t *testing.T) (*Snapshot, string) {
	root := fixtures(t)
	x := New(root)
	x.Scan(context.Background(), nil)
	return x.Snapshot(), root
}

// offsetOf finds the n-th (0-based) occurrence of marker in the file and
// returns the offset of its first byte plus delta.
func offsetOf(t *testing.T, src []byte, marker string, n, delta int) int {
	t.Helper()
	from := 0
	for i := 0; ; i++ {
		j := strings.Index(string(src[from:]), marker)
		if j < 0 {
			t.Fatalf("marker %q #%d not found", marker, n)
		}
		if i == n {
			return from + j + delta
		}
		from += j + len(marker)
	}
}

func TestDefinitionAcrossFiles(t *testing.T) {
	s, root := fixtureSnapshot(t)
	parent := filepath.Join(root, "parent.yaml")
	doc := s.Full(s.File(parent)).Doc
	tests := []struct {
		name, marker string
		n            int
		wantPath     string
		wantText     string
	}{
		{"get_file", "scripts/boot.sh", 0, "scripts/boot.sh", ""},
		{"direct type", "nested/server.yaml", 0, "nested/server.yaml", ""},
		{"mapped type", "My::Server", 0, "nested/server.yaml", ""},
		{"property of direct", "image: cirros", 0, "nested/server.yaml", "image"},
		{"property of mapped", "server_name: mapped", 0, "nested/server.yaml", "server_name"},
		{"property of group member", "server_name: member", 0, "nested/server.yaml", "server_name"},
		{"get_attr output", "first_address", 0, "nested/server.yaml", "first_address"},
		{"group member type", "My::Server", 1, "nested/server.yaml", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			locs := s.Definition(parent, doc, offsetOf(t, doc.Src, tc.marker, tc.n, 1))
			if len(locs) != 1 {
				t.Fatalf("got %d locations", len(locs))
			}
			if want := filepath.Join(root, tc.wantPath); locs[0].Path != want {
				t.Errorf("path %s, want %s", locs[0].Path, want)
			}
			if tc.wantText != "" {
				if got := string(locs[0].Doc.Src[locs[0].Span.Start:locs[0].Span.End]); got != tc.wantText {
					t.Errorf("span text %q, want %q", got, tc.wantText)
				}
			}
		})
	}
	probePath := filepath.Join(root, "probe.yaml")
	probe := parseFile(probePath, []byte("heat_template_version: 2018-08-31\nresources:\n  a: {type: My::Alias}\n"), true)
	if locs := s.Definition(probePath, probe.Doc, offsetOf(t, probe.Doc.Src, "My::Alias", 0, 2)); len(locs) != 1 || filepath.Base(locs[0].Path) != "prod_env.yaml" ||
		string(locs[0].Doc.Src[locs[0].Span.Start:locs[0].Span.End]) != "My::Alias" {
		t.Errorf("definition of a type mapped to a type: %v", locs)
	}
	if h, ok := s.Hover(probePath, probe.Doc, loadSchema(t), offsetOf(t, probe.Doc.Src, "My::Alias", 0, 2), false); !ok ||
		!strings.Contains(h.Text, "prod_env.yaml: OS::Heat::None") || !strings.Contains(h.Text, "OS::Heat::None: ") {
		t.Errorf("hover of a type mapped to a type:\n%s", h.Text)
	}
	if locs := s.Definition(parent, doc, offsetOf(t, doc.Src, "OS::Heat::SoftwareConfig", 0, 2)); len(locs) != 0 {
		t.Errorf("a plain type has no cross-file definition, got %v", locs)
	}
	broken := filepath.Join(root, "broken.yaml")
	bdoc := s.Full(s.File(broken)).Doc
	if locs := s.Definition(broken, bdoc, offsetOf(t, bdoc.Src, "etc/passwd", 0, 1)); len(locs) != 0 {
		t.Errorf("definition leads outside the workspace: %v", locs)
	}
}

func TestHoverAcrossFiles(t *testing.T) {
	s, root := fixtureSnapshot(t)
	parent := filepath.Join(root, "parent.yaml")
	doc := s.Full(s.File(parent)).Doc
	tests := []struct {
		name, marker string
		n, delta     int
		want         []string
	}{
		{"nested type", "My::Server", 0, 1, []string{"nested template", "- `image` (string, required)", "- `first_address`"}},
		{"property", "image: cirros", 0, 1, []string{"Image to boot", "No default", "*Type:* `string`"}},
		{"output", "first_address", 0, 1, []string{"first address of the server"}},
		{"get_param sources", "get_param: flavor", 0, 12, []string{"default in this template: m1.tiny", "dev_env.yaml (parameters): m1.small"}},
		{"parameter key sources", "key_name:", 0, 1, []string{"no default in this template", "dev_env.yaml (parameters): dev-key"}},
	}
	server := filepath.Join(root, "nested", "server.yaml")
	sdoc := s.Full(s.File(server)).Doc
	h, ok := s.Hover(server, sdoc, loadSchema(t), offsetOf(t, sdoc.Src, "get_param: image", 0, 12), false)
	if !ok || !strings.Contains(h.Text, "parent.yaml, resource direct: cirros") || !strings.Contains(h.Text, "prod_env.yaml (parameter_defaults): cirros") {
		t.Errorf("nested get_param hover:\n%s", h.Text)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, ok := s.Hover(parent, doc, loadSchema(t), offsetOf(t, doc.Src, tc.marker, tc.n, tc.delta), true)
			if !ok {
				t.Fatal("no hover")
			}
			for _, w := range tc.want {
				if !strings.Contains(h.Text, w) {
					t.Errorf("hover lacks %q:\n%s", w, h.Text)
				}
			}
		})
	}
}

func TestCompleteNestedProperties(t *testing.T) {
	s, root := fixtureSnapshot(t)
	path := filepath.Join(root, "probe.yaml")
	src := "heat_template_version: 2018-08-31\nresources:\n  a:\n    type: My::Server\n    properties:\n      flavor: x\n      \n"
	f := parseFile(path, []byte(src), true)
	off := strings.Index(src, "flavor: x\n") + len("flavor: x\n      ")
	items := s.Complete(path, f.Doc, f.Doc, off)
	var labels []string
	for _, it := range items {
		labels = append(labels, it.Label+"/"+it.Detail)
	}
	if got := strings.Join(labels, ","); got != "image/string, required,server_name/string" {
		t.Errorf("items %s", got)
	}
	if outs := s.MoreAttributes(path)(f.Doc.Template.Resource("a")); strings.Join(outs, ",") != "first_address" {
		t.Errorf("MoreAttributes = %v", outs)
	}
	parent := s.Full(s.File(filepath.Join(root, "parent.yaml")))
	if outs := s.MoreAttributes(parent.Path)(parent.Doc.Template.Resource("group")); strings.Join(outs, ",") != "first_address" {
		t.Errorf("MoreAttributes of a group = %v", outs)
	}
}

func TestReferencesAndRenameAcrossFiles(t *testing.T) {
	s, root := fixtureSnapshot(t)
	server := filepath.Join(root, "nested", "server.yaml")
	sdoc := s.Full(s.File(server)).Doc
	sym, ok := s.SymbolAt(server, sdoc, offsetOf(t, sdoc.Src, "server_name:", 0, 1))
	if !ok || sym.Kind != "parameter" {
		t.Fatalf("symbol %+v %v", sym, ok)
	}
	var got []string
	for _, r := range s.References(sym) {
		rel, _ := filepath.Rel(root, r.Path)
		line, _ := r.Doc.Mapper.LineCol(r.Span.Start)
		got = append(got, rel+":"+strconv.Itoa(line))
	}
	joined := strings.Join(got, " ")
	for _, w := range []string{"nested/server.yaml:12", "parent.yaml:22", "parent.yaml:31", "env/dev_env.yaml:6"} {
		if !strings.Contains(joined, w) {
			t.Errorf("references %s lack %s", joined, w)
		}
	}
	// The same symbol from the parent's property key.
	parent := filepath.Join(root, "parent.yaml")
	pdoc := s.Full(s.File(parent)).Doc
	sym2, ok := s.SymbolAt(parent, pdoc, offsetOf(t, pdoc.Src, "server_name: mapped", 0, 1))
	if !ok || sym2.Template != server {
		t.Errorf("symbol from the parent: %+v", sym2)
	}
	edits, err := s.Rename(sym2, "host_name")
	if err != nil {
		t.Fatal(err)
	}
	if len(edits) != len(got) {
		t.Errorf("%d edits for %d references", len(edits), len(got))
	}
	for _, e := range edits {
		if text := string(e.Doc.Src[e.Span.Start:e.Span.End]); text != "server_name" {
			t.Errorf("edit replaces %q", text)
		}
	}
	if _, err := s.Rename(sym2, "two words"); err == nil {
		t.Error("an unsafe name was accepted")
	}
}

func TestRenameCustomType(t *testing.T) {
	s, root := fixtureSnapshot(t)
	env := filepath.Join(root, "env", "prod_env.yaml")
	edoc := s.Full(s.File(env)).Doc
	sym, ok := s.SymbolAt(env, edoc, offsetOf(t, edoc.Src, "My::Server", 0, 2))
	if !ok || sym.Kind != "type" {
		t.Fatalf("symbol %+v", sym)
	}
	edits, err := s.Rename(sym, "Site::Server")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]int{}
	for _, e := range edits {
		rel, _ := filepath.Rel(root, e.Path)
		files[rel]++
	}
	if files["env/prod_env.yaml"] != 1 || files["parent.yaml"] != 2 || len(files) != 2 {
		t.Errorf("edits per file %v, want the registry key and both uses in parent.yaml", files)
	}
}

func TestLinks(t *testing.T) {
	s, root := fixtureSnapshot(t)
	tests := []struct {
		file string
		want []string // "kind:relative target"
	}{
		{"parent.yaml", []string{"template:nested/server.yaml", "get_file:scripts/boot.sh"}},
		{"env/prod_env.yaml", []string{"registry:nested/server.yaml"}}, // the generated target does not exist
		{"broken.yaml", []string{"template:nested/server.yaml", "template:nested/server.yaml"}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join(root, tc.file)
			var got []string
			for _, l := range s.Links(path, s.Full(s.File(path)).Doc) {
				r, _ := filepath.Rel(root, l.Path)
				got = append(got, l.Kind+":"+r)
			}
			sort.Strings(got)
			want := append([]string(nil), tc.want...)
			sort.Strings(want)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("links %v, want %v", got, want)
			}
		})
	}
}

// TestCompleteGroupMemberTemplate: inside a ResourceGroup's resource_def
// the member template's parameters are the property keys, and get_attr
// after resource.N offers its outputs (through the MoreAttributes hook).
func TestCompleteGroupMemberTemplate(t *testing.T) {
	s, root := fixtureSnapshot(t)
	path := filepath.Join(root, "probe.yaml")
	src := "heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      resource_def:\n        type: My::Server\n        properties:\n          flavor: x\n          \noutputs:\n  o:\n    value: {get_attr: [g, resource.0, ]}\n"
	f := parseFile(path, []byte(src), true)
	off := strings.Index(src, "flavor: x\n") + len("flavor: x\n          ")
	var labels []string
	for _, it := range s.Complete(path, f.Doc, f.Doc, off) {
		labels = append(labels, it.Label)
	}
	if got := strings.Join(labels, ","); got != "image,server_name" {
		t.Errorf("member properties %s", got)
	}
	sc := loadSchema(t)
	off = strings.Index(src, "resource.0, ") + len("resource.0, ")
	items := completion.Complete(completion.Request{Doc: f.Doc, LastGood: f.Doc, Offset: off, Schema: sc, MoreAttributes: s.MoreAttributes(path)})
	labels = nil
	for _, it := range items {
		labels = append(labels, it.Label)
	}
	if got := strings.Join(labels, ","); got != "first_address" {
		t.Errorf("member outputs %s", got)
	}
}
