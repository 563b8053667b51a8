package lsp

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/uri"
)

// previewTemplate is a template whose preview shows which environments
// applied: flavor's value, stage's value and whether backup exists.
const previewTemplate = `heat_template_version: 2021-04-16
parameters:
  flavor:
    type: string
    default: m1.small
  stage:
    type: string
    default: dev
conditions:
  is_prod: {equals: [{get_param: stage}, prod]}
resources:
  server:
    type: OS::Heat::None
    properties:
      flavor: {get_param: flavor}
  backup:
    type: OS::Heat::None
    condition: is_prod
outputs:
  f:
    value: {get_param: flavor}
`

// writeFiles writes name → text under dir.
func writeFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// previewProject is a workspace with one template and three environments.
func previewProject(t *testing.T, extra map[string]string) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"templates/web.yaml": previewTemplate,
		"templates/db.yaml":  previewTemplate,
		"env/common.yaml":    "parameter_defaults:\n  flavor: m1.large\n",
		"env/prod.yaml":      "parameters:\n  stage: prod\n",
		"env/tiny.yaml":      "parameter_defaults:\n  flavor: m1.tiny\n",
		"notes.yaml":         "just: a file\n",
		".git/HEAD":          "ref: main\n",
	}
	for k, v := range extra {
		files[k] = v
	}
	writeFiles(t, root, files)
	return root
}

type wirePreview struct {
	URI          string   `json:"uri"`
	Version      int32    `json:"version"`
	Format       string   `json:"format"`
	Text         string   `json:"text"`
	Environments []string `json:"environments"`
	Problems     []struct {
		Severity, Message, URI string
		Line                   *int
	} `json:"problems"`
}

// startPreviewServer initializes a server on root with the given
// initializationOptions.
func startPreviewServer(t *testing.T, root, opts string) *testClient {
	t.Helper()
	c := startServer(t)
	wantResult(t, c.call("0", "initialize", `{"processId":null,"rootUri":`+quote(string(uri.File(root)))+`,"capabilities":{},"initializationOptions":`+opts+`}`))
	c.notify("initialized", `{}`)
	return c
}

// runPreview runs heat-ls.preview with arg; the message is returned for
// error checks.
func runPreview(t *testing.T, c *testClient, id string, arg any) (wirePreview, wireMessage) {
	t.Helper()
	m := c.call(id, "workspace/executeCommand", jsonString(map[string]any{"command": "heat-ls.preview", "arguments": []any{arg}}))
	var p wirePreview
	if m.Error == nil {
		if err := json.Unmarshal(m.Result, &p); err != nil {
			t.Fatalf("%s: %v", m.Result, err)
		}
	}
	return p, m
}

// wantPreview checks the effective flavor and stage and whether backup
// is in the stack.
func wantPreview(t *testing.T, what string, p wirePreview, flavor, stage string, backup bool) {
	t.Helper()
	if !strings.Contains(p.Text, "\n  flavor:\n    value: "+flavor+"\n") || !strings.Contains(p.Text, "\n  stage:\n    value: "+stage+"\n") ||
		strings.Contains(p.Text, "\n  backup:\n") != backup || !strings.Contains(p.Text, "\n  f: "+flavor+"\n") {
		t.Errorf("%s: want flavor %s, stage %s, backup %v; got\n%s", what, flavor, stage, backup, p.Text)
	}
}

