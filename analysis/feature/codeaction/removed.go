package codeaction

import (
	"fmt"
	"strings"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// replaceRemoved rewrites a call to a function the version removed with
// its HOT equivalent, when the rewrite is mechanical:
//
//	Ref: name                  → get_param: name (a parameter or pseudo parameter)
//	                             get_resource: name (a resource)
//	Fn::Join: [d, list]        → list_join: [d, list]
//	Fn::Split: [d, s]          → str_split: [d, s]
//	Fn::ResourceFacade: part   → resource_facade: part
//	Fn::Select: [i, {get_attr: [r, a, ...]}] → {get_attr: [r, a, ..., i]}
//	Fn::Select: [i, {get_param: p}]          → {get_param: [p, i]}
//
// Anything else (a computed index, a literal list, an unknown target) is
// not mechanical and gets no fix.
func (f *fixer) replaceRemoved() (Action, bool) {
	c := f.callWithKey()
	if c == nil {
		return Action{}, false
	}
	has := func(name string) bool {
		if f.sch == nil {
			return true
		}
		v, ok := f.sch.Version(f.doc.Template.VersionText)
		return !ok || v.HasFunction(name)
	}
	renameKey := func(to string) (Action, bool) {
		if !has(to) {
			return Action{}, false
		}
		return f.action(fmt.Sprintf("Replace %s with %s", c.Name, to), true, feature.Edit{Span: c.Key.Span(), NewText: to}), true
	}
	args := c.Args.Resolve()
	switch c.Name {
	case "Ref":
		if !args.IsScalar() || args.IsNull() {
			return Action{}, false
		}
		t := f.doc.Template
		switch {
		case t.Parameter(args.Value) != nil || feature.IsPseudo(args.Value):
			return renameKey("get_param")
		case t.Resource(args.Value) != nil:
			return renameKey("get_resource")
		}
	case "Fn::Join":
		if args.IsSequence() && len(args.Items()) == 2 {
			return renameKey("list_join")
		}
	case "Fn::Split":
		if args.IsSequence() && len(args.Items()) == 2 {
			return renameKey("str_split")
		}
	case "Fn::ResourceFacade":
		if args.IsScalar() {
			return renameKey("resource_facade")
		}
	case "Fn::Select":
		return f.selectToPath(c, args, has)
	}
	return Action{}, false
}

// callWithKey finds the call whose name key holds the diagnostic's span.
func (f *fixer) callWithKey() *hot.Call {
	for _, c := range f.doc.Template.Calls {
		if within(f.diag.Span, c.Key.Span()) && f.diag.Span.Len() > 0 {
			return c
		}
	}
	return nil
}

// selectToPath turns Fn::Select of a literal index over get_attr or
// get_param into the same call with the index appended to its path.
func (f *fixer) selectToPath(c *hot.Call, args *syntax.Node, has func(string) bool) (Action, bool) {
	if !args.IsSequence() || len(args.Items()) != 2 {
		return Action{}, false
	}
	index, target := args.Items()[0].Resolve(), args.Items()[1]
	if !index.IsScalar() || index.IsNull() || !safeScalar(index.Value) {
		return Action{}, false
	}
	var inner *hot.Call
	for _, x := range f.doc.Template.Calls {
		if x.Map == target && x.Parent == c {
			inner = x
		}
	}
	if inner == nil || (inner.Name != "get_attr" && inner.Name != "get_param") || !has(inner.Name) {
		return Action{}, false
	}
	var items []string
	switch a := inner.Args.Resolve(); {
	case a.IsScalar() && !a.IsNull():
		items = []string{f.flowText(a)}
	case a.IsSequence() && len(a.Items()) > 0:
		for _, it := range a.Items() {
			s := f.flowText(it)
			if s == "" {
				return Action{}, false
			}
			items = append(items, s)
		}
	default:
		return Action{}, false
	}
	items = append(items, index.Value)
	text := "{" + inner.Name + ": [" + strings.Join(items, ", ") + "]}"
	return f.action(fmt.Sprintf("Replace Fn::Select with a %s path", inner.Name), true, feature.Edit{Span: c.Map.Span(), NewText: text}), true
}

// flowText is a node's source text when it can be copied into a flow
// list as is: a single-line scalar or flow collection.
func (f *fixer) flowText(n *syntax.Node) string {
	if n == nil || n.Kind == syntax.AliasNode {
		return ""
	}
	if n.Kind != syntax.ScalarNode && n.Style != syntax.Flow {
		return ""
	}
	if n.Style == syntax.Literal || n.Style == syntax.Folded {
		return ""
	}
	s := f.doc.Syntax.Text(n)
	if s == "" || strings.ContainsAny(s, "\n#") {
		return ""
	}
	return s
}
