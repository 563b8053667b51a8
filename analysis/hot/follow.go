package hot

// A spliced tree (syntax.Splice) shares with the previous version's tree
// every node before the changed entry. The model of such a tree follows
// the splice: an entry whose key and body are the very nodes of an entry
// of the previous model is that entry again (an entry is derived from its
// nodes alone), and the calls under it are the previous model's calls.
// Only the changed entry and what follows it, whose nodes are new, are
// built and walked again.

// follower holds the previous model a new one may take entries from.
type follower struct {
	// prev is the previous version's model; an empty one when there is
	// none, so nothing is ever taken.
	prev *Template
}

func newFollower(prev *Template) *follower {
	if prev == nil {
		prev = &Template{}
	}
	return &follower{prev: prev}
}

// kept returns old[i] when it was built from exactly e's nodes, else nil.
// Entries are matched by position: the shared ones come first, in the
// same order, and a mismatch only costs building the entry again.
func kept[T any](old []*T, i int, e Entry, entryOf func(*T) *Entry) *T {
	if i < len(old) {
		if o := entryOf(old[i]); o.Key == e.Key && o.Value == e.Value {
			return old[i]
		}
	}
	return nil
}

// keptAt reports whether x, the i-th entry of a new model list, is the
// i-th entry of the previous model's list, taken over by kept.
func keptAt[T any](old []*T, i int, x *T) bool { return i < len(old) && old[i] == x }

// keptSection reports whether s, the i-th top-level entry of the new
// model, has the previous model's i-th top-level name and nodes.
func (f *follower) keptSection(i int, s *Entry) bool {
	if i >= len(f.prev.Sections) {
		return false
	}
	o := f.prev.Sections[i]
	return o.Name == s.Name && o.Key == s.Key && o.Value == s.Value
}
