package syntax

// Arena lends its memory for syntax nodes to one parse at a time. heat-ls
// check parses thousands of files in turn and drops each tree once the
// file is checked; without an arena every parse allocates (and the
// collector later scans and frees) a fresh node block of about a quarter
// of yaml.v3's own allocation, which made a third of the run's
// collections. With one arena per worker, each parse after the first
// finds its block already there.
//
// The parse that takes the arena owns it until Reset; the trees of that
// parse must not be used after Reset, since the next parse writes its
// nodes over them. A parse that finds the arena taken (the re-parses of a
// broken text) allocates as it would without one. The zero value is ready
// to use; an Arena is not safe for concurrent use.
type Arena struct {
	nodes []Node
	ptrs  []*Node
	// nodesUsed and ptrsUsed bound what the parse wrote, so Reset clears
	// that much and not the whole block (which holds the largest text's
	// worth).
	nodesUsed, ptrsUsed int
	lent                bool
}

// Reset makes the arena's memory free for the next parse. Every tree
// parsed into it since the last Reset becomes invalid.
func (a *Arena) Reset() {
	if a == nil {
		return
	}
	clear(a.nodes[:a.nodesUsed])
	clear(a.ptrs[:a.ptrsUsed])
	a.nodesUsed, a.ptrsUsed, a.lent = 0, 0, false
}

// ParseAfterIn is ParseAfter with the node memory taken from a (see
// Arena); a nil a is ParseAfter.
func ParseAfterIn(src, lastGood []byte, a *Arena) *File { return parseAfter(src, lastGood, a) }

// takeNodes lends the arena's node block to c when it is free and holds
// at least n nodes; a free arena too small adopts the block c allocates
// instead, so it grows to the largest text parsed.
func (c *converter) takeNodes(a *Arena, n int) {
	if a == nil || a.lent {
		c.nodes = make([]Node, 0, n)
		return
	}
	a.lent = true
	c.arena = a
	if cap(a.nodes) < n {
		a.nodes = make([]Node, 0, n)
	}
	c.nodes = a.nodes[:0]
}

// takePtrs is takeNodes for the child-pointer block: c needs n pointers.
func (c *converter) takePtrs(n int) {
	a := c.arena
	if a == nil {
		c.nodePtrs = make([]*Node, 0, n)
		return
	}
	if cap(a.ptrs) < n {
		a.ptrs = make([]*Node, 0, n)
	}
	c.nodePtrs = a.ptrs[:0]
}

// giveBack records in the arena how much of its blocks c wrote, once the
// conversion is over.
func (c *converter) giveBack() {
	a := c.arena
	if a == nil {
		return
	}
	a.nodesUsed = cap(a.nodes) // a later chunk took over: the block is full
	if sameBlock(c.nodes, a.nodes) {
		a.nodesUsed = len(c.nodes)
	}
	a.ptrsUsed = cap(a.ptrs)
	if sameBlock(c.nodePtrs, a.ptrs) {
		a.ptrsUsed = len(c.nodePtrs)
	}
}

// sameBlock reports whether s is a slice of block's memory from its start.
func sameBlock[T any](s, block []T) bool {
	return cap(s) > 0 && cap(s) == cap(block) && &s[:1][0] == &block[:1][0]
}
