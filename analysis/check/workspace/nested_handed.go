package workspace

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// What a nested template's get_param gives of the values its parent
// hands it (empty text, nested_empty.go; a list and an index,
// nested_lookup.go), and the judging of the nested template's resources
// with them, which both checks share.

// parentEmpty is what the parent hands the nested template being judged:
// the parameter given empty text, the resource being checked, and the
// first problem found.
type parentEmpty struct {
	param    string
	resource string
	found    *source.Diagnostic
	// handed holds the lists and indexes a parent hands beyond empty
	// text, and cause what the kept problem came from
	// (nested_lookup.go); pending is the cause of the value
	// being judged.
	handed         *handedValues
	cause, pending *lookupCause
}

// Gives reports what n, in the nested template t, gives of the parent's
// values: the empty text, or the text of a list item a path looks up.
func (pe *parentEmpty) Gives(t *hot.Template, n *syntax.Node) (string, bool) {
	if pe == nil {
		return "", false
	}
	if pe.param != "" {
		return "", pe.givesEmpty(t, n)
	}
	return pe.lookup(t, n)
}

// givesEmpty: n, in the nested template t, is a get_param that gives the
// parent's empty text: the whole of a string parameter, or any path into
// a string or comma_delimited_list one.
func (pe *parentEmpty) givesEmpty(t *hot.Template, n *syntax.Node) bool {
	arg := resources.GetParamArgs(n)
	if pe == nil || t == nil || arg == nil {
		return false
	}
	path := false
	if arg.IsSequence() {
		if len(arg.Items()) == 0 {
			return false
		}
		path = len(arg.Items()) > 1
		arg = arg.Items()[0].Resolve()
	}
	if !values.IsScalarLiteral(arg) || arg.Value != pe.param {
		return false
	}
	prm := t.Parameter(arg.Value)
	if prm == nil {
		return false
	}
	switch prm.Type {
	case "string":
		return true
	case "comma_delimited_list":
		return path
	}
	return false
}

// Keep records a problem the empty text meets (the first one only).
func (pe *parentEmpty) Keep(d *source.Diagnostic) {
	if pe.found == nil {
		c := *d
		pe.found, pe.cause = &c, pe.pending
	}
}

// nestedProblem judges the resources of nested template t with what the
// parent hands it (pe); nil when nothing refuses it.
func nestedProblem(p *pass.Pass, t pass.NestedTemplate, pe *parentEmpty) *parentEmpty {
	if t.Full == nil || p.Schema == nil || pe.handed != nil && t.Src != nil && !pe.handed.namedIn(t.Src) {
		return nil
	}
	doc := t.Full()
	if doc == nil || doc.Template == nil {
		return nil
	}
	if pe.handed != nil && !pe.handed.lookedUpIn(doc.Template) {
		return nil // the cheap test first: nothing looks into a handed list
	}
	child := &pass.Pass{Ctx: p.Ctx, Doc: doc, T: doc.Template, Schema: p.Schema}
	rc := resources.NewChecker(child, pass.EntryVersion(child), pe)
	for _, r := range child.T.Resources {
		rt, ok := p.Schema.ResourceType(r.Type)
		if !ok || pe.found != nil {
			continue
		}
		pe.resource = r.Name
		rc.CheckProperties(r, rt)
	}
	if pe.found == nil || rules.Severity(pe.found.Code) != source.SeverityError {
		return nil
	}
	return pe
}

// handedValues are the lists and indexes a parent hands a nested
// template, by parameter name.
type handedValues struct {
	lists   map[string]handedList
	indexes map[string]handedIndex
}

// handedList is a list parameter's value as the nested stack reads it.
type handedList struct {
	items []eval.Value // texts
	from  *syntax.Node // the parent's value
	how   string       // how Heat came to it, for messages
}

// handedIndex is a number or text parameter's value, converted to the
// nested parameter's type.
type handedIndex struct {
	value eval.Value
	from  *syntax.Node
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
	name, keyNode := arg.Items()[0].Resolve(), arg.Items()[1].Resolve()
	if !values.IsScalarLiteral(name) {
		return "", false
	}
	list, ok := hv.lists[name.Value]
	if prm := t.Parameter(name.Value); !ok || prm == nil || prm.Type != "comma_delimited_list" {
		return "", false
	}
	key, from := eval.Value{}, list.from
	switch kn := resources.GetParamArgs(keyNode); {
	case kn != nil:
		if kn.IsSequence() && len(kn.Items()) == 1 {
			kn = kn.Items()[0].Resolve()
		}
		hi, ok := hv.indexes[kn.Value]
		if !values.IsScalarLiteral(kn) || !ok || t.Parameter(kn.Value) == nil {
			return "", false
		}
		key, from = hi.value, hi.from
	case values.IsScalarLiteral(keyNode):
		key = eval.Scalar(keyNode)
	}
	index, whole := eval.PathIndex(key)
	if !knownIndex(key) {
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
	case index < -int64(size) || index >= int64(size):
		return miss(from, fmt.Sprintf("item %d of it", index))
	}
	if index < 0 {
		index += int64(size)
	}
	item := list.items[index].S
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

// knownIndex: key, a path key into a handed list, is known (a whole
// number, a float or text; a boolean heat-ls leaves undecided).
func knownIndex(key eval.Value) bool {
	switch key.Kind {
	case eval.Int, eval.Float, eval.String:
		return true
	}
	return false
}
