package difftest

import (
	"fmt"
	"strings"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// candidate is one possible variant of a template: the operator that made
// it, what it changed (for the report), and the edits.
type candidate struct {
	op     string
	detail string
	edits  []edit
}

// Operator names, in the order Generate takes turns between them.
const (
	opVersion   = "version"      // heat_template_version moved to another release
	opMisspell  = "misspell"     // a key with two letters swapped
	opDrop      = "drop"         // a block mapping entry removed
	opType      = "type"         // a value of another type or shape
	opArgs      = "args"         // a function's arguments broken one way
	opDangle    = "dangle"       // a reference to a name that does not exist
	opClash     = "clash"        // a name given to two entries of one section
	opCycle     = "cycle"        // a dependency that closes a cycle
	opCondition = "condition"    // a condition reference broken
	opOriginal  = "original"     // the source unchanged
	undefined   = "no_such_name" // the name dangling references use
)

// operators lists the mutation operators in turn order.
var operators = []string{opVersion, opMisspell, opDrop, opType, opArgs, opDangle, opClash, opCycle, opCondition}

// hotVersions are the versions (dates and names) a variant's version line
// is moved to, plus one date no release knows.
func hotVersions() []string {
	return []string{
		"2013-05-23", "2014-10-16", "2015-04-30", "2015-10-15", "2016-04-08",
		"2016-10-14", "2017-02-24", "2017-09-01", "2018-03-02", "2018-08-31",
		"2021-04-16", "newton", "ocata", "pike", "queens", "rocky", "wallaby",
		"2019-01-01",
	}
}

// candidates returns every variant the operators can make of one template.
func candidates(doc *hot.Document) map[string][]candidate {
	t := doc.Template
	src := doc.Src
	out := map[string][]candidate{}
	add := func(op, detail string, edits ...edit) {
		out[op] = append(out[op], candidate{op, detail, edits})
	}
	versions(t, add)
	walkPairs(t.Root, func(p syntax.Pair, parent *syntax.Node) {
		misspellKey(src, p, add)
		dropPair(src, p, parent, add)
		wrongType(src, p, add)
	})
	for _, c := range t.Calls {
		if c.Context == hot.InParameter {
			continue
		}
		breakArgs(src, c, add)
	}
	names(doc, add)
	cycles(src, t, add)
	conditionRefs(t, add)
	return out
}

// walkPairs visits every mapping entry below n (aliases not followed).
func walkPairs(n *syntax.Node, visit func(p syntax.Pair, parent *syntax.Node)) {
	n.Walk(func(m *syntax.Node, depth int) bool {
		if depth > 40 {
			return false
		}
		if m.Kind == syntax.MappingNode {
			for _, p := range m.Pairs() {
				visit(p, m)
			}
		}
		return true
	})
}

func versions(t *hot.Template, add func(string, string, ...edit)) {
	if t.Version.Key == nil || !t.Version.Value.IsScalar() {
		return
	}
	v := t.Version.Value
	for _, to := range hotVersions() {
		if to != t.VersionText {
			add(opVersion, t.VersionText+" -> "+to, edit{v.Span().Start, v.Span().End, to})
		}
	}
}

// misspellKey swaps two letters of a plain key of three letters or more.
func misspellKey(src []byte, p syntax.Pair, add func(string, string, ...edit)) {
	k := p.Key
	if k.Kind != syntax.ScalarNode || k.Style != syntax.Plain || len(k.Value) < 3 || k.Span().Len() != len(k.Value) {
		return
	}
	b := []byte(k.Value)
	i := len(b) / 2
	if b[i] == b[i-1] {
		i = 1
		if b[0] == b[1] {
			return
		}
	}
	b[i], b[i-1] = b[i-1], b[i]
	add(opMisspell, k.Value+" -> "+string(b), edit{k.Span().Start, k.Span().End, string(b)})
}

// dropPair removes a block mapping entry that starts its own line, with
// every line it spans.
func dropPair(src []byte, p syntax.Pair, parent *syntax.Node, add func(string, string, ...edit)) {
	if parent.Style != syntax.Block || p.Key.Kind != syntax.ScalarNode || !onlySpacesBefore(src, p.Key.Span().Start) {
		return
	}
	end := p.Span().End
	if end > 0 && end <= len(src) && src[end-1] == '\n' {
		end--
	}
	add(opDrop, p.Key.Value, edit{lineStart(src, p.Key.Span().Start), lineEnd(src, end), ""})
}

// wrongType puts a value of another type or shape where a value was.
func wrongType(src []byte, p syntax.Pair, add func(string, string, ...edit)) {
	v := p.Value
	key := p.Key.Value
	switch {
	case v.Kind == syntax.ScalarNode && (v.Style == syntax.Plain || v.Style == syntax.SingleQuoted || v.Style == syntax.DoubleQuoted) && v.Span().Len() > 0:
		for _, repl := range []string{"[x, y]", "{k: v}", "12345", "not_a_number", "true"} {
			if repl == v.Value {
				continue
			}
			add(opType, key+": "+repl, edit{v.Span().Start, v.Span().End, repl})
		}
	case v.Kind == syntax.MappingNode || v.Kind == syntax.SequenceNode:
		// A block collection must start right of its key, or the scalar
		// put in its place would end the mapping.
		if v.Style == syntax.Block && column(src, v.Span().Start) <= column(src, p.Key.Span().Start) {
			return
		}
		repl := "x"
		if v.Kind == syntax.MappingNode {
			add(opType, key+": list for map", edit{v.Span().Start, v.Span().End, "[x]"})
		} else {
			add(opType, key+": map for list", edit{v.Span().Start, v.Span().End, "{x: y}"})
		}
		add(opType, key+": scalar for collection", edit{v.Span().Start, v.Span().End, repl})
	}
}

func column(src []byte, off int) int { return off - lineStart(src, off) }

// breakArgs breaks one function call's arguments one way at a time.
func breakArgs(src []byte, c *hot.Call, add func(string, string, ...edit)) {
	a := c.Args
	name := c.Name
	switch {
	case a.Kind == syntax.ScalarNode && a.Style != syntax.Literal && a.Style != syntax.Folded:
		add(opArgs, name+": scalar to list", edit{a.Span().Start, a.Span().End, "[" + quoteIfNeeded(src, a) + ", extra]"})
		add(opArgs, name+": scalar to map", edit{a.Span().Start, a.Span().End, "{k: " + quoteIfNeeded(src, a) + "}"})
		if a.Span().Len() > 0 {
			add(opArgs, name+": empty argument", edit{a.Span().Start, a.Span().End, "''"})
		}
	case a.Kind == syntax.SequenceNode:
		n := len(a.Items())
		if n >= 2 {
			add(opArgs, name+": last argument dropped", edit{a.Items()[n-2].Span().End, a.Items()[n-1].Span().End, ""})
		}
		if n >= 1 {
			last := a.Items()[n-1]
			if a.Style == syntax.Flow {
				add(opArgs, name+": extra argument", edit{last.Span().End, last.Span().End, ", extra"})
			} else if prefix := src[lineStart(src, last.Span().Start):last.Span().Start]; strings.TrimSpace(string(prefix)) == "-" {
				add(opArgs, name+": extra argument", edit{last.Span().End, last.Span().End, "\n" + string(prefix) + "extra"})
			}
			for i, it := range a.Items() {
				if it.Kind == syntax.ScalarNode && it.Style == syntax.Plain && it.Span().Len() > 0 {
					add(opArgs, fmt.Sprintf("%s: argument %d a map", name, i), edit{it.Span().Start, it.Span().End, "{k: v}"})
					break
				}
			}
		}
		if a.Style == syntax.Flow || column(src, a.Span().Start) > column(src, c.Key.Span().Start) {
			add(opArgs, name+": list to scalar", edit{a.Span().Start, a.Span().End, "x"})
		}
	case a.Kind == syntax.MappingNode:
		if a.Style == syntax.Flow || column(src, a.Span().Start) > column(src, c.Key.Span().Start) {
			add(opArgs, name+": map to list", edit{a.Span().Start, a.Span().End, "[x]"})
		}
	}
}

// quoteIfNeeded returns a scalar's text as written (quotes kept).
func quoteIfNeeded(src []byte, n *syntax.Node) string {
	return string(src[n.Span().Start:n.Span().End])
}

// refName is the node naming what a reference function points at: the
// scalar argument, or the first item of a list argument.
func refName(c *hot.Call) *syntax.Node {
	a := c.Args
	if a.Kind == syntax.SequenceNode && len(a.Items()) > 0 {
		a = a.Items()[0]
	}
	if a.Kind == syntax.ScalarNode && a.Style == syntax.Plain && a.Span().Len() > 0 {
		return a
	}
	return nil
}

// names makes references dangle and names clash.
func names(doc *hot.Document, add func(string, string, ...edit)) {
	t := doc.Template
	for _, c := range t.Calls {
		switch c.Name {
		case "get_param", "get_resource", "get_attr", "Ref", "Fn::GetAtt":
			if n := refName(c); n != nil {
				add(opDangle, c.Name+" "+n.Value, edit{n.Span().Start, n.Span().End, undefined})
			}
		}
	}
	for _, r := range t.Resources {
		for _, d := range r.DependsOn {
			if d.Style == syntax.Plain && d.Span().Len() > 0 {
				add(opDangle, "depends_on "+d.Value, edit{d.Span().Start, d.Span().End, undefined})
			}
		}
	}
	renames := func(section string, entries []*hot.Entry) {
		for i, e := range entries {
			if e.Key.Style != syntax.Plain || e.Key.Span().Len() != len(e.Name) {
				continue
			}
			add(opDangle, section+" "+e.Name+" renamed", edit{e.Key.Span().Start, e.Key.Span().End, e.Name + "_renamed"})
			if i > 0 {
				other := entries[i-1].Name
				add(opClash, section+" "+e.Name+" named "+other, edit{e.Key.Span().Start, e.Key.Span().End, other})
			}
		}
	}
	var ps, rs, os, cs []*hot.Entry
	for _, p := range t.Parameters {
		ps = append(ps, &p.Entry)
	}
	for _, r := range t.Resources {
		rs = append(rs, &r.Entry)
	}
	for _, o := range t.Outputs {
		os = append(os, &o.Entry)
	}
	for _, c := range t.Conditions {
		cs = append(cs, &c.Entry)
	}
	renames("parameter", ps)
	renames("resource", rs)
	renames("output", os)
	renames("condition", cs)
	// A resource named like a parameter is allowed; one named like
	// another resource is not (the duplicate key above covers that).
}

// cycles adds a dependency back from a resource to one that depends on it,
// and a dependency of a resource on itself.
func cycles(src []byte, t *hot.Template, add func(string, string, ...edit)) {
	deps := map[string][]string{}
	for _, c := range t.Calls {
		if c.Owner == nil || c.Context != hot.InResource {
			continue
		}
		switch c.Name {
		case "get_resource", "get_attr":
			if n := refName(c); n != nil {
				deps[c.Owner.Name] = append(deps[c.Owner.Name], n.Value)
			}
		}
	}
	for _, r := range t.Resources {
		for _, d := range r.DependsOn {
			deps[r.Name] = append(deps[r.Name], d.Value)
		}
	}
	for _, a := range t.Resources {
		if e, ok := dependsOnEdit(src, t, a, a.Name); ok {
			add(opCycle, a.Name+" depends on itself", e)
		}
		seen := map[string]bool{}
		for _, b := range deps[a.Name] {
			if seen[b] || b == a.Name {
				continue
			}
			seen[b] = true
			rb := t.Resource(b)
			if rb == nil {
				continue
			}
			if e, ok := dependsOnEdit(src, t, rb, a.Name); ok {
				add(opCycle, a.Name+" <-> "+b, e)
			}
		}
	}
}

// dependsOnEdit adds "depends_on: name" to resource r, or name to its
// existing depends_on.
func dependsOnEdit(src []byte, t *hot.Template, r *hot.Resource, name string) (edit, bool) {
	body := r.Value.Resolve()
	if !body.IsMapping() || body.Style != syntax.Block || body.NumPairs() == 0 {
		return edit{}, false
	}
	if p := body.Lookup("depends_on"); p.Key != nil {
		v := p.Value
		switch {
		case v.Kind == syntax.ScalarNode && v.Style == syntax.Plain && v.Span().Len() > 0:
			return edit{v.Span().Start, v.Span().End, "[" + v.Value + ", " + name + "]"}, true
		case v.Kind == syntax.SequenceNode && v.Style == syntax.Flow && len(v.Items()) > 0:
			end := v.Items()[len(v.Items())-1].Span().End
			return edit{end, end, ", " + name}, true
		}
		return edit{}, false
	}
	first := body.Pair(0).Key.Span().Start
	if !onlySpacesBefore(src, first) {
		return edit{}, false
	}
	return edit{first, first, "depends_on: " + name + "\n" + indentOf(src, first)}, true
}

func conditionRefs(t *hot.Template, add func(string, string, ...edit)) {
	for _, r := range t.Resources {
		if c := r.ConditionRef; c != nil && c.Kind == syntax.ScalarNode && c.Style == syntax.Plain && c.Span().Len() > 0 {
			add(opCondition, "resource "+r.Name+" condition "+c.Value, edit{c.Span().Start, c.Span().End, undefined})
			add(opCondition, "resource "+r.Name+" condition as a list", edit{c.Span().Start, c.Span().End, "[" + c.Value + "]"})
		}
	}
	for _, o := range t.Outputs {
		if c := o.ConditionRef; c != nil && c.Kind == syntax.ScalarNode && c.Style == syntax.Plain && c.Span().Len() > 0 {
			add(opCondition, "output "+o.Name+" condition "+c.Value, edit{c.Span().Start, c.Span().End, undefined})
		}
	}
}
