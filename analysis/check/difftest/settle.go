package difftest

import (
	"regexp"
	"strconv"
	"strings"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// The oracle's batch run gives every parameter without a default a
// placeholder value ("x", 1, ...) so that create-time checks run. When the
// placeholder breaks one of the parameter's own constraints Heat stops
// there, and nothing else about the template is learnt at create. settle
// adds a default that meets the constraints to such parameters, in the
// source and so in every variant of it: Heat and heat-ls then judge the
// same text, and Heat's create checks run to the end.

// placeholders are batch_both.py's values, by parameter type.
func placeholder(typ string) string {
	switch typ {
	case "number":
		return "1"
	case "boolean":
		return "false"
	case "comma_delimited_list":
		return "a,b"
	case "json":
		return "{}"
	}
	return "x"
}

// settle returns src with a default added to each parameter whose
// placeholder its constraints refuse, when some value meets them all.
func settle(doc *hot.Document) []byte {
	var edits []edit
	for _, p := range doc.Template.Parameters {
		body := p.Value.Resolve()
		if !body.IsMapping() || body.Style != syntax.Block || body.Lookup("default").Key != nil || body.NumPairs() == 0 {
			continue
		}
		cons := body.Get("constraints").Resolve()
		if !cons.IsSequence() {
			continue
		}
		typ := p.Type
		if typ == "" {
			typ = "string"
		}
		if meets(placeholder(typ), typ, cons) {
			continue
		}
		for _, v := range candidateValues(cons) {
			if meets(v, typ, cons) {
				first := body.Pair(0).Key.Span().Start
				if onlySpacesBefore(doc.Src, first) {
					edits = append(edits, edit{first, first, "default: " + strconv.Quote(v) + "\n" + indentOf(doc.Src, first)})
				}
				break
			}
		}
	}
	if len(edits) == 0 {
		return doc.Src
	}
	return apply(doc.Src, edits)
}

// candidateValues are values worth trying against the constraints.
func candidateValues(cons *syntax.Node) []string {
	var out []string
	for _, c := range cons.Items() {
		c = c.Resolve()
		if av := c.Get("allowed_values").Resolve(); av.IsSequence() && len(av.Items()) > 0 && av.Items()[0].IsScalar() {
			out = append(out, av.Items()[0].Value)
		}
		if l := c.Get("length").Resolve(); l.IsMapping() {
			if n, err := strconv.Atoi(scalarOf(l.Get("min"))); err == nil && n > 0 && n < 256 {
				out = append(out, "Ab1!"+strings.Repeat("x", max(0, n-4)), strings.Repeat("x", n))
			}
		}
		if r := c.Get("range").Resolve(); r.IsMapping() {
			out = append(out, scalarOf(r.Get("min")), scalarOf(r.Get("max")))
		}
		if m := c.Get("modulo").Resolve(); m.IsMapping() {
			out = append(out, scalarOf(m.Get("offset")))
		}
	}
	return append(out, "xxxxxxxx", "Ab1!xxxx", "Abcdef12", "10.0.0.1", "10.0.0.0/24", "fa:16:3e:00:00:01", "2020-01-01T00:00:00Z", "1", "8")
}

// meets reports whether v passes every constraint that can be judged
// offline (a custom constraint that asks a cloud passes).
func meets(v, typ string, cons *syntax.Node) bool {
	for _, c := range cons.Items() {
		c = c.Resolve()
		if !c.IsMapping() {
			continue
		}
		if av := c.Get("allowed_values").Resolve(); av.IsSequence() {
			ok := false
			for _, it := range av.Items() {
				ok = ok || (it.Resolve().IsScalar() && it.Resolve().Value == v)
			}
			if !ok {
				return false
			}
		}
		if l := c.Get("length").Resolve(); l.IsMapping() && !within(float64(len(v)), l) {
			return false
		}
		if r := c.Get("range").Resolve(); r.IsMapping() {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || !within(f, r) {
				return false
			}
		}
		if m := c.Get("modulo").Resolve(); m.IsMapping() {
			f, err1 := strconv.Atoi(v)
			step, err2 := strconv.Atoi(scalarOf(m.Get("step")))
			off, err3 := strconv.Atoi(scalarOf(m.Get("offset")))
			if err1 != nil || err2 != nil || err3 != nil || step == 0 || f%step != off {
				return false
			}
		}
		if p := c.Get("allowed_pattern").Resolve(); p.IsScalar() {
			// A pattern Go cannot read (lookaheads) is not judged here;
			// the candidates mixing cases and digits come first for it.
			if re, err := regexp.Compile(`^(?:` + p.Value + `)`); err == nil && !re.MatchString(v) {
				return false
			}
		}
		if cc := c.Get("custom_constraint").Resolve(); cc.IsScalar() && !customMeets(cc.Value, v) {
			return false
		}
	}
	return true
}

// customMeets judges the custom constraints Heat checks offline.
func customMeets(name, v string) bool {
	switch name {
	case "ip_addr":
		return v == "10.0.0.1"
	case "net_cidr":
		return v == "10.0.0.0/24"
	case "mac_addr":
		return v == "fa:16:3e:00:00:01"
	case "iso_8601":
		return v == "2020-01-01T00:00:00Z"
	}
	return true
}

// within reports whether f lies in the min/max bounds of m.
func within(f float64, m *syntax.Node) bool {
	if lo, err := strconv.ParseFloat(scalarOf(m.Get("min")), 64); err == nil && f < lo {
		return false
	}
	if hi, err := strconv.ParseFloat(scalarOf(m.Get("max")), 64); err == nil && f > hi {
		return false
	}
	return true
}

// scalarOf is n's scalar value, or "" when n is not a scalar.
func scalarOf(n *syntax.Node) string {
	if n = n.Resolve(); n.IsScalar() {
		return n.Value
	}
	return ""
}
