package workspace

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"heat-ls/analysis/check"
	"heat-ls/analysis/feature"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/analysis/syntax/synthtest"
	"heat-ls/schema/refdata"
)

// summaryWorkspace is a nested template whose parameter size is used
// inside a resource, set by a parent through a path type, through a
// built-in type an environment maps to it, and by a group member.
var summaryWorkspace = map[string]string{
	"nested.yaml": `heat_template_version: 2018-08-31
parameters:
  size: {type: number}
resources:
  none:
    type: OS::Heat::None
    properties: {value: {get_param: size}}
outputs:
  out: {value: {get_attr: [none, show]}}
`,
	"parent.yaml": `heat_template_version: 2018-08-31
resources:
  mapped:
    type: OS::Nova::Server
    properties: {size: 3}
  direct:
    type: nested.yaml
    properties: {size: 4}
  plain:
    type: OS::Heat::None
    properties: {size: 5}
  group:
    type: OS::Heat::ResourceGroup
    properties:
      resource_def: {type: nested.yaml, properties: {size: 6}}
outputs:
  o: {value: {get_attr: [mapped, out]}}
`,
	"env.yaml": "resource_registry:\n  OS::Nova::Server: nested.yaml\n",
}

func writeFiles(t *testing.T, files map[string]string) string {
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestIndexHoldsSummaries: files that are not open are held as summaries
// (environments too),
// and what needs their whole text (every use of a parameter, the parent
// property keys of a type an environment maps, get_attr uses of an
// output) still finds it.
func TestIndexHoldsSummaries(t *testing.T) {
	dir := writeFiles(t, summaryWorkspace)
	x := New(dir)
	x.Scan(context.Background(), nil)
	s := x.Snapshot()
	nested, parent := filepath.Join(dir, "nested.yaml"), filepath.Join(dir, "parent.yaml")
	for _, p := range []string{nested, parent} {
		if f := s.File(p); f == nil || !f.Doc.Summary {
			t.Fatalf("%s is not held as a summary", p)
		}
		if f := s.Full(s.File(p)); f.Doc.Summary || f.Path != p {
			t.Fatalf("Full(%s) is no full parse", p)
		}
	}
	if f := s.File(filepath.Join(dir, "env.yaml")); f == nil || !f.Doc.Summary || f.Doc.Env != nil || !f.IsEnvironment() || f.env == nil {
		t.Fatal("env.yaml should be held as a summary")
	}
	var got []string
	for _, r := range s.References(Symbol{Kind: "parameter", Name: "size", Template: nested}) {
		src := s.File(r.Path).Doc.Src
		line := strings.Count(string(src[:r.Span.Start]), "\n") + 1
		got = append(got, fmt.Sprintf("%s:%d:%s", filepath.Base(r.Path), line, src[r.Span.Start:r.Span.End]))
	}
	sort.Strings(got)
	want := []string{"nested.yaml:3:size", "nested.yaml:7:size", "parent.yaml:15:size", "parent.yaml:5:size", "parent.yaml:8:size"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("references\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	uses := s.OutputReferences(nested, "out")
	if len(uses) != 1 || uses[0].Path != parent || string(uses[0].Doc.Src[uses[0].Span.Start:uses[0].Span.End]) != "out" {
		t.Errorf("output uses %+v", uses)
	}
}

// TestFullCacheBounded: the full parses of summaries are kept for a few
// files only, and a summary asked again gets the cached parse.
func TestFullCacheBounded(t *testing.T) {
	files := map[string]string{}
	for i := range maxFullParses + 3 {
		files[fmt.Sprintf("t%d.yaml", i)] = "heat_template_version: 2018-08-31\nresources:\n  r: {type: OS::Heat::None, properties: {a: 1}}\n"
	}
	dir := writeFiles(t, files)
	x := New(dir)
	x.Scan(context.Background(), nil)
	s := x.Snapshot()
	first := s.Full(s.File(filepath.Join(dir, "t0.yaml")))
	if again := s.Full(s.File(filepath.Join(dir, "t0.yaml"))); again != first {
		t.Error("full parse not reused")
	}
	for _, f := range s.Templates() {
		s.Full(f)
	}
	if n := len(x.full.entries); n != maxFullParses {
		t.Errorf("%d full parses kept, want %d", n, maxFullParses)
	}
}

// definitionsView renders the definitions of every resource the way the
// check package reads them from the syntax tree (check.ResourceDefinitions):
// type, its spans, inner or not, and the property keys, unless left out.
func definitionsView(full *hot.Document, leftOut func(r, def int) bool) string {
	var b strings.Builder
	for i, r := range full.Template.Resources {
		for j, def := range check.ResourceDefinitions(r) {
			typ := "-"
			if def.Type != nil {
				typ = fmt.Sprintf("%v %v", def.Type.Span(), feature.InnerSpan(def.Type))
			}
			fmt.Fprintf(&b, "%s/%d %q %s inner %v\n", r.Name, j, def.TypeName, typ, def.Inner)
			if leftOut(i, j) {
				b.WriteString("  properties left out\n")
				continue
			}
			if props := def.Properties.Resolve(); props.IsMapping() {
				for _, p := range props.Pairs() {
					if p.Key.Kind == syntax.ScalarNode {
						fmt.Fprintf(&b, "  %s %v %v %v\n", p.Key.Value, p.Key.Span(), feature.InnerSpan(p.Key), p.Value.Span())
					}
				}
			}
		}
	}
	return b.String()
}

// outlineDefinitionsView renders an outline's definitions in
// definitionsView's form.
func outlineDefinitionsView(o *hot.Outline) string {
	var b strings.Builder
	for _, r := range o.Resources {
		for j, def := range r.Definitions {
			typ := "-"
			if def.HasType {
				typ = fmt.Sprintf("%v %v", def.Type, def.TypeInner)
			}
			fmt.Fprintf(&b, "%s/%d %q %s inner %v\n", r.Name, j, def.TypeName, typ, def.Inner)
			if def.PropertiesLeftOut {
				b.WriteString("  properties left out\n")
				continue
			}
			for _, p := range def.Properties {
				fmt.Fprintf(&b, "  %s %v %v %v\n", p.Name, p.Key, p.KeyInner, p.Value)
			}
		}
	}
	return b.String()
}

// TestOutlineDefinitionsMatchTheTree: the resource definitions a
// summary's outline answers (what the workspace rules and the nesting
// walks read of a closed template) are the ones the check package reads
// from the full parse, over the fixtures, generated templates and, when
// ../shared is there, the corpus; a summary leaves out only the
// properties of Heat's own types, and the full parse's outline nothing.
func TestOutlineDefinitionsMatchTheTree(t *testing.T) {
	texts := map[string][]byte{}
	for _, n := range []int{100, 400} {
		texts[fmt.Sprintf("generated %d", n)] = synthtest.GenerateTemplate(n)
	}
	for name, src := range summaryWorkspace {
		texts[name] = []byte(src)
	}
	roots := []string{filepath.Join("..", "..", "testdata", "workspace")}
	if dir, ok := refdata.Dir(); ok {
		roots = append(roots, filepath.Join(dir, "corpus"))
	} else {
		t.Log("../shared not found: fixtures and generated templates only")
	}
	for _, root := range roots {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && filepath.Ext(path) == ".yaml" {
				if src, err := os.ReadFile(path); err == nil {
					texts[path] = src
				}
			}
			return err
		})
	}
	templates := 0
	for name, src := range texts {
		full := hot.Parse(src)
		if full.Template == nil {
			continue
		}
		templates++
		sum := hot.Summarize(full)
		left := func(r, def int) bool { return sum.Outline().Resources[r].Definitions[def].PropertiesLeftOut }
		if got, want := outlineDefinitionsView(sum.Outline()), definitionsView(full, left); got != want {
			t.Errorf("%s: the summary's definitions\n%s\nthe tree's\n%s", name, got, want)
		}
		if got, want := outlineDefinitionsView(full.Outline()), definitionsView(full, func(int, int) bool { return false }); got != want {
			t.Errorf("%s: the full parse's outline\n%s\nthe tree's\n%s", name, got, want)
		}
	}
	if templates < 5 {
		t.Fatalf("only %d templates compared", templates)
	}
}

// envTreeView renders an environment's registry entries and parameter
// values as read from its syntax tree.
func envTreeView(doc *hot.Document) string {
	var b strings.Builder
	entry := func(re *hot.RegistryEntry, resource string) {
		target := "-"
		if t := re.Target.Resolve(); t.IsScalar() {
			target = fmt.Sprintf("%q %v %v", strings.TrimSpace(t.Value), t.Span(), feature.InnerSpan(t))
		}
		fmt.Fprintf(&b, "maps %s (%s) %v %v to %s\n", re.Name, resource, re.Key.Span(), feature.InnerSpan(re.Key), target)
	}
	for _, re := range doc.Env.Registry {
		entry(re, "")
	}
	for _, o := range doc.Env.ResourceOverrides {
		for _, re := range o.Entries {
			if re.Name != "hooks" && re.Name != "restricted_actions" {
				entry(re, o.Resource)
			}
		}
	}
	for _, sec := range []struct {
		name    string
		entries []*hot.Entry
	}{{"parameters", doc.Env.Parameters}, {"parameter_defaults", doc.Env.ParameterDefaults}} {
		for _, en := range sec.entries {
			fmt.Fprintf(&b, "%s %s %v %v value %q %q\n", sec.name, en.Name, en.Key.Span(), feature.InnerSpan(en.Key), doc.Syntax.Text(en.Value), feature.ShortValue(doc, en.Value))
		}
	}
	return b.String()
}

// envSummaryView renders an environment summary in envTreeView's form.
func envSummaryView(f *File) string {
	var b strings.Builder
	env := envOf(f)
	for _, m := range env.mappings {
		target := "-"
		if m.TargetSpan != (source.Span{}) {
			target = fmt.Sprintf("%q %v %v", m.Target, m.TargetSpan, m.TargetInner)
		}
		fmt.Fprintf(&b, "maps %s (%s) %v %v to %s\n", m.Name, m.Resource, m.Key, m.KeyInner, target)
	}
	for _, st := range env.settings {
		fmt.Fprintf(&b, "%s %s %v %v value %q %q\n", st.Section, st.Name, st.Key, st.KeyInner, f.Text(st.Value), st.Short)
	}
	return b.String()
}

// summaryFiles lists the candidate files of a small generated workspace,
// the fixtures and, when ../shared is there, the corpus.
func summaryFiles(t *testing.T) []string {
	dir := t.TempDir()
	if _, err := synthtest.WriteWorkspace(dir, 4, 6); err != nil {
		t.Fatal(err)
	}
	roots := []string{dir, filepath.Join("..", "..", "testdata", "workspace")}
	if shared, ok := refdata.Dir(); ok {
		roots = append(roots, filepath.Join(shared, "corpus"))
	}
	var out []string
	for _, root := range roots {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && IsCandidateName(path) {
				out = append(out, path)
			}
			return err
		})
	}
	return out
}

