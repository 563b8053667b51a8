package workspace

import (
	"fmt"
	"strconv"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/eval"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// A nested template often looks an item up in a comma_delimited_list
// parameter with an index from another parameter, both given by the
// parent: `get_param: [lengths, {get_param: index}]`, where a resource
// group's member definition gives `index: "%index%"`. What the nested
// stack then reads follows from Heat's code (asked of the oracle too):
//
//   - a list the provider resource hands on is joined with commas and
//     split again by the nested parameter; a list item that is no text
//     makes the join fail;
//   - a value of a group's member that is no list (a mapping, a number, a
//     boolean) is dropped while Heat validates the member (a resource
//     group's first, an autoscaling group's every member) and the nested
//     parameter gets an empty list (its own default does not stand in);
//     outside a group Heat refuses such a value itself;
//   - the parent's comma_delimited_list parameter hands the text of each
//     item of its default (Python's str: `{4: None}` for a mapping);
//   - a group puts the member's name in place of the index variable in
//     every text of the definition; Heat validates the first member,
//     "0", and only when the group's size is above zero;
//   - the lookup takes a whole number (a number parameter's value, or
//     text Python's int() reads), counts from the end when negative, and
//     gives empty text when the index is out of range or no whole number.
//
// The values are worked out by analysis/eval: the parent's evaluator
// (its defaults), Substitute for the member's name, HandedList for the
// join and split, Convert for the nested parameter's type and PathIndex
// for the key. This file picks the parent's values it can be sure of (a
// literal, or a parameter's default handed on whole) and judges: the
// item, or the empty text, is judged as the property's value, and a
// refusal is reported on the parent's value it came from.

// maxJudgedMembers bounds the members of a resource group whose lookups
// are judged one by one (each may look up another item).
const maxJudgedMembers = 64

// checkNestedLookups judges the nested templates ts with the lists and
// indexes the definition def hands them (props, its properties), where
// they are certain, and reports the first refusal on the parent's value
// it came from. A resource group's members are judged in turn, each with
// its own name for the index variable: the first one's refusal is an
// error (Heat validates it before it creates the stack), a later one's a
// warning (the oracle, which only validates, accepts it; the group fails
// when it creates that member).
func checkNestedLookups(p *pass.Pass, def pass.Definition, ts []pass.NestedTemplate, props *syntax.Node) {
	members, indexVar, ok := lookupMembers(p, def)
	if !ok {
		return
	}
	group := def.Inner && def.Resource.Type == "OS::Heat::ResourceGroup"
	for m := 0; m < members; m++ {
		// a member's value that is no list is dropped where Heat
		// validates the member: a resource group's first, an
		// autoscaling group's every member
		dropped := def.Inner && (!group || m == 0)
		hv := handedValuesOf(p, ts, props, dropped, indexVar, strconv.Itoa(m))
		if len(hv.lists) == 0 {
			return
		}
		first := firstNestedProblem(p, ts, hv)
		if first == nil {
			continue
		}
		c := first.cause
		switch {
		case !def.Inner:
			p.Reportf(c.at.Span(), first.found.Code,
				"%s to `%s` of the nested template %s, which looks up %s. It hands %s to its resource `%s`, and Heat refuses the nested stack at create: %s",
				c.how, c.param, wsTemplateNames(ts), c.found, c.text, first.resource, first.found.Message)
		case m == 0:
			member := ", for the group's first member (the one Heat validates),"
			if !group {
				member = ", for every member of the group,"
			}
			p.Reportf(c.at.Span(), first.found.Code,
				"%s to `%s` of the nested template %s, which%s looks up %s. It hands %s to its resource `%s`, and Heat refuses the nested stack at create: %s",
				c.how, c.param, wsTemplateNames(ts), member, c.found, c.text, first.resource, first.found.Message)
		case rules.In(first.found.Code, rules.LaterGroupMember) != source.SeverityError:
			p.ReportInf(c.at.Span(), first.found.Code, rules.LaterGroupMember,
				"%s to `%s` of the nested template %s, which, for the group's member `%d`, looks up %s. It hands %s to its resource `%s`, which refuses it: %s Heat validates only the group's first member before it creates the stack, so this fails later, when the group creates member `%d`.",
				c.how, c.param, wsTemplateNames(ts), m, c.found, c.text, first.resource, first.found.Message, m)
		}
		return
	}
}

// lookupMembers says how many members of def's group are judged one by
// one (1 for a definition whose members are all alike) and the index
// variable their values name; ok is false when which members Heat
// builds, if any, is not known.
func lookupMembers(p *pass.Pass, def pass.Definition) (members int, indexVar string, ok bool) {
	if !def.Inner {
		return 1, "", true
	}
	r := def.Resource
	switch r.Type {
	case "OS::Heat::ResourceGroup":
		n, known := resources.GroupSize(p, r)
		props := resources.ResourceProperties(r)
		v, ok := resources.GroupIndexVar(props)
		if !known || n <= 0 || !ok {
			return 0, "", false
		}
		if props.Lookup("removal_policies").Key != nil || !resources.Mentions(def.Properties, v, 0) {
			// members alike, or named past the ones removal_policies
			// lists: only the first is judged (as "0")
			n = 1
		}
		return min(n, maxJudgedMembers), v, true
	case "OS::Heat::AutoScalingGroup":
		// every member alike, with no index; none at size zero
		if resources.BuildsMembers(p, r) {
			return 1, "", true
		}
	}
	return 0, "", false // a chain's nested stack the oracle cannot build offline
}

// handedValuesOf gathers what props hand the nested templates ts, with
// the index variable (when indexVar is set) put as the member's name;
// dropped is true where Heat drops a member's value that is no list (the
// first member of a resource group, which it validates).
func handedValuesOf(p *pass.Pass, ts []pass.NestedTemplate, props *syntax.Node, dropped bool, indexVar, member string) *handedValues {
	hv := &handedValues{lists: map[string]handedList{}, indexes: map[string]handedIndex{}}
	for _, pr := range props.Pairs() {
		k := pr.Key
		if k.Kind != syntax.ScalarNode {
			continue
		}
		switch typ := nestedParameterType(ts, k.Value); typ {
		case "comma_delimited_list":
			if l, ok := handedListOf(p, pr.Value, dropped, indexVar, member); ok {
				hv.lists[k.Value] = l
			}
		case "number", "string":
			if v, ok := handedIndexOf(p, pr.Value, typ, indexVar, member); ok {
				hv.indexes[k.Value] = handedIndex{value: v, from: pr.Value.Resolve()}
			}
		}
	}
	return hv
}

// handedIndexOf is the value a nested number or string parameter (typ)
// gets of the parent's value v: a literal, or the default of the
// parent's number or string parameter a get_param hands on whole, as
// the parent's evaluator works it out, with the member's name put in
// place of the index variable and converted to typ.
func handedIndexOf(p *pass.Pass, v *syntax.Node, typ, indexVar, member string) (eval.Value, bool) {
	n := v.Resolve()
	written := n
	if arg := resources.GetParamArgs(n); arg != nil {
		written, _ = resources.ParamLiteralDefault(p, arg)
		if prm := p.T.Parameter(resources.GetParamName(arg)); prm == nil || prm.Type != "number" && prm.Type != "string" {
			return eval.Value{}, false
		}
	}
	if !values.IsScalarLiteral(written) || values.IsYAML11Bool(written) {
		return eval.Value{}, false // Heat's text of a boolean: left undecided
	}
	val := p.Evaluator().Eval(n)
	if indexVar != "" {
		val = eval.Substitute(val, indexVar, member)
	}
	val, bad := eval.Convert(typ, val)
	return val, bad == "" && knownIndex(val)
}

// firstNestedProblem judges every template of ts with the values hv; the
// first template's refusal, or nil when one of them takes the values.
func firstNestedProblem(p *pass.Pass, ts []pass.NestedTemplate, hv *handedValues) *parentEmpty {
	var first *parentEmpty
	for _, t := range ts {
		pe := nestedProblem(p, t, &parentEmpty{handed: hv})
		if pe == nil || pe.cause == nil {
			return nil // a template that takes the values: no certain refusal
		}
		if first == nil {
			first = pe
		}
	}
	return first
}

// handedListOf is the list a nested comma_delimited_list parameter reads
// from the parent's value v, when certain: a literal, or the default of
// the parent's comma_delimited_list parameter a get_param hands on
// whole, as the parent's evaluator works it out; eval.HandedList follows
// Heat from there. In a member definition the index variable is replaced
// by the member's name; dropped: Heat drops a value that is no list (it
// validates the group's first member). An empty value is left to
// checkNestedLiteralEmpty.
func handedListOf(p *pass.Pass, v *syntax.Node, dropped bool, indexVar, member string) (handedList, bool) {
	n := v.Resolve()
	how := ""
	switch {
	case n == nil || n.IsNull() || writtenEmpty(n):
		return handedList{}, false
	case resources.GetParamArgs(n) != nil:
		name, ok := listParameter(p, n)
		if !ok {
			return handedList{}, false
		}
		how = fmt.Sprintf("The comma_delimited_list parameter `%s` hands its default{count}", name)
	case values.ContainsFunctionCall(n, 0):
		return handedList{}, false
	case n.IsMapping() || n.IsScalar() && !values.PyYAMLText(n):
		if !dropped {
			return handedList{}, false // refused as a value
		}
		how = "This value is no list, so Heat drops it while it validates the group's member and hands an empty list"
	case n.IsSequence() && n.Items()[0].Resolve().IsMapping():
		how = "This list of mappings{count} goes"
	case n.IsSequence():
		how = "This list{count} goes"
	default:
		how = "This text, split at its commas{count}, goes"
	}
	val := p.Evaluator().Eval(n)
	if indexVar != "" {
		val = eval.Substitute(val, indexVar, member)
	}
	list := eval.HandedList(val, dropped)
	if list.Kind != eval.List {
		return handedList{}, false
	}
	return handedList{items: list.Items, from: n, how: how}, true
}

// writtenEmpty: n is written as an empty list, mapping or text.
func writtenEmpty(n *syntax.Node) bool {
	switch {
	case n.IsSequence():
		return len(n.Items()) == 0
	case n.IsMapping():
		return n.NumPairs() == 0
	}
	return values.PyYAMLText(n) && n.Value == ""
}

// listParameter is the name of the parent's comma_delimited_list
// parameter the get_param n hands on whole; ok is false for a path into
// it or another type.
func listParameter(p *pass.Pass, n *syntax.Node) (string, bool) {
	arg := resources.GetParamArgs(n)
	if arg.IsSequence() && len(arg.Items()) == 1 {
		arg = arg.Items()[0].Resolve()
	}
	if !values.IsScalarLiteral(arg) || p.T == nil {
		return "", false
	}
	prm := p.T.Parameter(arg.Value)
	if prm == nil || prm.Type != "comma_delimited_list" {
		return "", false
	}
	return prm.Name, true
}
