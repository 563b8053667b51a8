package lsp

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/workspace"
)

// indexedEnv is the full parse of an environment file the workspace index
// holds only as a summary, kept while the index holds that summary.
type indexedEnv struct {
	summary *hot.Document
	doc     *hot.Document
}

// indexedEnvironment is the full parse of the indexed file f (f's own
// parse when the index keeps it whole), nil when it has none.
//
// The index keeps a file that is not open as a summary, and its cache of
// full parses holds only the last few (workspace.Snapshot.Full). An active
// set is read in full by every hover, hint, lens, preview and diagnostics
// run of its templates, in the same order each time; with more files in
// the set than that cache holds, each read pushed out the parse the next
// one needed, so every hover parsed all twenty files of a set again (half
// of its time) and the effective values, which are kept only while their
// environments' parses stay the same, were worked out afresh. Kept here,
// per file, for as long as a document is open (forgetEffective), the
// parses cost no memory the effective values do not already hold.
func (s *Server) indexedEnvironment(snap *workspace.Snapshot, f *workspace.File) *hot.Document {
	if f.Doc == nil || !f.Doc.Summary {
		return f.Doc
	}
	s.eff.mu.Lock()
	c, ok := s.eff.full[f.Path]
	s.eff.mu.Unlock()
	if ok && c.summary == f.Doc {
		return c.doc
	}
	full := snap.Full(f)
	if full == nil || full.Doc == nil {
		return nil
	}
	s.eff.mu.Lock()
	defer s.eff.mu.Unlock()
	if len(s.store.All()) == 0 {
		return full.Doc // no document open: see forgetEffective
	}
	if s.eff.full == nil || len(s.eff.full) >= maxEffectiveEntries {
		s.eff.full = map[string]indexedEnv{}
	}
	s.eff.full[f.Path] = indexedEnv{summary: f.Doc, doc: full.Doc}
	return full.Doc
}