// TestPreviewCommand runs heat-ls.preview over the wire: the active set
// from the setting (object shape, first matching key wins), environments
// given in the argument (an empty list is none), parameters, an open
// document's unsaved text, a file only on disk, the JSON format.
func TestPreviewCommand(t *testing.T) {
	root := previewProject(t, nil)
	c := startPreviewServer(t, root, `{"heat-ls":{"environments":{"templates/web.yaml":["env/common.yaml","env/prod.yaml"],"**/*.yaml":["env/tiny.yaml"]}}}`)
	init := c.server.Settings()
	if init.Environments == nil || len(init.Environments.ByTemplate) != 2 {
		t.Fatalf("setting not read: %+v", init.Environments)
	}
	web := string(uri.File(filepath.Join(root, "templates", "web.yaml")))
	db := string(uri.File(filepath.Join(root, "templates", "db.yaml")))

	// On disk, not open: the active set of each template.
	p, m := runPreview(t, c, "1", web)
	wantResult(t, m)
	wantPreview(t, "web, active set", p, "m1.large", "prod", true)
	if len(p.Environments) != 2 || p.Environments[0] != filepath.Join(root, "env", "common.yaml") || p.Version != 0 || p.Format != "yaml" || p.URI != web {
		t.Errorf("web: %+v", p)
	}
	if !strings.Contains(p.Text, "template: templates/web.yaml\n") {
		t.Errorf("the template's path is not relative to the workspace folder:\n%s", p.Text)
	}
	p, _ = runPreview(t, c, "2", map[string]any{"uri": db})
	wantPreview(t, "db, second key", p, "m1.tiny", "dev", false)

	// Given environments: exactly those; an empty list is none.
	p, _ = runPreview(t, c, "3", map[string]any{"uri": web, "environments": []string{"env/prod.yaml", string(uri.File(filepath.Join(root, "env", "tiny.yaml")))}})
	wantPreview(t, "given", p, "m1.tiny", "prod", true)
	p, _ = runPreview(t, c, "4", map[string]any{"uri": web, "environments": []string{}})
	wantPreview(t, "none", p, "m1.small", "dev", false)
	p, _ = runPreview(t, c, "5", map[string]any{"uri": web, "environments": []string{"env/*.yaml"}})
	wantPreview(t, "glob (sorted: common, prod, tiny)", p, "m1.tiny", "prod", true)

	// Parameters as -P gives them: the environment files merge over
	// them (Heat merges each file into the given parameters), so stage
	// stays prod's while flavor, a parameter_default, yields.
	p, _ = runPreview(t, c, "6", map[string]any{"uri": web, "parameters": map[string]any{"flavor": "m2.xl", "stage": "qa"}})
	wantPreview(t, "parameters", p, "m2.xl", "prod", true)
	p, _ = runPreview(t, c, "60", map[string]any{"uri": web, "environments": []string{}, "parameters": map[string]any{"stage": "qa"}})
	wantPreview(t, "parameters alone", p, "m1.small", "qa", false)

	// The open document's current text, not the disk.
	openDoc(c, web, 7, strings.Replace(previewTemplate, "default: m1.small", "default: m1.edit", 1))
	p, _ = runPreview(t, c, "7", map[string]any{"uri": web, "environments": []string{}})
	wantPreview(t, "open", p, "m1.edit", "dev", false)
	if p.Version != 7 {
		t.Errorf("version %d, want 7", p.Version)
	}

	// JSON.
	p, _ = runPreview(t, c, "8", map[string]any{"uri": web, "format": "json", "depth": 0})
	var v map[string]any
	if err := json.Unmarshal([]byte(p.Text), &v); err != nil || v["resources"] == nil || p.Format != "json" {
		t.Errorf("json: %v\n%s", err, p.Text)
	}

	// A setting change takes effect at the next preview.
	c.notify("workspace/didChangeConfiguration", `{"settings":{"heat-ls":{"environments":["env/prod.yaml"]}}}`)
	c.call("9", "test/settle", "")
	p, _ = runPreview(t, c, "10", db)
	wantPreview(t, "list setting", p, "m1.small", "prod", true)
}

