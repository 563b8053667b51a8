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

// describe renders what a document tells other files, with spans: what a
// summary must keep exactly.
func describe(d *Document) string {
	var b strings.Builder
	span := func(n *syntax.Node) string {
		if n == nil {
			return "-"
		}
		return fmt.Sprintf("%d-%d", n.Span.Start, n.Span.End)
	}
	fmt.Fprintf(&b, "kind %v\n", d.Kind)
	if t := d.Template; t != nil {
		fmt.Fprintf(&b, "version %q\n", t.VersionText)
		for _, s := range t.Sections {
			fmt.Fprintf(&b, "section %s %s %s\n", s.Name, span(s.Key), span(s.Value))
		}
		for _, p := range t.Parameters {
			fmt.Fprintf(&b, "parameter %s %s %q %q\n", p.Name, span(p.Key), p.Type, d.Syntax.Text(p.Value))
		}
		for _, c := range t.Conditions {
			fmt.Fprintf(&b, "condition %s %q\n", c.Name, d.Syntax.Text(c.Value))
		}
		for _, r := range t.Resources {
			fmt.Fprintf(&b, "resource %s %s %s %q %s", r.Name, span(r.Key), span(r.Value), r.Type, span(r.TypeNode))
			for _, n := range r.DependsOn {
				fmt.Fprintf(&b, " after %s", n.Value)
			}
			fmt.Fprintf(&b, " condition %s\n", span(r.ConditionRef))
		}
		for _, o := range t.Outputs {
			desc := ""
			if f := o.Field("description"); f != nil {
				desc = d.Syntax.Text(f.Value)
			}
			fmt.Fprintf(&b, "output %s %s %s %q %s\n", o.Name, span(o.Key), span(o.Value), desc, span(o.ConditionRef))
		}
		// The summary looks names up without maps (short sections):
		// every name finds the entry the full parse's lookup finds.
		for _, p := range t.Parameters {
			fmt.Fprintf(&b, "finds parameter %s at %s\n", p.Name, span(t.Parameter(p.Name).Key))
		}
		for _, r := range t.Resources {
			fmt.Fprintf(&b, "finds resource %s at %s\n", r.Name, span(t.Resource(r.Name).Key))
		}
		for _, o := range t.Outputs {
			fmt.Fprintf(&b, "finds output %s at %s\n", o.Name, span(t.Output(o.Name).Key))
		}
		for _, c := range t.Conditions {
			fmt.Fprintf(&b, "finds condition %s at %s\n", c.Name, span(t.Condition(c.Name).Key))
		}
		fmt.Fprintf(&b, "finds no %v %v %v %v\n", t.Parameter("no such") == nil, t.Resource("no such") == nil, t.Output("no such") == nil, t.Condition("no such") == nil)
		for _, g := range t.ParameterGroups {
			fmt.Fprintf(&b, "group %q %d\n", g.Label, len(g.Names))
		}
	}
	if e := d.Env; e != nil {
		for _, p := range append(e.Parameters, e.ParameterDefaults...) {
			fmt.Fprintf(&b, "value %s %s %q\n", p.Name, span(p.Key), d.Syntax.Text(p.Value))
		}
		for _, r := range e.Registry {
			fmt.Fprintf(&b, "maps %s %s %q\n", r.Name, span(r.Key), d.Syntax.Text(r.Target))
		}
		for _, o := range e.ResourceOverrides {
			fmt.Fprintf(&b, "override %s %d\n", o.Resource, len(o.Entries))
		}
	}
	return b.String()
}

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

