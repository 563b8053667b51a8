package pass

import (
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// DidYouMean renders " Did you mean `a` or `b`?" for a message, or "".
func DidYouMean(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return " Did you mean `" + names[0] + "`?"
	}
	s := " Did you mean "
	for i, n := range names {
		switch {
		case i == len(names)-1:
			s += " or "
		case i > 0:
			s += ", "
		}
		s += "`" + n + "`"
	}
	return s + "?"
}

// EmptySpanAt is a zero-length span at offset.
func EmptySpanAt(offset int) source.Span { return source.Span{Start: offset, End: offset} }

// SpanWithin reports whether inner lies inside outer.
func SpanWithin(inner, outer source.Span) bool {
	return outer.Start <= inner.Start && inner.End <= outer.End
}

// ResourceOf returns the resource whose entry is e, or nil.
func ResourceOf(t *hot.Template, e *hot.Entry) *hot.Resource {
	if e == nil {
		return nil
	}
	if r := t.Resource(e.Name); r != nil && &r.Entry == e {
		return r
	}
	for _, r := range t.Resources {
		if &r.Entry == e {
			return r
		}
	}
	return nil
}

// OutputOf returns the output whose entry is e, or nil.
func OutputOf(t *hot.Template, e *hot.Entry) *hot.Output {
	if e == nil {
		return nil
	}
	if o := t.Output(e.Name); o != nil && &o.Entry == e {
		return o
	}
	return nil
}

// InConditionPosition is inConditionPosition(p.T, p.T.Calls[i]), worked
// out once per call and run: three rules ask it of every call they judge
// (and rules that judge one resource alone ask it of that one's calls
// only).
func (p *Pass) InConditionPosition(i int) bool {
	if p.conditionCalls == nil {
		p.conditionCalls = make([]uint8, len(p.T.Calls))
	}
	if p.conditionCalls[i] == 0 {
		p.conditionCalls[i] = 1
		if inConditionPosition(p.T, p.T.Calls[i]) {
			p.conditionCalls[i] = 2
		}
	}
	return p.conditionCalls[i] == 2
}

// inConditionPosition reports whether a call is evaluated as a condition:
// inside the conditions section, under a resource's or output's condition
// key, or inside the first argument of an if.
func inConditionPosition(t *hot.Template, c *hot.Call) bool {
	if c.Context == hot.InCondition {
		return true
	}
	if WithinIfCondition(c) {
		return true
	}
	cur := c
	for cur.Parent != nil {
		cur = cur.Parent
	}
	var ref *syntax.Node
	switch cur.Context {
	case hot.InResource:
		if r := ResourceOf(t, cur.Owner); r != nil {
			ref = r.ConditionRef
		}
	case hot.InOutput:
		if o := OutputOf(t, cur.Owner); o != nil {
			ref = o.ConditionRef
		}
	}
	return ref != nil && SpanWithin(cur.Map.Span(), ref.Span())
}

// WithinIfCondition reports whether c lies inside the first argument (the
// condition) of an enclosing if call.
func WithinIfCondition(c *hot.Call) bool {
	for cur := c; cur.Parent != nil; cur = cur.Parent {
		par := cur.Parent
		if par.Name != "if" {
			continue
		}
		if a := par.Args.Resolve(); a.IsSequence() && len(a.Items()) > 0 && SpanWithin(cur.Map.Span(), a.Items()[0].Span()) {
			return true
		}
	}
	return false
}

// ReferencedResource is the literal resource name a get_resource or
// get_attr call refers to; nil for other calls and computed names.
func ReferencedResource(c *hot.Call) *syntax.Node {
	var target *syntax.Node
	switch c.Name {
	case "get_resource":
		target = values.Literal(c.Args)
	case "get_attr":
		if a := c.Args.Resolve(); a.IsSequence() && len(a.Items()) > 0 {
			target = values.Literal(a.Items()[0])
		}
	}
	if !values.IsScalarLiteral(target) {
		return nil
	}
	return target
}

// SpanOrKey is n's span, or the key's when n is an empty value (so the
// diagnostic is visible).
func SpanOrKey(n, key *syntax.Node) source.Span {
	if n != nil && n.Span().Len() > 0 {
		return n.Span()
	}
	return key.Span()
}
