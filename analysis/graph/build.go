package graph

import (
	"cmp"
	"path/filepath"
	"slices"
	"strconv"

	"heat-ls/analysis/check"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// Options says what to draw and how to reach other files.
type Options struct {
	// Schema gives the template's version, so the dependency loops are
	// the ones the dependency-cycle rule reports (nil: every function
	// counts).
	Schema *schema.Schema
	// Parameters and Outputs add those entries of the drawn templates
	// (not of nested ones) and their edges.
	Parameters, Outputs bool
	// Nested returns the template a resource type stands for, seen from
	// the template at fromPath (ok false when it is not a readable
	// template). Nil: nested templates are drawn as plain resources.
	Nested func(fromPath, resourceName, typeName string) (path string, doc *hot.Document, ok bool)
	// Encoding is the unit of Node.Range's characters (default UTF-16).
	Encoding source.Encoding
	// MaxDepth bounds how deep nested templates are opened (default 3).
	MaxDepth int
	// MaxNodes bounds the drawing (default DefaultMaxNodes): once it has
	// that many nodes, nested templates are drawn as plain resources and
	// Graph.Unopened counts them. Every resource type of a template may
	// name the same nested template, so opening each would multiply the
	// sizes of the files; the bound keeps the graph linear in them.
	MaxNodes int
}

// DefaultMaxNodes is far more than a drawing anyone reads shows, and
// keeps the answer a few megabytes at most.
const DefaultMaxNodes = 10000

// Input is one template to draw.
type Input struct {
	// Path is the template's file path ("" for an unsaved buffer).
	Path string
	Doc  *hot.Document
}

// Build draws the templates among files (other documents are skipped).
// With several templates each gets a cluster of its own.
func Build(files []Input, opts Options) *Graph {
	if opts.MaxDepth <= 0 {
		opts.MaxDepth = 3
	}
	if opts.MaxNodes <= 0 {
		opts.MaxNodes = DefaultMaxNodes
	}
	b := &builder{g: &Graph{Nodes: []*Node{}, Edges: []*Edge{}, Clusters: []*Cluster{}}, opts: opts, ids: map[string]bool{}, edges: map[edgeKey]*Edge{}}
	var tpls []Input
	for _, f := range files {
		if f.Doc != nil && f.Doc.Template != nil {
			tpls = append(tpls, f)
		}
	}
	for _, f := range tpls {
		if b.g.Title != "" {
			b.g.Title += ", "
		}
		b.g.Title += displayName(f.Path)
	}
	for i, f := range tpls {
		if len(tpls) == 1 {
			b.template(f.Path, f.Doc, "", "", 0, nil)
			continue
		}
		c := b.cluster(ClusterFile, displayName(f.Path), "", f.Path)
		b.template(f.Path, f.Doc, strconv.Itoa(i+1)+":", c, 0, nil)
	}
	b.sortEdges()
	return b.g
}

func displayName(path string) string {
	if path == "" {
		return "template"
	}
	return filepath.Base(path)
}

type edgeKey struct {
	from, to string
	kind     EdgeKind
}

type builder struct {
	g     *Graph
	opts  Options
	ids   map[string]bool
	edges map[edgeKey]*Edge
}

// scope is one template being drawn: its names and node IDs.
type scope struct {
	path   string
	doc    *hot.Document
	prefix string
	// owner maps a resource's or output's entry to its node ID.
	owner     map[*hot.Entry]string
	resources map[string]string // resource name → node ID
	params    map[string]string // parameter name → node ID
	loop      map[string]int    // resource name → loop number (+1)
}

// id returns a node ID not used before, derived from want.
func (b *builder) id(want string) string {
	id := want
	for n := 2; b.ids[id]; n++ {
		id = want + "#" + strconv.Itoa(n)
	}
	b.ids[id] = true
	return id
}

func (b *builder) cluster(kind ClusterKind, label, parent, path string) string {
	c := &Cluster{ID: "c" + strconv.Itoa(len(b.g.Clusters)), Kind: kind, Label: label, Parent: parent, Path: path}
	b.g.Clusters = append(b.g.Clusters, c)
	return c.ID
}

func (b *builder) node(s *scope, kind NodeKind, id, name, typ string, key *syntax.Node, cluster string) *Node {
	n := &Node{ID: b.id(id), Kind: kind, Name: name, Type: typ, Cluster: cluster, Path: s.path}
	if key != nil {
		n.Span = key.Span()
		m := s.doc.Mapper
		start, end := m.Position(key.Span().Start, b.opts.Encoding), m.Position(key.Span().End, b.opts.Encoding)
		n.Range = Range{Start: Position{start.Line, start.Character}, End: Position{end.Line, end.Character}}
	}
	b.g.Nodes = append(b.g.Nodes, n)
	return n
}

func (b *builder) edge(from, to string, kind EdgeKind, attr string, inCycle bool) {
	if from == "" || to == "" {
		return
	}
	k := edgeKey{from, to, kind}
	e := b.edges[k]
	if e == nil {
		e = &Edge{From: from, To: to, Kind: kind}
		b.edges[k] = e
		b.g.Edges = append(b.g.Edges, e)
	}
	if attr != "" && !slices.Contains(e.Attributes, attr) {
		e.Attributes = append(e.Attributes, attr)
	}
	e.InCycle = e.InCycle || inCycle
}

// template draws one template's entries into cluster (with IDs under
// prefix), opening nested templates up to the depth bound. chain holds
// the files already open above, so a template nesting itself stops.
func (b *builder) template(path string, doc *hot.Document, prefix, cluster string, depth int, chain []string) {
	t := doc.Template
	s := &scope{path: path, doc: doc, prefix: prefix, owner: map[*hot.Entry]string{},
		resources: map[string]string{}, params: map[string]string{}, loop: map[string]int{}}
	for i, loop := range check.DependencyLoops(t, b.opts.Schema) {
		for _, name := range loop {
			s.loop[name] = i + 1
		}
	}
	if b.opts.Parameters && depth == 0 {
		for _, p := range t.Parameters {
			if t.Parameter(p.Name) != p {
				continue
			}
			n := b.node(s, KindParameter, prefix+"parameter:"+p.Name, p.Name, p.Type, p.Key, cluster)
			s.params[p.Name] = n.ID
		}
	}
	for _, r := range t.Resources {
		if t.Resource(r.Name) != r {
			continue
		}
		b.resource(s, r, cluster, depth, append(chain, path))
	}
	if b.opts.Outputs && depth == 0 {
		for _, o := range t.Outputs {
			if t.Output(o.Name) != o {
				continue
			}
			n := b.node(s, KindOutput, prefix+"output:"+o.Name, o.Name, "", o.Key, cluster)
			n.Condition = conditionText(o.ConditionRef)
			s.owner[&o.Entry] = n.ID
		}
	}
	b.references(s)
}

// resource draws r: a plain node, or a cluster when r is a nested
// template or a group.
func (b *builder) resource(s *scope, r *hot.Resource, cluster string, depth int, chain []string) {
	id := s.prefix + r.Name
	defs := check.ResourceDefinitions(r)
	members := defs[1:]
	nestedPath, nestedDoc, nested := b.nested(s.path, r.Name, r.Type, depth, chain)
	home := cluster
	switch {
	case nested:
		home = b.cluster(ClusterNested, r.Name+" ("+displayName(nestedPath)+")", cluster, nestedPath)
	case len(members) > 0:
		home = b.cluster(ClusterGroup, r.Name+" ("+r.Type+")", cluster, "")
	}
	n := b.node(s, KindResource, id, r.Name, r.Type, r.Key, home)
	n.Condition = conditionText(r.ConditionRef)
	n.InCycle = s.loop[r.Name] > 0
	s.owner[&r.Entry] = n.ID
	s.resources[r.Name] = n.ID
	if nested {
		b.template(nestedPath, nestedDoc, n.ID+"/", home, depth+1, chain)
		return
	}
	for i, m := range members {
		name := "member"
		if len(members) > 1 {
			name = "member " + strconv.Itoa(i)
		}
		mid := n.ID + "/" + name
		mHome := home
		mPath, mDoc, mNested := b.nested(s.path, "", m.TypeName, depth, chain)
		if mNested {
			mHome = b.cluster(ClusterNested, name+" ("+displayName(mPath)+")", home, mPath)
		}
		mn := b.node(s, KindMember, mid, name, m.TypeName, m.Type, mHome)
		b.edge(n.ID, mn.ID, EdgeMember, "", false)
		if mNested {
			b.template(mPath, mDoc, mn.ID+"/", mHome, depth+1, chain)
		}
	}
}

// nested resolves a type to a template when the depth and the chain
// allow opening it.
func (b *builder) nested(from, resource, typ string, depth int, chain []string) (string, *hot.Document, bool) {
	if b.opts.Nested == nil || typ == "" || depth+1 > b.opts.MaxDepth {
		return "", nil, false
	}
	path, doc, ok := b.opts.Nested(from, resource, typ)
	if !ok || doc == nil || doc.Template == nil || slices.Contains(chain, path) {
		return "", nil, false
	}
	if len(b.g.Nodes) >= b.opts.MaxNodes {
		b.g.Unopened++
		return "", nil, false
	}
	return path, doc, true
}

// references adds the edges of one template: depends_on, and the
// get_resource / get_attr / get_param calls of resources and outputs.
func (b *builder) references(s *scope) {
	t := s.doc.Template
	cyc := func(from, to string) bool { return s.loop[from] > 0 && s.loop[from] == s.loop[to] }
	inResource := func(c *hot.Call, to string) bool { return c.Context == hot.InResource && cyc(c.Owner.Name, to) }
	for _, r := range t.Resources {
		from, ok := s.owner[&r.Entry]
		if !ok {
			continue
		}
		for _, d := range r.DependsOn {
			b.edge(from, s.resources[d.Value], EdgeDependsOn, "", cyc(r.Name, d.Value))
		}
	}
	for _, c := range t.Calls {
		if c.Owner == nil {
			continue
		}
		from, ok := s.owner[c.Owner]
		if !ok {
			continue
		}
		args := c.Args.Resolve()
		switch c.Name {
		case "get_resource":
			if args.IsScalar() {
				b.edge(from, s.resources[args.Value], EdgeGetResource, "", inResource(c, args.Value))
			}
		case "get_attr":
			if args.IsSequence() && len(args.Items()) > 0 {
				target := args.Items()[0].Resolve()
				if !target.IsScalar() {
					continue
				}
				attr := ""
				if len(args.Items()) > 1 {
					if a := args.Items()[1].Resolve(); a.IsScalar() {
						attr = a.Value
					}
				}
				b.edge(from, s.resources[target.Value], EdgeGetAttr, attr, inResource(c, target.Value))
			}
		case "get_param":
			name := args
			if args.IsSequence() && len(args.Items()) > 0 {
				name = args.Items()[0].Resolve()
			}
			if name.IsScalar() {
				b.edge(from, s.params[name.Value], EdgeGetParam, "", false)
			}
		}
	}
}

// sortEdges orders edges by their ends' node order, then kind.
func (b *builder) sortEdges() {
	pos := make(map[string]int, len(b.g.Nodes))
	for i, n := range b.g.Nodes {
		pos[n.ID] = i
	}
	slices.SortStableFunc(b.g.Edges, func(x, y *Edge) int {
		return cmp.Or(cmp.Compare(pos[x.From], pos[y.From]), cmp.Compare(pos[x.To], pos[y.To]), cmp.Compare(x.Kind, y.Kind))
	})
}
