package workspace

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/syntax"
)

// A get_param path that finds nothing gives empty text (see
// EmptyFromParamPath). Given to a nested template's parameter, the text
// is accepted there (a string parameter takes it, a comma_delimited_list
// one makes an empty list of it), and the nested template then hands it
// on: its get_param of the parameter, or any get_param path into it,
// gives the empty text again, and a property that cannot take it (a
// number, an allowed value, an address) makes Heat refuse the nested
// stack, and with it the parent's, at create. heat-ls judges the nested
// template's properties with that text and reports the first problem on
// the parent's value, where the nested stack is made.

// checkNestedEmptyValues judges, for each property the parent gives the
// nested templates ts as a get_param path that finds nothing, what the
// nested templates do with the empty text. In a group's member
// definition the index variable does not help such a path: Heat resolves
// the member's functions before the group puts the index in, so a path
// key "%index%" finds nothing either (the oracle refuses it).
func checkNestedEmptyValues(p *pass.Pass, def pass.Definition, ts []pass.NestedTemplate, props *syntax.Node) {
	if !props.IsMapping() {
		return
	}
	rc := resources.NewChecker(p, nil, nil)
	for _, pr := range props.Pairs() {
		k := pr.Key
		if k.Kind != syntax.ScalarNode {
			continue
		}
		name, typ, ok := rc.EmptyFromParamPath(pr.Value)
		if !ok {
			checkNestedLiteralEmpty(p, ts, k, pr.Value)
			continue
		}
		if def.Inner {
			// The parent's own value judgement leaves a member's values
			// alone (checkNestedDefinition); the empty text has no index
			// in it, and a number or boolean parameter refuses it.
			if prop := nestedPropertySchema(ts, k.Value, pr.Value.Resolve()); prop != nil && (prop.Type == "number" || prop.Type == "boolean") {
				rc.CheckEmptyFromParamPath(prop, pr.Value, k, k, 1)
				continue
			}
		}
		var first *parentEmpty
		for _, t := range ts {
			pe := nestedEmptyProblem(p, t, k.Value)
			if pe == nil {
				first = nil // a template that takes the text: no certain refusal
				break
			}
			if first == nil {
				first = pe
			}
		}
		if first == nil {
			continue
		}
		p.Reportf(pr.Value.Resolve().Span(), first.found.Code,
			"`get_param` gives empty text here, because the path after the %s parameter `%s` finds nothing; the nested template %s hands it on to its resource `%s`, and Heat refuses the nested stack at create: %s",
			typ, name, wsTemplateNames(ts), first.resource, first.found.Message)
	}
}

// nestedEmptyProblem judges the resources of nested template t with its
// parameter param given empty text; nil when nothing refuses it.
func nestedEmptyProblem(p *pass.Pass, t pass.NestedTemplate, param string) *parentEmpty {
	if t.Outline == nil || t.Full == nil || p.Schema == nil {
		return nil
	}
	prm := t.Outline.Parameter(param)
	if prm == nil || prm.Type != "string" && prm.Type != "comma_delimited_list" {
		return nil
	}
	return nestedProblem(p, t, &parentEmpty{param: param})
}

// checkNestedLiteralEmpty: a value written empty (nothing, [], {} or "")
// for a nested template's text or comma_delimited_list parameter gives it
// empty text or an empty list (even a value written with nothing: the
// parameter's default does not stand in, the oracle refuses it), and the nested template
// hands empty text on just as for a get_param path that finds nothing.
func checkNestedLiteralEmpty(p *pass.Pass, ts []pass.NestedTemplate, k, value *syntax.Node) {
	v := value.Resolve()
	switch {
	case v == nil || values.IsFunctionCall(v):
		return
	case v.IsNull(), v.IsSequence() && len(v.Items()) == 0, v.IsMapping() && v.NumPairs() == 0, v.IsScalar() && v.Tag() == "!!str" && v.Value == "":
	default:
		return
	}
	var first *parentEmpty
	for _, t := range ts {
		pe := nestedEmptyProblem(p, t, k.Value)
		if pe == nil {
			return
		}
		if first == nil {
			first = pe
		}
	}
	if first == nil {
		return
	}
	p.Reportf(values.ValueSpan(value, k), first.found.Code,
		"`%s` is given an empty value; the nested template %s hands it on as empty text to its resource `%s`, and Heat refuses the nested stack at create: %s",
		k.Value, wsTemplateNames(ts), first.resource, first.found.Message)
}
