package lsp

// documentCaches counts what the server keeps per document outside the
// store: the findings of settled versions, diagnostics runs not yet
// finished, semantic tokens kept for deltas and reuse, and the active
// environment sets, effective values and environment files read from disk
// kept for the stack's values (effective.go). Each entry
// belongs to an open document; once every document is closed and the
// session has settled, all are zero. A test that runs a long session
// (the soak) checks that, since an entry left behind for a closed
// document holds that document's parse for the rest of the session.
func (s *Server) documentCaches() map[string]int {
	caches := map[string]int{
		"semanticTokens": s.tokens.size(),
		"encodedTokens":  s.encoded.size(),
	}
	caches["environmentSets"], caches["effectiveValues"], caches["environmentFiles"] = s.effectiveEntries()
	if d := s.diags; d != nil {
		d.mu.Lock()
		caches["diagnosticRuns"] = len(d.runs)
		d.mu.Unlock()
		d.memoMu.Lock()
		caches["settledFindings"] = len(d.memo)
		d.memoMu.Unlock()
	}
	return caches
}
