package references

import (
	"slices"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
)

// CheckConditionBodies checks condition names and the shape of each
// condition's expression. Calls inside are the structure rules' to judge;
// this rule catches what is no expression at all.
func CheckConditionBodies(p *pass.Pass) {
	if p.T == nil || len(p.T.Conditions) == 0 {
		return
	}
	names := make([]string, 0, len(p.T.Conditions))
	for _, c := range p.T.Conditions {
		names = append(names, c.Name)
	}
	var live map[string]bool // values.LiveConditions, computed when needed
	for _, c := range p.T.Conditions {
		if k := c.Key; k.Style == syntax.Plain && (values.IsYAML11Bool(k) || k.Tag() == "!!int" || k.Tag() == "!!float" || k.Tag() == "!!null") {
			d := p.Reportf(k.Span(), rules.ConditionNameNotString,
				"Heat's YAML reader turns the unquoted name `%s` into %s, not a name, and then fails on the template. Quote it (`'%s':`) or pick another name.",
				k.Value, yaml11Reading(k), k.Value)
			d.Suggestions = []string{"'" + k.Value + "'"}
		}
		body := c.Value.Resolve()
		switch {
		case body == nil || body.IsNull():
			p.Reportf(values.ValueSpan(c.Value, c.Key), rules.ConditionBodyInvalid,
				"Condition `%s` is empty; give it an expression such as `{equals: [{get_param: env}, prod]}`, or true/false.", c.Name)
		case body.IsSequence():
			p.Reportf(body.Span(), rules.ConditionBodyInvalid,
				"Condition `%s` is a list, which is no condition; combine several with `and: [...]` or `or: [...]`.", c.Name)
		case body.IsMapping():
			if body.NumPairs() != 1 || !hot.IsFunctionName(body.Pair(0).Key.Value) {
				p.Reportf(body.Span(), rules.ConditionBodyInvalid,
					"Condition `%s` is a plain mapping, not a condition function; use one of equals, not, and, or, contains, or get_param.", c.Name)
				continue
			}
			// A get_param whose path finds nothing gives empty text, no
			// true or false: Heat refuses the condition once it evaluates
			// it, that is when something uses it (oracle cases
			// condition-get-param-path-empty-*).
			if name, typ, empty := resources.NewChecker(p, nil, nil).EmptyFromParamPath(body); empty {
				if live == nil {
					live = values.LiveConditions(p.T)
				}
				report, outcome := p.Errorf, "so Heat refuses it"
				if !live[c.Name] {
					report, outcome = p.Warnf, "which Heat refuses once a resource or output uses this condition"
				}
				report(body.Span(), rules.ConditionBodyInvalid,
					"Condition `%s` is empty text, not true or false: the path after the %s parameter `%s` finds nothing, %s.", c.Name, typ, name, outcome)
			}
		case body.Tag() == "!!int" || body.Tag() == "!!float":
			p.Reportf(body.Span(), rules.ConditionBodyInvalid,
				"Condition `%s` is a number; a condition is true/false, another condition's name, or a condition function.", c.Name)
		case values.IsYAML11Bool(body):
		default:
			// Heat checks every condition's body before using any: it must
			// be a boolean or a function, so a bare name is refused even
			// when it names another condition, and even when unused.
			if p.T.Condition(body.Value) != nil {
				p.Reportf(body.Span(), rules.ConditionBodyInvalid,
					"Condition `%s` is only the name `%s`; Heat refuses a bare name as a condition. Use `%s` itself where `%s` is used, or wrap it in a condition function (not, and, or).",
					c.Name, body.Value, body.Value, c.Name)
				continue
			}
			near := slices.DeleteFunc(pass.NearestNames(body.Value, names, 3), func(n string) bool { return n == c.Name })
			d := p.Reportf(body.Span(), rules.ConditionBodyUndefined,
				"Condition `%s` is the text `%s`, which Heat refuses: a condition is true/false or a condition function, and `%s` is no condition of this template either.%s", c.Name, body.Value, body.Value, pass.SuggestText(near))
			d.Suggestions = near
		}
	}
}

func yaml11Reading(k *syntax.Node) string {
	if values.IsYAML11Bool(k) {
		return "a boolean"
	}
	if k.Tag() == "!!null" {
		return "null"
	}
	return "a number"
}

// conditionUses collects every condition name the template refers to:
// resource and output condition keys, the first argument of `if`, and
// names inside other conditions.
func conditionUses(t *hot.Template) map[string]bool {
	used := values.ConditionsUsedOutside(t)
	for _, c := range t.Conditions {
		values.CollectConditionNames(c.Value, used, 0)
	}
	return used
}
