package preview

import (
	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
)

// nestedOutputs answers get_attr of a template resource whose nested
// stack is expanded: [resource, output, path...] is the nested stack's
// output, followed along the path as Heat follows it. present holds the
// resources built so far: resources are built after those they refer to
// (buildOrder), so every resource and output of the stack sees the
// outputs, except round a loop of references; every other attribute
// stays unknown.
func nestedOutputs(present map[string]*Resource) func(string, []eval.Value) (eval.Value, bool) {
	return func(name string, path []eval.Value) (eval.Value, bool) {
		res := present[name]
		if res == nil || res.Nested == nil || res.Nested.Template != res.Implementation || path[0].Kind != eval.String {
			return eval.Value{}, false
		}
		for _, o := range res.Nested.Outputs {
			if o.Name != path[0].S {
				continue
			}
			v, ok := eval.AttributePath(o.Value, path[1:])
			// An output that fails makes the get_attr fail when the
			// stack is created; the preview leaves it unknown there,
			// as a value it cannot give.
			if !ok || !v.IsKnown() && v.Kind != eval.Unknown {
				return eval.Value{}, false
			}
			return v, true
		}
		return eval.Value{}, false
	}
}

// buildOrder lists the template's resources (the first of each name) so
// that each comes after the resources its definition refers to, else in
// the template's order; a loop of references is broken where it closes.
// It walks with a stack of its own: a chain of references may be as long
// as the template has resources. named holds, for each resource listed,
// the names its definition refers to, in the order refs finds them (any
// name, a resource's own and unknown ones included): the stack's
// dependencies are read from them once its resources are built, instead
// of walking every definition a second time.
func buildOrder(ev *eval.Evaluator, t *hot.Template) (order []*hot.Resource, named map[*hot.Resource][]string) {
	var rs []*hot.Resource
	index := map[string]int{}
	for _, r := range t.Resources {
		if t.Resource(r.Name) == r {
			index[r.Name] = len(rs)
			rs = append(rs, r)
		}
	}
	deps := make([][]int, len(rs))
	named = make(map[*hot.Resource][]string, len(rs))
	for i, r := range rs {
		var names []string
		definitionRefs(ev, r, func(name string) {
			names = append(names, name)
			if j, ok := index[name]; ok && j != i {
				deps[i] = append(deps[i], j)
			}
		})
		named[r] = names
	}
	const (
		fresh = iota
		open
		done
	)
	state := make([]uint8, len(rs))
	out := make([]*hot.Resource, 0, len(rs))
	type frame struct{ i, next int }
	for start := range rs {
		if state[start] != fresh {
			continue
		}
		stack := []frame{{start, 0}}
		state[start] = open
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.next < len(deps[f.i]) {
				j := deps[f.i][f.next]
				f.next++
				if state[j] == fresh {
					state[j] = open
					stack = append(stack, frame{j, 0})
				}
				continue
			}
			state[f.i] = done
			out = append(out, rs[f.i])
			stack = stack[:len(stack)-1]
		}
	}
	return out, named
}
