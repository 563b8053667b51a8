package lsp

import (
	"encoding/json"
	"testing"
)

// TestVisualCapabilitiesFollowTheClient: each of these features is
// advertised only to a client that says it can use it.
func TestVisualCapabilitiesFollowTheClient(t *testing.T) {
	providers := []string{"semanticTokensProvider", "foldingRangeProvider", "selectionRangeProvider",
		"signatureHelpProvider", "inlayHintProvider", "codeLensProvider"}
	advertised := func(caps string) map[string]json.RawMessage {
		c := startServer(t)
		m := c.initialize(caps)
		var r struct {
			Capabilities map[string]json.RawMessage `json:"capabilities"`
		}
		if err := json.Unmarshal(m.Result, &r); err != nil {
			t.Fatal(err)
		}
		return r.Capabilities
	}
	bare := advertised(`{}`)
	for _, p := range providers {
		if v, ok := bare[p]; ok {
			t.Errorf("%s advertised to a client without the capability: %s", p, v)
		}
	}
	full := advertised(`{"textDocument":{` + visualClientCapabilities + `}}`)
	for _, p := range providers {
		if _, ok := full[p]; !ok {
			t.Errorf("%s not advertised to a client that supports it", p)
		}
	}
	// Only range requests: still advertised (the legend is what matters).
	if _, ok := advertised(`{"textDocument":{"semanticTokens":{"requests":{"range":true},"tokenTypes":[],"tokenModifiers":[],"formats":["relative"]}}}`)["semanticTokensProvider"]; !ok {
		t.Error("semantic tokens not advertised to a range-only client")
	}
	// Each capability alone brings its own provider and no other.
	for _, tc := range []struct{ client, provider string }{
		{`"semanticTokens":{"requests":{"full":true},"tokenTypes":[],"tokenModifiers":[],"formats":["relative"]}`, "semanticTokensProvider"},
		{`"foldingRange":{}`, "foldingRangeProvider"},
		{`"selectionRange":{}`, "selectionRangeProvider"},
		{`"signatureHelp":{}`, "signatureHelpProvider"},
		{`"inlayHint":{}`, "inlayHintProvider"},
		{`"codeLens":{}`, "codeLensProvider"},
	} {
		got := advertised(`{"textDocument":{` + tc.client + `}}`)
		for _, p := range providers {
			if _, ok := got[p]; ok != (p == tc.provider) {
				t.Errorf("client offering only %s: %s advertised %v", tc.client, p, ok)
			}
		}
	}
}
