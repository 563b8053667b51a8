package lsp

import (
	"encoding/json"
	"path/filepath"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"heat-ls/analysis/source"
)

// diagnosticSource names heat-ls as the origin of every diagnostic.
const diagnosticSource = "heat-ls"

// mapperFor finds the mapper of another file a diagnostic points at (nil
// when that file is unknown).
type mapperFor func(u uri.URI) *source.Mapper

// toDiagnostics is the one place where analysis diagnostics become protocol
// diagnostics. It always returns a non-nil slice, so an empty result is
// published as [] and never as null.
func toDiagnostics(docURI uri.URI, m *source.Mapper, enc source.Encoding, ds []source.Diagnostic, other mapperFor) []protocol.Diagnostic {
	out := make([]protocol.Diagnostic, 0, len(ds))
	for _, d := range ds {
		pd := protocol.Diagnostic{
			Range:    toRange(m, d.Span, enc),
			Severity: protocol.DiagnosticSeverity(d.Severity),
			Source:   protocol.NewOptional(diagnosticSource),
			Message:  protocol.String(d.Message),
		}
		if d.Code != "" {
			pd.Code = protocol.String(d.Code)
		}
		for _, t := range d.Tags {
			pd.Tags.Set(append(pd.Tags.Slice(), protocol.DiagnosticTag(t)))
		}
		for _, r := range d.Related {
			loc := protocol.Location{URI: docURI, Range: toRange(m, r.Span, enc)}
			if r.Path != "" {
				loc.URI = pathURI(docURI, r.Path)
				loc.Range = protocol.Range{}
				if om := other(loc.URI); om != nil {
					loc.Range = toRange(om, r.Span, enc)
				}
			}
			pd.RelatedInformation = append(pd.RelatedInformation, protocol.DiagnosticRelatedInformation{Location: loc, Message: r.Message})
		}
		if data := diagnosticData(d); data != nil {
			pd.Data = data
		}
		out = append(out, pd)
	}
	return out
}

// diagnosticData carries what quick fixes need back to heat-ls in the
// diagnostic's data field: {"suggestions": [...], "data": {...}}, each part
// present only when non-empty.
func diagnosticData(d source.Diagnostic) []byte {
	if len(d.Suggestions) == 0 && len(d.Data) == 0 {
		return nil
	}
	payload := struct {
		Suggestions []string          `json:"suggestions,omitempty"`
		Data        map[string]string `json:"data,omitempty"`
	}{d.Suggestions, d.Data}
	b, err := json.Marshal(payload)
	if err != nil {
		return nil
	}
	return b
}

// pathURI turns a Related.Path into a URI: URIs pass through, absolute
// paths become file URIs, relative paths are resolved against the
// directory of the document the diagnostic belongs to.
func pathURI(docURI uri.URI, path string) uri.URI {
	if strings.Contains(path, "://") {
		return uri.URI(path)
	}
	if !filepath.IsAbs(path) && docURI.IsFile() {
		path = filepath.Join(filepath.Dir(docURI.FsPath()), path)
	}
	return uri.File(path)
}
