package syntax

// SplicedEntry says where Splice put the reparsed entry, so that answers
// derived from the previous version (semantic tokens, folding ranges) can
// be kept for everything around it: the text before From is the same in
// both versions, and the text from OldTo in the previous version is the
// text from NewTo in the new one.
type SplicedEntry struct {
	// Section indexes the section's pair in the root mapping; Entry the
	// entry's pair in the section's mapping (the same in both versions).
	Section, Entry int
	// From is where the entry's lines start (its key's line); OldTo and
	// NewTo where they end in the previous and in the new text: the start
	// of the next key's line, or the end of the text.
	From, OldTo, NewTo int
	// Nested is set when only a member below the entry was parsed again
	// (splice_nested.go): MemberFrom, MemberOldTo and MemberNewTo are
	// then that member's lines, as From, OldTo and NewTo are the entry's.
	// Every node outside them is the previous tree's (after them, a copy
	// moved by the change in length), but for the collections on the path
	// from the root to the member, whose ends may move.
	Nested                               bool
	MemberFrom, MemberOldTo, MemberNewTo int
	// MemberPath leads from the root to the member, in both trees: the
	// index of the pair (in a mapping) or item (in a sequence) taken at
	// each step, the section's and the entry's first.
	MemberPath []int
}

// Reparsed returns the lines that were parsed again: the member's when
// the splice was nested, else the entry's. The text before from is the
// same in both versions, and the previous text from oldTo on is the new
// text from newTo on.
func (e SplicedEntry) Reparsed() (from, oldTo, newTo int) {
	if e.Nested {
		return e.MemberFrom, e.MemberOldTo, e.MemberNewTo
	}
	return e.From, e.OldTo, e.NewTo
}

// MemberIn follows MemberPath from root to the member: the collection
// holding it and its index there (a pair's in a mapping, an item's in a
// sequence). ok is false when the splice was not nested or root's tree
// has no such path.
func (e SplicedEntry) MemberIn(root *Node) (coll *Node, idx int, ok bool) {
	if !e.Nested || len(e.MemberPath) == 0 {
		return nil, 0, false
	}
	node := root
	for k, i := range e.MemberPath {
		switch {
		case node == nil || i < 0:
			return nil, 0, false
		case node.Kind == MappingNode && i < node.NumPairs():
			if k == len(e.MemberPath)-1 {
				return node, i, true
			}
			node = node.Pair(i).Value
		case node.Kind == SequenceNode && i < len(node.kids()):
			if k == len(e.MemberPath)-1 {
				return node, i, true
			}
			node = node.kids()[i]
		default:
			return nil, 0, false
		}
	}
	return nil, 0, false
}
