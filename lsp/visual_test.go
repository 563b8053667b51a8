package lsp

import (
	"encoding/json"
	"slices"
	"testing"
)

const deltaText = "heat_template_version: 2018-08-31\nparameters:\n  image: {type: string}\nresources:\n  a:\n    type: OS::Nova::Server\n    properties: {image: {get_param: image}}\n  b:\n    type: OS::Heat::None\n    depends_on: [a]\n"

// TestSemanticTokensDelta: a delta applied to the previous answer gives
// the new full answer; an unknown previous result gets the full tokens.
func TestSemanticTokensDelta(t *testing.T) {
	c := startServer(t)
	c.initialize(`{"textDocument":{"semanticTokens":{"requests":{"full":{"delta":true}},"tokenTypes":[],"tokenModifiers":[],"formats":["relative"]}}}`)
	openDoc(c, "file:///d.yaml", 1, deltaText)
	doc := `{"textDocument":{"uri":"file:///d.yaml"}}`
	var first struct {
		ResultID string   `json:"resultId"`
		Data     []uint32 `json:"data"`
	}
	m := c.call("1", "textDocument/semanticTokens/full", doc)
	wantResult(t, m)
	json.Unmarshal(m.Result, &first)
	if first.ResultID == "" || len(first.Data) == 0 {
		t.Fatalf("full: %s", m.Result)
	}
	// Insert a resource in the middle: tokens before and after stay.
	changeDoc(c, "file:///d.yaml", 2, `[{"range":{"start":{"line":7,"character":0},"end":{"line":7,"character":0}},"text":"  n:\n    type: OS::Heat::None\n    depends_on: b\n"}]`)
	m = c.call("2", "textDocument/semanticTokens/full/delta", `{"textDocument":{"uri":"file:///d.yaml"},"previousResultId":`+quote(first.ResultID)+`}`)
	wantResult(t, m)
	var delta struct {
		ResultID string `json:"resultId"`
		Edits    []struct {
			Start, DeleteCount int
			Data               []uint32
		} `json:"edits"`
	}
	json.Unmarshal(m.Result, &delta)
	if len(delta.Edits) != 1 || delta.ResultID == first.ResultID {
		t.Fatalf("delta: %s", m.Result)
	}
	e := delta.Edits[0]
	patched := slices.Concat(first.Data[:e.Start], e.Data, first.Data[e.Start+e.DeleteCount:])
	var full struct{ Data []uint32 }
	m = c.call("3", "textDocument/semanticTokens/full", doc)
	json.Unmarshal(m.Result, &full)
	if !slices.Equal(patched, full.Data) {
		t.Fatalf("the delta applied gives %v, the full answer is %v", patched, full.Data)
	}
	if len(e.Data) >= len(full.Data) {
		t.Errorf("the delta resends everything (%d of %d numbers)", len(e.Data), len(full.Data))
	}
	m = c.call("4", "textDocument/semanticTokens/full/delta", `{"textDocument":{"uri":"file:///d.yaml"},"previousResultId":"stale"}`)
	var again struct{ Data []uint32 }
	json.Unmarshal(m.Result, &again)
	if !slices.Equal(again.Data, full.Data) {
		t.Errorf("a stale result id must get the full tokens: %s", m.Result)
	}
}

// TestVisualFeaturesOnBadInput: broken text, positions and ranges past the
// end, documents that are not open: every feature answers, none fails.
func TestVisualFeaturesOnBadInput(t *testing.T) {
	c := startServer(t)
	c.initialize(`{"textDocument":{` + visualClientCapabilities + `}}`)
	texts := []string{
		"heat_template_version: 2018-08-31\nresources:\n  a: {type: OS::Heat::None, properties: {x: {get_attr: [a, \n",
		"heat_template_version: 2018-08-31\nresources: &r\n  a: *r\n  b: {get_param: [[[[",
		"\x00\xff: [}",
		"",
		"key: value\n",
	}
	far := `{"line":100000,"character":100000}`
	id := 0
	for i, text := range texts {
		u := "file:///bad" + itoa(i) + ".yaml"
		openDoc(c, u, 1, text)
		doc := `{"textDocument":{"uri":` + quote(u) + `}`
		calls := map[string]string{
			"textDocument/semanticTokens/full":  doc + `}`,
			"textDocument/semanticTokens/range": doc + `,"range":{"start":{"line":0,"character":0},"end":` + far + `}}`,
			"textDocument/foldingRange":         doc + `}`,
			"textDocument/selectionRange":       doc + `,"positions":[{"line":0,"character":0},` + far + `]}`,
			"textDocument/signatureHelp":        doc + `,"position":` + far + `}`,
			"textDocument/inlayHint":            doc + `,"range":{"start":{"line":0,"character":0},"end":` + far + `}}`,
			"textDocument/codeLens":             doc + `}`,
		}
		for method, params := range calls {
			id++
			m := c.call(itoa(id), method, params)
			if m.Error != nil {
				t.Errorf("%s on %q: %s", method, text, m.Error.Message)
			}
		}
	}
	m := c.call(`"x"`, "codeLens/resolve", `{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"data":{"uri":"file:///gone.yaml","position":{"line":3,"character":3}}}`)
	wantResult(t, m)
}

// TestRefreshRequests: turning inlay hints off asks a client that accepts
// it to refresh its hints, lenses and tokens.
func TestRefreshRequests(t *testing.T) {
	c := startServer(t)
	c.initialize(`{"workspace":{"inlayHint":{"refreshSupport":true},"codeLens":{"refreshSupport":true},"semanticTokens":{"refreshSupport":true}},"textDocument":{` + visualClientCapabilities + `}}`)
	c.notify("workspace/didChangeConfiguration", `{"settings":{"heat-ls":{"inlayHints":false}}}`)
	for _, method := range []string{"workspace/inlayHint/refresh", "workspace/codeLens/refresh", "workspace/semanticTokens/refresh"} {
		m := c.notification(method)
		if len(m.ID) == 0 {
			t.Errorf("%s is not a request", method)
		}
		if len(m.Params) != 0 {
			t.Errorf("%s carries params %s; it has none", method, m.Params)
		}
		c.answer(m)
	}
}
