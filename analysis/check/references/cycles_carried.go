package references

import (
	"slices"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/schema"
)

// A keystroke inside one resource changes that resource's dependencies
// and no other's. The dependency graph by index (depGraph) is carried to
// the next version, and only the edited resource's edges are worked out
// again; while the graph holds no loop there is nothing to report. A loop
// is reported from the graph built in full (resourceGraph), so its
// message and locations are a full run's.

// depGraphKey keeps a graph apart by what it was worked out under
// besides the template: the declared version (the functions that order
// resources), the version the any-input evaluator reads and the path.
type depGraphKey struct {
	declared, entry *schema.Version
	path            string
}

// CarriedToNextVersion: the next version needs the graph even when this
// document is gone (hot.Carried).
func (depGraphKey) CarriedToNextVersion() {}

// depGraph is resourceGraph by resource index. It holds no document and
// is not changed once kept.
type depGraph struct {
	// names are the resources' names in order; index the first
	// resource of each name (a repeated name is one node, as in
	// refGraph).
	names []string
	index map[string]int32
	// deps are each resource's edges, as nodes (the index of the first
	// resource of the name it depends on), before the left-out ones are
	// dropped; leftOut says which resources Heat leaves out of the stack.
	deps    [][]int32
	leftOut []bool
	// loop says the graph holds a loop.
	loop bool
}

// hasDependencyLoop says whether the resources depend on each other in a
// loop, from the previous version's graph when p is a splice of one
// resource of it, and keeps the graph for the next version.
func hasDependencyLoop(p *pass.Pass, v *schema.Version) bool {
	key := depGraphKey{declared: v, entry: pass.EntryVersion(p), path: p.Path}
	g := carriedGraph(p, key, v)
	if g == nil {
		g = newDepGraph(p, v)
	}
	p.KeepAnswers(key, g)
	return g.loop
}

// carriedGraph is the previous version's graph with the spliced
// resource's edges worked out again; nil when there is none to carry
// (or two resources share a name, and one node stands for both).
func carriedGraph(p *pass.Pass, key depGraphKey, v *schema.Version) *depGraph {
	changed, ok := p.SplicedResource()
	if !ok {
		return nil
	}
	old, ok := p.CarriedAnswers(key)
	if !ok {
		return nil
	}
	prev := old.(*depGraph)
	t := p.T
	if len(prev.names) != len(t.Resources) || len(prev.index) != len(prev.names) {
		return nil
	}
	for i, r := range t.Resources {
		if prev.names[i] != r.Name {
			return nil
		}
	}
	r := t.Resources[changed]
	var calls []*hot.Call
	for _, c := range t.Calls {
		// Its own calls and those of an entry of the same name in another
		// resources section, as newDepGraph gives them to it (names are
		// unique here, so no other resource's calls match).
		if c.Owner != nil && c.Owner.Name == r.Name {
			calls = append(calls, c)
		}
	}
	deps := prev.dependencies(t, v, r, calls)
	left := pass.IsLeftOut(p.AnyInput(), v, r)
	if left == prev.leftOut[changed] && slices.Equal(deps, prev.deps[changed]) {
		return prev
	}
	g := &depGraph{names: prev.names, index: prev.index, deps: slices.Clone(prev.deps), leftOut: slices.Clone(prev.leftOut)}
	g.deps[changed], g.leftOut[changed] = deps, left
	g.loop = g.hasLoop()
	return g
}

// newDepGraph works the graph out for the whole template.
func newDepGraph(p *pass.Pass, v *schema.Version) *depGraph {
	t := p.T
	n := len(t.Resources)
	g := &depGraph{names: make([]string, n), index: make(map[string]int32, n), deps: make([][]int32, n), leftOut: make([]bool, n)}
	owner := make(map[*hot.Entry]int, n)
	for i, r := range t.Resources {
		g.names[i] = r.Name
		if _, ok := g.index[r.Name]; !ok {
			g.index[r.Name] = int32(i)
		}
		owner[&r.Entry] = i
	}
	calls := make([][]*hot.Call, n)
	for _, c := range t.Calls {
		if i, ok := owner[c.Owner]; ok {
			calls[i] = append(calls[i], c)
		} else if c.Owner != nil {
			if j, ok := g.index[c.Owner.Name]; ok { // an entry of another resources section
				calls[j] = append(calls[j], c)
			}
		}
	}
	anyIn := p.AnyInput()
	for i, r := range t.Resources {
		g.deps[i] = g.dependencies(t, v, r, calls[i])
		g.leftOut[i] = pass.IsLeftOut(anyIn, v, r)
	}
	g.loop = g.hasLoop()
	return g
}

// dependencies are the nodes resource r depends on through depends_on
// and its calls (those whose owner is r), as resourceGraph draws them,
// the left-out ones not yet dropped.
func (g *depGraph) dependencies(t *hot.Template, v *schema.Version, r *hot.Resource, calls []*hot.Call) []int32 {
	var out []int32
	add := func(to string) {
		if j, ok := g.index[to]; ok {
			out = append(out, j)
		}
	}
	for _, dep := range r.DependsOn {
		if dep.Value != r.Name {
			add(dep.Value)
		}
	}
	for _, c := range calls {
		if target := orderingTarget(t, v, c); target != nil {
			add(target.Value)
		}
	}
	return out
}

// hasLoop says whether the graph, without the left-out resources' edges,
// holds a loop: refGraph.components over the same nodes and edges.
func (g *depGraph) hasLoop() bool {
	out := make([]bool, len(g.names))
	for i, left := range g.leftOut {
		if left {
			out[g.index[g.names[i]]] = true
		}
	}
	rg := &refGraph{names: g.names, out: make([][]refEdge, len(g.names))}
	for i, deps := range g.deps {
		from := g.index[g.names[i]]
		for _, to := range deps {
			if !out[from] && !out[to] {
				rg.out[from] = append(rg.out[from], refEdge{to: int(to)})
			}
		}
	}
	return len(rg.components()) > 0
}
