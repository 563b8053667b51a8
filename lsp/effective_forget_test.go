package lsp

import (
	"path/filepath"
	"testing"

	"go.lsp.dev/uri"
)

// TestEffectiveCachesDroppedOnClose: the active sets, effective values
// and environment files kept for a template's stack values hold parses;
// a document's entries go when it closes, and every entry once no
// document is open, as heat-ls/debug's documentCaches shows.
func TestEffectiveCachesDroppedOnClose(t *testing.T) {
	c, web, db := effectiveClient(t, `{"heat-ls":{"environments":{"templates/web.yaml":["env/common.yaml","env/prod.yaml"]}}}`)
	openDoc(c, web, 1, previewTemplate)
	openDoc(c, db, 1, previewTemplate)
	hoverText(t, c, "1", web, 14, 28)
	hintsByLine(t, c, "2", db)
	sets, vals, disk := c.server.effectiveEntries()
	if sets != 2 || vals != 2 {
		t.Fatalf("with two templates open: %d sets, %d values, %d environment files kept; want 2 sets and 2 values", sets, vals, disk)
	}
	c.notify("textDocument/didClose", `{"textDocument":{"uri":`+quote(web)+`}}`)
	wantResult(t, c.call("3", methodDebug, `{}`)) // answered after the close is handled
	webPath := filepath.Clean(filePath(uri.URI(web)))
	c.server.eff.mu.Lock()
	_, setKept := c.server.eff.sets[webPath]
	_, valsKept := c.server.eff.vals[webPath]
	c.server.eff.mu.Unlock()
	if setKept || valsKept {
		t.Errorf("after closing web: its active set kept %v, its values kept %v", setKept, valsKept)
	}
	c.notify("textDocument/didClose", `{"textDocument":{"uri":`+quote(db)+`}}`)
	m := c.call("4", methodDebug, `{}`)
	wantResult(t, m)
	if sets, vals, disk := c.server.effectiveEntries(); sets+vals+disk != 0 {
		t.Errorf("no document open: %d sets, %d values, %d environment files kept", sets, vals, disk)
	}
}
