package lsp

import (
	"context"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"heat-ls/analysis/feature"
)

// signatureHelp shows the argument forms of the function call around the
// cursor, with the argument being written highlighted.
func (s *Server) signatureHelp(_ context.Context, p *protocol.SignatureHelpParams) (*protocol.SignatureHelp, error) {
	h, ok := s.signatureAt(p.TextDocument.URI, p.Position)
	if !ok {
		return nil, nil
	}
	v := s.Client().Visual
	out := &protocol.SignatureHelp{Signatures: []protocol.SignatureInformation{}}
	for _, sig := range h.Signatures {
		si := protocol.SignatureInformation{Label: sig.Label, Documentation: protocol.String(sig.Doc), Parameters: []protocol.ParameterInformation{}}
		for _, prm := range sig.Params {
			pi := protocol.ParameterInformation{Label: protocol.String(sig.Label[prm.Start:prm.End])}
			if v.SignatureLabelOffsets {
				pi.Label = protocol.ParameterInformationLabelTuple{uint32(prm.Start), uint32(prm.End)}
			}
			if prm.Doc != "" {
				pi.Documentation = protocol.String(prm.Doc)
			}
			si.Parameters = append(si.Parameters, pi)
		}
		out.Signatures = append(out.Signatures, si)
	}
	active := uint32(h.Active)
	out.ActiveSignature = &active
	if h.ActiveParam >= 0 {
		out.ActiveParameter = protocol.NewNullable(uint32(h.ActiveParam))
	} else {
		// No argument under the cursor: an index past the end highlights none.
		out.ActiveParameter = protocol.NewNullable(uint32(len(h.Signatures[h.Active].Params)))
	}
	return out, nil
}

// signatureAt asks the parse, or, while the text is broken YAML (a call
// being typed), the text itself.
func (s *Server) signatureAt(u uri.URI, pos protocol.Position) (feature.SignatureHelp, bool) {
	doc := s.document(u)
	if doc == nil || doc.Doc == nil {
		return feature.SignatureHelp{}, false
	}
	if q, ok := s.queryAt(u, pos); ok {
		if h, ok := feature.SignatureHelpAt(q.view.Doc, s.currentSchema(), q.offset); ok {
			return h, true
		}
	}
	if doc.Doc.Syntax == nil || !doc.Doc.Syntax.Broken {
		return feature.SignatureHelp{}, false
	}
	version := ""
	if doc.LastGood != nil && doc.LastGood.Template != nil {
		version = doc.LastGood.Template.VersionText
	}
	off, _ := s.offset(doc, pos)
	return feature.SignatureHelpFromText(doc.Doc, version, s.currentSchema(), off)
}

func advertiseSignatureHelp(c *protocol.ServerCapabilities, cl ClientCapabilities) {
	if cl.Visual.SignatureHelp {
		c.SignatureHelpProvider = &protocol.SignatureHelpOptions{
			TriggerCharacters:   []string{"[", ",", "{", ":"},
			RetriggerCharacters: []string{" ", "\n"},
		}
	}
}
