package syntax

import (
	"bytes"
	"strings"
)

// A nested splice parses again less than the entry: the smallest member
// of a block collection inside it (a mapping pair whose key line holds
// only indentation before the key, or a sequence item whose dash line
// holds only indentation before "- ") whose lines hold the change, below
// the pair's key line or after the item's "- ". The member is parsed
// under stand-in lines that open each collection above it at the same
// column as in the document, so the parser sees the same indentation
// around it; it must come back as exactly one member (the same key at the
// same place, for a pair), else the entry splice runs. The collections
// on the path from the root are copied with the member replaced, the
// members after it moved by the change in length; everything before the
// change is shared.

// nestedStep is one collection on the path from the root to the member:
// the member (or the path onwards) is its idx-th pair (a mapping) or item
// (a sequence).
type nestedStep struct {
	coll *Node
	idx  int
}

// nestedMember is the member a change falls in: the path of collections
// from the root to the one holding it (the last step's idx is the
// member's), whether it is a pair (else an item), its lines [from, to),
// and the stand-in lines, one for each step but the last, that open the
// collections below the root.
type nestedMember struct {
	path     []nestedStep
	pair     bool
	from, to int
	standIn  []byte
}

// findNested descends from the entry at loc to the deepest member whose
// lines hold the change [start, end) of src, with room for the change
// (see the comment above). ok is false when there is none below the
// entry itself.
func findNested(root *Node, src []byte, loc entryLocation, start, end int) (nestedMember, bool) {
	var best nestedMember
	found := false
	path := []nestedStep{{root, loc.sectionIndex}, {loc.section.Value, loc.entryIndex}}
	standIn := []byte(sectionStandIn)
	col, ok := columnOf(src, int(loc.pair.Key.start))
	if !ok {
		return best, false
	}
	standIn = appendStandIn(standIn, col, "s:")
	node, regionTo := loc.pair.Value, loc.to
	for depth := 0; depth < maxDepth && node != nil && node.Style == Block; depth++ {
		switch node.Kind {
		case MappingNode:
			j, from, to, ok := memberAt(src, node, true, start, regionTo)
			if !ok {
				return best, found
			}
			p := node.Pair(j)
			keyLineEnd := bytes.IndexByte(src[p.Key.start:], '\n')
			if keyLineEnd < 0 || start <= int(p.Key.start)+keyLineEnd || end >= to {
				return best, found
			}
			step := append(slicesClone(path), nestedStep{node, j})
			if from >= 0 {
				best, found = nestedMember{path: step, pair: true, from: from, to: to, standIn: slicesCloneBytes(standIn)}, true
			}
			c, ok := columnOf(src, int(p.Key.start))
			if !ok {
				return best, found
			}
			path, standIn, node, regionTo = step, appendStandIn(standIn, c, "s:"), p.Value, to
		case SequenceNode:
			i, from, to, ok := memberAt(src, node, false, start, regionTo)
			if !ok || from < 0 || end >= to {
				return best, found
			}
			dash := from + bytes.IndexByte(src[from:], '-')
			if start < dash+2 {
				return best, found
			}
			step := append(slicesClone(path), nestedStep{node, i})
			best, found = nestedMember{path: step, from: from, to: to, standIn: slicesCloneBytes(standIn)}, true
			path, standIn, node, regionTo = step, appendStandIn(standIn, dash-from, "-"), node.kids()[i], to
		default:
			return best, found
		}
	}
	return best, found
}

// memberAt finds the member of coll (a pair when pairs, else an item)
// whose lines hold offset at: its index, the start of its line (-1 when
// something other than indentation, or "- " for an item, comes before it
// there) and the start of the next member's line (or regionTo). ok is
// false when at lies before the first member or a following member's
// line cannot be told.
func memberAt(src []byte, coll *Node, pairs bool, at, regionTo int) (idx, from, to int, ok bool) {
	n := len(coll.kids())
	if pairs {
		n = coll.NumPairs()
	}
	first := func(k int) *Node {
		if pairs {
			return coll.kids()[2*k]
		}
		return coll.kids()[k]
	}
	idx = -1
	for k := range n {
		if int(first(k).start) > at {
			break
		}
		idx = k
	}
	if idx < 0 {
		return 0, 0, 0, false
	}
	to = regionTo
	if idx+1 < n {
		if to = memberLineStart(src, first(idx+1), pairs); to < 0 {
			return 0, 0, 0, false
		}
	}
	return idx, memberLineStart(src, first(idx), pairs), to, true
}

// memberLineStart is the start of the line a member begins on when only
// indentation (and, for an item, "- " after it) comes before the member
// there, else -1.
func memberLineStart(src []byte, n *Node, pair bool) int {
	at := int(n.start)
	ls := bytes.LastIndexByte(src[:at], '\n') + 1
	before := string(src[ls:at])
	trimmed := strings.TrimLeft(before, " ")
	if pair {
		if trimmed != "" {
			return -1
		}
		return ls
	}
	if !strings.HasPrefix(trimmed, "- ") || strings.Trim(trimmed[2:], " ") != "" {
		return -1
	}
	return ls
}

