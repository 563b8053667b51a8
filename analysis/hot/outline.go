package hot

import (
	"strings"

	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// Outline is what other files read of a template, as plain values: the
// names, types and spans of its parameters, resources, outputs and
// conditions, without syntax nodes. The workspace index keeps only this
// (with the text) for a template that is not open: a tree of nodes costs
// several times as much, and what other files ask (which parameters a
// nested template takes, which outputs it has, which types its resources
// name) needs none of it. A feature that reads every line of a closed
// file parses its text again.
type Outline struct {
	// Description is the template's description when it is a scalar.
	Description string
	Parameters  []OutlineParameter
	Resources   []OutlineResource
	Outputs     []OutlineOutput
	Conditions  []OutlineEntry
}

// OutlineEntry is one named entry of a section.
type OutlineEntry struct {
	Name string
	// Key is the name key's span (the definition site), Span the key
	// and body together.
	Key, Span source.Span
}

// OutlineParameter is one parameter.
type OutlineParameter struct {
	OutlineEntry
	// Type is the type as written; Description the description when a
	// scalar.
	Type, Description string
	// HasDefault tells whether a default is written; Default is its
	// value's span.
	HasDefault bool
	Default    source.Span
}

// OutlineOutput is one output.
type OutlineOutput struct {
	OutlineEntry
	Description string
}

// OutlineResource is one resource with the definitions it holds.
type OutlineResource struct {
	OutlineEntry
	// Type is the type as written (empty when missing or not a scalar).
	Type string
	// Definitions are the resource's own definition followed by the
	// member definitions a group embeds (its resource_def, resource or
	// resource chain), the ones whose type may stand for a template.
	Definitions []OutlineDefinition
}

// OutlineDefinition is one definition of a resource type with its
// properties (see OutlineResource.Definitions).
type OutlineDefinition struct {
	// TypeName is the type's text; HasType is false when the type is
	// missing or not a scalar (Type and TypeName are then empty).
	TypeName string
	HasType  bool
	// Type is the type value's span, TypeInner the same without quotes.
	Type, TypeInner source.Span
	// Inner is true for a group's member definition.
	Inner bool
	// Properties are the keys of the properties mapping, in order.
	Properties []OutlineProperty
	// PropertiesLeftOut is true when the properties were not kept (a
	// summary keeps no properties of a definition of one of Heat's own
	// types, which is rarely a nested stack): the caller parses the text
	// when it needs them.
	PropertiesLeftOut bool
}

// OutlineProperty is one property key of a definition.
type OutlineProperty struct {
	Name string
	// Key is the key's span, KeyInner the same without quotes, Value the
	// value's span.
	Key, KeyInner, Value source.Span
}

// Parameter looks a parameter up by name (the last one wins, as in Heat).
func (o *Outline) Parameter(name string) *OutlineParameter {
	for i := len(o.Parameters) - 1; i >= 0; i-- {
		if o.Parameters[i].Name == name {
			return &o.Parameters[i]
		}
	}
	return nil
}

// Output looks an output up by name.
func (o *Outline) Output(name string) *OutlineOutput {
	for i := len(o.Outputs) - 1; i >= 0; i-- {
		if o.Outputs[i].Name == name {
			return &o.Outputs[i]
		}
	}
	return nil
}

// Property looks a property key up by name (the last one wins).
func (d *OutlineDefinition) Property(name string) *OutlineProperty {
	for i := len(d.Properties) - 1; i >= 0; i-- {
		if d.Properties[i].Name == name {
			return &d.Properties[i]
		}
	}
	return nil
}

// outlineKey is the Derived key of a full parse's outline.
type outlineKey struct{}

// Outline returns d's outline: the one a summary holds, computed once
// (with every definition's properties) for a template's full parse, nil
// for any other document.
func (d *Document) Outline() *Outline {
	if d == nil {
		return nil
	}
	if d.outline != nil {
		return d.outline
	}
	if d.Template == nil {
		return nil
	}
	return d.Derived(outlineKey{}, func() any { return buildOutline(d, true) }).(*Outline)
}

// buildOutline reads the outline of d's template; all keeps every
// definition's properties, else those of Heat's own types are left out.
// Every string is copied into one block (see outlineStrings).
func buildOutline(d *Document, all bool) *Outline {
	t := d.Template
	o := &Outline{}
	if s := t.Section("description"); s != nil {
		o.Description = scalarText(s.Value)
	}
	o.Parameters = make([]OutlineParameter, 0, len(t.Parameters))
	for _, p := range t.Parameters {
		op := OutlineParameter{OutlineEntry: outlineEntry(&p.Entry), Type: p.Type, Description: scalarText(fieldValue(&p.Entry, "description"))}
		if f := p.Field("default"); f.Key != nil {
			op.HasDefault, op.Default = true, f.Value.Span()
		}
		o.Parameters = append(o.Parameters, op)
	}
	o.Resources = make([]OutlineResource, 0, len(t.Resources))
	for _, r := range t.Resources {
		o.Resources = append(o.Resources, OutlineResource{OutlineEntry: outlineEntry(&r.Entry), Type: r.Type, Definitions: outlineDefinitions(r, all)})
	}
	o.Outputs = make([]OutlineOutput, 0, len(t.Outputs))
	for _, out := range t.Outputs {
		o.Outputs = append(o.Outputs, OutlineOutput{OutlineEntry: outlineEntry(&out.Entry), Description: scalarText(fieldValue(&out.Entry, "description"))})
	}
	o.Conditions = make([]OutlineEntry, 0, len(t.Conditions))
	for _, c := range t.Conditions {
		o.Conditions = append(o.Conditions, outlineEntry(&c.Entry))
	}
	o.compactStrings()
	return o
}

func outlineEntry(e *Entry) OutlineEntry {
	out := OutlineEntry{Name: e.Name}
	if e.Key != nil {
		out.Key = e.Key.Span()
		out.Span = e.Key.Span()
		if e.Value != nil && e.Value.Span().End > out.Span.End {
			out.Span.End = e.Value.Span().End
		}
	}
	return out
}

func fieldValue(e *Entry, key string) *syntax.Node {
	if f := e.Field(key); f.Key != nil {
		return f.Value
	}
	return nil
}

// scalarText is a scalar's trimmed text, "" for anything else.
func scalarText(n *syntax.Node) string {
	if v := n.Resolve(); v.IsScalar() {
		return strings.TrimSpace(v.Value)
	}
	return ""
}

// innerSpan is a scalar's span without its quotes.
func innerSpan(n *syntax.Node) source.Span {
	s := n.Span()
	if (n.Style == syntax.SingleQuoted || n.Style == syntax.DoubleQuoted) && s.Len() >= 2 {
		return source.Span{Start: s.Start + 1, End: s.End - 1}
	}
	return s
}

// outlineDefinitions lists r's definitions: its own, then its members
// (EachMember), as the check package's ResourceDefinitions does.
func outlineDefinitions(r *Resource, all bool) []OutlineDefinition {
	def := func(t *syntax.Node, typeName string, props *syntax.Node, inner bool) OutlineDefinition {
		d := OutlineDefinition{TypeName: typeName, Inner: inner}
		if t != nil {
			d.HasType, d.Type, d.TypeInner = true, t.Span(), innerSpan(t)
		}
		pm := props.Resolve()
		switch {
		case !pm.IsMapping():
		case !all && isBuiltinType(typeName):
			d.PropertiesLeftOut = pm.NumPairs() > 0
		default:
			d.Properties = make([]OutlineProperty, 0, pm.NumPairs())
			for _, p := range pm.Pairs() {
				if p.Key.Kind != syntax.ScalarNode {
					continue
				}
				d.Properties = append(d.Properties, OutlineProperty{Name: p.Key.Value, Key: p.Key.Span(), KeyInner: innerSpan(p.Key), Value: p.Value.Span()})
			}
		}
		return d
	}
	out := []OutlineDefinition{def(r.TypeNode, r.Type, r.Properties, false)}
	if r.TypeNode == nil {
		out[0].TypeName = ""
	}
	r.EachMember(func(t, holder *syntax.Node, propsKey string) {
		out = append(out, def(t, t.Value, holder.Get(propsKey), true))
	})
	return out
}

// EachMember calls yield for each member definition a group resource
// embeds (a ResourceGroup's resource_def, an AutoScalingGroup's resource,
// each type of a ResourceChain) whose type is a string: the type's node,
// the mapping that holds the member's properties and their key there.
// The check package's ResourceDefinitions and the outline both list
// members through it.
func (r *Resource) EachMember(yield func(typ, holder *syntax.Node, propsKey string)) {
	props := r.Properties.Resolve()
	member := func(m *syntax.Node) {
		m = m.Resolve()
		if !m.IsMapping() {
			return
		}
		if t := m.Get("type").Resolve(); t.IsScalar() && t.Tag() == "!!str" {
			yield(t, m, "properties")
		}
	}
	switch r.Type {
	case "OS::Heat::ResourceGroup":
		member(props.Get("resource_def"))
	case "OS::Heat::AutoScalingGroup":
		member(props.Get("resource"))
	case "OS::Heat::ResourceChain":
		list := props.Get("resources").Resolve()
		if !list.IsSequence() {
			break
		}
		for _, it := range list.Items() {
			if it = it.Resolve(); it.IsScalar() && it.Tag() == "!!str" {
				yield(it, props, "resource_properties")
			}
		}
	}
}

// compactStrings copies every string of o into one block: the parse's
// strings are small allocations scattered among its garbage, and a few
// of them kept alive would hold whole heap pages.
func (o *Outline) compactStrings() {
	var ptrs []*string
	each := func(s *string) {
		if *s != "" {
			ptrs = append(ptrs, s)
		}
	}
	each(&o.Description)
	for i := range o.Parameters {
		p := &o.Parameters[i]
		each(&p.Name)
		each(&p.Type)
		each(&p.Description)
	}
	for i := range o.Resources {
		r := &o.Resources[i]
		each(&r.Name)
		each(&r.Type)
		for j := range r.Definitions {
			d := &r.Definitions[j]
			each(&d.TypeName)
			for k := range d.Properties {
				each(&d.Properties[k].Name)
			}
		}
	}
	for i := range o.Outputs {
		each(&o.Outputs[i].Name)
		each(&o.Outputs[i].Description)
	}
	for i := range o.Conditions {
		each(&o.Conditions[i].Name)
	}
	// Offsets first, so the block is allocated once at its exact size.
	seen := make(map[string]int, len(ptrs))
	total := 0
	for _, p := range ptrs {
		if _, ok := seen[*p]; !ok {
			seen[*p] = total
			total += len(*p)
		}
	}
	var b strings.Builder
	b.Grow(total)
	for _, p := range ptrs {
		if seen[*p] == b.Len() { // its first use: not written yet
			b.WriteString(*p)
		}
	}
	block := b.String()
	for _, p := range ptrs {
		off := seen[*p]
		*p = block[off : off+len(*p)]
	}
}
