package feature

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// TargetKind says what kind of thing sits under the cursor.
type TargetKind int

// The kinds Locate distinguishes.
const (
	TargetNone TargetKind = iota
	// TargetReference is a name that points at a definition: get_param's
	// parameter, get_resource / get_attr / depends_on resource names,
	// condition names (condition:, if, not, and, or), parameter_groups
	// entries, and Ref's target.
	TargetReference
	// TargetDefinition is the name key of a parameter, resource, output or
	// condition.
	TargetDefinition
	// TargetFunction is the name key of an intrinsic function call.
	TargetFunction
	// TargetKey is a section or field key; Context says where.
	TargetKey
	// TargetResourceType is a resource's type: value.
	TargetResourceType
	// TargetProperty is a key inside a resource's properties (nested keys
	// included); PropertyPath is its dotted schema path.
	TargetProperty
	// TargetAttribute is get_attr's attribute item (the second item).
	TargetAttribute
	// TargetVersion is the heat_template_version value.
	TargetVersion
)

func (k TargetKind) String() string {
	switch k {
	case TargetReference:
		return "reference"
	case TargetDefinition:
		return "definition"
	case TargetFunction:
		return "function"
	case TargetKey:
		return "key"
	case TargetResourceType:
		return "resource-type"
	case TargetProperty:
		return "property"
	case TargetAttribute:
		return "attribute"
	case TargetVersion:
		return "version"
	}
	return "none"
}

// Namespace is the kind of name a reference or definition belongs to.
type Namespace int

// Name spaces of a template.
const (
	NamespaceNone Namespace = iota
	NamespaceParameter
	NamespaceResource
	NamespaceCondition
	NamespaceOutput
)

func (n Namespace) String() string {
	switch n {
	case NamespaceParameter:
		return "parameter"
	case NamespaceResource:
		return "resource"
	case NamespaceCondition:
		return "condition"
	case NamespaceOutput:
		return "output"
	}
	return "none"
}

// Target is what Locate found under an offset.
type Target struct {
	Kind TargetKind
	// Node is the scalar under the cursor (a key or a value).
	Node *syntax.Node
	// Span is the token's full span (quotes included); NameSpan its inner
	// text (quotes excluded), which is what rename replaces.
	Span, NameSpan source.Span
	// Name is the token's text: the name, key, function, type or version.
	Name string
	// Namespace is set for references and definitions.
	Namespace Namespace
	// Context is where a TargetKey sits (top level, parameter body, ...).
	Context schema.Context
	// Call is the innermost call the token belongs to (for references,
	// attributes and function names), nil otherwise.
	Call *hot.Call
	// Resource is the resource concerned: the one whose type, property or
	// body key is under the cursor, or for an attribute the resource
	// get_attr names (nil when that resource does not exist).
	Resource *hot.Resource
	// PropertyPath is the dotted schema path of a property key, list items
	// written as "*" (e.g. "networks.*.port").
	PropertyPath string
	// Entry is the parameter, resource, output or condition whose body (or
	// name key) holds the cursor, nil elsewhere.
	Entry *hot.Entry
}

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

// InnerSpan is a scalar's span without its quotes.
func InnerSpan(n *syntax.Node) source.Span {
	s := n.Span()
	if (n.Style == syntax.SingleQuoted || n.Style == syntax.DoubleQuoted) && s.Len() >= 2 {
		return source.Span{Start: s.Start + 1, End: s.End - 1}
	}
	return s
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

// inCall finds the innermost call on the path and classifies the leaf
// relative to it.
func (l *locator) inCall() (Target, bool) {
	for i := len(l.path) - 1; i >= 1; i-- {
		n := l.path[i]
		if n.Kind != syntax.MappingNode {
			continue
		}
		call := l.callAt(n)
		if call == nil {
			continue
		}
		return l.classifyInCall(call, i), true
	}
	return Target{}, false
}

// callAt returns the call whose mapping is n, using binary search over the
// template's calls (they are sorted by start).
func (l *locator) callAt(n *syntax.Node) *hot.Call {
	calls := l.tpl.Calls
	lo, hi := 0, len(calls)
	for lo < hi {
		mid := (lo + hi) / 2
		if calls[mid].Map.Span().Start < n.Span().Start {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	for j := lo; j < len(calls) && calls[j].Map.Span().Start == n.Span().Start; j++ {
		if calls[j].Map == n {
			return calls[j]
		}
	}
	return nil
}

// classifyInCall: path[i] is call.Map.
func (l *locator) classifyInCall(call *hot.Call, i int) Target {
	t := l.target(TargetNone)
	t.Call = call
	t.Entry = call.Owner
	rest := l.path[i+1:]
	if len(rest) == 1 && rest[0] == call.Key {
		t.Kind = TargetFunction
		return t
	}
	if len(rest) == 0 || rest[0] != call.Args {
		return Target{}
	}
	args := call.Args
	// index of the leaf among the argument list's items, -1 for a scalar arg
	idx := -1
	switch {
	case len(rest) == 1 && args.Kind == syntax.ScalarNode:
	case len(rest) == 2 && args.Kind == syntax.SequenceNode:
		for j, it := range args.Items() {
			if it == rest[1] {
				idx = j
			}
		}
	default:
		return Target{}
	}
	isFirst := idx == -1 || idx == 0
	switch call.Name {
	case "get_param":
		if isFirst {
			t.Kind, t.Namespace = TargetReference, NamespaceParameter
			return t
		}
	case "get_resource":
		if idx == -1 {
			t.Kind, t.Namespace = TargetReference, NamespaceResource
			return t
		}
	case "get_attr":
		if idx == 0 {
			t.Kind, t.Namespace = TargetReference, NamespaceResource
			t.Resource = l.tpl.Resource(t.Name)
			return t
		}
		if idx == 1 {
			t.Kind = TargetAttribute
			if first := args.Items()[0]; first.Kind == syntax.ScalarNode {
				t.Resource = l.tpl.Resource(first.Value)
			}
			return t
		}
	case "Ref":
		if idx == -1 {
			t.Kind = TargetReference
			t.Namespace = NamespaceResource
			if l.tpl.Parameter(t.Name) != nil || l.tpl.Resource(t.Name) == nil && IsPseudo(t.Name) {
				t.Namespace = NamespaceParameter
			}
			return t
		}
	case "if":
		if idx == 0 && IsConditionName(l.leaf) {
			t.Kind, t.Namespace = TargetReference, NamespaceCondition
			return t
		}
	case "not":
		if idx == -1 && InConditionExpression(l.tpl, call) && IsConditionName(l.leaf) {
			t.Kind, t.Namespace = TargetReference, NamespaceCondition
			return t
		}
	case "and", "or":
		if idx >= 0 && InConditionExpression(l.tpl, call) && IsConditionName(l.leaf) {
			t.Kind, t.Namespace = TargetReference, NamespaceCondition
			return t
		}
	}
	return Target{}
}

// IsPseudo reports whether name is one of Heat's pseudo parameters in
// some HOT version (the version decides which; the check package says so).
func IsPseudo(name string) bool {
	switch name {
	case "OS::stack_name", "OS::stack_id", "OS::project_id", "OS::region":
		return true
	}
	return false
}
