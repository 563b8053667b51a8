package lsp

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/uri"
)

// taggedDiagnostic is a published diagnostic with its tags.
type taggedDiagnostic struct {
	Code     string `json:"code"`
	Severity int    `json:"severity"`
	Source   string `json:"source"`
	Message  string `json:"message"`
	Tags     []int  `json:"tags"`
	Range    wireRange
}

// taggedDiagnosticsOf waits for the next diagnostics published for u.
func taggedDiagnosticsOf(c *testClient, u string) []taggedDiagnostic {
	c.t.Helper()
	for {
		m := c.notification("textDocument/publishDiagnostics")
		var p struct {
			URI         string             `json:"uri"`
			Diagnostics []taggedDiagnostic `json:"diagnostics"`
		}
		if err := json.Unmarshal(m.Params, &p); err != nil {
			c.t.Fatal(err)
		}
		if p.URI == u {
			return p.Diagnostics
		}
	}
}

func leftOut(ds []taggedDiagnostic) *taggedDiagnostic {
	for i := range ds {
		if ds[i].Code == "resource-left-out" {
			return &ds[i]
		}
	}
	return nil
}

// effectiveClient starts an indexed server on a preview project whose
// client shows hints, lenses and Markdown hovers, with settings opts.
func effectiveClient(t *testing.T, opts string) (c *testClient, web, db string) {
	root := previewProject(t, nil)
	c = startServer(t)
	caps := `{"textDocument":{"inlayHint":{},"codeLens":{},"hover":{"contentFormat":["markdown"]}}}`
	wantResult(t, c.call("0", "initialize", `{"processId":null,"rootUri":`+quote(string(uri.File(root)))+`,"capabilities":`+caps+`,"initializationOptions":`+opts+`}`))
	c.notify("initialized", `{}`)
	<-c.server.ws.indexed
	web = string(uri.File(filepath.Join(root, "templates", "web.yaml")))
	db = string(uri.File(filepath.Join(root, "templates", "db.yaml")))
	return c, web, db
}

func hoverText(t *testing.T, c *testClient, id, u string, line, char int) string {
	t.Helper()
	m := c.call(id, "textDocument/hover", jsonString(map[string]any{"textDocument": map[string]any{"uri": u}, "position": map[string]any{"line": line, "character": char}}))
	wantResult(t, m)
	var h struct {
		Contents struct{ Value string }
	}
	json.Unmarshal(m.Result, &h)
	return h.Contents.Value
}

// hintsByLine asks the inlay hints of the whole document.
func hintsByLine(t *testing.T, c *testClient, id, u string) map[int]string {
	t.Helper()
	m := c.call(id, "textDocument/inlayHint", `{"textDocument":{"uri":`+quote(u)+`},"range":{"start":{"line":0,"character":0},"end":{"line":40,"character":0}}}`)
	wantResult(t, m)
	var hs []struct {
		Position struct{ Line int }
		Label    string
	}
	json.Unmarshal(m.Result, &hs)
	out := map[int]string{}
	for _, h := range hs {
		out[h.Position.Line] = h.Label
	}
	return out
}

// conditionLensTitles are the titles of the lenses that run no command,
// by line.
func conditionLensTitles(t *testing.T, c *testClient, id, u string) map[int]string {
	t.Helper()
	m := c.call(id, "textDocument/codeLens", `{"textDocument":{"uri":`+quote(u)+`}}`)
	wantResult(t, m)
	var ls []struct {
		Range   wireRange
		Command *struct{ Title, Command string }
	}
	json.Unmarshal(m.Result, &ls)
	out := map[int]string{}
	for _, l := range ls {
		if l.Command != nil && l.Command.Command == "" {
			out[l.Range.Start.Line] = l.Command.Title
		}
	}
	return out
}

