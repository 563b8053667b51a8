package eval

import (
	"slices"
	"strings"
)

func ybinary(op string, l, r ynode) ynode {
	switch op {
	case "and":
		return func(d Value) Value {
			a := l(d)
			if !yTruthy(a) {
				return a
			}
			return r(d)
		}
	case "or":
		return func(d Value) Value {
			a := l(d)
			if yTruthy(a) {
				return a
			}
			return r(d)
		}
	}
	return func(d Value) Value {
		a, b := l(d), r(d)
		if !a.IsKnown() || !b.IsKnown() {
			giveUp()
		}
		switch op {
		case "=":
			return BoolValue(Equal(a, b))
		case "!=":
			return BoolValue(!Equal(a, b))
		case "<", ">", "<=", ">=":
			return BoolValue(yCompare(op, a, b))
		case "in":
			if b.Kind != List {
				giveUp()
			}
			for _, it := range b.Items {
				if Equal(it, a) {
					return BoolValue(true)
				}
			}
			return BoolValue(false)
		case "+":
			if a.Kind == String && b.Kind == String {
				return StringValue(a.S + b.S)
			}
			if a.Kind == List && b.Kind == List {
				return ListValue(append(append([]Value{}, a.Items...), b.Items...))
			}
			return yArith(op, a, b)
		case "-", "*":
			return yArith(op, a, b)
		}
		giveUp()
		return a
	}
}

func yArith(op string, a, b Value) Value {
	if a.Kind == Int && b.Kind == Int {
		switch op {
		case "+":
			return IntValue(a.I + b.I)
		case "-":
			return IntValue(a.I - b.I)
		case "*":
			return IntValue(a.I * b.I)
		}
	}
	x, ok1 := yNum(a)
	y, ok2 := yNum(b)
	if !ok1 || !ok2 {
		giveUp()
	}
	switch op {
	case "+":
		return FloatValue(x + y)
	case "-":
		return FloatValue(x - y)
	}
	return FloatValue(x * y)
}

func yNum(v Value) (float64, bool) {
	switch v.Kind {
	case Int:
		return float64(v.I), true
	case Float:
		return v.F, true
	}
	return 0, false
}

func yCompare(op string, a, b Value) bool {
	var c int
	if x, ok := yNum(a); ok {
		y, ok := yNum(b)
		if !ok {
			giveUp()
		}
		switch {
		case x < y:
			c = -1
		case x > y:
			c = 1
		}
	} else if a.Kind == String && b.Kind == String {
		c = strings.Compare(a.S, b.S)
	} else {
		giveUp()
	}
	switch op {
	case "<":
		return c < 0
	case ">":
		return c > 0
	case "<=":
		return c <= 0
	}
	return c >= 0
}

// collection is the items a method iterates: a list's items, a map's
// keys.
func collection(v Value) []Value {
	switch v.Kind {
	case List:
		return v.Items
	case Map:
		out := make([]Value, len(v.Keys))
		for i, k := range v.Keys {
			out[i] = StringValue(k)
		}
		return out
	}
	giveUp()
	return nil
}

// yMethod applies a method (or a function whose first argument is recv).
func yMethod(name string, recv Value, args []ynode, d Value) Value {
	if !recv.IsKnown() {
		giveUp()
	}
	m := ymethod{name: name, recv: recv, args: args, d: d}
	for _, f := range []func(ymethod) (Value, bool){yAggregate, yCollection, yText} {
		if v, ok := f(m); ok {
			return v
		}
	}
	giveUp()
	return recv
}

// ymethod is one method call being evaluated.
type ymethod struct {
	name string
	recv Value
	args []ynode
	d    Value
}

func (m ymethod) arg(i int) Value {
	if i >= len(m.args) {
		giveUp()
	}
	return m.args[i](m.d)
}

func (m ymethod) want(n int) {
	if len(m.args) != n {
		giveUp()
	}
}

