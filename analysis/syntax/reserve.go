package syntax

import "gopkg.in/yaml.v3"

// reserve sizes the converter's arenas for the tree under root before it is
// converted: one syntax node per yaml.v3 node (an alias is one node; its
// target is not revisited), one pair per mapping entry, and the child
// slices that come from the shared chunks. Growing the arenas by doubling
// instead left about half of every document's nodes allocated but unused,
// which was most of the memory an open document holds. Counting costs one
// walk over the yaml.v3 tree, a few percent of the parse.
func (c *converter) reserve(root *yaml.Node) {
	var t treeSize
	t.count(root, 0)
	nodes, pairs, nodePtrs, pairPtrs := t.nodes, t.pairs, t.nodePtrs, t.pairPtrs
	// What is left in the current chunks (from an earlier document) is
	// used first; only the shortfall is allocated.
	if need := nodes - (cap(c.nodes) - len(c.nodes)); need > 0 {
		c.nodes = make([]Node, 0, nodes)
	}
	if need := pairs - (cap(c.pairs) - len(c.pairs)); need > 0 {
		c.pairs = make([]Pair, 0, pairs)
	}
	if need := nodePtrs - (cap(c.nodePtrs) - len(c.nodePtrs)); need > 0 {
		c.nodePtrs = make([]*Node, 0, nodePtrs)
	}
	if need := pairPtrs - (cap(c.pairPtrs) - len(c.pairPtrs)); need > 0 {
		c.pairPtrs = make([]*Pair, 0, pairPtrs)
	}
}

// treeSize counts what converting a yaml.v3 tree allocates.
type treeSize struct{ nodes, pairs, nodePtrs, pairPtrs int }

func (t *treeSize) count(n *yaml.Node, depth int) {
	t.nodes++
	if depth >= maxDepth {
		return
	}
	switch n.Kind {
	case yaml.MappingNode:
		t.pairs += len(n.Content) / 2
		if len(n.Content)/2 <= 256 {
			t.pairPtrs += len(n.Content) / 2
		}
	case yaml.SequenceNode:
		if len(n.Content) <= 256 {
			t.nodePtrs += len(n.Content)
		}
	}
	for _, ch := range n.Content {
		if ch != nil {
			t.count(ch, depth+1)
		}
	}
}
