package functions

import (
	"fmt"
	"sort"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// CheckFunctions judges every call against the declared version and the
// place it sits in: functions the version lacks or has removed, condition
// functions outside conditions, functions Heat refuses inside conditions,
// and calls in the parameters section, which Heat never evaluates.
func CheckFunctions(p *pass.Pass) {
	v := pass.DeclaredVersion(p)
	if v == nil {
		return
	}
	// A call is judged by its name, its place in its own entry (and the
	// type of its own resource), the version and the schema.
	p.EachCallAlone(func(i int, c *hot.Call) {
		if c.Context == hot.InParameter {
			if c.Parent == nil {
				p.Reportf(c.Key.Span(), rules.FunctionInParameters,
					"Heat does not evaluate `%s` in the parameters section: the value stays this mapping. Write a literal value, or move the call to where the parameter is used.", c.Name)
			}
			return
		}
		if p.InConditionPosition(i) {
			checkConditionCall(p, v, c)
		} else {
			checkBodyCall(p, v, c)
		}
	})
}

// checkConditionCall judges a call evaluated as a condition.
func checkConditionCall(p *pass.Pass, v *schema.Version, c *hot.Call) {
	switch {
	case v.IsConditionFunction(c.Name):
	case v.IsRemovedFunction(c.Name):
		reportRemoved(p, c)
	case v.HasFunction(c.Name) || v.IsInvalidInConditions(c.Name):
		p.Reportf(c.Key.Span(), rules.FunctionInvalidInConditions,
			"`%s` cannot be used in a condition: Heat refuses it there. Conditions may use %s.",
			c.Name, quotedList(v.ConditionFunctions))
	default:
		first := pass.FirstVersion(p.Schema, func(x *schema.Version) bool { return x.IsConditionFunction(c.Name) })
		if first == nil {
			p.Reportf(c.Key.Span(), rules.FunctionInvalidInConditions,
				"`%s` cannot be used in a condition. Conditions may use %s.", c.Name, quotedList(v.ConditionFunctions))
			return
		}
		d := p.Errorf(c.Key.Span(), rules.FunctionNotInVersion,
			"`%s` works in conditions only from heat_template_version %s; Heat refuses this condition in %s. Raise the version.",
			c.Name, first.Name, p.T.VersionText)
		d.Data = map[string]string{"minVersion": first.Name, "function": c.Name}
	}
}

// checkBodyCall judges a call in a resource, an output or elsewhere.
func checkBodyCall(p *pass.Pass, v *schema.Version, c *hot.Call) {
	if v.HasFunction(c.Name) {
		return
	}
	f, _ := p.Schema.Function(c.Name)
	switch {
	case v.IsRemovedFunction(c.Name):
		reportRemoved(p, c)
	case f != nil && f.ConditionOnly:
		report, tail := p.Warnf, ""
		if prop := PropertyHolding(p, c); prop != nil && rejectsMap(prop.Type) {
			report, tail = p.Errorf, fmt.Sprintf(" The %s property `%s` refuses a mapping, so stack create fails.", prop.Type, prop.Name)
		}
		report(c.Key.Span(), rules.ConditionFunctionOutside,
			"`%s` is a condition function and works only in the conditions section (or a `condition:` key); here Heat keeps the mapping as plain data.%s Define a condition and use it with `if`.", c.Name, tail)
	default:
		first := p.Schema.FirstVersionWithFunction(c.Name)
		if f != nil && f.Since != nil {
			first = f.Since
		}
		firstName := "a newer version"
		if first != nil {
			firstName = first.Name
		}
		report, tail := p.Warnf, ""
		if prop := PropertyHolding(p, c); prop != nil && rejectsMap(prop.Type) {
			report, tail = p.Errorf, fmt.Sprintf(" The %s property `%s` refuses a mapping, so stack create fails.", prop.Type, prop.Name)
		}
		d := report(c.Key.Span(), rules.FunctionNotInVersion,
			"`%s` needs heat_template_version %s or later; in %s Heat does not call it and keeps the mapping as plain data.%s Raise the version.",
			c.Name, firstName, p.T.VersionText, tail)
		d.Data = map[string]string{"minVersion": firstName, "function": c.Name}
	}
}

func reportRemoved(p *pass.Pass, c *hot.Call) {
	msg := "`%s` is no longer supported in heat_template_version %s, so Heat refuses the template."
	f, _ := p.Schema.Function(c.Name)
	args := []any{c.Name, p.T.VersionText}
	if f != nil && f.Replacement != "" {
		msg += " Use %s instead."
		args = append(args, f.Replacement)
	}
	p.Reportf(c.Key.Span(), rules.RemovedFunction, msg, args...)
}

// rejectsMap reports whether a property of this schema type refuses a map.
func rejectsMap(typ string) bool {
	switch typ {
	case "string", "number", "integer", "boolean", "list":
		return true
	}
	return false
}

// PropertyHolding finds the property schema whose value is exactly node
// n, when n sits in a resource's properties and the type is known; nil
// otherwise. It walks down one path, so it costs the nesting depth.
func PropertyHolding(p *pass.Pass, c *hot.Call) *schema.Property {
	if c.Context != hot.InResource || c.Parent != nil {
		return nil
	}
	r := pass.ResourceOf(p.T, c.Owner)
	if r == nil || r.Properties == nil || r.Type == "" {
		return nil
	}
	rt, ok := p.Schema.ResourceType(r.Type)
	if !ok || rt.AcceptsAnyProperties {
		return nil
	}
	n := r.Properties.Resolve()
	var prop *schema.Property
	for depth := 0; n != nil && depth < 32; depth++ {
		next, key := childContaining(n, c.Map)
		if next == nil || (prop == nil && key == "*") {
			return nil
		}
		if prop == nil {
			prop, ok = rt.Property(key)
		} else {
			prop, ok = prop.Child(key)
		}
		if !ok {
			return nil
		}
		if next == c.Map {
			return prop
		}
		n = next.Resolve()
	}
	return nil
}

// childContaining returns the value or item of n that contains target,
// with its key ("*" for a list item).
//
// Children are in source order, so the one that may hold target is found
// by binary search: a call in a list of thousands costs a few steps, not a
// scan of the list.
func childContaining(n, target *syntax.Node) (*syntax.Node, string) {
	switch {
	case n.IsMapping():
		i := sort.Search(n.NumPairs(), func(i int) bool { return n.Pair(i).Value.Span().Start > target.Span().Start }) - 1
		if i >= 0 && pass.SpanWithin(target.Span(), n.Pair(i).Value.Span()) {
			return n.Pair(i).Value, n.Pair(i).Key.Value
		}
	case n.IsSequence():
		i := sort.Search(len(n.Items()), func(i int) bool { return n.Items()[i].Span().Start > target.Span().Start }) - 1
		if i >= 0 && pass.SpanWithin(target.Span(), n.Items()[i].Span()) {
			return n.Items()[i], "*"
		}
	}
	return nil, ""
}

// inProperties reports whether a call sits in its resource's properties,
// which Heat resolves and validates at stack create. Elsewhere (outputs)
// a value is only resolved when shown, so such problems are warnings; so
// are they in the properties of a type that never reads them.
func inProperties(p *pass.Pass, c *hot.Call) bool {
	r := PropertiesOwner(p, c)
	return r != nil && !IgnoresProperties(p, r) && !leftOut(p, r)
}

// leftOut reports whether r's condition is false for every input: Heat
// still parses the resource, but never computes its properties, so what
// only computing them refuses passes (pass.IsLeftOut).
func leftOut(p *pass.Pass, r *hot.Resource) bool {
	return pass.IsLeftOut(p.AnyInput(), pass.EntryVersion(p), r)
}

// PropertiesOwner is the resource whose properties hold the call, or nil.
func PropertiesOwner(p *pass.Pass, c *hot.Call) *hot.Resource {
	if c.Context != hot.InResource {
		return nil
	}
	r := pass.ResourceOf(p.T, c.Owner)
	if r == nil || r.Properties == nil || !pass.SpanWithin(c.Map.Span(), r.Properties.Span()) {
		return nil
	}
	return r
}

// IgnoresProperties reports whether r's type never resolves its
// properties: OS::Heat::None and the stubs left for retired services
// create nothing, so Heat neither computes nor checks what they are given
// (references still order the stack, so they are still checked).
func IgnoresProperties(p *pass.Pass, r *hot.Resource) bool {
	if p.Schema == nil {
		return false
	}
	rt, ok := p.Schema.ResourceType(r.Type)
	return ok && (rt.Name == "OS::Heat::None" || rt.NoOp)
}

// quotedList renders names as "`a`, `b` and `c`".
func quotedList(names []string) string {
	s := ""
	for i, n := range names {
		switch {
		case i == 0:
		case i == len(names)-1:
			s += " and "
		default:
			s += ", "
		}
		s += "`" + n + "`"
	}
	return s
}