// TestEnvironmentSummaryMatchesTheTree: what the index keeps of a closed
// environment (no tree) answers what its syntax tree answers, over the
// fixtures, the generated workspace's environments and, when ../shared
// is there, the corpus.
func TestEnvironmentSummaryMatchesTheTree(t *testing.T) {
	envs := 0
	for _, path := range summaryFiles(t) {
		func() {
			full := loadFile(path)
			if !full.IsEnvironment() {
				return
			}
			envs++
			sum := summarize(full)
			if sum.Doc.Env != nil || sum.env == nil {
				t.Fatalf("%s: not held as a summary", path)
			}
			if got, want := envSummaryView(sum), envTreeView(full.Doc); got != want {
				t.Errorf("%s: the summary tells\n%s\nthe tree\n%s", path, got, want)
			}
			for _, m := range envMappings(sum) {
				if m.Env != sum {
					t.Fatalf("%s: a mapping names another file", path)
				}
			}
		}()
	}
	if envs < 6 {
		t.Fatalf("only %d environments compared", envs)
	}
}

// TestSummarySymbolsMatchTheTree: what workspace symbol search finds in a
// closed file's summary is what it finds in the file's syntax tree
// (feature.DocumentSymbols), templates and environments, over the
// generated workspace, the fixtures and, when ../shared is there, the
// corpus.
func TestSummarySymbolsMatchTheTree(t *testing.T) {
	render := func(syms []feature.FlatSymbol) string {
		var b strings.Builder
		for _, s := range syms {
			switch s.Kind {
			case feature.SymbolParameter, feature.SymbolResource, feature.SymbolOutput, feature.SymbolCondition:
				fmt.Fprintf(&b, "%s %v %s %v\n", s.Name, s.Kind, s.Container, s.Span)
			}
		}
		return b.String()
	}
	files := 0
	for _, path := range summaryFiles(t) {
		func() {
			full := loadFile(path)
			if full == nil || full.Doc.Jinja {
				return
			}
			files++
			sum := summarize(full)
			if full.Symbols() != nil || sum.Symbols() == nil {
				t.Fatalf("%s: Symbols() is for summaries only", path)
			}
			if got, want := render(sum.Symbols()), render(feature.FlattenSymbols(feature.DocumentSymbols(full.Doc))); got != want {
				t.Errorf("%s: the summary's symbols\n%s\nthe tree's\n%s", path, got, want)
			}
		}()
	}
	if files < 10 {
		t.Fatalf("only %d files compared", files)
	}
}
