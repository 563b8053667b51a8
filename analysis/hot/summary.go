package hot

import (
	"strings"

	"heat-ls/analysis/syntax"
)

// Summarize returns what the workspace index keeps of d for a file that
// is not open. A template's summary holds its text (Src and Mapper, so
// spans still map to positions and a full parse can be had again) and its
// Outline: plain values, no syntax tree and no Template, which is nil.
// An environment is copied whole, its tree into nodes of its own (so the
// parser's node arena, with its spare room, is freed), and its copy is
// no summary: environments are small, and their readers walk their
// registry entries and values. Src and Mapper are shared with d
// (SummarizeIn gives the summary a copy of Src and a mapper of its own).
func Summarize(d *Document) *Document { return summarize(d, nil) }

// summarize is Summarize with storage from a (nil: the heap).
func summarize(d *Document, a *SummaryArena) *Document {
	if d == nil || d.Summary || d.Template == nil && d.Env == nil || d.Syntax == nil {
		return d
	}
	if d.Template != nil {
		src, mapper := textIn(d, a)
		return &Document{Src: src, Mapper: mapper, Kind: d.Kind, Summary: true, Jinja: d.Jinja, outline: buildOutline(d, false)}
	}
	root := d.Syntax.Root()
	if root == nil {
		return d
	}
	top := copySummary(root, copyFull, a)
	src, mapper := textIn(d, a)
	f := &syntax.File{Src: src, Docs: []*syntax.Node{top}, Broken: d.Syntax.Broken, Recovered: d.Syntax.Recovered}
	out := &Document{Src: src, Mapper: mapper, Syntax: f, Kind: d.Kind, Jinja: d.Jinja}
	r := top.Resolve()
	if r == nil || r.Kind != syntax.MappingNode {
		return d
	}
	out.Env = buildEnvironment(r)
	return out
}

// copyLevel says how much of a subtree a summary keeps.
type copyLevel int

const (
	copyShallow copyLevel = iota // the node alone: kind, value, span
	copyFull                     // the whole subtree
)

// treeCopy copies nodes into fresh allocations; memo keeps shared nodes
// (anchors and their aliases) shared and bounds cycles. A summary lives as
// long as its file is indexed, while the parse it is copied from is
// garbage at once; copied node by node, its small objects would sit
// scattered among that garbage and keep most of the heap's pages in use.
// So the copy is made twice: a first pass only counts (nodes, pairs, item
// slots, distinct scalar texts), the second takes everything from a few
// allocations of exactly that size, and every scalar's text from one
// string (one copy of each distinct text, not yaml.v3's one allocation
// per scalar).
type treeCopy struct {
	memo     map[*syntax.Node]*syntax.Node
	depth    int
	counting bool
	scratch  syntax.Node // what the counting pass hands out

	// Counted by the first pass.
	nodes, pairs, items int
	texts               map[string]int // distinct scalar texts: offset in text
	textLen             int
	order               []string

	// Filled by the second pass.
	nodeArena []syntax.Node
	pairArena []syntax.Pair
	refArena  []*syntax.Pair
	itemArena []*syntax.Node
	text      string
}

// copySummary copies root at level into compact storage (see treeCopy).
func copySummary(root *syntax.Node, level copyLevel, a *SummaryArena) *syntax.Node {
	c := &treeCopy{memo: map[*syntax.Node]*syntax.Node{}, counting: true, texts: map[string]int{}}
	c.node(root, level)
	var b strings.Builder
	b.Grow(c.textLen)
	for _, s := range c.order {
		b.WriteString(s)
	}
	c.text = b.String()
	c.order = nil
	if a != nil {
		c.nodeArena = a.takeNodes(c.nodes)
	} else {
		c.nodeArena = make([]syntax.Node, c.nodes)
	}
	c.pairArena = make([]syntax.Pair, c.pairs)
	c.refArena = make([]*syntax.Pair, c.pairs)
	c.itemArena = make([]*syntax.Node, c.items)
	c.counting, c.memo, c.depth = false, map[*syntax.Node]*syntax.Node{}, 0
	return c.node(root, level)
}

// newNode returns a node to fill: from the arena, or scratch while
// counting. Should the passes ever disagree, the heap serves.
func (c *treeCopy) newNode(n *syntax.Node) *syntax.Node {
	if c.counting {
		c.nodes++
		c.str(n.Value)
		return &c.scratch
	}
	var m *syntax.Node
	if len(c.nodeArena) > 0 {
		m, c.nodeArena = &c.nodeArena[0], c.nodeArena[1:]
	} else {
		m = new(syntax.Node)
	}
	*m = *n
	m.Value = c.str(n.Value)
	m.Pairs, m.Items, m.Target = nil, nil, nil
	return m
}

