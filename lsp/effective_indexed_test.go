package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/uri"
)

// TestActiveSetLargerThanFullParseCache: an active set of more files than
// the index keeps full parses of (twenty here) is parsed once, not at
// every hover: a second hover finds the same effective values, worked out
// from the same parses of the files; a file changed on disk is read anew.
func TestActiveSetLargerThanFullParseCache(t *testing.T) {
	extra := map[string]string{}
	for i := range 20 {
		extra[fmt.Sprintf("env/set/e%02d.yaml", i)] = fmt.Sprintf("parameter_defaults:\n  flavor: m1.f%d\n", i)
	}
	root := previewProject(t, extra)
	c := startServer(t)
	caps := `{"textDocument":{"hover":{"contentFormat":["markdown"]}},"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":false}}}`
	wantResult(t, c.call("0", "initialize", `{"processId":null,"rootUri":`+quote(string(uri.File(root)))+`,"capabilities":`+caps+`,"initializationOptions":{"heat-ls":{"environments":["env/set/*.yaml"]}}}`))
	c.notify("initialized", `{}`)
	<-c.server.ws.indexed
	webPath := filepath.Join(root, "templates", "web.yaml")
	web := string(uri.File(webPath))
	openDoc(c, web, 1, previewTemplate)
	c.diagnosticsOf(web) // its run has worked the values out and kept them

	valuesNow := func() any {
		c.server.eff.mu.Lock()
		defer c.server.eff.mu.Unlock()
		return c.server.eff.vals[filepath.Clean(webPath)].vals
	}
	if got := hoverText(t, c, "1", web, 14, 28); !strings.Contains(got, "m1.f19") {
		t.Fatalf("hover on get_param flavor: %q, want the value e19.yaml sets", got)
	}
	first := valuesNow()
	if got := hoverText(t, c, "2", web, 14, 28); !strings.Contains(got, "m1.f19") {
		t.Fatalf("second hover: %q", got)
	}
	if valuesNow() != first {
		t.Errorf("the second hover worked the effective values out again: the set's files were parsed anew")
	}
	if _, _, files := c.server.effectiveEntries(); files < 20 {
		t.Errorf("%d environment files kept for the open template, want the 20 of its set", files)
	}

	last := filepath.Join(root, "env", "set", "e19.yaml")
	if err := os.WriteFile(last, []byte("parameter_defaults:\n  flavor: m1.changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", `{"changes":[{"uri":`+quote(string(uri.File(last)))+`,"type":2}]}`)
	// The index reads changed files in the background and then checks
	// the open documents again: their diagnostics come after it.
	got := ""
	for i := range 4 {
		c.diagnosticsOf(web)
		if got = hoverText(t, c, fmt.Sprint(3+i), web, 14, 28); strings.Contains(got, "m1.changed") {
			return
		}
	}
	t.Errorf("after e19.yaml changed on disk the hover says %q, want m1.changed", got)
}