func TestSummarizeKeepsWhatOtherFilesRead(t *testing.T) {
	for name, src := range summaryTexts(t) {
		t.Run(name, func(t *testing.T) {
			full := Parse(src)
			sum := Summarize(full)
			if got, want := describe(sum), describe(full); got != want {
				t.Errorf("summary tells\n%s\nthe full parse\n%s", got, want)
			}
			if sum.Summary != (full.Template != nil) {
				t.Errorf("Summary = %v for a template: %v", sum.Summary, full.Template != nil)
			}
			if sum.Summary && Summarize(sum) != sum {
				t.Error("a summary is summarized again")
			}
			if full.Template == nil {
				return
			}
			for _, c := range sum.Template.Calls {
				// Group resources keep their properties whole, and every
				// resource its condition, calls included.
				if c.Context != InResource {
					continue
				}
				r := sum.Template.Resource(c.Owner.Name)
				inCondition := r.ConditionRef != nil && r.ConditionRef.Span.Start <= c.Map.Span.Start && c.Map.Span.End <= r.ConditionRef.Span.End
				if !inCondition && !isGroupType(r.TypeNode.Resolve()) {
					t.Errorf("summary keeps call %s inside resource %s", c.Name, c.Owner.Name)
				}
			}
			for i, r := range sum.Template.Resources {
				fr := full.Template.Resources[i]
				switch {
				case sum.PropertiesLeftOut(r):
					if r.Properties != nil {
						t.Errorf("%s: properties kept though left out", r.Name)
					}
				case isGroupType(r.TypeNode.Resolve()):
					if sum.Syntax.Text(r.Properties) != full.Syntax.Text(fr.Properties) || count(r.Properties) != count(fr.Properties) {
						t.Errorf("%s: group properties not whole", r.Name)
					}
				default:
					if fp := fr.Properties.Resolve(); fp.IsMapping() {
						p := r.Properties.Resolve()
						if len(p.Pairs) != len(fp.Pairs) {
							t.Fatalf("%s: %d property keys, want %d", r.Name, len(p.Pairs), len(fp.Pairs))
						}
						for j, pr := range p.Pairs {
							if pr.Key.Value != fp.Pairs[j].Key.Value || pr.Value.Span != fp.Pairs[j].Value.Span {
								t.Errorf("%s: property %s differs", r.Name, pr.Key.Value)
							}
						}
					}
				}
			}
		})
	}
}

// TestSummarizeIsSmaller: the point of a summary is its size; on the
// generated templates it keeps well under half the nodes.
func TestSummarizeIsSmaller(t *testing.T) {
	src := synthtest.GenerateTemplate(250)
	full := Parse(src)
	sum := Summarize(full)
	if n, of := count(sum.Syntax.Root()), count(full.Syntax.Root()); 2*n > of {
		t.Errorf("summary keeps %d of %d nodes", n, of)
	}
	if !sum.PropertiesLeftOut(sum.Template.Resource("server_0")) || full.PropertiesLeftOut(full.Template.Resource("server_0")) {
		t.Error("PropertiesLeftOut wrong for server_0")
	}
}

// count is the number of nodes under n (aliases not followed).
func count(n *syntax.Node) int {
	if n == nil {
		return 0
	}
	c := 1
	for _, p := range n.Pairs {
		c += count(p.Key) + count(p.Value)
	}
	for _, it := range n.Items {
		c += count(it)
	}
	return c
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
		if got, want := describe(Summarize(full)), describe(full); got != want {
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

// TestSummaryHoldsNoNodeOfTheParse: a summary outlives the parse it is
// copied from; one node shared with it would keep the parse's whole node
// arena alive for as long as the file is indexed.
func TestSummaryHoldsNoNodeOfTheParse(t *testing.T) {
	for _, src := range [][]byte{[]byte(summarySample), synthtest.GenerateTemplate(250),
		[]byte("resource_registry:\n  A: &t x.yaml\n  B: *t\nparameter_defaults: {a: [1, {b: 2}]}\n")} {
		full := Parse(src)
		parsed := map[*syntax.Node]bool{}
		full.Syntax.Root().Walk(func(n *syntax.Node, _ int) bool { parsed[n] = true; return true })
		n := 0
		Summarize(full).Syntax.Root().Walk(func(m *syntax.Node, _ int) bool {
			n++
			if parsed[m] {
				t.Fatalf("summary node %q at %v is a node of the parse", m.Value, m.Span)
			}
			return true
		})
		if n == 0 {
			t.Fatal("empty summary")
		}
	}
}

// TestSummaryKeepsNoTextOfTheParse: the parse's scalar texts sit in one
// string (syntax.packValues); a summary that kept any part of it, even an
// empty string pointing inside it, would keep all of it.
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
