package workspace

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
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
// The item, or the empty text, is then judged as the property's value,
// and a refusal is reported on the parent's value it came from.

// handedValues are the lists and indexes a parent hands a nested
// template, by parameter name.
type handedValues struct {
	lists   map[string]handedList
	indexes map[string]handedIndex
}

// handedList is a list parameter's value as the nested stack reads it.
type handedList struct {
	items []string
	from  *syntax.Node // the parent's value
	how   string       // how Heat came to it, for messages
}

// handedIndex is a number or text parameter's value.
type handedIndex struct {
	text string
	from *syntax.Node
}

// lookupCause is where a looked-up value comes from: the parent's value
// to report on, how the list reached the nested parameter, and what the
// lookup found.
type lookupCause struct {
	at          *syntax.Node
	how, param  string
	found, text string
}

// lookup gives the text a get_param path [list, index] gives in the
// nested template t when the parent hands the list (and the index, when
// it comes from a parameter); it records the cause.
func (pe *parentEmpty) lookup(t *hot.Template, n *syntax.Node) (string, bool) {
	hv := pe.handed
	arg := resources.GetParamArgs(n)
	if hv == nil || t == nil || !arg.IsSequence() || len(arg.Items()) != 2 {
		return "", false
	}
	name, key := arg.Items()[0].Resolve(), arg.Items()[1].Resolve()
	if !values.IsScalarLiteral(name) {
		return "", false
	}
	list, ok := hv.lists[name.Value]
	if prm := t.Parameter(name.Value); !ok || prm == nil || prm.Type != "comma_delimited_list" {
		return "", false
	}
	index, whole, known, from := 0, false, false, list.from
	switch kn := resources.GetParamArgs(key); {
	case kn != nil:
		if kn.IsSequence() && len(kn.Items()) == 1 {
			kn = kn.Items()[0].Resolve()
		}
		prm := t.Parameter(kn.Value)
		hi, ok := hv.indexes[kn.Value]
		if !values.IsScalarLiteral(kn) || !ok || prm == nil {
			return "", false
		}
		index, whole, known = pyIndex(hi.text, prm.Type == "number")
		from = hi.from
	case values.IsScalarLiteral(key) && !values.IsYAML11Bool(key) && !oddPlainNumber(key):
		index, whole, known = pyIndex(key.Value, key.Style == syntax.Plain && key.Tag != "!!str")
	}
	if !known {
		return "", false
	}
	size := len(list.items)
	count := ""
	switch {
	case size == 1:
		count = " (1 item)"
	case size > 1:
		count = fmt.Sprintf(" (%d items)", size)
	}
	how := strings.Replace(list.how, "{count}", count, 1)
	miss := func(at *syntax.Node, found string) (string, bool) {
		pe.pending = &lookupCause{at: at, how: how, param: name.Value, found: found + " and finds nothing", text: "the empty text"}
		return "", true
	}
	switch {
	case !whole:
		return miss(from, "an item of it with an index that is no whole number")
	case index < -size || index >= size:
		return miss(from, fmt.Sprintf("item %d of it", index))
	}
	if index < 0 {
		index += size
	}
	item := list.items[index]
	pe.pending = &lookupCause{at: list.from, how: how, param: name.Value, found: fmt.Sprintf("item %d of it, the text %s", index, strconv.Quote(item)), text: "that text"}
	return item, true
}

// namedIn: some handed list's name stands twice in src (its declaration
// and a use), the test made before the nested template is parsed.
func (hv *handedValues) namedIn(src []byte) bool {
	for name := range hv.lists {
		if bytes.Count(src, []byte(name)) > 1 {
			return true
		}
	}
	return false
}

// lookedUpIn reports whether some get_param of t has a path of one key
// into a handed list.
func (hv *handedValues) lookedUpIn(t *hot.Template) bool {
	for _, c := range t.Calls {
		if c.Name != "get_param" || c.Context != hot.InResource {
			continue
		}
		if a := c.Args.Resolve(); a.IsSequence() && len(a.Items()) == 2 {
			if _, ok := hv.lists[a.Items()[0].Resolve().Value]; ok {
				return true
			}
		}
	}
	return false
}

// pyIndex reads a path key as Heat's lookup does: a number parameter's
// value (Python's int, or a float, which finds nothing), or text that
// Python's int() must read. whole is false when the key finds nothing
// whatever the list; known is false when heat-ls cannot tell.
func pyIndex(text string, number bool) (index int, whole, known bool) {
	s := strings.TrimSpace(text)
	if strings.Contains(s, "_") {
		return 0, false, false
	}
	if i, err := strconv.Atoi(s); err == nil {
		return i, true, true
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil && number {
		return 0, false, true
	}
	return 0, false, !number
}

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
		switch nestedParameterType(ts, k.Value) {
		case "comma_delimited_list":
			if l, ok := handedListOf(p, pr.Value, dropped, indexVar, member); ok {
				hv.lists[k.Value] = l
			}
		case "number", "string":
			v := pr.Value.Resolve()
			from := v
			if arg := resources.GetParamArgs(v); arg != nil {
				v = indexDefault(p, arg)
			}
			if v != nil && values.IsScalarLiteral(v) && !values.IsYAML11Bool(v) && !oddPlainNumber(v) {
				text := v.Value
				if indexVar != "" {
					text = strings.ReplaceAll(text, indexVar, member)
				}
				hv.indexes[k.Value] = handedIndex{text: text, from: from}
			}
		}
	}
	return hv
}

