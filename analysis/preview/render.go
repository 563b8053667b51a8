package preview

import (
	"heat-ls/analysis/eval"
)

// Value is the preview as one value: the document Render writes. Unknown
// values stay Unknown (written as their placeholders).
func (s *Stack) Value() eval.Value { return s.value(0) }

type kv struct {
	keys []string
	vals []eval.Value
}

// sizedKV is a kv with room for n entries: a preview's maps are built
// once and their sizes are known, so they need not grow.
func sizedKV(n int) kv { return kv{make([]string, 0, n), make([]eval.Value, 0, n)} }

func (m *kv) add(k string, v eval.Value) {
	m.keys = append(m.keys, k)
	m.vals = append(m.vals, v)
}

func (m *kv) value() eval.Value { return eval.MapValue(m.keys, m.vals) }

func texts(list []string) eval.Value {
	out := make([]eval.Value, len(list))
	for i, s := range list {
		out[i] = eval.StringValue(s)
	}
	return eval.ListValue(out)
}

func (s *Stack) value(depth int) eval.Value {
	top, _, fill := s.shell(depth)
	fill(0, len(s.Resources))
	return top
}

// shell is the stack's value with its resources' values left to fill,
// which builds those from one index to another: the text of a large
// preview builds them in the parts it writes them in (writeText). at is
// the index of the resources among the value's entries.
func (s *Stack) shell(depth int) (v eval.Value, at int, fill func(from, to int)) {
	top := sizedKV(7) // stack, template, parameters, conditions, resources, excluded, outputs
	top.add("stack", eval.StringValue(s.Name))
	top.add("template", eval.StringValue(s.Template))
	if len(s.Parameters) > 0 {
		ps := sizedKV(len(s.Parameters))
		for _, p := range s.Parameters {
			// A nested stack's pseudo parameters follow from the top's.
			if depth > 0 && p.Source == "pseudo" {
				continue
			}
			e := sizedKV(3)
			v := p.Value
			if p.Hidden && v.IsKnown() {
				v = eval.StringValue("******")
			}
			e.add("value", v)
			e.add("type", eval.StringValue(p.Type))
			if p.Source != "" {
				e.add("from", eval.StringValue(p.Source))
			}
			ps.add(p.Name, e.value())
		}
		if len(ps.keys) > 0 {
			top.add("parameters", ps.value())
		}
	}
	if len(s.Conditions) > 0 {
		cs := sizedKV(len(s.Conditions))
		for _, c := range s.Conditions {
			cs.add(c.Name, c.Value)
		}
		top.add("conditions", cs.value())
	}
	rs := kv{make([]string, len(s.Resources)), make([]eval.Value, len(s.Resources))}
	for i, r := range s.Resources {
		rs.keys[i] = r.Name
	}
	at = len(top.keys)
	top.add("resources", rs.value())
	if len(s.Excluded) > 0 {
		top.add("excluded", texts(s.Excluded))
	}
	if len(s.Outputs) > 0 {
		os := sizedKV(len(s.Outputs))
		for _, o := range s.Outputs {
			os.add(o.Name, o.Value)
		}
		top.add("outputs", os.value())
	}
	return top.value(), at, func(from, to int) {
		for i := from; i < to; i++ {
			rs.vals[i] = s.Resources[i].value(depth)
		}
	}
}

// fieldCount is the number of fields value writes.
func (r *Resource) fieldCount() int {
	n := 2 // type, properties
	for _, set := range []bool{
		r.Implementation != "", r.Condition != nil, r.Metadata.Kind != eval.Null,
		r.DeletionPolicy != "", r.UpdatePolicy.Kind != eval.Null, len(r.DependsOn) > 0,
		len(r.RequiredBy) > 0, r.Nested != nil || r.NotExpanded != "",
	} {
		if set {
			n++
		}
	}
	return n
}

func (r *Resource) value(depth int) eval.Value {
	m := sizedKV(r.fieldCount())
	m.add("type", eval.StringValue(r.Type))
	if r.Implementation != "" {
		m.add("implementation", eval.StringValue(r.Implementation))
	}
	if r.Condition != nil {
		m.add("condition", *r.Condition)
	}
	m.add("properties", r.Properties)
	if r.Metadata.Kind != eval.Null {
		m.add("metadata", r.Metadata)
	}
	if r.DeletionPolicy != "" {
		m.add("deletion_policy", eval.StringValue(r.DeletionPolicy))
	}
	if r.UpdatePolicy.Kind != eval.Null {
		m.add("update_policy", r.UpdatePolicy)
	}
	if len(r.DependsOn) > 0 {
		m.add("depends_on", texts(r.DependsOn))
	}
	if len(r.RequiredBy) > 0 {
		m.add("required_by", texts(r.RequiredBy))
	}
	if r.Nested != nil {
		m.add("nested", r.Nested.value(depth+1))
	} else if r.NotExpanded != "" {
		m.add("not_expanded", eval.StringValue(r.NotExpanded))
	}
	return m.value()
}