// str returns s from the shared text (records it while counting).
func (c *treeCopy) str(s string) string {
	if s == "" {
		return "" // not s: an empty string may still point into the parse's texts
	}
	off, ok := c.texts[s]
	if c.counting {
		if !ok {
			c.texts[s] = c.textLen
			c.textLen += len(s)
			c.order = append(c.order, s)
		}
		return s
	}
	if !ok || off+len(s) > len(c.text) {
		return s
	}
	return c.text[off : off+len(s)]
}

// newPairs returns room for n pairs of a mapping: the pairs and the
// slice of pointers to them.
func (c *treeCopy) newPairs(n int) ([]syntax.Pair, []*syntax.Pair) {
	if c.counting {
		c.pairs += n
		return nil, nil
	}
	if len(c.pairArena) < n {
		return make([]syntax.Pair, n), make([]*syntax.Pair, 0, n)
	}
	ps, refs := c.pairArena[:n:n], c.refArena[:0:n]
	c.pairArena, c.refArena = c.pairArena[n:], c.refArena[n:]
	return ps, refs
}

// newItems returns room for a sequence's n items.
func (c *treeCopy) newItems(n int) []*syntax.Node {
	if c.counting {
		c.items += n
		return nil
	}
	if len(c.itemArena) < n {
		return make([]*syntax.Node, n)
	}
	out := c.itemArena[:n:n]
	c.itemArena = c.itemArena[n:]
	return out
}

func (c *treeCopy) node(n *syntax.Node, level copyLevel) *syntax.Node {
	if n == nil {
		return nil
	}
	if level == copyShallow {
		return c.newNode(n)
	}
	if m, ok := c.memo[n]; ok {
		return m
	}
	if c.depth > maxWalkDepth {
		return c.node(n, copyShallow)
	}
	c.depth++
	defer func() { c.depth-- }()
	m := c.newNode(n)
	c.memo[n] = m
	target := c.node(n.Target, copyFull)
	var items []*syntax.Node
	if len(n.Items) > 0 {
		items = c.newItems(len(n.Items))
		for i, it := range n.Items {
			if cp := c.node(it, copyFull); !c.counting {
				items[i] = cp
			}
		}
	}
	var refs []*syntax.Pair
	if len(n.Pairs) > 0 {
		pairs, r := c.newPairs(len(n.Pairs))
		refs = r
		for i, p := range n.Pairs {
			k, v := c.node(p.Key, copyFull), c.node(p.Value, copyFull)
			if !c.counting {
				pairs[i] = syntax.Pair{Key: k, Value: v}
				refs = append(refs, &pairs[i])
			}
		}
	}
	if !c.counting {
		m.Target, m.Items, m.Pairs = target, items, refs
	}
	return m
}

// isBuiltinType reports whether a type name is in the namespace of one of
// Heat's own resource plugins (OS::Nova::, AWS::EC2:: ...). Such a
// resource is usually no nested stack, so a summary drops its properties;
// one that an environment maps to a template is rare, and
// OutlineDefinition.PropertiesLeftOut lets the caller parse the whole text for it. Other
// names under OS:: (a project's own OS::Project::Service types, mapped by
// its environments) keep their property keys.
func isBuiltinType(name string) bool {
	ns, _, ok := strings.Cut(name, "::")
	if !ok {
		return false
	}
	rest, _, ok := strings.Cut(name[len(ns)+2:], "::")
	if !ok {
		return false
	}
	switch ns {
	case "AWS":
		return true
	case "OS":
		return builtinService(rest)
	}
	return false
}

// builtinService reports whether name is the second part of the OS::
// resource type names of Heat's plugins (a test keeps it in step with the
// schema's types).
func builtinService(name string) bool {
	switch name {
	case "Aodh", "Barbican", "Blazar", "Ceilometer", "Cinder", "Designate",
		"Glance", "Heat", "Ironic", "Keystone", "Magnum", "Manila",
		"Metering", "Mistral", "Monasca", "Neutron", "Nova", "Octavia",
		"Quantum", "Sahara", "Senlin", "Swift", "Trove", "Vitrage",
		"Zaqar", "Zun":
		return true
	}
	return false
}