// TestEffectiveValuesInTheEditor: with an active set, the get_param hover
// gives the effective value and the file that set it, hints show it,
// condition lenses follow it and a resource its false condition leaves
// out is a hint tagged unnecessary; a template without a set gets lenses
// and tags from its defaults; a settings change re-judges both.
func TestEffectiveValuesInTheEditor(t *testing.T) {
	c, web, db := effectiveClient(t, `{"heat-ls":{"environments":{"templates/web.yaml":["env/common.yaml","env/prod.yaml"]}}}`)
	openDoc(c, web, 1, previewTemplate)
	if d := leftOut(taggedDiagnosticsOf(c, web)); d != nil {
		t.Errorf("web: backup is in the stack under prod.yaml, yet: %+v", d)
	}
	openDoc(c, db, 1, previewTemplate)
	d := leftOut(taggedDiagnosticsOf(c, db))
	if d == nil || d.Severity != 4 || len(d.Tags) != 1 || d.Tags[0] != 1 || d.Source != "heat-ls" || d.Range.Start.Line != 15 || d.Range.End.Line != 17 ||
		!strings.Contains(d.Message, "`backup`") || !strings.Contains(d.Message, "`is_prod` is false with the template's defaults") {
		t.Errorf("db: want an unnecessary hint over backup's entry, got %+v", d)
	}

	// Line 14: "      flavor: {get_param: flavor}".
	h := hoverText(t, c, "1", web, 14, 28)
	if !strings.Contains(h, "Effective value") || !strings.Contains(h, "`m1.large`") || !strings.Contains(h, `parameter\_defaults in ../env/common.yaml`) ||
		!strings.Contains(h, "../env/common.yaml, ../env/prod.yaml") || !strings.Contains(h, "Where the value can come from") {
		t.Errorf("web hover on get_param flavor:\n%s", h)
	}
	h = hoverText(t, c, "2", web, 2, 3) // the parameter's definition
	if !strings.Contains(h, "`m1.large`") {
		t.Errorf("web hover on the definition of flavor:\n%s", h)
	}
	if h := hoverText(t, c, "3", db, 14, 28); strings.Contains(h, "Effective value") {
		t.Errorf("db has no active set, yet:\n%s", h)
	}

	if hints := hintsByLine(t, c, "4", web); hints[14] != "= m1.large (../env/common.yaml)" || hints[20] != "= m1.large (../env/common.yaml)" {
		t.Errorf("web hints: %v", hints)
	}
	if hints := hintsByLine(t, c, "5", db); !strings.Contains(hints[14], "m1.small (default)") {
		t.Errorf("db hints (every environment that could set it, and the default): %v", hints)
	}
	if l := conditionLensTitles(t, c, "6", web); l[9] != "true" || l[17] != "true" {
		t.Errorf("web lenses: %v", l)
	}
	if l := conditionLensTitles(t, c, "7", db); l[9] != "false" || l[17] != "false" {
		t.Errorf("db lenses: %v", l)
	}

	// Both templates under prod.yaml alone: web keeps its default flavor.
	c.notify("workspace/didChangeConfiguration", `{"settings":{"heat-ls":{"environments":["env/prod.yaml"]}}}`)
	if d := leftOut(taggedDiagnosticsOf(c, db)); d != nil {
		t.Errorf("db under prod.yaml still leaves backup out: %+v", d)
	}
	if l := conditionLensTitles(t, c, "8", db); l[9] != "true" {
		t.Errorf("db lenses under prod.yaml: %v", l)
	}
	h = hoverText(t, c, "9", web, 14, 28)
	if !strings.Contains(h, "`m1.small`") || !strings.Contains(h, "default in this template") {
		t.Errorf("web hover under prod.yaml alone:\n%s", h)
	}
	if hints := hintsByLine(t, c, "10", web); hints[14] != "= m1.small" {
		t.Errorf("web hints under prod.yaml alone: %v", hints)
	}
}

// TestEffectiveValuesFollowEdits: after an edit, hints, hovers and the
// left-out hint show the new text's values, whether the edit was in the
// parameter shown, in the parameter a condition reads, or elsewhere (the
// values of unchanged entries are carried from the previous version).
func TestEffectiveValuesFollowEdits(t *testing.T) {
	c, web, _ := effectiveClient(t, `{"heat-ls":{"environments":[]}}`)
	openDoc(c, web, 1, previewTemplate)
	if leftOut(taggedDiagnosticsOf(c, web)) == nil {
		t.Fatal("backup is left out with stage's default dev, yet no hint")
	}
	if hints := hintsByLine(t, c, "1", web); hints[14] != "= m1.small" {
		t.Fatalf("hints: %v", hints)
	}
	steps := []struct {
		what    string
		change  string
		flavor  string
		leftOut bool
	}{
		{"flavor's default edited", edit(4, 21, 4, 21, "x"), "m1.smallx", true},
		{"a resource edited", edit(12, 24, 12, 24, "x"), "m1.smallx", true},
		{"a line added above the parameters", edit(1, 0, 1, 0, "description: d\n"), "m1.smallx", true},
		{"stage's default edited", edit(8, 13, 8, 16, "prod"), "m1.smallx", false},
		{"flavor's default edited back", edit(5, 21, 5, 22, ""), "m1.small", false},
	}
	for i, s := range steps {
		changeDoc(c, web, i+2, "["+s.change+"]")
		if got := leftOut(taggedDiagnosticsOf(c, web)) != nil; got != s.leftOut {
			t.Errorf("%s: backup left out %v, want %v", s.what, got, s.leftOut)
		}
		line := 14
		if i >= 2 {
			line = 15 // the added description line
		}
		id := fmt.Sprint(10 + 2*i)
		if hints := hintsByLine(t, c, id, web); hints[line] != "= "+s.flavor {
			t.Errorf("%s: hints %v, want = %s on line %d", s.what, hints, s.flavor, line)
		}
		if h := hoverText(t, c, id+"1", web, line, 28); !strings.Contains(h, "`"+s.flavor+"`") {
			t.Errorf("%s: hover on get_param flavor:\n%s", s.what, h)
		}
	}
}