// columnOf is the column of offset at when only spaces, dashes and
// blanks come before it on its line (a key on an item's dash line).
func columnOf(src []byte, at int) (int, bool) {
	ls := bytes.LastIndexByte(src[:at], '\n') + 1
	for _, c := range src[ls:at] {
		if c != ' ' && c != '-' {
			return 0, false
		}
	}
	return at - ls, true
}

// appendStandIn adds a stand-in line: opener at column col.
func appendStandIn(b []byte, col int, opener string) []byte {
	b = append(b, bytes.Repeat([]byte{' '}, col)...)
	return append(append(b, opener...), '\n')
}

func slicesClone(p []nestedStep) []nestedStep { return append([]nestedStep(nil), p...) }

func slicesCloneBytes(b []byte) []byte { return append([]byte(nil), b...) }

// spliceNested parses the member m again in next and returns the new
// root, or ok false when the result could differ from a full parse.
func spliceNested(next []byte, m nestedMember, delta int) (*Node, bool) {
	node, ok := parseUnderStandIn(next, m, delta)
	if !ok {
		return nil, false
	}
	newPair, newItem, newEnd, ok := takeNewMember(node, m)
	if !ok {
		return nil, false
	}
	return rebuildPath(m, newPair, newItem, newEnd, delta)
}

// parseUnderStandIn parses the member's new lines under its stand-in lines
// and goes down the stand-in lines, each of which opens a collection of one
// member, to the collection that holds the member.
func parseUnderStandIn(next []byte, m nestedMember, delta int) (*Node, bool) {
	region := next[m.from : m.to+delta]
	if containsDocumentMarker(region) {
		return nil, false
	}
	text := append(slicesCloneBytes(m.standIn), region...)
	sub := Parse(text)
	if sub.Broken || len(sub.Problems) > 0 || len(sub.Docs) != 1 {
		return nil, false
	}
	node := sub.Docs[0]
	for range len(m.path) - 1 {
		switch {
		case node.Kind == MappingNode && node.Style == Block && node.NumPairs() == 1 && node.Pair(0).Key.Value == "s":
			node = node.Pair(0).Value
		case node.Kind == SequenceNode && node.Style == Block && len(node.kids()) == 1:
			node = node.kids()[0]
		default:
			return nil, false
		}
	}
	return node, true
}

// takeNewMember checks that node, the re-parsed collection, holds exactly
// one member of m's kind (the same key, for a pair), moves it to its place
// in the document and returns it (newPair or newItem) with its new end.
func takeNewMember(node *Node, m nestedMember) (newPair Pair, newItem *Node, newEnd int, ok bool) {
	shift := m.from - len(m.standIn)
	if m.pair {
		if node.Kind != MappingNode || node.Style != Block || node.NumPairs() != 1 || hasAnchors(node) {
			return Pair{}, nil, 0, false
		}
		newPair = node.Pair(0)
		shiftInPlace(newPair.Key, shift)
		shiftInPlace(newPair.Value, shift)
		last := m.path[len(m.path)-1]
		if !sameKey(newPair.Key, last.coll.Pair(last.idx).Key) {
			return Pair{}, nil, 0, false
		}
		return newPair, nil, int(newPair.Value.end), true
	}
	if node.Kind != SequenceNode || node.Style != Block || len(node.kids()) != 1 || hasAnchors(node) {
		return Pair{}, nil, 0, false
	}
	newItem = node.kids()[0]
	shiftInPlace(newItem, shift)
	return Pair{}, newItem, int(newItem.end), true
}

// rebuildPath copies the collections on m's path from the member up to the
// root, each with the member (or the copy below it) replaced and the
// members after it moved by delta, and returns the new root.
func rebuildPath(m nestedMember, newPair Pair, newItem *Node, newEnd, delta int) (*Node, bool) {
	endOf := func(end int) int {
		if end <= m.to {
			return newEnd
		}
		return end + delta
	}
	for s := len(m.path) - 1; s >= 0; s-- {
		st := m.path[s]
		c := *st.coll
		if c.Kind == MappingNode {
			c.setKids(splicePairs(c.kids(), st.idx, newPair, delta))
		} else {
			c.setKids(spliceItems(c.kids(), st.idx, newItem, delta))
		}
		c.end = offset32(endOf(int(c.end)))
		if s > 0 {
			up := m.path[s-1]
			if up.coll.Kind == MappingNode {
				// The keys on the path are fresh below the root, as the
				// entry splice's are: a model entry is matched by its key
				// and value nodes, and the changed entry must not match.
				key := up.coll.Pair(up.idx).Key
				if s > 1 {
					k := *key
					key = &k
				}
				newPair, newItem = Pair{Key: key, Value: &c}, nil
			} else {
				newPair, newItem = Pair{}, &c
			}
			continue
		}
		return &c, true
	}
	return nil, false
}

// spliceItems is splicePairs for a sequence's items.
func spliceItems(kids []*Node, at int, item *Node, delta int) []*Node {
	var size treeCount
	for _, q := range kids[at+1:] {
		size.add(q)
	}
	a := size.arena()
	out := make([]*Node, len(kids))
	copy(out, kids[:at])
	out[at] = item
	for k := at + 1; k < len(kids); k++ {
		out[k] = a.shiftCopy(kids[k], delta)
	}
	return out
}