// yAggregate: len, count, sum, max, min, first, last.
func yAggregate(m ymethod) (Value, bool) {
	recv := m.recv
	switch m.name {
	case "len", "count":
		m.want(0)
		switch recv.Kind {
		case String:
			return IntValue(int64(len([]rune(recv.S)))), true
		case List:
			return IntValue(int64(len(recv.Items))), true
		case Map:
			return IntValue(int64(len(recv.Keys))), true
		}
	case "sum":
		m.want(0)
		total := IntValue(0)
		for _, it := range collection(recv) {
			total = yArith("+", total, it)
		}
		return total, true
	case "max", "min":
		m.want(0)
		items := collection(recv)
		if len(items) == 0 {
			giveUp()
		}
		best := items[0]
		for _, it := range items[1:] {
			if yCompare(map[string]string{"max": ">", "min": "<"}[m.name], it, best) {
				best = it
			}
		}
		return best, true
	case "first", "last":
		items := collection(recv)
		if len(items) == 0 {
			return m.arg(0), true
		}
		if m.name == "first" {
			return items[0], true
		}
		return items[len(items)-1], true
	}
	return Value{}, false
}

// yCollection: distinct, flatten, keys, values, toList, join, select,
// where, contains.
func yCollection(m ymethod) (Value, bool) {
	recv := m.recv
	switch m.name {
	case "distinct":
		m.want(0)
		var out []Value
		for _, it := range collection(recv) {
			if !slices.ContainsFunc(out, func(o Value) bool { return Equal(o, it) }) {
				out = append(out, it)
			}
		}
		return ListValue(out), true
	case "flatten":
		m.want(0)
		var out []Value
		for _, it := range collection(recv) {
			if it.Kind == List {
				out = append(out, it.Items...)
			} else {
				out = append(out, it)
			}
		}
		return ListValue(out), true
	case "keys", "values":
		m.want(0)
		if recv.Kind != Map {
			giveUp()
		}
		if m.name == "keys" {
			return ListValue(collection(recv)), true
		}
		return ListValue(append([]Value{}, recv.Vals...)), true
	case "toList", "list":
		m.want(0)
		return ListValue(append([]Value{}, collection(recv)...)), true
	case "join":
		m.want(1)
		sep := m.arg(0)
		if sep.Kind != String {
			giveUp()
		}
		parts := []string{}
		for _, it := range collection(recv) {
			if it.Kind != String {
				giveUp()
			}
			parts = append(parts, it.S)
		}
		return StringValue(strings.Join(parts, sep.S)), true
	case "select", "where":
		m.want(1)
		var out []Value
		for _, it := range collection(recv) {
			r := m.args[0](it)
			if m.name == "select" {
				out = append(out, r)
			} else if yTruthy(r) {
				out = append(out, it)
			}
		}
		return ListValue(out), true
	case "contains":
		m.want(1)
		a := m.arg(0)
		return BoolValue(slices.ContainsFunc(collection(recv), func(it Value) bool { return Equal(it, a) })), true
	}
	return Value{}, false
}

// yText: str, toUpper, toLower, split, replace, startsWith, endsWith.
func yText(m ymethod) (Value, bool) {
	recv := m.recv
	if m.name == "str" {
		m.want(0)
		switch recv.Kind {
		case String:
			return recv, true
		case Int, Float:
			return StringValue(PyStr(recv)), true
		case Bool:
			return StringValue(strings.ToLower(PyStr(recv))), true
		case Null:
			return StringValue("null"), true
		}
		return Value{}, false
	}
	var texts []string
	for i := range m.args {
		a := m.arg(i)
		if a.Kind != String {
			giveUp()
		}
		texts = append(texts, a.S)
	}
	if recv.Kind != String {
		return Value{}, false
	}
	switch m.name {
	case "toUpper":
		m.want(0)
		return StringValue(strings.ToUpper(recv.S)), true
	case "toLower":
		m.want(0)
		return StringValue(strings.ToLower(recv.S)), true
	case "split":
		m.want(1)
		if texts[0] == "" {
			giveUp()
		}
		var out []Value
		for _, s := range strings.Split(recv.S, texts[0]) {
			out = append(out, StringValue(s))
		}
		return ListValue(out), true
	case "replace":
		m.want(2)
		return StringValue(strings.ReplaceAll(recv.S, texts[0], texts[1])), true
	case "startsWith":
		m.want(1)
		return BoolValue(strings.HasPrefix(recv.S, texts[0])), true
	case "endsWith":
		m.want(1)
		return BoolValue(strings.HasSuffix(recv.S, texts[0])), true
	}
	return Value{}, false
}
