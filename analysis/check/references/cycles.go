package references

import (
	"fmt"
	"slices"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// CheckCycles reports resources that depend on each other in a loop
// (through depends_on, get_resource and get_attr), which Heat refuses,
// and conditions that refer to each other in a loop. Each loop is
// reported once (see reportCycles). Tarjan's algorithm keeps it linear in
// the references.
func CheckCycles(p *pass.Pass) {
	resourceCycles(p)
	conditionCycles(p)
}

func resourceCycles(p *pass.Pass) {
	v := pass.DeclaredVersion(p)
	if !hasDependencyLoop(p, v) {
		return
	}
	resourceGraph(p.T, v, p.AnyInput()).reportCycles(p, rules.DependencyCycle,
		"These resources depend on each other in a loop (%s), so Heat cannot order them and refuses the template. Break the loop by removing one of the references.")
}

// resourceGraph is the dependency graph Heat orders resources by:
// depends_on, and get_resource / get_attr in a resource's properties and
// metadata (only the functions version v knows, when v is known). Heat
// takes no dependency from the other keys (a reference in update_policy
// or external_id orders nothing), and none but depends_on from a resource
// with an external_id, which it adopts instead of building (the oracle
// accepts such a resource and one that reads it referring to each other:
// hc/external-id-reference-loop-ok). A resource whose condition is false
// for every input is in no loop: Heat leaves it out of the stack and drops
// a depends_on naming it (hc/resource-condition-false-depends-on-loop-ok;
// a get_resource or get_attr naming it is undefined-resource's).
func resourceGraph(t *hot.Template, v *schema.Version, anyInput *eval.Evaluator) *refGraph {
	g := newRefGraph(len(t.Resources))
	var out map[string]bool
	for _, r := range t.Resources {
		g.node(r.Name, r.Key)
		if pass.IsLeftOut(anyInput, v, r) {
			if out == nil {
				out = map[string]bool{}
			}
			out[r.Name] = true
		}
	}
	edge := func(from, to string, ref *syntax.Node) {
		if !out[from] && !out[to] {
			g.edge(from, to, ref)
		}
	}
	for _, r := range t.Resources {
		for _, dep := range r.DependsOn {
			if dep.Value != r.Name { // self: depends-on-self reports it
				edge(r.Name, dep.Value, dep)
			}
		}
	}
	for _, c := range t.Calls {
		if target := orderingTarget(t, v, c); target != nil {
			edge(c.Owner.Name, target.Value, target)
		}
	}
	return g
}

// orderingTarget is the name node of the resource Heat orders the owner
// of c after (c a get_resource or get_attr in a resource, a function of
// version v); nil when c orders nothing.
func orderingTarget(t *hot.Template, v *schema.Version, c *hot.Call) *syntax.Node {
	if c.Context != hot.InResource || c.Owner == nil || v != nil && !v.HasFunction(c.Name) {
		return nil
	}
	if target := pass.ReferencedResource(c); target != nil && ordersBy(t, v, c) {
		return target
	}
	return nil
}

// ordersBy tells whether Heat orders the owner of c (a call in a
// resource) after what c refers to: c lies in its properties or metadata
// and the resource has no external_id (a key of version v).
func ordersBy(t *hot.Template, v *schema.Version, c *hot.Call) bool {
	res := pass.ResourceOf(t, c.Owner)
	if res == nil {
		return true
	}
	if f := res.Field("external_id"); f.Key != nil && (v == nil || v.Supports(schema.FeatureExternalID)) {
		if n := f.Value.Resolve(); !n.IsNull() && !(n.IsScalar() && n.Value == "") {
			return false
		}
	}
	return withinField(res, c, "properties") || withinField(res, c, "metadata")
}

func conditionCycles(p *pass.Pass) {
	if len(p.T.Conditions) == 0 {
		return
	}
	g := newRefGraph(len(p.T.Conditions))
	for _, c := range p.T.Conditions {
		g.node(c.Name, c.Key)
	}
	for _, c := range p.T.Conditions {
		eachConditionName(p.AnyInput(), c.Value, func(n *syntax.Node) bool {
			g.edge(c.Name, n.Value, n)
			return true
		})
	}
	g.reportCycles(p, rules.ConditionCycle,
		"These conditions refer to each other in a loop (%s), so none of them can be evaluated and Heat refuses the template. Break the loop.")
}

// refGraph is a directed graph of named entries with the reference node
// of each edge.
type refGraph struct {
	index map[string]int
	names []string
	keys  []*syntax.Node
	out   [][]refEdge
}

type refEdge struct {
	to   int
	node *syntax.Node
}

func newRefGraph(n int) *refGraph {
	return &refGraph{index: make(map[string]int, n)}
}

// node adds a named entry; a repeated name keeps its first index.
func (g *refGraph) node(name string, key *syntax.Node) {
	if _, ok := g.index[name]; ok {
		return
	}
	g.index[name] = len(g.names)
	g.names = append(g.names, name)
	g.keys = append(g.keys, key)
	g.out = append(g.out, nil)
}

// edge adds a reference; references to unknown names are ignored (other
// rules report them).
func (g *refGraph) edge(from, to string, ref *syntax.Node) {
	f, ok1 := g.index[from]
	t, ok2 := g.index[to]
	if ok1 && ok2 {
		g.out[f] = append(g.out[f], refEdge{t, ref})
	}
}

// components returns the strongly connected components that hold a loop
// (more than one entry, or an entry referring to itself). Iterative
// Tarjan, so deep chains cannot exhaust the stack.
func (g *refGraph) components() [][]int {
	n := len(g.names)
	idx := make([]int, n)
	low := make([]int, n)
	onStack := make([]bool, n)
	for i := range idx {
		idx[i] = -1
	}
	var stack []int
	var comps [][]int
	type frame struct{ v, next int }
	counter := 0
	for root := 0; root < n; root++ {
		if idx[root] != -1 {
			continue
		}
		call := []frame{{root, 0}}
		idx[root], low[root] = counter, counter
		counter++
		stack = append(stack, root)
		onStack[root] = true
		for len(call) > 0 {
			f := &call[len(call)-1]
			if f.next < len(g.out[f.v]) {
				w := g.out[f.v][f.next].to
				f.next++
				if idx[w] == -1 {
					idx[w], low[w] = counter, counter
					counter++
					stack = append(stack, w)
					onStack[w] = true
					call = append(call, frame{w, 0})
				} else if onStack[w] {
					low[f.v] = min(low[f.v], idx[w])
				}
				continue
			}
			v := f.v
			call = call[:len(call)-1]
			if len(call) > 0 {
				u := call[len(call)-1].v
				low[u] = min(low[u], low[v])
			}
			if low[v] != idx[v] {
				continue
			}
			var comp []int
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				comp = append(comp, w)
				if w == v {
					break
				}
			}
			if len(comp) > 1 || g.selfLoop(v) {
				comps = append(comps, comp)
			}
		}
	}
	return comps
}

