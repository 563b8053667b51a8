package preview

import (
	"strconv"
	"strings"

	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
)

// maxMembers bounds the members previewed of one group.
const maxMembers = 1000

// group expands an OS::Heat::ResourceGroup: its members "0", "1"... (the
// names its removal_policies list skipped), each the resource_def with
// the index_var replaced by its name in every text, form a nested stack.
func (b *builder) group(f frame, res *Resource, r *hot.Resource) {
	props := res.Properties
	count, ok := props.Get("count")
	if !ok {
		count = eval.IntValue(1)
	}
	if count.Kind == eval.Unknown {
		res.NotExpanded = "the count is unknown: " + count.S
		return
	}
	n, isInt := groupCount(count)
	if !isInt {
		return
	}
	if f.depth+1 > b.o.Depth {
		res.NotExpanded = "deeper than --depth"
		return
	}
	if n > maxMembers {
		res.NotExpanded = "more than " + strconv.Itoa(maxMembers) + " members"
		n = maxMembers
	}
	def, _ := props.Get("resource_def")
	if def.Kind != eval.Map {
		res.NotExpanded = "the resource_def is not known"
		return
	}
	indexVar := "%index%"
	if iv, ok := props.Get("index_var"); ok && iv.Kind == eval.String {
		indexVar = iv.S
	}
	skip := skippedNames(props)
	child := frame{path: f.path, doc: f.doc, name: f.name + "-" + r.Name, defaults: f.defaults,
		registry: f.registry.Within(r.Name), depth: f.depth + 1, ancestors: f.ancestors}
	st := &Stack{Name: child.name, Template: f.path}
	typ, _ := def.Get("type")
	mprops, _ := def.Get("properties")
	mmeta, _ := def.Get("metadata")
	for i := 0; len(st.Resources) < n && i < n+len(skip); i++ {
		name := strconv.Itoa(i)
		if skip[name] {
			continue
		}
		m := &Resource{Name: name, Type: eval.PyStr(typ), From: res.From}
		m.Properties = substitute(mprops, indexVar, name, 0)
		if m.Properties.Kind == eval.Null {
			m.Properties = eval.MapValue(nil, nil)
		}
		m.Metadata = substitute(mmeta, indexVar, name, 0)
		b.member(child, m)
		st.Resources = append(st.Resources, m)
	}
	res.Nested = st
}

// member resolves a group member's type and expands it when it is a
// template.
func (b *builder) member(f frame, m *Resource) {
	impl := f.registry.Resolve(m.Type, m.Name)
	switch {
	case impl.Template != "":
		path := impl.Template
		if len(impl.Via) == 0 {
			path = templatePath(f.path, impl.Template)
		}
		m.Implementation = path
		m.Nested, m.NotExpanded = b.child(f, path, m.Name, m.Properties, nil)
	default:
		if impl.Type != m.Type {
			m.Implementation = impl.Type
		}
		m.Properties = b.schemaProperties(impl.Type, m.Properties)
	}
}

func groupCount(v eval.Value) (int, bool) {
	switch v.Kind {
	case eval.Int:
		return int(max(v.I, 0)), true
	case eval.String:
		n, err := strconv.Atoi(strings.TrimSpace(v.S))
		return max(n, 0), err == nil
	case eval.Float:
		return int(max(v.F, 0)), v.F == float64(int(v.F))
	}
	return 0, false
}

// skippedNames are the member names removal_policies name.
func skippedNames(props eval.Value) map[string]bool {
	out := map[string]bool{}
	rp, _ := props.Get("removal_policies")
	for _, p := range rp.Items {
		l, _ := p.Get("resource_list")
		for _, it := range l.Items {
			out[eval.PyStr(it)] = true
		}
	}
	return out
}

// substitute replaces the index variable in every text of v (not in keys,
// as Heat does).
func substitute(v eval.Value, indexVar, name string, depth int) eval.Value {
	if depth > eval.MaxDepth {
		return v
	}
	switch v.Kind {
	case eval.String, eval.Unknown:
		v.S = strings.ReplaceAll(v.S, indexVar, name)
	case eval.List:
		items := make([]eval.Value, len(v.Items))
		for i, it := range v.Items {
			items[i] = substitute(it, indexVar, name, depth+1)
		}
		v.Items = items
	case eval.Map:
		vals := make([]eval.Value, len(v.Vals))
		for i, it := range v.Vals {
			vals[i] = substitute(it, indexVar, name, depth+1)
		}
		v.Vals = vals
	}
	return v
}
