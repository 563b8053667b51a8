package check

import (
	"sort"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// declaredVersion is the template's HOT version, or nil when it is missing
// or unknown (the version rule reports that; version-gated rules then stay
// silent rather than guess).
func declaredVersion(p *Pass) *schema.Version {
	if p.T == nil || p.Schema == nil || p.T.VersionText == "" {
		return nil
	}
	v, _ := p.Schema.Version(p.T.VersionText)
	return v
}

// closestNames returns up to n candidates within maxDist edits of name,
// nearest first (ties in candidate order). Candidates are short names, so
// the bounded edit distance stays cheap; it runs only when something is
// already wrong.
func closestNames(name string, cands []string, n, maxDist int) []string {
	type cand struct {
		name string
		d    int
	}
	var found []cand
	for _, c := range cands {
		if c == name || len(c)-len(name) > maxDist || len(name)-len(c) > maxDist {
			continue
		}
		if d := editDistance(name, c); d <= maxDist {
			found = append(found, cand{c, d})
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].d < found[j].d })
	if len(found) > n {
		found = found[:n]
	}
	out := make([]string, len(found))
	for i, c := range found {
		out[i] = c.name
	}
	return out
}

// suggestionDistance is how far a misspelling may be from a name to be
// offered: a third of its length, at least 1 and at most 3 edits.
func suggestionDistance(name string) int {
	d := (len(name) + 2) / 3
	return max(1, min(d, 3))
}

// editDistance is the Levenshtein distance over bytes of two short names.
func editDistance(a, b string) int {
	if len(a) > 64 {
		a = a[:64]
	}
	if len(b) > 64 {
		b = b[:64]
	}
	var prevBuf, curBuf [65]int
	prev, cur := prevBuf[:len(b)+1], curBuf[:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// didYouMean renders " Did you mean `a` or `b`?" for a message, or "".
func didYouMean(names []string) string {
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

// kindName says in words what kind of YAML value n is, for messages.
func kindName(n *syntax.Node) string {
	n = n.Resolve()
	switch {
	case n == nil:
		return "nothing"
	case n.IsMapping():
		return "a mapping"
	case n.IsSequence():
		return "a list"
	case n.IsNull():
		return "empty"
	}
	switch n.Tag {
	case "!!int", "!!float":
		return "a number"
	case "!!bool":
		return "a boolean"
	}
	return "a string"
}

// isLiteralString reports whether n is a plain scalar that Heat reads as a
// string (quoted or not, dates included, null excluded).
func isLiteralString(n *syntax.Node) bool {
	n = n.Resolve()
	if !n.IsScalar() || n.IsNull() {
		return false
	}
	if n.Style != syntax.Plain {
		return true
	}
	switch n.Tag {
	case "!!int", "!!float", "!!bool":
		return false
	}
	return true
}

// emptySpanAt is a zero-length span at offset.
func emptySpanAt(offset int) source.Span { return source.Span{Start: offset, End: offset} }

// spanWithin reports whether inner lies inside outer.
func spanWithin(inner, outer source.Span) bool {
	return outer.Start <= inner.Start && inner.End <= outer.End
}

// resourceOf returns the resource whose entry is e, or nil.
func resourceOf(t *hot.Template, e *hot.Entry) *hot.Resource {
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

// outputOf returns the output whose entry is e, or nil.
func outputOf(t *hot.Template, e *hot.Entry) *hot.Output {
	if e == nil {
		return nil
	}
	if o := t.Output(e.Name); o != nil && &o.Entry == e {
		return o
	}
	return nil
}

// inConditionPosition reports whether a call is evaluated as a condition:
// inside the conditions section, under a resource's or output's condition
// key, or inside the first argument of an if.
func inConditionPosition(t *hot.Template, c *hot.Call) bool {
	if c.Context == hot.InCondition {
		return true
	}
	cur := c
	for cur.Parent != nil {
		par := cur.Parent
		if par.Name == "if" {
			if a := par.Args.Resolve(); a.IsSequence() && len(a.Items) > 0 && spanWithin(cur.Map.Span, a.Items[0].Span) {
				return true
			}
		}
		cur = par
	}
	var ref *syntax.Node
	switch cur.Context {
	case hot.InResource:
		if r := resourceOf(t, cur.Owner); r != nil {
			ref = r.ConditionRef
		}
	case hot.InOutput:
		if o := outputOf(t, cur.Owner); o != nil {
			ref = o.ConditionRef
		}
	}
	return ref != nil && spanWithin(cur.Map.Span, ref.Span)
}
