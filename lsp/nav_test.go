package lsp

import (
	"encoding/json"
	"strings"
	"testing"
)

const navText = "heat_template_version: 2018-08-31\nparameters:\n  img: {type: string}\nresources:\n  srv:\n    type: OS::Heat::None\n    properties: {a: {get_param: img}}\n"

// openNav starts a server with the given capabilities and opens navText.
func openNav(t *testing.T, capabilities string) *testClient {
	c := startServer(t)
	c.initialize(capabilities)
	c.notify("textDocument/didOpen", `{"textDocument":{"uri":"file:///n.yaml","languageId":"yaml","version":3,"text":`+quote(navText)+`}}`)
	return c
}

// Capability-dependent answer shapes the marker fixtures (which always
// offer everything) do not reach.
func TestNavigationFollowsClientCapabilities(t *testing.T) {
	pos := `{"textDocument":{"uri":"file:///n.yaml"},"position":{"line":6,"character":35}}`
	rename := `{"textDocument":{"uri":"file:///n.yaml"},"position":{"line":6,"character":35},"newName":"image"}`
	sym := `{"textDocument":{"uri":"file:///n.yaml"}}`

	t.Run("plain client", func(t *testing.T) {
		c := openNav(t, `{}`)
		m := c.call("1", "textDocument/hover", pos)
		wantResult(t, m)
		var h struct {
			Contents struct{ Kind, Value string }
			Range    struct{ Start, End struct{ Line, Character int } }
		}
		json.Unmarshal(m.Result, &h)
		if h.Contents.Kind != "plaintext" || !strings.Contains(h.Contents.Value, "img") || h.Range.Start.Character != 32 || h.Range.End.Character != 35 {
			t.Errorf("hover %s", m.Result)
		}
		m = c.call("2", "textDocument/rename", rename)
		wantResult(t, m)
		var we struct {
			Changes         map[string][]struct{ NewText string }
			DocumentChanges []any
		}
		json.Unmarshal(m.Result, &we)
		if len(we.Changes["file:///n.yaml"]) != 2 || we.DocumentChanges != nil {
			t.Errorf("rename %s", m.Result)
		}
		m = c.call("3", "textDocument/documentSymbol", sym)
		wantResult(t, m)
		var flat []struct {
			Name          string
			ContainerName string
			Location      struct{ URI string }
		}
		json.Unmarshal(m.Result, &flat)
		found := false
		for _, f := range flat {
			found = found || f.Name == "srv" && f.ContainerName == "resources" && f.Location.URI == "file:///n.yaml"
		}
		if !found {
			t.Errorf("flat symbols %s", m.Result)
		}
	})

	t.Run("rich client", func(t *testing.T) {
		c := openNav(t, `{"workspace":{"workspaceEdit":{"documentChanges":true}},"textDocument":{"hover":{"contentFormat":["markdown"]},"documentSymbol":{"hierarchicalDocumentSymbolSupport":true}}}`)
		m := c.call("1", "textDocument/hover", pos)
		if !strings.Contains(string(m.Result), `"markdown"`) {
			t.Errorf("hover %s", m.Result)
		}
		m = c.call("2", "textDocument/rename", rename)
		var we struct {
			DocumentChanges []struct {
				TextDocument struct {
					URI     string
					Version int
				}
				Edits []struct{ NewText string }
			}
		}
		json.Unmarshal(m.Result, &we)
		if len(we.DocumentChanges) != 1 || we.DocumentChanges[0].TextDocument.Version != 3 || len(we.DocumentChanges[0].Edits) != 2 {
			t.Errorf("rename %s", m.Result)
		}
		m = c.call("3", "textDocument/documentSymbol", sym)
		if !strings.Contains(string(m.Result), `"selectionRange"`) || !strings.Contains(string(m.Result), `"children"`) {
			t.Errorf("symbols %s", m.Result)
		}
		m = c.call("4", "textDocument/rename", strings.Replace(rename, `"image"`, `"a b"`, 1))
		if m.Error == nil || !strings.Contains(m.Error.Message, "not a safe name") {
			t.Errorf("invalid name: %+v %s", m.Error, m.Result)
		}
		m = c.call("5", "workspace/symbol", `{"query":"SR"}`)
		if !strings.Contains(string(m.Result), `"srv"`) {
			t.Errorf("workspace symbols %s", m.Result)
		}
	})
}
