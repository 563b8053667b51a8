package syntax

import (
	"heat-ls/analysis/rules"
	"strings"
	"testing"
)

// recoverBase is the last good text the broken variants are edits of.
const recoverBase = `heat_template_version: 2018-08-31
parameters:
  image:
    type: string
resources:
  server1:
    type: OS::Nova::Server
    properties:
      image: {get_param: image}
      flavor: m1.small
  server2:
    type: OS::Nova::Server
    properties:
      name: {get_resource: server1}
outputs:
  o:
    value: {get_attr: [server2, name]}
`

// TestRecoverEachErrorKind breaks recoverBase in each way people break a
// template while typing and checks the recovered tree: the YAML error is
// reported, the keys named in keep are in the tree at their exact offsets
// in the broken text, the keys in gone were read as blank, and the
// region's words are hidden.
func TestRecoverEachErrorKind(t *testing.T) {
	tests := []recoverCase{
		{
			name: "unclosed flow mapping",
			from: "      image: {get_param: image}\n", to: "      image: {get_param: \n",
			keep:   []string{"resources.server1.properties.image", "resources.server1.properties.flavor", "resources.server2.properties.name", "outputs.o.value"},
			hidden: []string{"get_param", "image"},
		},
		{
			name: "unclosed flow sequence",
			from: "    value: {get_attr: [server2, name]}\n", to: "    value: {get_attr: [server2, \n",
			keep:   []string{"outputs.o.value", "resources.server2.properties.name"},
			hidden: []string{"server2"},
		},
		{
			name: "bad indentation",
			from: "    properties:\n      name:", to: "     properties:\n      name:",
			keep: []string{"resources.server2.type", "outputs.o.value", "resources.server1.properties.flavor"},
			gone: []string{"resources.server2.properties"},
		},
		{
			name: "half-typed key keeps its value and its last good name",
			from: "  server2:\n", to: "  serv\n",
			keep:   []string{"resources.server2.type", "resources.server2.properties.name", "outputs.o.value"},
			hidden: []string{"server2", "serv"},
		},
		{
			name: "half-typed key in a document opened broken",
			from: "  server2:\n", to: "  serv\n", noOld: true,
			keep: []string{"resources.serv.type", "resources.serv.properties.name", "resources.server1.type"},
		},
		{
			name: "half-typed leaf key",
			from: "      flavor: m1.small\n", to: "      flav\n",
			keep: []string{"resources.server1.properties.flavor", "resources.server1.properties.image", "resources.server2.type"},
		},
		{
			name: "tab in the indentation",
			from: "    properties:\n      name:", to: "\tproperties:\n      name:",
			keep: []string{"resources.server2.type", "outputs.o.value", "resources.server1.properties.image"},
			gone: []string{"resources.server2.properties"},
		},
		{
			name: "unterminated quote",
			from: "      flavor: m1.small\n", to: "      flavor: \"m1.sm\n",
			keep:   []string{"resources.server1.properties.flavor", "resources.server2.properties.name", "outputs.o.value"},
			hidden: []string{"m1.sm"},
		},
		{
			name: "stray dash among keys",
			from: "      flavor: m1.small\n", to: "      -\n      flavor: m1.small\n",
			keep: []string{"resources.server1.properties.flavor", "resources.server1.properties.image", "resources.server2.properties.name"},
		},
		{
			name: "two broken places",
			from: "      image: {get_param: image}\n", to: "      image: [get_param, \n",
			keep: []string{"resources.server1.properties.flavor", "outputs.o.value"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkRecoverCase(t, tt) })
	}
}

// recoverCase is one way of breaking recoverBase and what recovery keeps.
type recoverCase struct {
	name     string
	from, to string
	keep     []string // dotted key paths that must be in the tree
	gone     []string // dotted key paths that must not
	hidden   []string
	noOld    bool // parse without the last good text
}

