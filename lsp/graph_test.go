package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/uri"
)

type wireGraph struct {
	Nodes []struct {
		ID      string    `json:"id"`
		Kind    string    `json:"kind"`
		Path    string    `json:"path"`
		InCycle bool      `json:"inCycle"`
		Range   wireRange `json:"range"`
	} `json:"nodes"`
	Edges []struct {
		From, To, Kind string
		InCycle        bool `json:"inCycle"`
	} `json:"edges"`
}

func (g wireGraph) ids() string {
	var out []string
	for _, n := range g.Nodes {
		out = append(out, n.ID)
	}
	return strings.Join(out, ",")
}

// TestGraphCommand runs heat-ls.graph through the server on the graph
// fixtures: the same nodes, edges and loop marks as the CLI's golden JSON,
// with absolute paths, and nested templates resolved from the workspace.
func TestGraphCommand(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata", "graph"))
	if err != nil {
		t.Fatal(err)
	}
	c := startServer(t)
	m := c.initialize(`{}`)
	if !strings.Contains(string(m.Result), `"executeCommandProvider":{"commands":["heat-ls.graph","heat-ls.preview"]}`) {
		t.Fatalf("heat-ls.graph is not advertised: %s", m.Result)
	}
	open := func(name string) string {
		text, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		u := string(uri.File(filepath.Join(dir, name)))
		openDoc(c, u, 1, string(text))
		return u
	}
	run := func(id string, arg any) (wireGraph, wireMessage) {
		m := c.call(id, "workspace/executeCommand", jsonString(map[string]any{"command": "heat-ls.graph", "arguments": []any{arg}}))
		var g wireGraph
		if m.Error == nil {
			if err := json.Unmarshal(m.Result, &g); err != nil {
				t.Fatalf("%s: %v", m.Result, err)
			}
		}
		return g, m
	}

	cycleURI := open("cycle.yaml")
	got, _ := run("1", cycleURI)
	var want wireGraph
	raw, _ := os.ReadFile(filepath.Join(dir, "cycle.json"))
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	if got.ids() != want.ids() || len(got.Edges) != len(want.Edges) {
		t.Fatalf("nodes %s, %d edges; the CLI drew %s, %d edges", got.ids(), len(got.Edges), want.ids(), len(want.Edges))
	}
	for i, n := range got.Nodes {
		if n.InCycle != want.Nodes[i].InCycle || n.Range != want.Nodes[i].Range || n.Path != filepath.Join(dir, "cycle.yaml") {
			t.Errorf("node %s: %+v, want %+v (with an absolute path)", n.ID, n, want.Nodes[i])
		}
	}
	for i, e := range got.Edges {
		if e != want.Edges[i] {
			t.Errorf("edge %d: %+v, want %+v", i, e, want.Edges[i])
		}
	}

	appURI := open("app.yaml")
	got, _ = run("2", map[string]any{"uri": appURI, "parameters": true, "outputs": true})
	for _, id := range []string{"parameter:image", "db", "db/port", "db/server", "output:public_ip"} {
		if !strings.Contains(","+got.ids()+",", ","+id+",") {
			t.Errorf("no node %s in %s", id, got.ids())
		}
	}

	if _, m := run("3", "file:///not/open.yaml"); m.Error == nil {
		t.Error("a document that is not open was drawn")
	}
	if _, m := run("4", 42); m.Error == nil {
		t.Error("a number was accepted as the URI")
	}
	m = c.call("5", "workspace/executeCommand", `{"command":"heat-ls.nothing"}`)
	wantError(t, m, -32602)
}

// TestGraphCommandWhileBroken: with the text broken YAML, the last parse
// is drawn and its ranges follow the current text.
func TestGraphCommandWhileBroken(t *testing.T) {
	c := startServer(t)
	c.initialize(`{}`)
	text := "heat_template_version: 2018-08-31\nresources:\n  a: {type: OS::Heat::None}\n  b: {type: OS::Heat::None, depends_on: [a]}\n"
	openDoc(c, "file:///w.yaml", 1, text)
	// An unclosed flow list typed above the resources moves them down.
	changeDoc(c, "file:///w.yaml", 2, `[{"text":`+jsonString("heat_template_version: 2018-08-31\ndescription: [\nresources:\n  a: {type: OS::Heat::None}\n  b: {type: OS::Heat::None, depends_on: [a]}\n")+`}]`)
	m := c.call("1", "workspace/executeCommand", `{"command":"heat-ls.graph","arguments":["file:///w.yaml"]}`)
	wantResult(t, m)
	var g wireGraph
	json.Unmarshal(m.Result, &g)
	if g.ids() != "a,b" || len(g.Edges) != 1 || g.Nodes[0].Range.Start.Line != 3 || g.Nodes[1].Range.Start.Line != 4 {
		t.Fatalf("graph of the broken text: %s", m.Result)
	}
}
