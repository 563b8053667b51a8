package feature

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// Locate says what is under offset in doc. It never panics on any offset
// and returns a zero Target (Kind TargetNone) when nothing known is there
// or when doc is not a template.
func Locate(doc *hot.Document, offset int) (t Target) {
	defer func() {
		if recover() != nil {
			t = Target{}
		}
	}()
	if doc == nil || doc.Syntax == nil || doc.Template == nil {
		return Target{}
	}
	path := doc.Syntax.NodeAt(offset)
	if len(path) == 0 {
		return Target{}
	}
	leaf := path[len(path)-1]
	if leaf.Kind != syntax.ScalarNode {
		return Target{}
	}
	l := locator{doc: doc, tpl: doc.Template, path: path, leaf: leaf}
	return l.locate()
}

type locator struct {
	doc  *hot.Document
	tpl  *hot.Template
	path []*syntax.Node
	leaf *syntax.Node
}

// target starts a Target for the leaf.
func (l *locator) target(kind TargetKind) Target {
	return Target{Kind: kind, Node: l.leaf, Span: l.leaf.Span(), NameSpan: InnerSpan(l.leaf), Name: l.leaf.Value}
}

// isKey reports whether path[i] is the key of a pair in its parent mapping,
// returning that pair.
func (l *locator) pairOf(i int) (p syntax.Pair, isKey bool) {
	if i <= 0 || i >= len(l.path) {
		return syntax.Pair{}, false
	}
	parent := l.path[i-1]
	if parent.Kind != syntax.MappingNode {
		return syntax.Pair{}, false
	}
	n := l.path[i]
	for _, pr := range parent.Pairs() {
		if pr.Key == n {
			return pr, true
		}
		if pr.Value == n {
			return pr, false
		}
	}
	return syntax.Pair{}, false
}

func (l *locator) locate() Target {
	if len(l.path) < 2 || l.path[0] != l.tpl.Root {
		return Target{}
	}
	sectionPair, onKey := l.pairOf(1)
	if sectionPair.Key == nil {
		return Target{}
	}
	if onKey {
		t := l.target(TargetKey)
		t.Context = schema.ContextTopLevel
		return t
	}
	if sectionPair != l.lastSection(sectionPair) {
		// An earlier duplicate section: Heat ignores it, so does the model.
		return Target{}
	}
	// A function call around the leaf wins over the section's meaning.
	if t, ok := l.inCall(); ok {
		return t
	}
	switch sectionPair.Key.Value {
	case "heat_template_version":
		if len(l.path) == 2 {
			return l.target(TargetVersion)
		}
	case "parameters":
		return l.inEntries(NamespaceParameter, schema.ContextParameter)
	case "resources":
		return l.inResources()
	case "outputs":
		return l.inEntries(NamespaceOutput, schema.ContextOutput)
	case "conditions":
		return l.inEntries(NamespaceCondition, schema.ContextTopLevel)
	case "parameter_groups":
		return l.inParameterGroups()
	}
	return Target{}
}

// lastSection returns the section pair the model uses for p's name.
func (l *locator) lastSection(p syntax.Pair) syntax.Pair {
	if p.Key.Kind != syntax.ScalarNode {
		return syntax.Pair{}
	}
	return l.tpl.Root.Lookup(p.Key.Value)
}

// entryAt finds the entry (parameter, resource, ...) whose key is path[2].
func (l *locator) entryAt(ns Namespace) *hot.Entry {
	if len(l.path) < 3 {
		return nil
	}
	p, _ := l.pairOf(2)
	if p.Key == nil || p.Key.Kind != syntax.ScalarNode {
		return nil
	}
	var e *hot.Entry
	switch ns {
	case NamespaceParameter:
		if x := l.tpl.Parameter(p.Key.Value); x != nil {
			e = &x.Entry
		}
	case NamespaceResource:
		if x := l.tpl.Resource(p.Key.Value); x != nil {
			e = &x.Entry
		}
	case NamespaceOutput:
		if x := l.tpl.Output(p.Key.Value); x != nil {
			e = &x.Entry
		}
	case NamespaceCondition:
		if x := l.tpl.Condition(p.Key.Value); x != nil {
			e = &x.Entry
		}
	}
	if e == nil || e.Key != p.Key {
		// A duplicate entry Heat ignores: still say what the key is.
		return nil
	}
	return e
}

