package hot

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/analysis/syntax/synthtest"
	"heat-ls/schema"
	"heat-ls/schema/refdata"
)

const summarySample = `heat_template_version: 2018-08-31
description: sample
parameters:
  image: {type: string, default: cirros, description: the image, hidden: true}
  count:
    type: number
    constraints: [{range: {min: 1}}]
conditions:
  big: {equals: [{get_param: count}, 3]}
resources:
  server:
    type: OS::Nova::Server
    depends_on: [port]
    condition: big
    metadata: {role: web}
    properties:
      image: {get_param: image}
      networks: [{port: {get_resource: port}}]
  port:
    type: OS::Neutron::Port
  child:
    type: nested/child.yaml
    properties:
      name: {get_param: image}
      size: 3
  mapped:
    type: My::Thing
    properties: {flavor: small}
  group:
    type: OS::Heat::ResourceGroup
    properties:
      count: 2
      resource_def:
        type: My::Thing
        properties: {flavor: {get_param: image}}
outputs:
  addr:
    description: the address
    condition: big
    value: {get_attr: [server, first_address]}
`

// repeatedNames defines each name twice: a lookup finds the last.
const repeatedNames = `heat_template_version: 2018-08-31
parameters:
  p: {type: string}
  p: {type: number}
conditions:
  c: true
  c: false
resources:
  r: {type: OS::Nova::Server}
  r: {type: My::Thing}
outputs:
  o: {value: 1}
  o: {value: 2}
`

// summaryTexts are the sample, a text with repeated names, the generated templates of the benchmark
// workspace's sizes, the workspace fixtures and, when ../shared is there,
// every YAML file of the corpus.
func summaryTexts(t *testing.T) map[string][]byte {
	texts := map[string][]byte{"sample": []byte(summarySample), "repeated names": []byte(repeatedNames)}
	for _, n := range []int{100, 250, 400} {
		texts[fmt.Sprintf("generated %d", n)] = synthtest.GenerateTemplate(n)
	}
	paths, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "workspace", "*", "*.yaml"))
	more, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "workspace", "*.yaml"))
	for _, p := range append(paths, more...) {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		texts[filepath.ToSlash(p)] = src
	}
	dir, ok := refdata.Dir()
	if !ok {
		t.Log("../shared not found: summaries of generated templates and fixtures only")
		return texts
	}
	filepath.WalkDir(filepath.Join(dir, "corpus"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".yaml" {
			return err
		}
		if src, err := os.ReadFile(path); err == nil {
			texts[path] = src
		}
		return nil
	})
	return texts
}

// templateView renders what a template tells other files, read from
// its full parse's model (its syntax nodes); all says whether the
// properties of Heat's own types count (a summary leaves them out).
func templateView(d *Document, all bool) string {
	var b strings.Builder
	t := d.Template
	text := func(n *syntax.Node) string {
		if n == nil {
			return "-"
		}
		return fmt.Sprintf("%d-%d", n.Span().Start, n.Span().End)
	}
	entry := func(e *Entry) string {
		end := e.Key.Span().End
		if e.Value != nil && e.Value.Span().End > end {
			end = e.Value.Span().End
		}
		return fmt.Sprintf("%s %s %d-%d", e.Name, text(e.Key), e.Key.Span().Start, end)
	}
	scalar := func(p syntax.Pair) string {
		if p.Key == nil {
			return ""
		}
		if v := p.Value.Resolve(); v.IsScalar() {
			return strings.TrimSpace(v.Value)
		}
		return ""
	}
	desc := ""
	if s := t.Section("description"); s != nil {
		desc = scalar(syntax.Pair{Key: s.Key, Value: s.Value})
	}
	fmt.Fprintf(&b, "description %q\n", desc)
	for _, p := range t.Parameters {
		def := "none"
		if f := p.Field("default"); f.Key != nil {
			def = fmt.Sprintf("%q", d.Syntax.Text(f.Value))
		}
		fmt.Fprintf(&b, "parameter %s %q %q default %s\n", entry(&p.Entry), p.Type, scalar(p.Field("description")), def)
	}
	for _, r := range t.Resources {
		fmt.Fprintf(&b, "resource %s %q type %s\n", entry(&r.Entry), r.Type, text(r.TypeNode))
		props := r.Properties.Resolve()
		switch {
		case !props.IsMapping():
		case !all && isBuiltinType(r.Type):
			fmt.Fprintf(&b, "  properties left out: %v\n", props.NumPairs() > 0)
		default:
			for _, p := range props.Pairs() {
				if p.Key.Kind == syntax.ScalarNode {
					fmt.Fprintf(&b, "  property %s %s %s\n", p.Key.Value, text(p.Key), text(p.Value))
				}
			}
		}
	}
	for _, o := range t.Outputs {
		fmt.Fprintf(&b, "output %s %q\n", entry(&o.Entry), scalar(o.Field("description")))
	}
	for _, c := range t.Conditions {
		fmt.Fprintf(&b, "condition %s\n", entry(&c.Entry))
	}
	// Every name finds the entry the full parse's lookup finds.
	for _, p := range t.Parameters {
		fmt.Fprintf(&b, "finds parameter %s at %s\n", p.Name, text(t.Parameter(p.Name).Key))
	}
	for _, o := range t.Outputs {
		fmt.Fprintf(&b, "finds output %s at %s\n", o.Name, text(t.Output(o.Name).Key))
	}
	return b.String()
}

