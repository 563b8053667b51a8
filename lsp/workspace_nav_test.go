package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/uri"
)

// startIndexed starts a server on a copy of testdata/workspace, waits
// for the index and opens the given files.
func startIndexed(t *testing.T, open ...string) (*testClient, string) {
	root := copyWorkspaceFixtures(t)
	c := startServer(t)
	caps := `{"workspace":{"workspaceEdit":{"documentChanges":true}},"textDocument":{"hover":{"contentFormat":["markdown"]}}}`
	wantResult(t, c.call("0", "initialize", `{"processId":null,"rootUri":`+quote(string(uri.File(root)))+`,"capabilities":`+caps+`}`))
	c.notify("initialized", `{}`)
	<-c.server.ws.indexed
	for _, rel := range open {
		p := filepath.Join(root, rel)
		text, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		c.notify("textDocument/didOpen", `{"textDocument":{"uri":`+quote(string(uri.File(p)))+`,"languageId":"yaml","version":1,"text":`+quote(string(text))+`}}`)
	}
	wantResult(t, c.call("99", "test/settle", ""))
	return c, root
}

// posOf returns the JSON position of the first occurrence of marker
// (plus delta characters) in the file; ASCII fixtures only.
func posOf(t *testing.T, root, rel, marker string, delta int) string {
	b, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(b), marker)
	if i < 0 {
		t.Fatalf("%q not in %s", marker, rel)
	}
	i += delta
	line := strings.Count(string(b[:i]), "\n")
	col := i - (strings.LastIndex(string(b[:i]), "\n") + 1)
	return `{"textDocument":{"uri":` + quote(string(uri.File(filepath.Join(root, rel)))) + `},"position":{"line":` + itoa(line) + `,"character":` + itoa(col) + `}`
}

func itoa(i int) string { return jsonString(i) }

func TestWorkspaceNavigation(t *testing.T) {
	c, root := startIndexed(t, "parent.yaml", "env/prod_env.yaml")
	tests := []struct {
		name, method, file, marker string
		delta                      int
		extra                      string
		want                       []string
	}{
		{"definition of a mapped type", "textDocument/definition", "parent.yaml", "My::Server", 2, "", []string{"nested/server.yaml"}},
		{"definition of a property", "textDocument/definition", "parent.yaml", "server_name: mapped", 2, "", []string{"nested/server.yaml", `"line":11`}},
		{"definition of get_file", "textDocument/definition", "parent.yaml", "scripts/boot.sh", 2, "", []string{"scripts/boot.sh"}},
		{"hover of get_param lists environments", "textDocument/hover", "parent.yaml", "get_param: flavor}\n\n  mapped", 12, "", []string{"dev_env.yaml (parameters): m1.small", "default in this template: m1.tiny"}},
		{"hover of a nested type", "textDocument/hover", "parent.yaml", "nested/server.yaml", 2, "", []string{"- `first_address`", "- `image` (string, required)"}},
		{"env hover of a parameter", "textDocument/hover", "env/prod_env.yaml", "image: cirros", 1, "", []string{"Image to boot", "nested/server.yaml"}},
		{"env hover of a target", "textDocument/hover", "env/prod_env.yaml", "../nested/server.yaml", 3, "", []string{"One server", "server_name"}},
		{"env definition of a target", "textDocument/definition", "env/prod_env.yaml", "../nested/server.yaml", 3, "", []string{"nested/server.yaml"}},
		{"env definition of a parameter", "textDocument/definition", "env/prod_env.yaml", "image: cirros", 1, "", []string{"nested/server.yaml", `"line":4`}},
		{"references reach parents and environments", "textDocument/references", "parent.yaml", "server_name: mapped", 2, `,"context":{"includeDeclaration":true}`,
			[]string{"parent.yaml", "nested/server.yaml", "env/dev_env.yaml"}},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			params := posOf(t, root, tc.file, tc.marker, tc.delta) + tc.extra + "}"
			m := c.call(itoa(100+i), tc.method, params)
			wantResult(t, m)
			for _, w := range tc.want {
				if !strings.Contains(string(m.Result), w) {
					t.Errorf("result lacks %q: %s", w, m.Result)
				}
			}
		})
	}
}

