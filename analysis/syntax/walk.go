package syntax

// NodeAt returns the path from a document root down to the innermost node
// whose span contains offset (ends included, as Span.Contains defines), or
// nil when no document covers offset. Within a mapping the key comes
// before its value, so a cursor on a key yields the key. Alias targets are
// not entered: an alias is a leaf here.
func (f *File) NodeAt(offset int) []*Node {
	for _, root := range f.Docs {
		if root == nil || !root.Span.Contains(offset) {
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
	switch n.Kind {
	case MappingNode:
		for _, p := range n.Pairs {
			if p.Key.Span.Contains(offset) {
				return p.Key
			}
			if p.Value.Span.Contains(offset) {
				return p.Value
			}
		}
	case SequenceNode:
		for _, item := range n.Items {
			if item.Span.Contains(offset) {
				return item
			}
		}
	}
	return nil
}

// PairAt returns the entry of mapping n whose key or value contains
// offset, or nil.
func (n *Node) PairAt(offset int) *Pair {
	if n == nil || n.Kind != MappingNode {
		return nil
	}
	for _, p := range n.Pairs {
		if p.Key.Span.Contains(offset) || p.Value.Span.Contains(offset) {
			return p
		}
	}
	return nil
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
		switch e.node.Kind {
		case MappingNode:
			for i := len(e.node.Pairs) - 1; i >= 0; i-- {
				p := e.node.Pairs[i]
				stack = append(stack, entry{p.Value, e.depth + 1}, entry{p.Key, e.depth + 1})
			}
		case SequenceNode:
			for i := len(e.node.Items) - 1; i >= 0; i-- {
				stack = append(stack, entry{e.node.Items[i], e.depth + 1})
			}
		}
	}
}

// Text returns the source text of n's span, clamped into the file.
func (f *File) Text(n *Node) string {
	if n == nil {
		return ""
	}
	s, e := max(0, n.Span.Start), min(len(f.Src), n.Span.End)
	if s >= e {
		return ""
	}
	return string(f.Src[s:e])
}
