package check

import "heat-ls/analysis/hot"

// A resource, output or condition written twice under the same name
// reaches Heat only once: YAML keeps the last, so Heat never reads the
// earlier body. A reference that dangles inside such a replaced body is
// no reason for Heat to refuse the template (checked with the oracle; case
// duplicate-resource-replaced-reference in testdata/difftest); the
// duplicate-key warning already points at the replaced entry, and the
// references inside it are warnings.

// shadowedEntries lists the entries a later one of the same name replaces.
func shadowedEntries(t *hot.Template) map[*hot.Entry]bool {
	var out map[*hot.Entry]bool
	mark := func(e *hot.Entry) {
		if out == nil {
			out = map[*hot.Entry]bool{}
		}
		out[e] = true
	}
	for _, r := range t.Resources {
		if t.Resource(r.Name) != r {
			mark(&r.Entry)
		}
	}
	for _, o := range t.Outputs {
		if t.Output(o.Name) != o {
			mark(&o.Entry)
		}
	}
	for _, c := range t.Conditions {
		if t.Condition(c.Name) != c {
			mark(&c.Entry)
		}
	}
	return out
}

// replaced reports whether e is an entry Heat never reads (shadowedEntries).
func (r *refChecker) replaced(e *hot.Entry) bool {
	if e == nil {
		return false
	}
	if r.shadowed == nil {
		r.shadowed = shadowedEntries(r.p.T)
		if r.shadowed == nil {
			r.shadowed = map[*hot.Entry]bool{}
		}
	}
	return r.shadowed[e]
}

// replacedNote is what a reference problem inside a replaced entry says
// instead of Heat's verdict.
const replacedNote = "Heat never reads this entry, as a later one of the same name replaces it"