// outlineView renders what an outline answers, in templateView's form.
func outlineView(d *Document) string {
	var b strings.Builder
	o := d.Outline()
	span := func(s source.Span) string { return fmt.Sprintf("%d-%d", s.Start, s.End) }
	entry := func(e OutlineEntry) string { return e.Name + " " + span(e.Key) + " " + span(e.Span) }
	fmt.Fprintf(&b, "description %q\n", o.Description)
	for _, p := range o.Parameters {
		def := "none"
		if p.HasDefault {
			def = fmt.Sprintf("%q", d.Src[p.Default.Start:p.Default.End])
		}
		fmt.Fprintf(&b, "parameter %s %q %q default %s\n", entry(p.OutlineEntry), p.Type, p.Description, def)
	}
	for _, r := range o.Resources {
		own := r.Definitions[0]
		typ := "-"
		if own.HasType {
			typ = span(own.Type)
		}
		fmt.Fprintf(&b, "resource %s %q type %s\n", entry(r.OutlineEntry), r.Type, typ)
		if own.PropertiesLeftOut {
			fmt.Fprintf(&b, "  properties left out: true\n")
		}
		for _, p := range own.Properties {
			fmt.Fprintf(&b, "  property %s %s %s\n", p.Name, span(p.Key), span(p.Value))
		}
	}
	for _, out := range o.Outputs {
		fmt.Fprintf(&b, "output %s %q\n", entry(out.OutlineEntry), out.Description)
	}
	for _, c := range o.Conditions {
		fmt.Fprintf(&b, "condition %s\n", entry(c))
	}
	for _, p := range o.Parameters {
		fmt.Fprintf(&b, "finds parameter %s at %s\n", p.Name, span(o.Parameter(p.Name).Key))
	}
	for _, out := range o.Outputs {
		fmt.Fprintf(&b, "finds output %s at %s\n", out.Name, span(o.Output(out.Name).Key))
	}
	return b.String()
}

// tells is what a template's summary (or, for a full parse, its model)
// tells other files; nothing for other documents (the workspace reads an
// environment before it summarizes it).
func tells(d *Document, all bool) string {
	switch {
	case d.Summary && d.Kind == KindTemplate:
		return outlineView(d)
	case d.Template != nil:
		return templateView(d, all)
	}
	return ""
}

// TestSummarizeKeepsWhatOtherFilesRead: what a template's node-free
// summary answers (its outline) is what its full parse's syntax tree
// answers, and so is the outline of a full parse (properties of every
// type included); an environment's copy tells what its parse tells.
func TestSummarizeKeepsWhatOtherFilesRead(t *testing.T) {
	for name, src := range summaryTexts(t) {
		t.Run(name, func(t *testing.T) {
			full := Parse(src)
			sum := Summarize(full)
			if got, want := tells(sum, false), tells(full, false); got != want {
				t.Errorf("summary tells\n%s\nthe full parse\n%s", got, want)
			}
			if sum.Summary != (full.Template != nil || full.Env != nil) {
				t.Errorf("Summary = %v for a template or environment: %v", sum.Summary, full.Template != nil || full.Env != nil)
			}
			if sum.Summary && Summarize(sum) != sum {
				t.Error("a summary is summarized again")
			}
			if !sum.Summary {
				return
			}
			if sum.Template != nil || sum.Env != nil || sum.Syntax != nil || string(sum.Src) != string(src) || sum.Kind != full.Kind {
				t.Error("a summary keeps a syntax tree or a model, or not the text")
			}
			if full.Template == nil {
				return
			}
			if got, want := outlineView(full), templateView(full, true); got != want {
				t.Errorf("the full parse's outline tells\n%s\nits tree\n%s", got, want)
			}
		})
	}
}