// TestPreviewCommandProblems: what Heat refuses and environment files
// that cannot be used come back as problems; the preview is still given.
func TestPreviewCommandProblems(t *testing.T) {
	root := previewProject(t, map[string]string{
		"req.yaml":      "heat_template_version: 2021-04-16\nparameters:\n  key:\n    type: string\nresources:\n  a: {type: OS::Heat::None}\n",
		"env/bad.yaml":  "parameters:\n  nobody: 1\n",
		"env/list.yaml": "- parameters:\n    key: x\n",
	})
	c := startPreviewServer(t, root, `{}`)
	p, m := runPreview(t, c, "1", map[string]any{"uri": string(uri.File(filepath.Join(root, "req.yaml"))),
		"environments": []string{"missing.yaml", "notes.yaml", "env/list.yaml"}})
	wantResult(t, m)
	var msgs []string
	for _, pr := range p.Problems {
		msgs = append(msgs, pr.Severity+": "+pr.Message)
	}
	all := strings.Join(msgs, "\n")
	if len(p.Problems) != 4 || !strings.Contains(all, "warning: "+filepath.Join(root, "missing.yaml")+": cannot read") ||
		!strings.Contains(all, "notes.yaml: not a Heat environment file") || !strings.Contains(all, "error: ") ||
		!strings.Contains(all, "list.yaml: holds a list at its top level") {
		t.Fatalf("problems:\n%s", all)
	}
	last := p.Problems[3]
	if last.Line == nil || *last.Line != 2 || !strings.HasSuffix(last.URI, "/req.yaml") || !strings.Contains(last.Message, "key") {
		t.Errorf("the missing parameter's problem: %+v", last)
	}
	if !strings.Contains(p.Text, "resources:\n  a:\n") {
		t.Errorf("no preview beside the problems:\n%s", p.Text)
	}
}

// TestPreviewCommandProjectFile: .heat-ls.yaml's environments apply when
// the setting has no entry for the template; the setting wins when it
// has one.
func TestPreviewCommandProjectFile(t *testing.T) {
	root := previewProject(t, map[string]string{".heat-ls.yaml": "environments:\n  \"templates/*.yaml\": [env/prod.yaml, env/tiny.yaml]\n"})
	c := startPreviewServer(t, root, `{"heat-ls":{"environments":{"templates/db.yaml":[]}}}`)
	p, _ := runPreview(t, c, "1", string(uri.File(filepath.Join(root, "templates", "web.yaml"))))
	wantPreview(t, "project file", p, "m1.tiny", "prod", true)
	p, _ = runPreview(t, c, "2", string(uri.File(filepath.Join(root, "templates", "db.yaml"))))
	wantPreview(t, "setting's entry", p, "m1.small", "dev", false)
}

// TestPreviewCommandBadInput: bad arguments and documents that are not
// HOT templates are InvalidParams errors, never a crash; the server
// answers afterwards.
func TestPreviewCommandBadInput(t *testing.T) {
	root := previewProject(t, nil)
	c := startPreviewServer(t, root, `{}`)
	m := c.call("0", "workspace/executeCommand", `{"command":"heat-ls.nothing"}`)
	wantError(t, m, -32602)
	notes := string(uri.File(filepath.Join(root, "notes.yaml")))
	web := string(uri.File(filepath.Join(root, "templates", "web.yaml")))
	openDoc(c, "file:///open/env.yaml", 1, "parameters: {a: 1}\n")
	for i, arg := range []any{
		nil, 42, "", map[string]any{}, map[string]any{"uri": 5},
		notes, "file:///open/env.yaml", "untitled:Untitled-1", string(uri.File(filepath.Join(root, "none.yaml"))),
		map[string]any{"uri": web, "format": "xml"},
		map[string]any{"uri": web, "depth": -1},
		map[string]any{"uri": web, "depth": 1.5},
		map[string]any{"uri": web, "parameters": map[string]any{"a": []int{1}}},
		map[string]any{"uri": web, "parameters": []string{"a=1"}},
		map[string]any{"uri": web, "environments": "env/prod.yaml"},
	} {
		_, m := runPreview(t, c, jsonString(100+i), arg)
		wantError(t, m, -32602)
		if m.Error != nil && !strings.Contains(m.Error.Message, "heat-ls.preview") {
			t.Errorf("%v: the message does not say which command: %s", arg, m.Error.Message)
		}
	}
	m = c.call("200", "workspace/executeCommand", `{"command":"heat-ls.preview"}`)
	wantError(t, m, -32602)
	if _, m := runPreview(t, c, "201", web); m.Error != nil {
		t.Fatalf("the server no longer previews: %+v", m.Error)
	}
	caps := c.server.serverCommands()
	if _, ok := caps[commandPreview]; !ok {
		t.Error("heat-ls.preview is not a server command")
	}
}

