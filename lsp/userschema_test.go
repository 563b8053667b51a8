package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/uri"
)

// userBucketSchema is a resource type as `openstack orchestration resource
// type show Acme::Storage::Bucket -f json` prints it.
const userBucketSchema = `{
  "resource_type": "Acme::Storage::Bucket",
  "description": "Buckets the way my cloud sells them.",
  "properties": {
    "size": {"type": "integer", "required": true, "description": "How many GiB the bucket holds.",
      "update_allowed": true, "immutable": false, "constraints": []}
  },
  "attributes": {"url": {"type": "string", "description": "Where the bucket answers."}},
  "support_status": {"status": "SUPPORTED", "version": null, "message": null, "previous_status": null}
}`

const bucketTemplate = `heat_template_version: 2018-08-31
resources:
  bucket:
    type: Acme::Storage::Bucket
    properties:
      size: 3
      sizes: 4
`

// publishedDiagnostic is the part of a published diagnostic the schema
// tests look at.
type publishedDiagnostic struct {
	Code     string `json:"code"`
	Severity int    `json:"severity"`
	Message  string `json:"message"`
}

// diagnosticsOf waits for the next diagnostics published for u.
func (c *testClient) diagnosticsOf(u string) []publishedDiagnostic {
	c.t.Helper()
	for {
		m := c.notification("textDocument/publishDiagnostics")
		var p struct {
			URI         string                `json:"uri"`
			Diagnostics []publishedDiagnostic `json:"diagnostics"`
		}
		if err := json.Unmarshal(m.Params, &p); err != nil {
			c.t.Fatal(err)
		}
		if p.URI == u {
			return p.Diagnostics
		}
	}
}

func findCode(ds []publishedDiagnostic, code string) *publishedDiagnostic {
	for i := range ds {
		if ds[i].Code == code {
			return &ds[i]
		}
	}
	return nil
}

// shownMessages takes the window/showMessage notifications seen so far.
func (c *testClient) shownMessages() []string {
	var out []string
	kept := c.notes[:0]
	for _, m := range c.notes {
		if m.Method != "window/showMessage" {
			kept = append(kept, m)
			continue
		}
		var p struct {
			Type    int    `json:"type"`
			Message string `json:"message"`
		}
		if err := json.Unmarshal(m.Params, &p); err != nil {
			c.t.Fatal(err)
		}
		if p.Type != 2 {
			c.t.Errorf("showMessage type %d, want 2 (warning): %s", p.Type, p.Message)
		}
		out = append(out, p.Message)
	}
	c.notes = kept
	return out
}

// TestUserSchemasSetting drives heat-ls.schemaPaths end to end: the
// user's type is known to checks and hover once loaded, a malformed file is
// reported by name once, and removing the path brings the embedded schema
// back.
func TestUserSchemasSetting(t *testing.T) {
	root := t.TempDir()
	schemas := filepath.Join(root, "schemas")
	if err := os.Mkdir(schemas, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"bucket.json": userBucketSchema,
		"broken.json": `{"resource_type": "Acme::Broken", "properties": `,
	} {
		if err := os.WriteFile(filepath.Join(schemas, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stack := filepath.Join(root, "stack.yaml")
	su := string(uri.File(stack))

	c := startServer(t)
	caps := `{"textDocument":{"hover":{"contentFormat":["markdown"]}}}`
	// A relative path starts at the first workspace folder.
	opts := `{"heat-ls":{"schemaPaths":["schemas"]}}`
	wantResult(t, c.call("0", "initialize", `{"processId":null,"rootUri":`+quote(string(uri.File(root)))+`,"capabilities":`+caps+`,"initializationOptions":`+opts+`}`))
	c.notify("initialized", `{}`)
	<-c.server.ws.indexed
	wantResult(t, c.call("1", "test/settle", ""))
	shown := c.shownMessages()
	if len(shown) != 1 || !strings.Contains(shown[0], filepath.Join(schemas, "broken.json")) {
		t.Fatalf("want one message naming broken.json, got %q", shown)
	}

	c.notify("textDocument/didOpen", `{"textDocument":{"uri":`+quote(su)+`,"languageId":"yaml","version":1,"text":`+quote(bucketTemplate)+`}}`)
	ds := c.diagnosticsOf(su)
	if d := findCode(ds, "resource-type-custom"); d != nil {
		t.Errorf("the user's type is still unknown: %+v", ds)
	}
	if d := findCode(ds, "resource-property-unknown"); d == nil || d.Severity != 1 || !strings.Contains(d.Message, "size") {
		t.Errorf("want an error for sizes naming size, got %+v", ds)
	}

	hover := func(id, marker string) string {
		at := strings.Index(bucketTemplate, marker)
		line := strings.Count(bucketTemplate[:at], "\n")
		col := at - strings.LastIndex(bucketTemplate[:at], "\n") - 1
		m := c.call(id, "textDocument/hover", `{"textDocument":{"uri":`+quote(su)+`},"position":{"line":`+itoa(line)+`,"character":`+itoa(col+2)+`}}`)
		wantResult(t, m)
		return string(m.Result)
	}
	if h := hover("2", "Acme::Storage"); !strings.Contains(h, "Buckets the way my cloud sells them.") {
		t.Errorf("type hover lacks the user's description: %s", h)
	}
	if h := hover("3", "size: 3"); !strings.Contains(h, "How many GiB the bucket holds.") {
		t.Errorf("property hover lacks the user's description: %s", h)
	}

	// The same paths again: nothing reloads, nothing is shown twice.
	c.notify("workspace/didChangeConfiguration", `{"settings":{"heat-ls":{"schemaPaths":["schemas"]}}}`)
	wantResult(t, c.call("4", "test/settle", ""))
	if shown := c.shownMessages(); len(shown) != 0 {
		t.Errorf("unchanged settings showed %q", shown)
	}

	// Removing the path brings back the embedded schema.
	c.notify("workspace/didChangeConfiguration", `{"settings":{"heat-ls":{"schemaPaths":[]}}}`)
	ds = c.diagnosticsOf(su)
	if findCode(ds, "resource-type-custom") == nil || findCode(ds, "resource-property-unknown") != nil {
		t.Errorf("after removing the schema path, want resource-type-custom only: %+v", ds)
	}
	if h := hover("5", "Acme::Storage"); strings.Contains(h, "Buckets the way") {
		t.Errorf("hover still shows the removed schema: %s", h)
	}
	if shown := c.shownMessages(); len(shown) != 0 {
		t.Errorf("removing the paths showed %q", shown)
	}
}

// TestSchemaPathsResolve: relative paths start at the first workspace
// folder; absolute ones stay; empty entries are dropped.
func TestSchemaPathsResolve(t *testing.T) {
	tests := []struct {
		paths, folders, want []string
	}{
		{[]string{"s"}, []string{"/w1", "/w2"}, []string{"/w1/s"}},
		{[]string{"/abs/s/", ""}, []string{"/w1"}, []string{"/abs/s"}},
		{[]string{"../up"}, []string{"/w1/sub"}, []string{"/w1/up"}},
		{[]string{"rel"}, nil, []string{"rel"}},
	}
	for _, tt := range tests {
		got := resolveSchemaPaths(tt.paths, tt.folders)
		if strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("resolveSchemaPaths(%q, %q) = %q, want %q", tt.paths, tt.folders, got, tt.want)
		}
	}
}
