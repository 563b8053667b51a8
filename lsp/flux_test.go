package lsp

import (
	"encoding/json"
	"strings"
	"testing"
)

const fluxText = `heat_template_version: 2018-08-31
description: >
  A server.
parameters:
  img:
    type: string
resources:
  srv:
    type: OS::Heat::None
    properties: {a: {get_param: img}}
`

// TestLineInFluxKeepsTheOtherLines empties "parameters:" and types it
// again over a real server: in every state until the colon, the get_param
// below still finds its parameter (which the emptied line would make part
// of the description's text), its hover still names it, and the published
// diagnostics hold no undefined parameter. The colon makes the text
// settled again; a key renamed on purpose then loses the definition at
// once.
func TestLineInFluxKeepsTheOtherLines(t *testing.T) {
	const uri = "file:///flux.yaml"
	c := startServer(t)
	c.initialize(`{}`)
	openDoc(c, uri, 1, fluxText)
	publishes(c, uri, 1)
	pos := `{"textDocument":{"uri":"` + uri + `"},"position":{"line":9,"character":34}}`
	definitionLine := func(id string) int {
		m := c.call(id, "textDocument/definition", pos)
		wantResult(t, m)
		var loc struct {
			Range struct{ Start struct{ Line int } }
		}
		if string(m.Result) == "null" || json.Unmarshal(m.Result, &loc) != nil {
			return -1
		}
		return loc.Range.Start.Line
	}
	version := 1
	step := func(change string) {
		version++
		changeDoc(c, uri, version, `[`+change+`]`)
	}
	step(edit(3, 0, 3, len("parameters:"), ""))
	for i, ch := range "parameters:" {
		if got := definitionLine(jsonString(100 + i)); got != 4 {
			t.Fatalf("line 3 typed up to %q: definition on line %d, want 4", "parameters:"[:i], got)
		}
		m := c.call(jsonString(200+i), "textDocument/hover", pos)
		if !strings.Contains(string(m.Result), "img") {
			t.Fatalf("line 3 typed up to %q: hover %s", "parameters:"[:i], m.Result)
		}
		for _, p := range publishes(c, uri, int32(version)) {
			if p.URI == uri && p.Version != nil && int(*p.Version) == version {
				for _, d := range p.Diagnostics {
					if strings.Contains(string(d), "undefined-parameter") {
						t.Fatalf("line 3 typed up to %q: transient diagnostic %s", "parameters:"[:i], d)
					}
				}
			}
		}
		step(edit(3, i, 3, i, string(ch)))
	}
	if got := definitionLine("300"); got != 4 {
		t.Fatalf("settled again: definition on line %d, want 4", got)
	}
	step(edit(3, 0, 3, len("parameters"), "params"))
	if got := definitionLine("301"); got != -1 {
		t.Fatalf("section renamed on purpose: definition on line %d, want none", got)
	}
}
