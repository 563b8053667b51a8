package preview

import "heat-ls/analysis/eval"

// nestedOutputs answers get_attr of a template resource whose nested
// stack is expanded: [resource, output, path...] is the nested stack's
// output, followed along the path as Heat follows it. present holds the
// resources built so far, so the stack's outputs and the resources after
// the template resource see its outputs; a resource before it in the
// template, and every other attribute, stays unknown.
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
