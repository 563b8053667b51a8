package workspace

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
)

// A list given to a nested template's comma_delimited_list parameter is
// handed on as one text: Heat's provider resource joins the items with
// commas, and Python's join takes only text (a null item counts as
// empty text). When the first item is a mapping, every item must be one
// instead (Heat writes each as ".member.N.key=value"). Any other item
// makes Heat refuse the stack at create, in a resource or autoscaling
// group's member too (the oracle: "sequence item 1: expected str
// instance, int found"; a timestamp is text to Heat's loader and passes).

// checkNestedListItems reports the first item of a literal list, given
// in props to a comma_delimited_list parameter of every template ts,
// that Heat cannot join.
func checkNestedListItems(p *pass.Pass, def pass.Definition, ts []pass.NestedTemplate, props *syntax.Node) {
	if def.Inner && !resources.BuildsMembers(p, def.Resource) {
		return // which member Heat validates, if any, is not known
	}
	for _, pr := range props.Pairs() {
		k, v := pr.Key, pr.Value.Resolve()
		if k.Kind != syntax.ScalarNode || !v.IsSequence() || nestedParameterType(ts, k.Value) != "comma_delimited_list" {
			continue
		}
		items := v.Items()
		if len(items) == 0 {
			continue
		}
		mappings := items[0].Resolve().IsMapping() && !values.IsFunctionCall(items[0].Resolve())
		for _, it := range items {
			it = it.Resolve()
			if values.IsFunctionCall(it) {
				break // its value is not known: nor is what follows
			}
			var ok bool
			if mappings {
				ok = it.IsMapping()
			} else {
				ok = it.IsNull() || values.PyYAMLText(it)
			}
			if ok {
				continue
			}
			want := "text (quote it)"
			if mappings {
				want = "a mapping, as the first item is"
			}
			p.Reportf(it.Span(), rules.ResourcePropertyType,
				"`%s` goes to the comma_delimited_list parameter of the nested template %s, which Heat makes of the items joined with commas; this item is %s, not %s, so Heat refuses the stack at create.",
				k.Value, wsTemplateNames(ts), values.HeatScalarName(it), want)
			break
		}
	}
}