// checkRecoverCase breaks recoverBase as tt says, parses it after the good
// text, and checks the one YAML error and the recovered tree.
func checkRecoverCase(t *testing.T, tt recoverCase) {
	if !strings.Contains(recoverBase, tt.from) {
		t.Fatalf("%q not in the base text", tt.from)
	}
	src := strings.Replace(recoverBase, tt.from, tt.to, 1)
	if tt.name == "two broken places" {
		src = strings.Replace(src, "  server2:\n", "  server2\n", 1)
	}
	var old []byte
	if !tt.noOld {
		old = []byte(recoverBase)
	}
	f := ParseAfter([]byte(src), old)
	if !f.Broken || !f.HasTree() || len(f.Recovered) == 0 {
		t.Fatalf("broken %v tree %v regions %v problems %+v", f.Broken, f.HasTree(), f.Recovered, f.Problems)
	}
	if string(f.Src) != src {
		t.Fatal("Src is not the text as written")
	}
	syntaxErrors := 0
	for _, p := range f.Problems {
		if p.Code == rules.YAMLSyntax {
			syntaxErrors++
		}
	}
	if syntaxErrors != 1 {
		t.Errorf("want the one YAML error, got %+v", f.Problems)
	}
	checkRecoveredKeys(t, tt, f, src)
}

// checkRecoveredKeys checks that the keys in keep are in the tree at their
// offsets in the broken text src, those in gone are not, and the names in
// hidden are hidden.
func checkRecoveredKeys(t *testing.T, tt recoverCase, f *File, src string) {
	t.Helper()
	for _, path := range tt.keep {
		k := keyAtPath(f, path)
		if k == nil {
			t.Errorf("%s missing from the recovered tree", path)
			continue
		}
		name := path[strings.LastIndexByte(path, '.')+1:]
		if got := src[k.Span().Start:k.Span().End]; !strings.HasPrefix(name, got) && got != name {
			t.Errorf("%s: key span %v reads %q in the broken text", path, k.Span(), got)
		}
	}
	for _, path := range tt.gone {
		if keyAtPath(f, path) != nil {
			t.Errorf("%s should have been read as blank", path)
		}
	}
	for _, w := range tt.hidden {
		if !f.Hidden[w] {
			t.Errorf("%q not hidden: %v", w, f.Hidden)
		}
	}
}

// keyAtPath follows a dotted path of mapping keys from the root.
func keyAtPath(f *File, path string) *Node {
	n := f.Root()
	var key *Node
	for _, k := range strings.Split(path, ".") {
		p := n.Resolve().Lookup(k)
		if p.Key == nil {
			return nil
		}
		key, n = p.Key, p.Value
	}
	return key
}

// TestRecoverValidTextUntouched: a text that parses has no regions and the
// same tree as Parse gives.
func TestRecoverValidTextUntouched(t *testing.T) {
	f := ParseAfter([]byte(recoverBase), []byte("x: 1\n"))
	if f.Broken || len(f.Recovered) > 0 || f.Hidden != nil || keyAtPath(f, "resources.server2.properties.name") == nil {
		t.Fatalf("%+v", f)
	}
}

// TestRecoverBounded: text broken on every line still ends, with the
// error reported.
func TestRecoverBounded(t *testing.T) {
	src := strings.Repeat("a: [\n b: {\n\t- c\n", 50)
	f := Parse([]byte(src))
	if !f.Broken || len(f.Problems) == 0 {
		t.Fatalf("%+v", f.Problems)
	}
}

// TestRecoverAfterByteOrderMark: the first key typed after a byte order
// mark keeps its name from the last good text, without the mark.
func TestRecoverAfterByteOrderMark(t *testing.T) {
	old := "\ufeff" + recoverBase
	src := "\ufeffhe" + recoverBase[strings.IndexByte(recoverBase, '\n'):]
	f := ParseAfter([]byte(src), []byte(old))
	if !f.Broken || !f.HasTree() {
		t.Fatalf("%+v", f.Problems)
	}
	if keyAtPath(f, "heat_template_version") == nil || keyAtPath(f, "resources.server2.properties.name") == nil {
		t.Errorf("keys lost: %v", f.Recovered)
	}
}

// TestRecoverOnlyEntry: a half-typed key that is the only entry of its
// section still holds its value.
func TestRecoverOnlyEntry(t *testing.T) {
	old := "heat_template_version: 2018-08-31\nresources:\n  only:\n    type: OS::Heat::None\noutputs:\n  o:\n    value: {get_resource: only}\n"
	src := strings.Replace(old, "  only:\n", "  on\n", 1)
	f := ParseAfter([]byte(src), []byte(old))
	k := keyAtPath(f, "resources.only.type")
	if k == nil || src[k.Span().Start:k.Span().End] != "type" || keyAtPath(f, "outputs.o.value") == nil {
		t.Fatalf("not recovered: %v %+v", f.Recovered, f.Problems)
	}
}
