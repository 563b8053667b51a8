package eval

import (
	"strconv"
	"strings"
)

// What a parent stack hands a nested one. A resource group builds each
// member from its resource_def with the index variable replaced by the
// member's name; a resource whose type is a template (a member or not)
// hands its property values to the nested template's parameters, which
// convert them to their types. The preview builds nested stacks with
// these, and the checks judge what a nested template does with them.

// Substitute replaces a group's index variable by a member's name in
// every text of v: values and list items, not mapping keys, as Heat's
// resource group does with a copy of resource_def. An unknown keeps its
// placeholder with the name put in. Deeper than MaxDepth, v is left as
// it is.
func Substitute(v Value, indexVar, name string) Value { return substitute(v, indexVar, name, 0) }

func substitute(v Value, indexVar, name string, depth int) Value {
	if depth > MaxDepth {
		return v
	}
	switch v.Kind {
	case String, Unknown:
		v.S = strings.ReplaceAll(v.S, indexVar, name)
	case List:
		items := make([]Value, len(v.Items))
		for i, it := range v.Items {
			items[i] = substitute(it, indexVar, name, depth+1)
		}
		v.Items = items
	case Map:
		vals := make([]Value, len(v.Vals))
		for i, it := range v.Vals {
			vals[i] = substitute(it, indexVar, name, depth+1)
		}
		v.Vals = vals
	}
	return v
}

// HandedList is what a nested template's comma_delimited_list parameter
// reads of the value v a parent gives the property of that name. Heat's
// template resource hands a list on as one text, its items joined with
// commas (a null item as empty text), and a list of mappings as
// ".member.<i>.<key>=<value>" items; the parameter splits the text at its
// commas again, so an item holding a comma becomes two. Text is split
// as it is. An empty text gives an empty list.
//
// validating is true for a group member Heat validates before it builds
// the group (a resource group's first member, an autoscaling group's
// every one): a value that is no list (a mapping, a number, a boolean) is
// then dropped and the parameter gets an empty list. Elsewhere such a
// value, or an item that is no text, is Invalid: Heat refuses it. The
// list carries v's origin; Null (nothing handed: the parameter's own
// default stands), Unknown and Invalid values are returned as they are.
func HandedList(v Value, validating bool) Value {
	var items []string
	switch v.Kind {
	case Null, Unknown, Invalid:
		return v
	case String:
		return splitList(v.S, v.From)
	case List:
		var bad Value
		if items, bad = listItems(v); bad.Kind != Null {
			return bad
		}
	default:
		if !validating {
			return InvalidValue("a list is needed, not " + v.Kind.String()).At(v.From)
		}
		return ListValue(nil).At(v.From)
	}
	return splitList(strings.Join(items, ","), v.From)
}

// listItems are the texts Heat joins of list v; an Invalid value when it
// cannot, an unsettled item's value when one is not known.
func listItems(v Value) ([]string, Value) {
	items := make([]string, 0, len(v.Items))
	if len(v.Items) > 0 && v.Items[0].Kind == Map {
		for i, it := range v.Items {
			if it.Kind != Map {
				return nil, firstNotKnown(it, "every item of a list of mappings must be a mapping")
			}
			for j, k := range it.Keys {
				if !it.Vals[j].IsKnown() {
					return nil, firstNotKnown(it.Vals[j], "")
				}
				items = append(items, ".member."+strconv.Itoa(i)+"."+k+"="+PyStr(it.Vals[j]))
			}
		}
		return items, Value{}
	}
	for _, it := range v.Items {
		switch it.Kind {
		case String:
			items = append(items, it.S)
		case Null:
			items = append(items, "")
		default:
			return nil, firstNotKnown(it, "a list item that is no text cannot be joined: "+PyRepr(it))
		}
	}
	return items, Value{}
}

// firstNotKnown is v when it is unknown or invalid, else an Invalid value
// saying why.
func firstNotKnown(v Value, why string) Value {
	if v.Kind == Unknown || v.Kind == Invalid {
		return v
	}
	if !v.IsKnown() {
		return UnknownValue("<a value inside is unknown>")
	}
	return InvalidValue(why)
}

// splitList is a comma_delimited_list parameter's reading of text s.
func splitList(s string, from Origin) Value {
	if s == "" {
		return ListValue(nil).At(from)
	}
	parts := strings.Split(s, ",")
	items := make([]Value, len(parts))
	for i, p := range parts {
		items[i] = StringValue(p).At(from)
	}
	return ListValue(items).At(from)
}

// PathIndex is the index get_param's path takes of key k into a list: a
// whole number as it is, text read by Python's int(). ok is false for
// anything else (a float, text int() refuses), with which the lookup
// finds nothing.
func PathIndex(k Value) (int64, bool) {
	switch k.Kind {
	case Int:
		return k.I, true
	case String:
		return PythonInt(k.S)
	}
	return 0, false
}
