package hot

import (
	"heat-ls/analysis/syntax"
)

// maxWalkDepth bounds recursion over syntax trees. yaml.v3 already refuses
// deeper documents; this is a second fence so no input can exhaust the stack.
const maxWalkDepth = 20000

// buildTemplate indexes a HOT template's top level and sections.
func buildTemplate(root *syntax.Node) *Template { return buildTemplateAfter(root, nil, true) }

// buildTemplateAfter is buildTemplate for a tree that may share nodes with
// the tree of prev, the model of the previous version (nil: none), as a
// spliced tree does (syntax.Splice): the entries whose nodes are shared
// are taken from prev with their calls instead of being built and walked
// again (follow.go). The result equals buildTemplate(root). Without
// calls the model's Calls is left nil (ParseForEvaluation).
func buildTemplateAfter(root *syntax.Node, prev *Template, calls bool) *Template {
	f := newFollower(prev)
	t := &Template{
		Root:       root,
		params:     make(map[string]*Parameter, len(f.prev.Parameters)),
		resources:  make(map[string]*Resource, len(f.prev.Resources)),
		outputs:    make(map[string]*Output, len(f.prev.Outputs)),
		conditions: make(map[string]*Condition, len(f.prev.Conditions)),
	}
	for _, p := range root.Pairs() {
		name := ""
		if p.Key.Kind == syntax.ScalarNode {
			name = p.Key.Value
		}
		t.Sections = append(t.Sections, &Entry{Name: name, Key: p.Key, Value: p.Value})
		if name == "heat_template_version" {
			t.Version = p
			if v := p.Value.Resolve(); v.IsScalar() && !v.IsNull() {
				t.VersionText = v.Value
			} else {
				t.VersionText = ""
			}
		}
	}
	// Heat keeps the last of repeated sections; so does the model.
	if s := t.Section("parameters"); s != nil {
		eachEntry(s.Value, func(e Entry) {
			p := kept(f.prev.Parameters, len(t.Parameters), e, func(p *Parameter) *Entry { return &p.Entry })
			if p == nil {
				p = buildParameter(e)
			}
			t.Parameters = append(t.Parameters, p)
			t.params[p.Name] = p
		})
	}
	if s := t.Section("parameter_groups"); s != nil {
		t.ParameterGroups = buildParameterGroups(s.Value)
	}
	if s := t.Section("resources"); s != nil {
		eachEntry(s.Value, func(e Entry) {
			r := kept(f.prev.Resources, len(t.Resources), e, func(r *Resource) *Entry { return &r.Entry })
			if r == nil {
				r = buildResource(e)
			}
			t.Resources = append(t.Resources, r)
			t.resources[r.Name] = r
		})
	}
	if s := t.Section("outputs"); s != nil {
		eachEntry(s.Value, func(e Entry) {
			o := kept(f.prev.Outputs, len(t.Outputs), e, func(o *Output) *Entry { return &o.Entry })
			if o == nil {
				o = buildOutput(e)
			}
			t.Outputs = append(t.Outputs, o)
			t.outputs[o.Name] = o
		})
	}
	if s := t.Section("conditions"); s != nil {
		eachEntry(s.Value, func(e Entry) {
			c := kept(f.prev.Conditions, len(t.Conditions), e, func(c *Condition) *Entry { return &c.Entry })
			if c == nil {
				c = &Condition{Entry: e}
			}
			t.Conditions = append(t.Conditions, c)
			t.conditions[c.Name] = c
		})
	}
	if calls {
		t.Calls = collectCalls(t, f)
	}
	return t
}

// eachEntry calls fn for every scalar-keyed entry of a section mapping.
// Entries with non-scalar keys are skipped: the check package reports them.
func eachEntry(section *syntax.Node, fn func(Entry)) {
	section = section.Resolve()
	if !section.IsMapping() {
		return
	}
	for _, p := range section.Pairs() {
		if p.Key.Kind != syntax.ScalarNode {
			continue
		}
		fn(Entry{Name: p.Key.Value, Key: p.Key, Value: p.Value})
	}
}

func buildParameterGroups(n *syntax.Node) []*ParameterGroup {
	n = n.Resolve()
	if !n.IsSequence() {
		return nil
	}
	var groups []*ParameterGroup
	for _, item := range n.Items() {
		g := &ParameterGroup{Node: item}
		body := item.Resolve()
		if l := body.Get("label").Resolve(); l.IsScalar() && !l.IsNull() {
			g.Label = l.Value
		}
		if ps := body.Get("parameters").Resolve(); ps.IsSequence() {
			for _, name := range ps.Items() {
				if name.Kind == syntax.ScalarNode {
					g.Names = append(g.Names, name)
				}
			}
		}
		groups = append(groups, g)
	}
	return groups
}

func buildParameter(e Entry) *Parameter {
	p := &Parameter{Entry: e}
	if v := p.Field("type"); v.Key != nil && v.Value.Resolve().IsScalar() {
		p.Type = v.Value.Resolve().Value
	}
	return p
}

func buildOutput(e Entry) *Output {
	o := &Output{Entry: e}
	if f := o.Field("condition"); f.Key != nil {
		o.ConditionRef = f.Value
	}
	return o
}

func buildResource(e Entry) *Resource {
	r := &Resource{Entry: e}
	if f := r.Field("type"); f.Key != nil {
		if v := f.Value.Resolve(); v.IsScalar() && !v.IsNull() {
			r.Type = v.Value
			r.TypeNode = v
		} else {
			r.TypeNode = f.Value
		}
	}
	if f := r.Field("properties"); f.Key != nil {
		r.Properties = f.Value
	}
	if f := r.Field("depends_on"); f.Key != nil {
		switch v := f.Value.Resolve(); {
		case v.IsScalar() && !v.IsNull():
			r.DependsOn = []*syntax.Node{v}
		case v.IsSequence():
			for _, item := range v.Items() {
				if item.Kind == syntax.ScalarNode {
					r.DependsOn = append(r.DependsOn, item)
				}
			}
		}
	}
	if f := r.Field("condition"); f.Key != nil {
		r.ConditionRef = f.Value
	}
	return r
}