// TestSummaryLeavesOutBuiltinProperties: a summary keeps no properties of
// a resource of one of Heat's own types, and says so; the outline of the
// full parse keeps them.
func TestSummaryLeavesOutBuiltinProperties(t *testing.T) {
	full := Parse(synthtest.GenerateTemplate(250))
	sum := Summarize(full)
	find := func(o *Outline, name string) *OutlineDefinition {
		for i := range o.Resources {
			if o.Resources[i].Name == name {
				return &o.Resources[i].Definitions[0]
			}
		}
		t.Fatalf("no resource %s", name)
		return nil
	}
	if d := find(sum.Outline(), "server_0"); !d.PropertiesLeftOut || d.Properties != nil {
		t.Errorf("summary: server_0 left out %v, %d properties", d.PropertiesLeftOut, len(d.Properties))
	}
	if d := find(full.Outline(), "server_0"); d.PropertiesLeftOut || len(d.Properties) == 0 {
		t.Errorf("full parse: server_0 left out %v, %d properties", d.PropertiesLeftOut, len(d.Properties))
	}
}

func TestSummarizeAliasesAndOddShapes(t *testing.T) {
	for _, src := range []string{
		"heat_template_version: 2018-08-31\nparameters:\n  a: &p {type: string}\n  b: *p\nresources:\n  r: &r\n    type: OS::Heat::None\n  s: *r\n",
		"heat_template_version: 2018-08-31\nresources: [1, 2]\noutputs: x\n",
		"heat_template_version: 2018-08-31\nresources:\n  r: [a]\n  s:\n    type: [x]\n    properties: 3\n",
		"heat_template_version: 2018-08-31\nresources:\n  a: [\n",
		"resource_registry:\n  A: &t x.yaml\n  B: *t\nparameter_defaults: {a: [1, {b: 2}]}\n",
		"a: &a [*a]\n",
	} {
		full := Parse([]byte(src))
		if got, want := tells(Summarize(full), false), tells(full, false); got != want {
			t.Errorf("%q: summary tells\n%s\nthe full parse\n%s", src, got, want)
		}
	}
}

// TestBuiltinTypesCoverTheSchema: every resource type of the schema is a
// built-in type for summaries, and a project's own types under OS:: are not.
func TestBuiltinTypesCoverTheSchema(t *testing.T) {
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range sc.ResourceTypes() {
		if !isBuiltinType(name) {
			t.Errorf("%s is not taken for a built-in type", name)
		}
	}
	for _, name := range []string{"OS::TripleO::Services::Foo", "My::Server", "OS::Nova", "nested.yaml", "OS::"} {
		if isBuiltinType(name) {
			t.Errorf("%s is taken for a built-in type", name)
		}
	}
}

// TestSummaryKeepsNoTextOfTheParse: the parse's scalar texts sit in one
// string (syntax.packValues); an outline that kept any part of it, even
// an empty string pointing inside it, would keep all of it.
func TestSummaryKeepsNoTextOfTheParse(t *testing.T) {
	var freed atomic.Bool
	var sum *Document
	func() {
		full := Parse(synthtest.GenerateTemplate(250))
		var first *byte
		full.Syntax.Root().Walk(func(n *syntax.Node, _ int) bool {
			if first == nil && n.Value != "" {
				first = unsafe.StringData(n.Value)
			}
			return first == nil
		})
		runtime.AddCleanup(first, func(int) { freed.Store(true) }, 0)
		sum = Summarize(full)
	}()
	for i := 0; i < 100 && !freed.Load(); i++ {
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
	}
	if !freed.Load() {
		t.Error("the parse's texts are still alive beside its summary")
	}
	runtime.KeepAlive(sum)
}
