package eval

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// candidateValues are the texts a string parameter is tried with. known
// is false for a parameter heat-ls cannot stand values in for.
func candidateValues(t *hot.Template, name string, compared []string) (vals []string, other int, hasDef, known bool) {
	prm := t.Parameter(name)
	if prm == nil {
		return nil, 0, false, false
	}
	if typ := prm.Field("type").Value.Resolve(); !typ.IsScalar() || typ.Value != "string" {
		return nil, 0, false, false
	}
	def := ""
	if d := prm.Field("default"); d.Key != nil {
		v := d.Value.Resolve()
		if !v.IsScalar() || v.Tag() != "!!str" {
			return nil, 0, false, false
		}
		def, hasDef = v.Value, true
	}
	add := func(v string) {
		for _, have := range vals {
			if have == v {
				return
			}
		}
		vals = append(vals, v)
	}
	if hasDef {
		add(def)
	}
	allowed, constrained, ok := allowedValues(prm)
	switch {
	case !ok:
		return nil, 0, false, false
	case constrained:
		// Other constraints (length, pattern...) may refuse a text
		// heat-ls would try; only the default is known to pass.
		return vals, -1, hasDef, hasDef
	case allowed != nil:
		if !allowed.IsSequence() {
			return nil, 0, false, false
		}
		defAllowed := false
		for _, it := range allowed.Items() {
			if it = it.Resolve(); !it.IsScalar() || it.Tag() != "!!str" {
				return nil, 0, false, false
			}
			add(it.Value)
			defAllowed = defAllowed || hasDef && it.Value == def
		}
		// A default outside the allowed values is refused by itself.
		return vals, -1, hasDef, len(vals) > 0 && (!hasDef || defAllowed)
	}
	for _, v := range compared {
		add(v)
	}
	// One text that equals none of the others.
	vals = append(vals, "\x00other")
	return vals, len(vals) - 1, hasDef, true
}

// allowedValues reads a parameter's constraints: the first
// allowed_values list, and whether any other constraint is there. ok is
// false when the constraints are not a list of mappings.
func allowedValues(prm *hot.Parameter) (allowed *syntax.Node, constrained, ok bool) {
	cs := prm.Field("constraints").Value.Resolve()
	if cs == nil || cs.IsNull() {
		return nil, false, true
	}
	if !cs.IsSequence() {
		return nil, false, false
	}
	for _, c := range cs.Items() {
		c = c.Resolve()
		if !c.IsMapping() {
			return nil, false, false
		}
		if av := c.Lookup("allowed_values"); av.Key != nil && allowed == nil {
			allowed = av.Value.Resolve()
		} else if c.NumPairs() > 1 || c.Lookup("description").Key == nil {
			constrained = true
		}
	}
	return allowed, constrained, true
}

// find tries the inputs, the defaults first, and returns the first one
// under which every term has its wanted value.
func (s *inputSearch) find() ([]Pick, bool) {
	idx := make([]int, len(s.names))
	s.pick = make(map[string]string, len(s.names))
	for {
		for i, name := range s.names {
			s.pick[name] = s.values[i][idx[i]]
		}
		match, ok := s.holds()
		if !ok {
			return nil, false
		}
		if match {
			return s.picks(idx), true
		}
		i := 0
		for ; i < len(idx); i++ {
			if idx[i]++; idx[i] < len(s.values[i]) {
				break
			}
			idx[i] = 0
		}
		if i == len(idx) {
			return nil, false
		}
	}
}

// holds tells whether every term has its wanted value under s.pick, as
// the evaluator works the terms out with the picked texts and every
// other parameter unknown; ok is false when one cannot be decided.
func (s *inputSearch) holds() (match, ok bool) {
	if s.saved == nil {
		s.saved = make([]Value, len(s.names))
	}
	for i, name := range s.names {
		s.saved[i] = s.params[name]
		s.params[name] = StringValue(s.pick[name])
	}
	defer func() {
		for i, name := range s.names {
			s.params[name] = s.saved[i]
		}
	}()
	s.e.Reset(s.params)
	for _, tm := range s.terms {
		v := s.e.Condition(tm.Expr)
		if v.Kind != Bool {
			return false, false
		}
		if v.B != tm.Want {
			return false, true
		}
	}
	return true, true
}

// picks are the texts the input idx gives each compared parameter.
func (s *inputSearch) picks(idx []int) []Pick {
	out := make([]Pick, len(s.names))
	for i, name := range s.names {
		p := Pick{Param: name, Text: s.values[i][idx[i]], Default: idx[i] == 0 && s.hasDef[i]}
		if !p.Default && idx[i] == s.other[i] {
			p.AnyOther, p.Text = true, ""
			for j, v := range s.values[i] {
				if j != s.other[i] {
					p.Others = append(p.Others, v)
				}
			}
		}
		out[i] = p
	}
	return out
}
