package parameters

import (
	"encoding/json"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/pyjson"
	"heat-ls/analysis/rules"
	"heat-ls/schema"
)

// checkParameterDefault checks that the default reads as the type and
// passes the parameter's own constraints (Heat checks both: the type when
// the stack is created, the constraints already at validate).
func checkParameterDefault(p *pass.Pass, prm *hot.Parameter, typ string, cons []schema.Constraint, res values.RegexpCache) {
	f := prm.Field("default")
	if f.Key == nil || typ == "" {
		return
	}
	n := f.Value.Resolve()
	if n.IsNull() {
		// Heat asks whether the default is None, not whether the key is
		// there: create then wants a value, as for no default at all.
		p.Reportf(pass.SpanOrKey(f.Value, f.Key), rules.ParameterDefaultNull,
			"The default of `%s` has no value, which Heat reads as no default: stack create fails unless a value for `%s` is given. Write the default (`''` for empty text) or remove the line.",
			prm.Name, prm.Name)
		return
	}
	if n == nil || values.ContainsFunctionCall(n, 0) {
		return
	}
	bad := notScalarOfType(n, typ)
	switch typ {
	case "list":
		// Heat splits anything but a list as text: a number, a boolean
		// or a mapping has no split.
		if n.IsMapping() || (n.IsScalar() && !values.PyYAMLText(n)) {
			bad = "a list or comma-separated text"
		}
	case "map":
		// Heat parses only text that is not empty; it writes a number or
		// a boolean as JSON first, which always parses.
		if !values.PyYAMLText(n) || n.Value == "" {
			break
		}
		if depth, past := pyjson.Depth(n.Value); past >= 0 {
			p.Reportf(n.Span(), rules.ParameterDefaultType,
				"The default of `%s` is JSON text nested %d levels deep (level %d opens at byte %d); Python's json module, which Heat reads it with at stack create, recurses once per level and fails past %d with \"maximum recursion depth exceeded\". Flatten the value.",
				prm.Name, depth, pyjson.MaxDepth+1, past+1, pyjson.MaxDepth)
			return
		}
		if !isPythonJSON(n.Value) {
			bad = "a mapping or JSON text"
		}
	}
	if bad != "" {
		p.Reportf(n.Span(), rules.ParameterDefaultType,
			"The default of `%s` must be %s because the parameter's type is %s; %s is not. Fix the default or change the type.",
			prm.Name, bad, prm.Type, values.QuoteValue(n))
		return
	}
	for _, c := range cons {
		problem := textDefaultProblem(c, typ, n)
		if problem == "" {
			problem = values.ConstraintProblem(c, typ, n, res)
		}
		if problem != "" {
			p.Reportf(n.Span(), rules.ParameterDefaultConstraint,
				"The default of `%s` breaks its own constraint: %s. Heat refuses the template; change the default or the constraint.", prm.Name, problem)
			return
		}
	}
}

// isPythonJSON reports whether Python's json module parses s, which
// takes NaN, Infinity and -Infinity as numbers where Go's does not.
func isPythonJSON(s string) bool {
	return isValidJSON(s) || isValidJSON(withoutPythonNumbers(s))
}

// withoutPythonNumbers replaces the bare words NaN, Infinity and
// -Infinity outside strings with 0.
func withoutPythonNumbers(s string) string {
	var b strings.Builder
	inString := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inString && c == '\\':
			b.WriteByte(c)
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			}
			continue
		case c == '"':
			inString = !inString
		case !inString:
			for _, w := range []string{"-Infinity", "Infinity", "NaN"} {
				if strings.HasPrefix(s[i:], w) {
					b.WriteByte('0')
					i += len(w) - 1
					c = 0
					break
				}
			}
			if c == 0 {
				continue
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

func isValidJSON(s string) bool {
	var v any
	return json.Unmarshal([]byte(s), &v) == nil
}
