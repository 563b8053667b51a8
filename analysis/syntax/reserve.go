package syntax

import (
	"bytes"

	"gopkg.in/yaml.v3"
)

// presize allocates most of the node arena before yaml.v3 parses text,
// from an estimate: twice the number of block mapping entries (": " and
// ":\n", a key and its value) plus sequence items ("- "). Allocated after
// the parse, the same few megabytes of a large template arrive while the
// collector is marking the heap yaml.v3 just filled, and the allocation
// is charged a large share of that work as assist (diagnostics of a
// 12,000-line template took 5-10% longer). The count is low for flow
// collections and high where such text sits inside quoted or block
// scalars, so an eighth is added: the synthetic benchmark templates then
// need no second allocation, and over the test corpus the arena holds 9%
// more nodes than needed (2,282 for 24,550). reserve allocates any
// shortfall from the exact count.
func (c *converter) presize(text []byte, a *Arena) {
	est := 2*keyColons(text) + bytes.Count(text, []byte("- "))
	if est > 0 {
		c.takeNodes(a, est+est/8)
	}
}

// keyColons counts the colons followed by a space or a line break: what
// bytes.Count of ": " and of ":\n" add up to, in one pass over the text.
func keyColons(text []byte) int {
	n := 0
	for i := 0; ; {
		j := bytes.IndexByte(text[i:], ':')
		if j < 0 {
			return n
		}
		i += j + 1
		if i < len(text) && (text[i] == ' ' || text[i] == '\n') {
			n++
		}
	}
}

// reserve sizes the converter's arenas for the tree under root before it is
// converted: one syntax node per yaml.v3 node (an alias is one node; its
// target is not revisited) and the child slices that come from the shared
// chunks (a mapping's holds its keys and values). Growing the arenas by doubling
// instead left about half of every document's nodes allocated but unused,
// which was most of the memory an open document holds. Counting costs one
// walk over the yaml.v3 tree, a few percent of the parse.
func (c *converter) reserve(root *yaml.Node) {
	var t treeSize
	t.count(root, 0)
	nodes, nodePtrs := t.nodes, t.nodePtrs
	// What is left in the current chunks (from an earlier document) is
	// used first; only the shortfall is allocated.
	if need := nodes - (cap(c.nodes) - len(c.nodes)); need > 0 {
		// What presize allocated is filled first; only the shortfall
		// comes now.
		c.nextNodes = make([]Node, 0, need)
	}
	if need := nodePtrs - (cap(c.nodePtrs) - len(c.nodePtrs)); need > 0 {
		if len(c.nodePtrs) == 0 {
			c.takePtrs(nodePtrs)
		} else {
			c.nodePtrs = make([]*Node, 0, nodePtrs)
		}
	}
}

// reserveFromEstimate sizes the child-pointer block from presize's
// estimate of the nodes instead of reserve's count: every node but the
// root is the child of one collection, so a tree needs fewer pointers
// than nodes. A part of a text parsed in parts (parts_join.go) is sized
// so: reserve's walk over the yaml.v3 tree was 1.5-2% of a large
// preview's processor time, and what an estimate short of the count
// leaves to the converter's chunks is a few hundred nodes a part, where
// the parts of a large text hold thousands each.
func (c *converter) reserveFromEstimate() {
	c.takePtrs(cap(c.nodes))
}

// treeSize counts what converting a yaml.v3 tree allocates.
type treeSize struct{ nodes, nodePtrs int }

func (t *treeSize) count(n *yaml.Node, depth int) {
	t.nodes++
	if depth >= maxDepth {
		return
	}
	switch n.Kind {
	case yaml.MappingNode:
		if k := len(n.Content) &^ 1; k <= 256 {
			t.nodePtrs += k
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
