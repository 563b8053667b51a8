package feature

import (
	"sort"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// Occurrence is one place a parameter, resource or condition name is
// written: its definition key or a use.
type Occurrence struct {
	Node *syntax.Node
	// Span covers the token with its quotes; NameSpan only the name text.
	Span, NameSpan source.Span
	// Definition is true for the name's key in its section.
	Definition bool
}

// References returns the spans of every use of name in namespace ns plus
// its definition key, in source order. It is the list references, document
// highlight and rename work from.
func References(doc *hot.Document, ns Namespace, name string) []source.Span {
	occ := Occurrences(doc, ns, name)
	out := make([]source.Span, len(occ))
	for i, o := range occ {
		out[i] = o.Span
	}
	return out
}

// Occurrences is References with the nodes and which one is the definition.
// Only the entry the model keeps (the last of duplicates) is a definition.
func Occurrences(doc *hot.Document, ns Namespace, name string) (out []Occurrence) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	if doc == nil || doc.Template == nil || name == "" {
		return nil
	}
	t := doc.Template
	add := func(n *syntax.Node, def bool) {
		if n == nil || n.Kind != syntax.ScalarNode || n.Value != name {
			return
		}
		out = append(out, Occurrence{Node: n, Span: n.Span(), NameSpan: InnerSpan(n), Definition: def})
	}
	switch ns {
	case NamespaceParameter:
		if p := t.Parameter(name); p != nil {
			add(p.Key, true)
		}
		for _, g := range t.ParameterGroups {
			for _, n := range g.Names {
				add(n, false)
			}
		}
	case NamespaceResource:
		if r := t.Resource(name); r != nil {
			add(r.Key, true)
		}
		for _, r := range t.Resources {
			for _, n := range r.DependsOn {
				add(n, false)
			}
		}
	case NamespaceCondition:
		if c := t.Condition(name); c != nil {
			add(c.Key, true)
		}
		for _, r := range t.Resources {
			if n := r.ConditionRef; IsConditionName(n) {
				add(n, false)
			}
		}
		for _, o := range t.Outputs {
			if n := o.ConditionRef; IsConditionName(n) {
				add(n, false)
			}
		}
		for _, c := range t.Conditions {
			if IsConditionName(c.Value) {
				add(c.Value, false)
			}
		}
	case NamespaceOutput:
		if o := t.Output(name); o != nil {
			add(o.Key, true)
		}
	}
	for _, c := range t.Calls {
		for _, n := range callRefs(t, c, ns) {
			add(n, false)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Span.Start < out[j].Span.Start })
	return out
}

// callRefs returns the scalar argument nodes of c that name something in
// namespace ns, mirroring what Locate classifies as references.
func callRefs(t *hot.Template, c *hot.Call, ns Namespace) []*syntax.Node {
	args := c.Args
	first := func() *syntax.Node {
		switch {
		case args.Kind == syntax.ScalarNode:
			return args
		case args.Kind == syntax.SequenceNode && len(args.Items()) > 0:
			return args.Items()[0]
		}
		return nil
	}
	notBool := IsConditionName
	switch c.Name {
	case "get_param":
		if ns == NamespaceParameter {
			return []*syntax.Node{first()}
		}
	case "get_resource":
		if ns == NamespaceResource && args.Kind == syntax.ScalarNode {
			return []*syntax.Node{args}
		}
	case "get_attr":
		if ns == NamespaceResource && args.Kind == syntax.SequenceNode && len(args.Items()) > 0 {
			return []*syntax.Node{args.Items()[0]}
		}
	case "Ref":
		if args.Kind == syntax.ScalarNode {
			isParam := t.Parameter(args.Value) != nil || t.Resource(args.Value) == nil && IsPseudo(args.Value)
			if (ns == NamespaceParameter) == isParam && (ns == NamespaceParameter || ns == NamespaceResource) {
				return []*syntax.Node{args}
			}
		}
	case "if":
		if ns == NamespaceCondition && args.Kind == syntax.SequenceNode && len(args.Items()) > 0 && notBool(args.Items()[0]) {
			return []*syntax.Node{args.Items()[0]}
		}
	case "not":
		if ns == NamespaceCondition && InConditionExpression(t, c) && notBool(args) {
			return []*syntax.Node{args}
		}
	case "and", "or":
		if ns == NamespaceCondition && InConditionExpression(t, c) && args.Kind == syntax.SequenceNode {
			var out []*syntax.Node
			for _, it := range args.Items() {
				if notBool(it) {
					out = append(out, it)
				}
			}
			return out
		}
	}
	return nil
}
