package preview

import (
	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// dependencies fills DependsOn and RequiredBy: a resource depends on the
// resources its depends_on names and those its definition refers to with
// get_resource or get_attr (in the branch of an if its condition takes),
// among those present. named is what buildOrder found each definition
// refers to.
func (b *builder) dependencies(t *hot.Template, s *Stack, present map[string]*Resource, named map[*hot.Resource][]string) {
	for _, res := range s.Resources {
		r := t.Resource(res.Name)
		seen := map[string]bool{}
		add := func(name string) {
			if name == res.Name || seen[name] || present[name] == nil {
				return
			}
			seen[name] = true
			res.DependsOn = append(res.DependsOn, name)
			present[name].RequiredBy = append(present[name].RequiredBy, res.Name)
		}
		for _, d := range r.DependsOn {
			add(d.Value)
		}
		for _, name := range named[r] {
			add(name)
		}
	}
}

// definitionRefs calls add for every name r's definition refers to (see
// refs), in the order of its fields.
func definitionRefs(ev *eval.Evaluator, r *hot.Resource, add func(string)) {
	for _, p := range r.Value.Resolve().Pairs() {
		switch p.Key.Value {
		case "properties", "metadata", "depends_on", "update_policy", "deletion_policy":
			refs(ev, p.Value, add, 0)
		}
	}
}

// refs calls add for every resource name n refers to.
func refs(ev *eval.Evaluator, n *syntax.Node, add func(string), depth int) {
	n = n.Resolve()
	if n == nil || depth > eval.MaxDepth {
		return
	}
	switch n.Kind {
	case syntax.MappingNode:
		if n.NumPairs() == 1 {
			k, args := n.Pair(0).Key.Value, n.Pair(0).Value.Resolve()
			switch k {
			case "get_resource", "Ref":
				if args.IsScalar() {
					add(args.Value)
				}
			case "get_attr", "Fn::GetAtt":
				if items := args.Items(); len(items) > 0 && items[0].Resolve().IsScalar() {
					add(items[0].Resolve().Value)
				}
			case "if":
				if items := args.Items(); len(items) >= 2 && ev.IsFunction("if") {
					c := ev.Condition(items[0])
					switch {
					case c.Kind != eval.Bool:
						for _, it := range items[1:] {
							refs(ev, it, add, depth+1)
						}
					case c.B:
						refs(ev, items[1], add, depth+1)
					case len(items) == 3:
						refs(ev, items[2], add, depth+1)
					}
					return
				}
			}
		}
		for _, p := range n.Pairs() {
			refs(ev, p.Value, add, depth+1)
		}
	case syntax.SequenceNode:
		for _, it := range n.Items() {
			refs(ev, it, add, depth+1)
		}
	}
}
