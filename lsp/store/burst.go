package store

import (
	"fmt"

	"heat-ls/analysis/source"
)

// Edit is one versioned change message: the changes a client sent to take
// a document to Version.
type Edit struct {
	Version int32
	Changes []Change
}

// ChangeAll applies a burst of edits to uri, in order, and parses only
// the text the last one leaves: when the client sends changes faster than
// they can be parsed, the versions in between are never analysed, as no
// one could ask about them any more. Each edit is judged as if it came
// alone: one that Change would refuse (the version does not increase, a
// range falls outside the text) is skipped and its error is returned at
// its index in errs, and the later edits apply to the text before it.
// doc is the new current version, or nil when no edit applied.
func (s *Store) ChangeAll(uri string, enc source.Encoding, edits []Edit) (doc *Document, errs []error) {
	errs = make([]error, len(edits))
	prev := s.Get(uri)
	if prev == nil {
		for i := range edits {
			errs[i] = fmt.Errorf("change %s: %w", uri, ErrNotOpen)
		}
		return nil, errs
	}
	text, version, applied := prev.Text, prev.Version, false
	for i, e := range edits {
		if e.Version <= version {
			errs[i] = fmt.Errorf("change %s to version %d (current %d): %w", uri, e.Version, version, ErrStaleVersion)
			continue
		}
		var m *source.Mapper
		if !applied {
			m = prev.textMapper() // the first edit applies to prev's text
		}
		next, err := applyChanges(text, m, enc, e.Changes)
		if err != nil {
			errs[i] = fmt.Errorf("change %s to version %d: %w", uri, e.Version, err)
			continue
		}
		text, version, applied = next, e.Version, true
	}
	if !applied {
		return nil, errs
	}
	doc = build(prev.URI, version, text, prev) // prev's URI: uri may be a view into the message (see Open)

	s.mu.Lock()
	defer s.mu.Unlock()
	if s.docs[uri] != prev {
		for i := range errs {
			if errs[i] == nil {
				errs[i] = fmt.Errorf("change %s to version %d: %w", uri, edits[i].Version, ErrConflict)
			}
		}
		return nil, errs
	}
	s.docs[doc.URI] = doc // a string key is replaced on assignment too
	return doc, errs
}