func (g *refGraph) selfLoop(v int) bool {
	for _, e := range g.out[v] {
		if e.to == v {
			return true
		}
	}
	return false
}

// reportCycles reports each loop once, on the reference that leaves its
// first member (in source order) along the loop, naming a shortest loop
// through that member. The message names at most loopNamesShown entries
// and counts the rest; the related locations are the loop's other
// references (at most MaxCycleRelated), so the report stays proportional
// to the template however long the loop is.
func (g *refGraph) reportCycles(p *pass.Pass, code, format string) {
	for _, comp := range g.components() {
		in := make(map[int]bool, len(comp))
		start := comp[0]
		for _, v := range comp {
			in[v] = true
			start = min(start, v)
		}
		loop := g.loopThrough(start, in)
		edges := make([]refEdge, len(loop)-1) // edges[i] leads from loop[i] to loop[i+1]
		for i := range edges {
			for _, e := range g.out[loop[i]] {
				if e.to == loop[i+1] {
					edges[i] = e
					break
				}
			}
		}
		d := p.Errorf(edges[0].node.Span(), code, format, g.spell(loop, len(comp)))
		for i, e := range edges[1:] {
			if i == MaxCycleRelated {
				break
			}
			d.Related = append(d.Related, source.Related{Span: e.node.Span(),
				Message: "`" + g.names[loop[i+1]] + "` refers to `" + g.names[loop[i+2]] + "` here"})
		}
	}
}

// loopNamesShown and MaxCycleRelated bound a loop's report.
const (
	loopNamesShown  = 6
	MaxCycleRelated = 20
)

// spell writes a loop as "a → b → a", eliding the middle of a long one
// ("a → b → c → … → y → z → a, 26 entries"); members counts the entries
// caught in loops together with it, said when there are more.
func (g *refGraph) spell(loop []int, members int) string {
	var b strings.Builder
	n := len(loop) - 1 // the last is the first again
	for i, v := range loop {
		if n > loopNamesShown && i == loopNamesShown/2 {
			b.WriteString("… → ")
		}
		if n > loopNamesShown && i >= loopNamesShown/2 && i < n-loopNamesShown/2 {
			continue
		}
		b.WriteString(g.names[v])
		if i < n {
			b.WriteString(" → ")
		}
	}
	if n > loopNamesShown {
		fmt.Fprintf(&b, ", %d entries", n)
	}
	if members > n {
		fmt.Fprintf(&b, "; %d entries in all are caught in loops with these", members)
	}
	return b.String()
}

// loopThrough finds a shortest loop from start back to start inside the
// component (breadth-first): the entries in order, start at both ends.
func (g *refGraph) loopThrough(start int, in map[int]bool) []int {
	prev := map[int]int{start: -1}
	queue := []int{start}
	last := -1
	for len(queue) > 0 && last == -1 {
		v := queue[0]
		queue = queue[1:]
		for _, e := range g.out[v] {
			if !in[e.to] {
				continue
			}
			if e.to == start {
				last = v
				break
			}
			if _, ok := prev[e.to]; !ok {
				prev[e.to] = v
				queue = append(queue, e.to)
			}
		}
	}
	var path []int
	for v := last; v != -1; v = prev[v] {
		path = append(path, v)
	}
	slices.Reverse(path)
	return append(path, start)
}
