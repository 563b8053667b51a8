package lsp

import (
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/uri"
)

// TestWorkspaceQueriesKeepAChildInFlux retypes a line of a nested
// template, open beside its parent and environment files, from empty,
// character by character: "parameters:" (whose emptied line would make
// every parameter below part of the description's text) and then a
// parameter's own key. In every state, references asked from the parent
// still reach the child's parameter and the environment that sets it,
// definition from an environment file and from the parent still lands
// on the child's parameter (on the line being typed when that is its
// key), and references asked in the child on another line still reach
// the other files. A section renamed on purpose loses them at once, and
// rename always edits the current texts.
func TestWorkspaceQueriesKeepAChildInFlux(t *testing.T) {
	c, root := startIndexed(t, "parent.yaml", "env/prod_env.yaml", "env/dev_env.yaml", "nested/server.yaml")
	child := string(uri.File(filepath.Join(root, "nested", "server.yaml")))
	refsFromParent := posOf(t, root, "parent.yaml", "server_name: mapped", 2) + `,"context":{"includeDeclaration":true}}`
	defFromParent := posOf(t, root, "parent.yaml", "server_name: mapped", 2) + "}"
	defFromEnv := posOf(t, root, "env/prod_env.yaml", "image: cirros", 1) + "}"
	refsInChild := posOf(t, root, "nested/server.yaml", "get_param: image}", 11) + `,"context":{"includeDeclaration":true}}`
	version := 1
	step := func(change string) {
		version++
		changeDoc(c, child, version, `[`+change+`]`)
	}
	id := 1000
	ask := func(method, params string) string {
		id++
		m := c.call(itoa(id), method, params)
		wantResult(t, m)
		return string(m.Result)
	}
	// childAt is the JSON of a location in the child at line (0-based).
	childAt := func(line int) string {
		return quote(child)[1:len(quote(child))-1] + `","range":{"start":{"line":` + itoa(line)
	}
	check := func(state string, imageLine, nameLine int) {
		t.Helper()
		if got := ask("textDocument/references", refsFromParent); !strings.Contains(got, childAt(nameLine)) || !strings.Contains(got, "dev_env.yaml") {
			t.Fatalf("%s: references from the parent %s", state, got)
		}
		if got := ask("textDocument/definition", defFromParent); !strings.Contains(got, childAt(nameLine)) {
			t.Fatalf("%s: definition from the parent %s", state, got)
		}
		if got := ask("textDocument/definition", defFromEnv); !strings.Contains(got, childAt(imageLine)) {
			t.Fatalf("%s: definition from the environment %s", state, got)
		}
		if got := ask("textDocument/references", refsInChild); !strings.Contains(got, "prod_env.yaml") || !strings.Contains(got, childAt(imageLine)) {
			t.Fatalf("%s: references in the child %s", state, got)
		}
	}
	check("opened", 4, 11)
	for _, tc := range []struct {
		line int
		text string
	}{{3, "parameters:"}, {4, "  image:"}, {11, "  server_name:"}} {
		indent := len(tc.text) - len(strings.TrimLeft(tc.text, " "))
		step(edit(tc.line, indent, tc.line, len(tc.text), ""))
		for i := indent; i < len(tc.text); i++ {
			check("line "+itoa(tc.line)+" typed up to "+quote(tc.text[:i]), 4, 11)
			step(edit(tc.line, i, tc.line, i, tc.text[i:i+1]))
		}
		check("line "+itoa(tc.line)+" typed again", 4, 11)
	}

	// Rename reads the current texts, whose edits it returns: with a
	// line of the child emptied, renaming a parameter from another line
	// of the child edits the child and the environment that sets it.
	step(edit(24, 4, 24, 49, ""))
	id++
	m := c.call(itoa(id), "textDocument/rename", posOf(t, root, "nested/server.yaml", "get_param: image}", 11)+`,"newName":"picture"}`)
	wantResult(t, m)
	if got := string(m.Result); !strings.Contains(got, child+`","version":`+itoa(version)+`},"edits":[{"range":{"start":{"line":4,"character":2}`) || !strings.Contains(got, "prod_env.yaml") {
		t.Fatalf("rename with a line of the child in flux: %s", got)
	}
	step(edit(24, 4, 24, 4, "description: The first address of the server."))

	// A section renamed on purpose is meant: the other files lose it.
	step(edit(3, 0, 3, len("parameters"), "params"))
	if got := ask("textDocument/definition", defFromEnv); strings.Contains(got, child) {
		t.Fatalf("section renamed on purpose: definition from the environment %s", got)
	}
	if got := ask("textDocument/references", refsFromParent); strings.Contains(got, child) {
		t.Fatalf("section renamed on purpose: references from the parent %s", got)
	}
}

// TestWorkspaceQueriesKeepAnEnvironmentInFlux retypes "parameter_defaults:"
// in two open environment files from empty: asked in the environment being
// typed (on another line), definition still lands on the template's
// parameter; asked from the parent, references still reach the other
// environment's setting.
func TestWorkspaceQueriesKeepAnEnvironmentInFlux(t *testing.T) {
	c, root := startIndexed(t, "parent.yaml", "env/prod_env.yaml", "env/dev_env.yaml", "nested/server.yaml")
	child := string(uri.File(filepath.Join(root, "nested", "server.yaml")))
	defFromEnv := posOf(t, root, "env/prod_env.yaml", "image: cirros", 1) + "}"
	refsFromParent := posOf(t, root, "parent.yaml", "server_name: mapped", 2) + `,"context":{"includeDeclaration":true}}`
	id, versions := 2000, map[string]int{}
	for _, tc := range []struct {
		file string
		line int
	}{{"env/prod_env.yaml", 5}, {"env/dev_env.yaml", 4}} {
		u := string(uri.File(filepath.Join(root, tc.file)))
		step := func(change string) {
			versions[u]++
			changeDoc(c, u, versions[u]+1, `[`+change+`]`)
		}
		const key = "parameter_defaults:"
		step(edit(tc.line, 0, tc.line, len(key), ""))
		for i := 0; i <= len(key); i++ {
			state := tc.file + " typed up to " + quote(key[:i])
			id++
			m := c.call(itoa(id), "textDocument/definition", defFromEnv)
			wantResult(t, m)
			if !strings.Contains(string(m.Result), child) {
				t.Fatalf("%s: definition from the environment %s", state, m.Result)
			}
			id++
			m = c.call(itoa(id), "textDocument/references", refsFromParent)
			wantResult(t, m)
			if !strings.Contains(string(m.Result), "dev_env.yaml\",\"range\":{\"start\":{\"line\":5") {
				t.Fatalf("%s: references from the parent %s", state, m.Result)
			}
			if i < len(key) {
				step(edit(tc.line, i, tc.line, i, key[i:i+1]))
			}
		}
	}
}