// indexDefault is the default of the parent's number or string parameter
// a get_param (its argument arg) hands on whole, when no environment may
// set it; nil otherwise.
func indexDefault(p *pass.Pass, arg *syntax.Node) *syntax.Node {
	def, ok := resources.ParamLiteralDefault(p, arg)
	if !ok {
		return nil
	}
	if prm := p.T.Parameter(resources.GetParamName(arg)); prm == nil || prm.Type != "number" && prm.Type != "string" {
		return nil
	}
	return def
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
// from the parent's value v, when certain. In a member definition the
// index variable is replaced by the member's name; dropped: Heat drops a
// value that is no list (it validates the group's first member).
func handedListOf(p *pass.Pass, v *syntax.Node, dropped bool, indexVar, member string) (handedList, bool) {
	n := v.Resolve()
	var items []string
	how := ""
	switch {
	case n == nil || n.IsNull():
		return handedList{}, false // the empty value: checkNestedLiteralEmpty
	case resources.GetParamArgs(n) != nil:
		name, text, ok := listDefault(p, n)
		if !ok {
			return handedList{}, false
		}
		items, how = text, fmt.Sprintf("The comma_delimited_list parameter `%s` hands its default{count}", name)
	case values.IsFunctionCall(n):
		return handedList{}, false
	case n.IsMapping() || n.IsScalar() && !values.PyYAMLText(n):
		if !dropped || n.IsMapping() && n.NumPairs() == 0 {
			return handedList{}, false // refused as a value (or the empty value)
		}
		return handedList{items: nil, from: n, how: "This value is no list, so Heat drops it while it validates the group's member and hands an empty list"}, true
	case n.IsSequence() && len(n.Items()) > 0 && n.Items()[0].Resolve().IsMapping():
		// mappings: each entry becomes ".member.<i>.<key>=<value>"
		for i, it := range n.Items() {
			if it = it.Resolve(); !it.IsMapping() || values.IsFunctionCall(it) || resources.MergesOtherKeys(it) {
				return handedList{}, false
			}
			for _, pr := range it.Pairs() {
				k, ok1 := values.PyStr(pr.Key)
				v, ok2 := values.PyStr(pr.Value)
				if !ok1 || !ok2 || values.IsFunctionCall(pr.Value.Resolve()) {
					return handedList{}, false
				}
				items = append(items, fmt.Sprintf(".member.%d.%s=%s", i, k, v))
			}
		}
		how = "This list of mappings{count} goes"
	case n.IsSequence():
		for _, it := range n.Items() {
			if it = it.Resolve(); !values.PyYAMLText(it) {
				return handedList{}, false // a number joins with no text: Heat refuses that otherwise
			}
			items = append(items, it.Value)
		}
		if len(items) == 0 {
			return handedList{}, false
		}
		how = "This list{count} goes"
	case values.PyYAMLText(n) && n.Value != "":
		items, how = strings.Split(n.Value, ","), "This text, split at its commas{count}, goes"
	default:
		return handedList{}, false
	}
	if indexVar != "" {
		for i := range items {
			items[i] = strings.ReplaceAll(items[i], indexVar, member)
		}
	}
	// the provider resource joins the list with commas; the nested
	// parameter splits it again
	joined := strings.Join(items, ",")
	if joined == "" {
		items = nil
	} else {
		items = strings.Split(joined, ",")
	}
	return handedList{items: items, from: n, how: how}, true
}

// listDefault is the text of each item of the default of the
// comma_delimited_list parameter n gets (whole), when no environment
// gives it a value.
func listDefault(p *pass.Pass, n *syntax.Node) (string, []string, bool) {
	arg := resources.GetParamArgs(n)
	if arg.IsSequence() && len(arg.Items()) == 1 {
		arg = arg.Items()[0].Resolve()
	}
	if !values.IsScalarLiteral(arg) || p.T == nil {
		return "", nil, false
	}
	prm := p.T.Parameter(arg.Value)
	if prm == nil || prm.Type != "comma_delimited_list" || pass.EnvironmentSets(p, prm.Name) {
		return "", nil, false
	}
	def := prm.Field("default").Value.Resolve()
	switch {
	case def == nil || def.IsNull() || values.IsFunctionCall(def):
		return "", nil, false
	case def.IsSequence():
		var items []string
		for _, it := range def.Items() {
			s, ok := values.PyStr(it)
			if !ok {
				return "", nil, false
			}
			items = append(items, s)
		}
		return prm.Name, items, true
	case values.PyYAMLText(def):
		if def.Value == "" {
			return "", nil, false // the empty value: checkNestedLiteralEmpty's family
		}
		return prm.Name, strings.Split(def.Value, ","), true
	}
	return "", nil, false
}

// oddPlainNumber: a plain scalar PyYAML reads as a whole number written
// otherwise than in plain decimal (octal, hex, binary, base 60), whose
// value heat-ls does not work out.
func oddPlainNumber(n *syntax.Node) bool {
	return n.Style == syntax.Plain && values.IsPyYAMLImplicit(n.Value) && !values.IsPlainDecimal(n.Value) && n.Tag != "!!float"
}

// nestedParameterType is the type every template of ts declares name
// with, "" when they differ or one lacks it.
func nestedParameterType(ts []pass.NestedTemplate, name string) string {
	typ := ""
	for i, t := range ts {
		prm := t.Outline.Parameter(name)
		if prm == nil || (i > 0 && prm.Type != typ) {
			return ""
		}
		typ = prm.Type
	}
	return typ
}
