package codeaction

import (
	"fmt"
	"strconv"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// declareParameter adds the undeclared parameter under parameters, with
// the type its use suggests, creating the section after
// heat_template_version / description when there is none.
func (f *fixer) declareParameter() (Action, bool) {
	name := f.diag.Data[dataName]
	if name == "" {
		name = f.undeclaredName()
	}
	if name == "" || f.doc.Template.Parameter(name) != nil {
		return Action{}, false
	}
	typ := f.diag.Data[dataGuessedType]
	if typ == "" {
		typ = "string"
	}
	key := name
	if feature.ValidName(name) != nil {
		key = strconv.Quote(name)
	}
	ins, ok := f.insertEntry("parameters", key, []string{"type: " + typ}, "{type: "+typ+"}")
	if !ok {
		return Action{}, false
	}
	return f.action(fmt.Sprintf("Declare parameter '%s' (%s)", name, typ), true, ins), true
}

// undeclaredName is the parameter name the diagnostic points at: the first
// argument of a get_param call at or around its span, or the scalar there.
func (f *fixer) undeclaredName() string {
	sp := f.diag.Span
	for _, c := range f.doc.Template.Calls {
		if c.Name != "get_param" || c.Map.Span().End < sp.Start || c.Map.Span().Start > sp.End {
			continue
		}
		first := c.Args
		if first.IsSequence() && len(first.Items()) > 0 {
			first = first.Items()[0]
		}
		if first.IsScalar() && (within(first.Span(), sp) || within(sp, first.Span()) || within(c.Key.Span(), sp)) {
			return first.Value
		}
	}
	path := f.doc.Syntax.NodeAt(sp.Start)
	if len(path) > 0 {
		if leaf := path[len(path)-1]; leaf.IsScalar() && within(leaf.Span(), sp) {
			return leaf.Value
		}
	}
	return ""
}

// within reports whether inner lies inside outer.
func within(inner, outer source.Span) bool {
	return outer.Start <= inner.Start && inner.End <= outer.End
}

// insertEntry builds the edit adding "key:" with body lines (block style)
// or "key: flow" (flow style) to the top-level section named section,
// creating the section when absent.
func (f *fixer) insertEntry(section, key string, body []string, flow string) (feature.Edit, bool) {
	t := f.doc.Template
	nl := f.newline()
	step := f.indentStep()
	block := func(indent int) string {
		s := spaces(indent) + key + ":"
		for _, b := range body {
			s += nl + spaces(indent+step) + b
		}
		return s
	}
	sec := t.Root.Lookup(section)
	if sec.Key == nil {
		if t.Root.Style == syntax.Flow {
			return feature.Edit{}, false
		}
		at := 0
		for _, p := range t.Root.Pairs() {
			if p.Key.Value == "heat_template_version" || p.Key.Value == "description" {
				at = max(at, p.Span().End)
			}
		}
		text := section + ":" + nl + block(step) + nl
		if at == 0 {
			return feature.Edit{Span: source.Span{}, NewText: text}, true
		}
		pos := afterContent(f.src, at)
		if pos >= len(f.src) {
			return feature.Edit{Span: source.Span{Start: pos, End: pos}, NewText: nl + text}, true
		}
		pos += 1 // after the newline
		return feature.Edit{Span: source.Span{Start: pos, End: pos}, NewText: text}, true
	}
	return f.appendToMapping(sec.Key, sec.Value, block, key+": "+flow)
}

// appendToMapping adds an entry to the mapping under key: after its last
// entry (block), before its closing brace (flow), or as its first entry
// when the value is empty.
func (f *fixer) appendToMapping(key, value *syntax.Node, block func(indent int) string, flowEntry string) (feature.Edit, bool) {
	nl := f.newline()
	v := value
	switch {
	case v.IsNull() && v.Span().Len() == 0:
		pos := lineEnd(f.src, key.Span().End)
		return feature.Edit{Span: source.Span{Start: pos, End: pos}, NewText: nl + block(column(f.src, key.Span().Start)+f.indentStep())}, true
	case v.Kind == syntax.MappingNode && v.Style == syntax.Flow:
		end := v.Span().End - 1
		if end < 0 || end >= len(f.src) || f.src[end] != '}' {
			return feature.Edit{}, false
		}
		text := flowEntry
		if v.NumPairs() > 0 {
			text = ", " + text
		}
		return feature.Edit{Span: source.Span{Start: end, End: end}, NewText: text}, true
	case v.Kind == syntax.MappingNode && v.NumPairs() > 0:
		indent := column(f.src, v.Pair(0).Key.Span().Start)
		last := v.Pair(v.NumPairs() - 1)
		pos := afterContent(f.src, last.Span().End)
		return feature.Edit{Span: source.Span{Start: pos, End: pos}, NewText: nl + block(indent)}, true
	}
	return feature.Edit{}, false
}
