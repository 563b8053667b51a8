package lsp

import (
	"context"
	"encoding/json"
	"slices"

	"go.lsp.dev/protocol"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/feature/codeaction"
	"heat-ls/analysis/source"
)

// codeAction answers quick fixes for the diagnostics in the request's
// context. Each diagnostic is read back into analysis form: its range
// becomes a span of the current text, its code the rule id, and its data
// field (written by toDiagnostics in diagnostic_convert.go) the
// Suggestions and Data the fixes act on. Fixes are computed on the current
// text only, since their edits must land on the bytes the client has.
func (s *Server) codeAction(_ context.Context, p *protocol.CodeActionParams) ([]protocol.CommandOrCodeAction, error) {
	out := []protocol.CommandOrCodeAction{}
	if len(p.Context.Only) > 0 && !slices.ContainsFunc(p.Context.Only, coversQuickFix) {
		return out, nil
	}
	doc := s.document(p.TextDocument.URI)
	if doc == nil || len(p.Context.Diagnostics) == 0 {
		return out, nil
	}
	enc := s.encoding()
	diags := make([]source.Diagnostic, 0, len(p.Context.Diagnostics))
	for _, pd := range p.Context.Diagnostics {
		diags = append(diags, fromDiagnostic(doc.Mapper(), enc, pd))
	}
	q := query{doc: doc, view: feature.View{Doc: doc.Doc}}
	for _, a := range codeaction.QuickFixes(doc.Doc, s.currentSchema(), diags) {
		kind := protocol.CodeActionKindQuickFix
		ca := &protocol.CodeAction{
			Title:       a.Title,
			Kind:        &kind,
			Diagnostics: []protocol.Diagnostic{p.Context.Diagnostics[a.Diagnostic]},
			Edit:        s.workspaceEdit(q, p.TextDocument.URI, a.Edits),
		}
		if a.Preferred {
			yes := true
			ca.IsPreferred = &yes
		}
		out = append(out, ca)
	}
	return out, nil
}

// coversQuickFix reports whether a requested kind includes quickfix
// ("quickfix" itself or its parent, the empty kind).
func coversQuickFix(k protocol.CodeActionKind) bool {
	return k == "" || k == protocol.CodeActionKindQuickFix
}

// fromDiagnostic converts a protocol diagnostic sent back by the client.
func fromDiagnostic(m *source.Mapper, enc source.Encoding, pd protocol.Diagnostic) source.Diagnostic {
	start, _ := m.Offset(fromPosition(pd.Range.Start), enc)
	end, _ := m.Offset(fromPosition(pd.Range.End), enc)
	if end < start {
		end = start
	}
	d := source.Diagnostic{Span: source.Span{Start: start, End: end}, Severity: source.Severity(pd.Severity)}
	switch c := pd.Code.(type) {
	case protocol.String:
		d.Code = string(c)
	}
	d.Suggestions, d.Data = decodeDiagnosticData(pd.Data)
	return d
}

// decodeDiagnosticData reads back what diagnosticData wrote; anything else
// (another server's data, garbage) is ignored.
func decodeDiagnosticData(raw []byte) ([]string, map[string]string) {
	if len(raw) == 0 {
		return nil, nil
	}
	var payload struct {
		Suggestions []string          `json:"suggestions"`
		Data        map[string]string `json:"data"`
	}
	if err := json.Unmarshal(raw, &payload); err != nil {
		return nil, nil
	}
	return payload.Suggestions, payload.Data
}

func advertiseCodeAction(c *protocol.ServerCapabilities, cl ClientCapabilities) {
	if !cl.CodeActionLiterals {
		// Clients without literal support expect bare commands, which
		// heat-ls does not send; advertising would only confuse them.
		return
	}
	c.CodeActionProvider = &protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix}}
}