// TestCommandsFindOpenDocumentsByTheirURI: a URI whose path holds a
// character the protocol escapes names the open document in both
// commands, as it does in every request.
func TestCommandsFindOpenDocumentsByTheirURI(t *testing.T) {
	c := startServer(t)
	c.initialize(`{}`)
	const u = "file:///nowhere/a=b c/t.yaml"
	openDoc(c, u, 3, previewTemplate)
	p, m := runPreview(t, c, "1", map[string]any{"uri": u})
	wantResult(t, m)
	if p.Version != 3 || p.URI != u {
		t.Errorf("preview: version %d, uri %s", p.Version, p.URI)
	}
	wantResult(t, c.call("2", "workspace/executeCommand", jsonString(map[string]any{"command": "heat-ls.graph", "arguments": []any{u}})))
}

// TestPreviewCommandCancelledAndHostile: a cancelled request is answered
// RequestCancelled, and values nested ten times deeper than the evaluator
// goes, or a repeat past its bound, are previewed with placeholders
// rather than failing the request.
func TestPreviewCommandCancelledAndHostile(t *testing.T) {
	c := startServer(t)
	c.initialize(`{}`)
	deep := strings.Repeat("[", 640) + "1" + strings.Repeat("]", 640)
	text := "heat_template_version: 2021-04-16\nresources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: " + deep + "\n" +
		"  r:\n    type: OS::Heat::Value\n    properties:\n      value: {repeat: {for_each: {a: " + "[" + strings.Repeat("x,", 2000) + "x]" + ", b: " + "[" + strings.Repeat("y,", 2000) + "y]" + "}, template: ab, permutations: true}}\n"
	openDoc(c, "file:///deep.yaml", 1, text)
	p, m := runPreview(t, c, "1", "file:///deep.yaml")
	wantResult(t, m)
	for _, want := range []string{"nested deeper than heat-ls evaluates", "repeat makes more copies than heat-ls previews"} {
		if !strings.Contains(p.Text, want) {
			t.Errorf("no placeholder %q in the preview", want)
		}
	}
	if !strings.Contains(p.Text, "\n  v:\n") || !strings.Contains(p.Text, "\n  r:\n") {
		t.Errorf("preview:\n%.600s", p.Text)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	arg, _ := json.Marshal(map[string]string{"uri": "file:///deep.yaml"})
	if _, err := c.server.previewCommand(ctx, []json.RawMessage{arg}); err != errCancelled {
		t.Errorf("a cancelled preview: %v, want RequestCancelled", err)
	}
}

// TestEnvironmentsSettingRefused: a heat-ls.environments of another shape
// is reported and leaves the previous value.
func TestEnvironmentsSettingRefused(t *testing.T) {
	root := previewProject(t, nil)
	c := startPreviewServer(t, root, `{"heat-ls":{"environments":["env/prod.yaml"]}}`)
	for i, bad := range []string{`5`, `{"a.yaml": 5}`, `[1]`, `"env/prod.yaml"`} {
		c.notify("workspace/didChangeConfiguration", `{"settings":{"heat-ls":{"environments":`+bad+`}}}`)
		wantResult(t, c.call(jsonString(i+1), "test/settle", ""))
		if msgs := c.shownMessages(); len(msgs) != 1 || !strings.Contains(msgs[0], "heat-ls.environments must be") {
			t.Errorf("%s: messages %q", bad, msgs)
		}
		if e := c.server.Settings().Environments; e == nil || !e.IsList || len(e.All) != 1 {
			t.Errorf("%s: the setting became %+v", bad, e)
		}
	}
	c.notify("workspace/didChangeConfiguration", `{"settings":{"heat-ls":{"environments":null}}}`)
	wantResult(t, c.call("9", "test/settle", ""))
	if msgs := c.shownMessages(); len(msgs) != 0 || c.server.Settings().Environments != nil {
		t.Errorf("null: messages %q, setting %+v", msgs, c.server.Settings().Environments)
	}
}