// inEntries handles the parameters, outputs and conditions sections.
func (l *locator) inEntries(ns Namespace, bodyCtx schema.Context) Target {
	entry := l.entryAt(ns)
	if len(l.path) == 3 {
		if _, isKey := l.pairOf(2); isKey {
			t := l.target(TargetDefinition)
			t.Namespace = ns
			t.Entry = entry
			return t
		}
		if ns == NamespaceCondition && IsConditionName(l.leaf) {
			// A condition whose body is another condition's name.
			t := l.target(TargetReference)
			t.Namespace = NamespaceCondition
			t.Entry = entry
			return t
		}
		return Target{}
	}
	if ns == NamespaceCondition {
		return Target{}
	}
	// Keys of the entry's body: path is root, section, body, key.
	if len(l.path) == 4 {
		p, isKey := l.pairOf(3)
		switch {
		case p.Key == nil:
		case isKey:
			t := l.target(TargetKey)
			t.Context = bodyCtx
			t.Entry = entry
			return t
		case ns == NamespaceParameter && p.Key.Value == "type":
			t := l.target(TargetKey)
			t.Context = schema.ContextParameterType
			t.Entry = entry
			return t
		case ns == NamespaceOutput && p.Key.Value == "condition":
			return l.conditionRef(entry)
		}
	}
	// parameters.<p>.constraints[i].<kind>: root, section, body, list, item, key.
	if ns == NamespaceParameter && len(l.path) == 6 && l.path[3].Kind == syntax.SequenceNode {
		if p, _ := l.pairOf(3); p.Key != nil && p.Key.Value == "constraints" {
			if _, isKey := l.pairOf(5); isKey {
				t := l.target(TargetKey)
				t.Context = schema.ContextConstraint
				t.Entry = entry
				return t
			}
		}
	}
	return Target{}
}

// conditionRef is a condition: value naming a condition (not a boolean).
func (l *locator) conditionRef(entry *hot.Entry) Target {
	if !IsConditionName(l.leaf) {
		return Target{}
	}
	t := l.target(TargetReference)
	t.Namespace = NamespaceCondition
	t.Entry = entry
	return t
}

// inResources handles the resources section outside calls.
func (l *locator) inResources() Target {
	entry := l.entryAt(NamespaceResource)
	var res *hot.Resource
	if entry != nil {
		res = l.tpl.Resource(entry.Name)
	}
	if len(l.path) == 3 {
		if _, isKey := l.pairOf(2); isKey {
			t := l.target(TargetDefinition)
			t.Namespace = NamespaceResource
			t.Entry = entry
			t.Resource = res
			return t
		}
		return Target{}
	}
	if len(l.path) < 4 {
		return Target{}
	}
	field, isKey := l.pairOf(3)
	if field.Key == nil {
		return Target{}
	}
	if isKey {
		t := l.target(TargetKey)
		t.Context = schema.ContextResource
		t.Entry = entry
		t.Resource = res
		return t
	}
	with := func(t Target) Target { t.Entry = entry; t.Resource = res; return t }
	switch field.Key.Value {
	case "type":
		if len(l.path) == 4 {
			return with(l.target(TargetResourceType))
		}
	case "deletion_policy":
		if len(l.path) == 4 {
			t := l.target(TargetKey)
			t.Context = schema.ContextDeletionPolicy
			return with(t)
		}
	case "condition":
		if len(l.path) == 4 {
			return with(l.conditionRef(entry))
		}
	case "depends_on":
		if len(l.path) == 4 || (len(l.path) == 5 && l.path[3].Kind == syntax.SequenceNode) {
			t := l.target(TargetReference)
			t.Namespace = NamespaceResource
			return with(t)
		}
	case "properties":
		if path, ok := l.propertyPath(4); ok {
			t := l.target(TargetProperty)
			t.PropertyPath = path
			return with(t)
		}
	}
	return Target{}
}

// propertyPath builds the dotted schema path when the leaf is a key inside
// the properties value at path[from-1]. List items become "*".
func (l *locator) propertyPath(from int) (string, bool) {
	last := len(l.path) - 1
	if last < from {
		return "", false
	}
	if _, isKey := l.pairOf(last); !isKey {
		return "", false
	}
	out := ""
	for i := from; i <= last; i++ {
		parent := l.path[i-1]
		var part string
		switch parent.Kind {
		case syntax.SequenceNode:
			part = "*"
		case syntax.MappingNode:
			p, _ := l.pairOf(i)
			if p.Key == nil || p.Key.Kind != syntax.ScalarNode {
				return "", false
			}
			part = p.Key.Value
		default:
			return "", false
		}
		if out != "" {
			out += "."
		}
		out += part
	}
	return out, true
}

// inParameterGroups handles parameter_groups[i].parameters[j].
func (l *locator) inParameterGroups() Target {
	// path: root, seq, item map, parameters seq, name
	if len(l.path) == 4 {
		if _, isKey := l.pairOf(3); isKey {
			t := l.target(TargetKey)
			t.Context = schema.ContextParameterGroup
			return t
		}
	}
	if len(l.path) == 5 && l.path[3].Kind == syntax.SequenceNode {
		if p, _ := l.pairOf(3); p.Key != nil && p.Key.Value == "parameters" {
			t := l.target(TargetReference)
			t.Namespace = NamespaceParameter
			return t
		}
	}
	return Target{}
}
