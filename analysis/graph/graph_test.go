package graph

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/schema"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/graph")

// TestGolden draws the fixtures of testdata/graph in every format and
// compares with the files beside them (go test ./analysis/graph -update
// rewrites them after a deliberate change).
func TestGolden(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "graph"))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		golden string
		paths  []string
		envs   []string
		all    bool
	}{
		{golden: "app", paths: []string{"app.yaml"}, envs: []string{"env.yaml"}, all: true},
		{golden: "cycle", paths: []string{"cycle.yaml"}},
	}
	exts := map[string]string{"dot": ".dot", "mermaid": ".mmd", "json": ".json"}
	for _, c := range cases {
		for _, format := range Formats() {
			t.Run(c.golden+"/"+format, func(t *testing.T) {
				var paths, envs []string
				for _, p := range c.paths {
					paths = append(paths, filepath.Join(dir, p))
				}
				for _, p := range c.envs {
					envs = append(envs, filepath.Join(dir, p))
				}
				var out bytes.Buffer
				err := Command(CommandOptions{Paths: paths, Envs: envs, Format: format, BaseDir: dir,
					Options: Options{Schema: sc, Parameters: c.all, Outputs: c.all}}, &out)
				if err != nil {
					t.Fatal(err)
				}
				file := filepath.Join(dir, c.golden+exts[format])
				if *update {
					if err := os.WriteFile(file, out.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(out.Bytes(), want) {
					t.Errorf("%s differs from the drawing; got:\n%s", file, out.String())
				}
			})
		}
	}
}

func parse(t *testing.T, src string) Input {
	t.Helper()
	doc := hot.Parse([]byte(src))
	if doc.Template == nil {
		t.Fatalf("not a template:\n%s", src)
	}
	return Input{Path: "/t/x.yaml", Doc: doc}
}

// TestCycleColours: exactly the loop's members and the edges between them
// are marked, in agreement with the dependency-cycle rule.
func TestCycleColours(t *testing.T) {
	in := parse(t, `heat_template_version: 2018-08-31
resources:
  a: {type: OS::Heat::None, depends_on: [b, c]}
  b: {type: OS::Heat::None, properties: {x: {get_resource: a}}}
  c: {type: OS::Heat::None}
outputs:
  o: {value: {get_attr: [a, x]}}
`)
	g := Build([]Input{in}, Options{Outputs: true})
	var cyc []string
	for _, n := range g.Nodes {
		if n.InCycle {
			cyc = append(cyc, n.ID)
		}
	}
	var cycEdges []string
	for _, e := range g.Edges {
		if e.InCycle {
			cycEdges = append(cycEdges, e.From+">"+e.To)
		}
	}
	if strings.Join(cyc, ",") != "a,b" || strings.Join(cycEdges, ",") != "a>b,b>a" {
		t.Fatalf("cycle nodes %v, edges %v; want a,b and a>b,b>a", cyc, cycEdges)
	}
}

// TestDeterministic: the same input draws byte for byte the same output,
// and a nested template that nests itself stops at the first repeat.
func TestDeterministic(t *testing.T) {
	in := parse(t, `heat_template_version: 2018-08-31
resources:
  self: {type: x.yaml}
  z: {type: OS::Heat::None, depends_on: [self]}
  y: {type: OS::Heat::None, depends_on: [z, self]}
`)
	nested := func(from, _, typ string) (string, *hot.Document, bool) {
		if typ == "x.yaml" {
			return "/t/x.yaml", in.Doc, true
		}
		return "", nil, false
	}
	var first string
	for i := range 5 {
		var b bytes.Buffer
		if err := WriteJSON(&b, Build([]Input{in}, Options{Nested: nested})); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = b.String()
		} else if b.String() != first {
			t.Fatal("two runs drew different graphs")
		}
	}
	var g struct {
		Nodes []struct{ ID string }
	}
	if err := json.Unmarshal([]byte(first), &g); err != nil {
		t.Fatal(err)
	}
	if len(g.Nodes) != 3 {
		t.Fatalf("a self-nesting template (whose path is already open) must not be expanded: %d nodes", len(g.Nodes))
	}
}

// TestLabelsEscaped: names with quotes, brackets and HTML stay text in
// every format.
func TestLabelsEscaped(t *testing.T) {
	in := parse(t, "heat_template_version: 2018-08-31\nresources:\n  '\"a<b>[c]\\\\': {type: OS::Heat::None}\n  'x#amp;y': {type: OS::Heat::None}\n")
	g := Build([]Input{in}, Options{})
	var dot, mm bytes.Buffer
	WriteDOT(&dot, g)
	WriteMermaid(&mm, g)
	if !strings.Contains(dot.String(), `"\"a<b>[c]\\\\"`) {
		t.Errorf("DOT id not escaped:\n%s", dot.String())
	}
	if !strings.Contains(mm.String(), `n0("#quot;a#lt;b#gt;[c]\\`) {
		t.Errorf("Mermaid label not escaped:\n%s", mm.String())
	}
	if !strings.Contains(mm.String(), `n1("x#35;amp;y<br/>`) {
		t.Errorf("Mermaid label: # not escaped, so #amp; would be read as an entity:\n%s", mm.String())
	}
	if err := Write(&dot, g, "svg"); err == nil {
		t.Error("an unknown format was accepted")
	}
}

// TestOddTemplates: every marker fixture (half-typed and broken texts
// among them), plus aliases and odd names, draws without panicking in
// every format, and only references to existing nodes become edges.
func TestOddTemplates(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "markers", "*.yaml"))
	texts := []string{
		"heat_template_version: 2018-08-31\nresources: &r\n  a: *r\n",
		"heat_template_version: 2018-08-31\nresources:\n  a: {type: OS::Heat::None, depends_on: [a, a, missing], properties: {x: {get_attr: []}, y: {get_resource: [a]}}}\n",
		"heat_template_version: 2018-08-31\nresources:\n  g: {type: OS::Heat::ResourceGroup, properties: {resource_def: {type: [x]}}}\n",
		"heat_template_version: 2018-08-31\nresources: [a, b]\noutputs: 3\n",
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
	for _, text := range texts {
		doc := hot.Parse([]byte(text))
		g := Build([]Input{{Path: "/t/x.yaml", Doc: doc}}, Options{Parameters: true, Outputs: true})
		ids := map[string]bool{}
		for _, n := range g.Nodes {
			ids[n.ID] = true
		}
		for _, e := range g.Edges {
			if !ids[e.From] || !ids[e.To] {
				t.Errorf("edge %s -> %s names a missing node in:\n%s", e.From, e.To, text)
			}
		}
		for _, format := range Formats() {
			if err := Write(io.Discard, g, format); err != nil {
				t.Errorf("%s: %v", format, err)
			}
		}
	}
}
