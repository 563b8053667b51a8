package lsp

// What effectiveState keeps is for open documents: a template's active
// set and effective values hold its parse and those of its environments,
// and the environment files read from disk their parses. Kept after a
// close, each would hold a parse the session no longer shows for as long
// as the server runs (until 256 other templates pushed it out).

// Entries are kept only while the file is open (openAt, asked with eff.mu
// held, so that an answer worked out for a document closed meanwhile is
// not kept: the close drops the store's document before it takes eff.mu).

// forgetEffective drops what effectiveState keeps for the template at
// path, called once its document is closed (after the store dropped it),
// and everything once no document is open.
func (s *Server) forgetEffective(path string) {
	anyOpen := len(s.store.All()) > 0
	s.eff.mu.Lock()
	defer s.eff.mu.Unlock()
	delete(s.eff.vals, path)
	delete(s.eff.sets, path)
	if !anyOpen {
		s.eff.vals, s.eff.sets, s.eff.disk, s.eff.full = nil, nil, nil, nil
	}
}

// effectiveEntries counts effectiveState's entries by map, for
// documentCaches; files counts the environment files kept, those read
// from disk and the full parses of indexed ones.
func (s *Server) effectiveEntries() (sets, vals, files int) {
	s.eff.mu.Lock()
	defer s.eff.mu.Unlock()
	return len(s.eff.sets), len(s.eff.vals), len(s.eff.disk) + len(s.eff.full)
}
