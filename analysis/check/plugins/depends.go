package plugins

import (
	"strings"

	"heat-ls/analysis/rules"
)

// Many plugins make one property's presence depend on the value of
// another: an Octavia L7 policy that redirects to a pool names it, a
// vlan segment names its physical network, a flat one takes no
// segmentation id. These two checks say so once; the selector is judged
// only when its value is known offline, and a property given by a
// function call counts as given.

// requiredWhen: Heat refuses the resource when sel is one of vals and
// need is not given (as its plugin asks: not None, or truthy).
func requiredWhen(sel string, vals []string, need probe) pluginCheck {
	return func(pc pluginCtx) {
		s := pc.scalar(sel)
		if !s.is(vals...) || mergesKeys(pc.props) || pc.read(need).possible(need) {
			return
		}
		pc.p.Reportf(pc.at(s).Span(), rules.ResourcePropertyConflict,
			"With `%s: %s`, %s needs `%s`; Heat refuses it at stack create without one.", sel, s.text, pc.typ, need.name)
	}
}

// prohibitedWhen: Heat refuses the resource when sel is one of vals and
// bad is given.
func prohibitedWhen(sel string, vals []string, bad probe) pluginCheck {
	return func(pc pluginCtx) {
		s := pc.scalar(sel)
		r := pc.read(bad)
		if !s.is(vals...) || !r.certain(bad) {
			return
		}
		pc.p.Reportf(r.key.Span(), rules.ResourcePropertyConflict,
			"With `%s: %s`, %s takes no `%s`; Heat refuses it at stack create.", sel, s.text, pc.typ, bad.name)
	}
}

// onlyWith: Heat refuses bad given while sel is known and is none of
// vals (min_adjustment_step beside an
// adjustment type other than percent_change_in_capacity).
func onlyWith(bad probe, sel string, vals ...string) pluginCheck {
	return func(pc pluginCtx) {
		s := pc.scalar(sel)
		r := pc.read(bad)
		if !s.known || s.is(vals...) || !r.certain(bad) {
			return
		}
		pc.p.Reportf(r.key.Span(), rules.ResourcePropertyConflict,
			"`%s` goes only with `%s: %s`; Heat refuses it at stack create.", bad.name, sel, strings.Join(vals, "` or `"))
	}
}
