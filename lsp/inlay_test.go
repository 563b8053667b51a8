package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"heat-ls/analysis/feature/semantic"

	"go.lsp.dev/uri"
)

// visualWorkspace writes a small project (a template, a nested template,
// two environments), starts an indexed server on it whose client offers
// inlay hints, code lenses and semantic tokens, and opens the template.
func visualWorkspace(t *testing.T) (c *testClient, root, tplURI string) {
	root = t.TempDir()
	files := map[string]string{
		"app.yaml": "heat_template_version: 2018-08-31\nparameters:\n  flavor: {type: string, default: m1.small}\n  image: {type: string, default: cirros}\n  key: {type: string}\n" +
			"resources:\n  db:\n    type: db.yaml\n  server:\n    type: OS::Nova::Server\n    properties:\n" +
			"      flavor: {get_param: flavor}\n      image: {get_param: image}\n      key_name: {get_param: key}\n      name: {get_attr: [db, address]}\n",
		"db.yaml":   "heat_template_version: 2018-08-31\nresources: {}\noutputs:\n  address:\n    description: The database's address.\n    value: 10.0.0.1\n  port:\n    value: 5432\n",
		"prod.yaml": "parameter_defaults:\n  flavor: m1.large\n  key: prod-key\n",
		"dev.yaml":  "parameter_defaults:\n  key: dev-key\n  image: cirros\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c = startServer(t)
	caps := `{"textDocument":{"inlayHint":{},"codeLens":{},"semanticTokens":{"requests":{"full":true},"tokenTypes":[],"tokenModifiers":[],"formats":["relative"]}}}`
	wantResult(t, c.call("0", "initialize", `{"processId":null,"rootUri":`+quote(string(uri.File(root)))+`,"capabilities":`+caps+`}`))
	c.notify("initialized", `{}`)
	<-c.server.ws.indexed
	tplURI = string(uri.File(filepath.Join(root, "app.yaml")))
	openDoc(c, tplURI, 1, files["app.yaml"])
	wantResult(t, c.call("99", "test/settle", ""))
	return c, root, tplURI
}

func TestInlayHintsFromEnvironments(t *testing.T) {
	c, _, u := visualWorkspace(t)
	hints := func(id string) map[string]string {
		m := c.call(id, "textDocument/inlayHint", `{"textDocument":{"uri":`+quote(u)+`},"range":{"start":{"line":0,"character":0},"end":{"line":20,"character":0}}}`)
		wantResult(t, m)
		var hs []struct {
			Position struct{ Line int }
			Label    string
		}
		if err := json.Unmarshal(m.Result, &hs); err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		lines := strings.Split("heat_template_version\nparameters\nflavor\nimage\nkey\nresources\ndb\ntype\nserver\ntype\nproperties\nflavor\nimage\nkey_name\nname", "\n")
		for _, h := range hs {
			out[lines[h.Position.Line]] = h.Label
		}
		return out
	}
	got := hints("1")
	want := map[string]string{
		"flavor":   "= m1.large (prod.yaml), m1.small (default)", // they differ: each with its source
		"image":    "= cirros",                                   // they agree
		"key_name": "= dev-key (dev.yaml), prod-key (prod.yaml)",
		"name":     "The database's address.", // a nested template's output
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("hint on %s: %q, want %q (all: %q)", k, got[k], v, got)
		}
	}
	c.notify("workspace/didChangeConfiguration", `{"settings":{"heat-ls":{"inlayHints":false}}}`)
	if got := hints("2"); len(got) != 0 {
		t.Errorf("inlayHints: false still shows %q", got)
	}
}

// TestCodeLensAcrossFiles: a nested template names who uses it, and its
// outputs count the parent's get_attr reads.
func TestCodeLensAcrossFiles(t *testing.T) {
	c, root, _ := visualWorkspace(t)
	db := string(uri.File(filepath.Join(root, "db.yaml")))
	text, _ := os.ReadFile(filepath.Join(root, "db.yaml"))
	openDoc(c, db, 1, string(text))
	m := c.call("1", "textDocument/codeLens", `{"textDocument":{"uri":`+quote(db)+`}}`)
	wantResult(t, m)
	var lenses []wireLens
	if err := json.Unmarshal(m.Result, &lenses); err != nil {
		t.Fatal(err)
	}
	if len(lenses) != 3 || lenses[0].Command == nil || lenses[0].Command.Title != "used by app.yaml (db)" {
		t.Fatalf("lenses: %s", m.Result)
	}
	m = c.call("2", "codeLens/resolve", jsonString(lenses[1]))
	wantResult(t, m)
	var l wireLens
	json.Unmarshal(m.Result, &l)
	if l.Command == nil || l.Command.Title != "1 reference" || !strings.Contains(string(l.Command.Arguments[2]), "app.yaml") {
		t.Errorf("the address output's lens: %s", m.Result)
	}
}

// TestSemanticTokensMarkNestedOutputs: the output name a get_attr reads
// from a nested template is a reference to that template's output (the
// output token type), known from the workspace; an attribute of a plain
// resource type is not marked.
func TestSemanticTokensMarkNestedOutputs(t *testing.T) {
	c, _, u := visualWorkspace(t)
	m := c.call("1", "textDocument/semanticTokens/full", `{"textDocument":{"uri":`+quote(u)+`}}`)
	wantResult(t, m)
	var st struct{ Data []int }
	if err := json.Unmarshal(m.Result, &st); err != nil {
		t.Fatal(err)
	}
	// "      name: {get_attr: [db, address]}" is line 14.
	const line, address = 14, len("      name: {get_attr: [db, ")
	found := false
	for i, l, ch := 0, 0, 0; i+5 <= len(st.Data); i += 5 {
		if st.Data[i] > 0 {
			ch = 0
		}
		l, ch = l+st.Data[i], ch+st.Data[i+1]
		if l == line && ch == address {
			found = true
			if st.Data[i+2] != len("address") || st.Data[i+3] != int(semantic.TokenOutput) {
				t.Errorf("address: length %d type %d, want %d and the output type %d", st.Data[i+2], st.Data[i+3], len("address"), semantic.TokenOutput)
			}
		}
	}
	if !found {
		t.Errorf("no token on the nested output name `address`: %v", st.Data)
	}
}
