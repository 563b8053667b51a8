package lsp

import (
	"os"
	"path/filepath"
	"testing"

	"go.lsp.dev/uri"
)

// TestOpeningUnsavedNestedTemplateRechecksParent: a nested template that
// exists only in the editor (not yet saved) is seen by the open parent as
// soon as it is opened, not only after the parent's next edit: the
// in-memory text wins over the disk.
func TestOpeningUnsavedNestedTemplateRechecksParent(t *testing.T) {
	root := t.TempDir()
	parent := filepath.Join(root, "main.yaml")
	parentText := "heat_template_version: 2016-10-14\nresources:\n  b:\n    type: t/n.yaml\n    properties: {px: 1}\n"
	if err := os.WriteFile(parent, []byte(parentText), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startServer(t)
	wantResult(t, c.call("0", "initialize", `{"processId":null,"rootUri":`+quote(string(uri.File(root)))+`,"capabilities":{}}`))
	c.notify("initialized", `{}`)
	<-c.server.ws.indexed

	pu := string(uri.File(parent))
	c.notify("textDocument/didOpen", `{"textDocument":{"uri":`+quote(pu)+`,"languageId":"yaml","version":1,"text":`+quote(parentText)+`}}`)
	if codes := c.diagnosticCodes(pu); !contains(codes, "nested-template-missing") {
		t.Fatalf("before the nested template exists: %v, want nested-template-missing", codes)
	}
	nu := string(uri.File(filepath.Join(root, "t", "n.yaml")))
	nested := "heat_template_version: 2016-10-14\nparameters:\n  px: {type: string}\n  needed: {type: string}\n"
	c.notify("textDocument/didOpen", `{"textDocument":{"uri":`+quote(nu)+`,"languageId":"yaml","version":1,"text":`+quote(nested)+`}}`)
	var codes []string
	for range 4 {
		codes = c.diagnosticCodes(pu)
		if contains(codes, "nested-missing-property") {
			break
		}
	}
	if contains(codes, "nested-template-missing") || !contains(codes, "nested-missing-property") {
		t.Errorf("after opening the unsaved nested template: %v, want nested-missing-property only", codes)
	}
}
