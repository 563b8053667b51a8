package lsp

import (
	"context"
	"encoding/json"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/graph"
)

// commandGraph returns the resource graph of an open document as JSON
// (the shape of "heat-ls graph --format json", with absolute paths and
// ranges in the negotiated position encoding). Arguments: the document
// URI as a string, or {"uri": ..., "parameters": bool, "outputs": bool}.
const commandGraph = "heat-ls.graph"

type graphArgs struct {
	URI        string `json:"uri"`
	Parameters bool   `json:"parameters"`
	Outputs    bool   `json:"outputs"`
}

func (s *Server) graphCommand(_ context.Context, args []json.RawMessage) (any, error) {
	if len(args) == 0 {
		return nil, errInvalidParams("heat-ls.graph needs the document URI")
	}
	var a graphArgs
	if json.Unmarshal(args[0], &a.URI) != nil {
		if err := json.Unmarshal(args[0], &a); err != nil || a.URI == "" {
			return nil, errInvalidParams("heat-ls.graph: the argument is a document URI or {\"uri\": ...}")
		}
	}
	u := documentURI(a.URI)
	doc := s.document(u)
	if doc == nil {
		return nil, errInvalidParams("heat-ls.graph: " + a.URI + " is not open")
	}
	// While the text is broken YAML, draw the last parse; its nodes'
	// ranges are moved to the current text (lines edited since drop
	// their range to the start of the file).
	view := feature.NewView(doc.Doc, doc.LastGood)
	if view.Doc == nil {
		return graph.JSON(&graph.Graph{}), nil
	}
	path := filePath(u)
	g := graph.Build([]graph.Input{{Path: path, Doc: view.Doc}}, graph.Options{
		Schema:     s.currentSchema(),
		Parameters: a.Parameters,
		Outputs:    a.Outputs,
		Nested:     graph.FromSnapshot(s.workspaceSnapshot()),
		Encoding:   s.encoding(),
	})
	if view.Doc != doc.Doc {
		for _, n := range g.Nodes {
			if n.Path != path {
				continue
			}
			r := graph.Range{}
			if cur, ok := view.Span(n.Span); ok {
				pr := toRange(doc.Mapper(), cur, s.encoding())
				r = graph.Range{Start: graph.Position{Line: int(pr.Start.Line), Character: int(pr.Start.Character)},
					End: graph.Position{Line: int(pr.End.Line), Character: int(pr.End.Character)}}
			}
			n.Range = r
		}
	}
	return graph.JSON(g), nil
}
