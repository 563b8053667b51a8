package lsp

import "testing"

// TestClosedDocumentFindingsAreNotKept: findings a run hands over after
// its document was closed are not kept (the close has already forgotten
// the document, so nothing would drop them again); an open document's
// are, until it closes.
func TestClosedDocumentFindingsAreNotKept(t *testing.T) {
	const uri = "file:///memo.yaml"
	c := startServer(t)
	c.initialize(`{}`)
	openDoc(c, uri, 1, "heat_template_version: 2018-08-31\n")
	publishes(c, uri, 1)
	d := c.server.diags
	doc := c.server.store.Get(uri)
	if doc == nil {
		t.Fatal("the document is not open")
	}
	d.remember(doc, nil)
	if n := memoSize(d); n != 1 {
		t.Fatalf("%d findings kept for one open document, want 1", n)
	}

	c.notify("textDocument/didClose", `{"textDocument":{"uri":`+quote(uri)+`}}`)
	c.notification("textDocument/publishDiagnostics")
	waitFor(t, "the close to be applied", func() bool { return c.server.store.Get(uri) == nil })
	d.remember(doc, nil) // a run finishing just after the close
	if n := memoSize(d); n != 0 {
		t.Errorf("%d findings kept after the document closed, want 0", n)
	}
}

func memoSize(d *diagnostics) int {
	d.memoMu.Lock()
	defer d.memoMu.Unlock()
	return len(d.memo)
}

// TestClosedDocumentTokensAreNotKept: semantic tokens made for a document
// that closed meanwhile are answered but not kept for deltas.
func TestClosedDocumentTokensAreNotKept(t *testing.T) {
	var c tokenCache
	open := map[string]bool{"file:///a.yaml": true}
	isOpen := func(u string) bool { return open[u] }
	if id := c.remember("file:///a.yaml", []uint32{1}, isOpen); id == "" || c.size() != 1 {
		t.Fatalf("an open document's tokens: id %q, %d kept", id, c.size())
	}
	if id := c.remember("file:///b.yaml", []uint32{2}, isOpen); id == "" || c.size() != 1 {
		t.Errorf("a closed document's tokens: id %q, %d kept, want 1 (a.yaml)", id, c.size())
	}
	delete(open, "file:///a.yaml")
	c.remember("file:///b.yaml", []uint32{2}, isOpen)
	if c.size() != 0 {
		t.Errorf("%d kept once no document is open", c.size())
	}
}
