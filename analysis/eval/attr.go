package eval

// knownAttribute asks Options.Attribute for get_attr's value when every
// item of its argument is known: the resource's name, then the
// attribute's name and path.
func (e *Evaluator) knownAttribute(items []Value) (Value, bool) {
	if e.o.Attribute == nil || len(items) < 2 || items[0].Kind != String {
		return Value{}, false
	}
	for _, it := range items[1:] {
		if !it.IsKnown() {
			return Value{}, false
		}
	}
	return e.o.Attribute(items[0].S, items[1:])
}

// AttributePath follows get_attr's path items after the attribute name
// into v as Heat's select_from_attribute does: a mapping by key, a list
// by integer index (negative ones from the end); a key or index that
// names nothing gives null. ok is false where Heat fails (a path into a
// text, a number or null) or the value is not known there.
func AttributePath(v Value, path []Value) (Value, bool) {
	for _, p := range path {
		switch v.Kind {
		case Map:
			got, ok := v.Get(p.S)
			if p.Kind != String || !ok {
				return NullValue(), true
			}
			v = got
		case List:
			i, ok := index(p)
			if i < 0 {
				i += int64(len(v.Items))
			}
			if !ok || i < 0 || i >= int64(len(v.Items)) {
				return NullValue(), true
			}
			v = v.Items[i]
		default:
			return Value{}, false
		}
	}
	return v, true
}

// index reads a list index as Python does: an integer (a boolean is one).
func index(p Value) (int64, bool) {
	switch p.Kind {
	case Int:
		return p.I, true
	case Bool:
		if p.B {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}
