package eval

import (
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
	arg := func(i int) Value {
		if i >= len(args) {
			giveUp()
		}
		return args[i](d)
	}
	want := func(n int) {
		if len(args) != n {
			giveUp()
		}
	}
	switch name {
	case "len", "count":
		want(0)
		switch recv.Kind {
		case String:
			return IntValue(int64(len([]rune(recv.S))))
		case List:
			return IntValue(int64(len(recv.Items)))
		case Map:
			return IntValue(int64(len(recv.Keys)))
		}
	case "sum":
		want(0)
		total := IntValue(0)
		for _, it := range collection(recv) {
			total = yArith("+", total, it)
		}
		return total
	case "max", "min":
		want(0)
		items := collection(recv)
		if len(items) == 0 {
			giveUp()
		}
		best := items[0]
		for _, it := range items[1:] {
			if yCompare(map[string]string{"max": ">", "min": "<"}[name], it, best) {
				best = it
			}
		}
		return best
	case "first", "last":
		items := collection(recv)
		if len(items) == 0 {
			if len(args) == 1 {
				return arg(0)
			}
			giveUp()
		}
		if name == "first" {
			return items[0]
		}
		return items[len(items)-1]
	case "distinct":
		want(0)
		var out []Value
		for _, it := range collection(recv) {
			dup := false
			for _, o := range out {
				if Equal(o, it) {
					dup = true
				}
			}
			if !dup {
				out = append(out, it)
			}
		}
		return ListValue(out)
	case "flatten":
		want(0)
		var out []Value
		for _, it := range collection(recv) {
			if it.Kind == List {
				out = append(out, it.Items...)
			} else {
				out = append(out, it)
			}
		}
		return ListValue(out)
	case "keys", "values":
		want(0)
		if recv.Kind != Map {
			giveUp()
		}
		if name == "keys" {
			return ListValue(collection(recv))
		}
		return ListValue(append([]Value{}, recv.Vals...))
	case "toList", "list":
		want(0)
		return ListValue(append([]Value{}, collection(recv)...))
	case "join":
		want(1)
		sep := arg(0)
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
		return StringValue(strings.Join(parts, sep.S))
	case "select", "where":
		want(1)
		var out []Value
		for _, it := range collection(recv) {
			r := args[0](it)
			if name == "select" {
				out = append(out, r)
			} else if yTruthy(r) {
				out = append(out, it)
			}
		}
		return ListValue(out)
	case "str":
		want(0)
		switch recv.Kind {
		case String:
			return recv
		case Int, Float:
			return StringValue(PyStr(recv))
		case Bool:
			return StringValue(strings.ToLower(PyStr(recv)))
		case Null:
			return StringValue("null")
		}
	case "toUpper", "toLower":
		want(0)
		if recv.Kind != String {
			giveUp()
		}
		if name == "toUpper" {
			return StringValue(strings.ToUpper(recv.S))
		}
		return StringValue(strings.ToLower(recv.S))
	case "split":
		want(1)
		sep := arg(0)
		if recv.Kind != String || sep.Kind != String || sep.S == "" {
			giveUp()
		}
		var out []Value
		for _, s := range strings.Split(recv.S, sep.S) {
			out = append(out, StringValue(s))
		}
		return ListValue(out)
	case "replace":
		want(2)
		a, b := arg(0), arg(1)
		if recv.Kind != String || a.Kind != String || b.Kind != String {
			giveUp()
		}
		return StringValue(strings.ReplaceAll(recv.S, a.S, b.S))
	case "startsWith", "endsWith":
		want(1)
		a := arg(0)
		if recv.Kind != String || a.Kind != String {
			giveUp()
		}
		if name == "startsWith" {
			return BoolValue(strings.HasPrefix(recv.S, a.S))
		}
		return BoolValue(strings.HasSuffix(recv.S, a.S))
	case "contains":
		want(1)
		a := arg(0)
		for _, it := range collection(recv) {
			if Equal(it, a) {
				return BoolValue(true)
			}
		}
		return BoolValue(false)
	}
	giveUp()
	return recv
}
