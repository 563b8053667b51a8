package syntax

// NodeAt returns the path from a document root down to the innermost node
// whose span contains offset (ends included, as Span.Contains defines), or
// nil when no document covers offset. Within a mapping the key comes
// before its value, so a cursor on a key yields the key. Alias targets are
// not entered: an alias is a leaf here.
func (f *File) NodeAt(offset int) []*Node {
	for _, root := range f.Docs {
		if root == nil || !root.Span().Contains(offset) {
			continue
		}
		path := []*Node{root}
		for n := root; n != nil; {
			n = childAt(n, offset)
			if n != nil {
				path = append(path, n)
			}
		}
		return path
	}
	return nil
}

// childAt returns the first child of n whose span contains offset.
func childAt(n *Node, offset int) *Node {
	if n.Kind != MappingNode && n.Kind != SequenceNode {
		return nil
	}
	// A mapping's keys and values alternate in the child list, each key
	// before its value.
	for _, c := range n.kids() {
		if c.Span().Contains(offset) {
			return c
		}
	}
	return nil
}

// PairAt returns the entry of mapping n whose key or value contains
// offset, or the zero Pair (Key nil).
func (n *Node) PairAt(offset int) Pair {
	for _, p := range n.Pairs() {
		if p.Key.Span().Contains(offset) || p.Value.Span().Contains(offset) {
			return p
		}
	}
	return Pair{}
}

// Walk visits n and its descendants in source order (for a mapping: each
// key, then its value), depth first. visit returns false to skip a node's
// children. Walk uses an explicit stack, so deep trees cannot overflow the
// goroutine stack, and it does not enter alias targets, so cycles cannot
// make it loop.
func (n *Node) Walk(visit func(n *Node, depth int) bool) {
	if n == nil {
		return
	}
	type entry struct {
		node  *Node
		depth int
	}
	stack := []entry{{n, 0}}
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !visit(e.node, e.depth) {
			continue
		}
		if e.node.Kind == MappingNode || e.node.Kind == SequenceNode {
			// Pushed last first, so keys come before their values.
			kids := e.node.kids()
			for i := len(kids) - 1; i >= 0; i-- {
				stack = append(stack, entry{kids[i], e.depth + 1})
			}
		}
	}
}

// Text returns the source text of n's span, clamped into the file.
func (f *File) Text(n *Node) string {
	if n == nil {
		return ""
	}
	s, e := int(n.start), min(len(f.Src), int(n.end))
	if s >= e {
		return ""
	}
	return string(f.Src[s:e])
}