func TestWorkspaceRenameAndCompletion(t *testing.T) {
	c, root := startIndexed(t, "parent.yaml", "env/prod_env.yaml")
	m := c.call("1", "textDocument/prepareRename", posOf(t, root, "env/prod_env.yaml", "My::Server", 2)+"}")
	wantResult(t, m)
	if !strings.Contains(string(m.Result), `"placeholder":"My::Server"`) {
		t.Errorf("prepareRename %s", m.Result)
	}
	m = c.call("2", "textDocument/rename", posOf(t, root, "env/prod_env.yaml", "My::Server", 2)+`,"newName":"Site::Server"}`)
	wantResult(t, m)
	res := string(m.Result)
	if strings.Count(res, `"newText":"Site::Server"`) != 3 || !strings.Contains(res, "parent.yaml") || !strings.Contains(res, "prod_env.yaml") || !strings.Contains(res, `"version":1`) {
		t.Errorf("rename %s", res)
	}
	m = c.call("3", "textDocument/rename", posOf(t, root, "parent.yaml", "server_name: mapped", 2)+`,"newName":"host_name"}`)
	wantResult(t, m)
	if res := string(m.Result); strings.Count(res, `"newText":"host_name"`) != 4 || !strings.Contains(res, "dev_env.yaml") || !strings.Contains(res, "server.yaml") {
		t.Errorf("parameter rename %s", res)
	}

	// Completion in an environment file: parameter names from templates.
	p := filepath.Join(root, "env", "new_env.yaml")
	text := "parameter_defaults:\n  \n"
	c.notify("textDocument/didOpen", `{"textDocument":{"uri":`+quote(string(uri.File(p)))+`,"languageId":"yaml","version":1,"text":`+quote(text)+`}}`)
	m = c.call("4", "textDocument/completion", `{"textDocument":{"uri":`+quote(string(uri.File(p)))+`},"position":{"line":1,"character":2}}`)
	wantResult(t, m)
	for _, w := range []string{`"label":"image"`, `"label":"server_name"`, `"label":"key_name"`} {
		if !strings.Contains(string(m.Result), w) {
			t.Errorf("env completion lacks %s: %.300s", w, m.Result)
		}
	}
	text = "resource_registry:\n  My::New: \n"
	c.notify("textDocument/didChange", `{"textDocument":{"uri":`+quote(string(uri.File(p)))+`,"version":2},"contentChanges":[{"text":`+quote(text)+`}]}`)
	m = c.call("5", "textDocument/completion", `{"textDocument":{"uri":`+quote(string(uri.File(p)))+`},"position":{"line":1,"character":11}}`)
	wantResult(t, m)
	if !strings.Contains(string(m.Result), `"label":"../nested/server.yaml"`) {
		t.Errorf("registry target completion lacks the template path: %.400s", m.Result)
	}

	// Nested template parameters as property keys, outputs for get_attr.
	tp := filepath.Join(root, "probe.yaml")
	text = "heat_template_version: 2018-08-31\nresources:\n  a:\n    type: My::Server\n    properties:\n      \noutputs:\n  o:\n    value: {get_attr: [a, ]}\n"
	c.notify("textDocument/didOpen", `{"textDocument":{"uri":`+quote(string(uri.File(tp)))+`,"languageId":"yaml","version":1,"text":`+quote(text)+`}}`)
	m = c.call("6", "textDocument/completion", `{"textDocument":{"uri":`+quote(string(uri.File(tp)))+`},"position":{"line":5,"character":6}}`)
	wantResult(t, m)
	if !strings.Contains(string(m.Result), `"label":"image"`) {
		t.Errorf("nested property completion lacks image: %.400s", m.Result)
	}
	m = c.call("7", "textDocument/completion", `{"textDocument":{"uri":`+quote(string(uri.File(tp)))+`},"position":{"line":8,"character":26}}`)
	wantResult(t, m)
	if !strings.Contains(string(m.Result), `"label":"first_address"`) {
		t.Errorf("get_attr completion lacks the nested output: %.400s", m.Result)
	}

	// workspace/symbol sees files that are not open.
	m = c.call("8", "workspace/symbol", `{"query":"first_address"}`)
	wantResult(t, m)
	if !strings.Contains(string(m.Result), "server.yaml") {
		t.Errorf("workspace symbols %s", m.Result)
	}
}

// TestOpenNestedTemplateEditsRecheckParent: editing an open nested
// template re-checks the open parent with the editor's text, not the disk.
func TestOpenNestedTemplateEditsRecheckParent(t *testing.T) {
	c, root := startIndexed(t, "nested/server.yaml")
	broken := filepath.Join(root, "broken.yaml")
	bu := string(uri.File(broken))
	text, _ := os.ReadFile(broken)
	c.notify("textDocument/didOpen", `{"textDocument":{"uri":`+quote(bu)+`,"languageId":"yaml","version":1,"text":`+quote(string(text))+`}}`)
	if codes := c.diagnosticCodes(bu); !contains(codes, "nested-unknown-property") {
		t.Fatalf("expected nested-unknown-property first, got %v", codes)
	}
	server := filepath.Join(root, "nested", "server.yaml")
	b, _ := os.ReadFile(server)
	edited := strings.Replace(string(b), "parameters:\n", "parameters:\n  imag:\n    type: string\n    default: x\n", 1)
	c.notify("textDocument/didChange", `{"textDocument":{"uri":`+quote(string(uri.File(server)))+`,"version":2},"contentChanges":[{"text":`+quote(edited)+`}]}`)
	var codes []string
	for range 4 {
		codes = c.diagnosticCodes(bu)
		if !contains(codes, "nested-unknown-property") {
			break
		}
	}
	if contains(codes, "nested-unknown-property") {
		t.Errorf("the parent was not re-checked against the edited nested template: %v", codes)
	}
}

// TestClosingRereadsTheDisk: without file watching, a nested template
// saved and closed in the editor is taken from disk again, and the open
// parent is re-checked against it.
func TestClosingRereadsTheDisk(t *testing.T) {
	c, root := startIndexed(t, "nested/server.yaml")
	broken := filepath.Join(root, "broken.yaml")
	bu := string(uri.File(broken))
	text, _ := os.ReadFile(broken)
	c.notify("textDocument/didOpen", `{"textDocument":{"uri":`+quote(bu)+`,"languageId":"yaml","version":1,"text":`+quote(string(text))+`}}`)
	if codes := c.diagnosticCodes(bu); !contains(codes, "nested-unknown-property") {
		t.Fatalf("expected nested-unknown-property first, got %v", codes)
	}
	server := filepath.Join(root, "nested", "server.yaml")
	b, _ := os.ReadFile(server)
	if err := os.WriteFile(server, []byte(strings.Replace(string(b), "parameters:\n", "parameters:\n  imag:\n    type: string\n    default: x\n", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("textDocument/didClose", `{"textDocument":{"uri":`+quote(string(uri.File(server)))+`}}`)
	var codes []string
	for range 4 {
		codes = c.diagnosticCodes(bu)
		if !contains(codes, "nested-unknown-property") {
			break
		}
	}
	if contains(codes, "nested-unknown-property") {
		t.Errorf("after closing the saved nested template, imag is still unknown: %v", codes)
	}
}
