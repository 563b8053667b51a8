package eval

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// Heat computes with Python values; these helpers give the texts and
// comparisons Python gives, which is what a preview must show.

// PyStr is Python's str() of a known value: True, 1.5, 100.0, and the
// repr of lists and dicts. An Unknown gives its placeholder.
func PyStr(v Value) string {
	switch v.Kind {
	case String:
		return v.S
	case Null:
		return "None"
	case Unknown, Invalid:
		return v.S
	}
	var b strings.Builder
	pyRepr(&b, v, 0)
	return b.String()
}

// PyRepr is Python's repr() of a known value: texts quoted ('a b'),
// None, True, 1.5, and lists and dicts of those.
func PyRepr(v Value) string {
	var b strings.Builder
	pyRepr(&b, v, 0)
	return b.String()
}

func pyRepr(b *strings.Builder, v Value, depth int) {
	if depth > MaxDepth {
		b.WriteString("...")
		return
	}
	switch v.Kind {
	case Null:
		b.WriteString("None")
	case Bool:
		if v.B {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case Int:
		b.WriteString(strconv.FormatInt(v.I, 10))
	case Float:
		b.WriteString(pyFloat(v.F))
	case String:
		b.WriteString(PyQuote(v.S))
	case List:
		b.WriteByte('[')
		for i, it := range v.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			pyRepr(b, it, depth+1)
		}
		b.WriteByte(']')
	case Map:
		b.WriteByte('{')
		for i := range v.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			pyRepr(b, v.Key(i), depth+1)
			b.WriteString(": ")
			pyRepr(b, v.Vals[i], depth+1)
		}
		b.WriteByte('}')
	default:
		b.WriteString(v.S)
	}
}

// PyQuote is Python's repr of a text (single quotes unless the text holds
// one and no double quote).
func PyQuote(s string) string {
	q := byte('\'')
	if strings.Contains(s, "'") && !strings.Contains(s, `"`) {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == rune(q):
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			b.WriteString(`\x` + strconv.FormatInt(int64(r)|0x100, 16)[1:])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

// pyFloat is Python's repr of a float: the shortest text that reads back,
// with ".0" on whole numbers and an exponent from 1e16 up or below 1e-4.
func pyFloat(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	abs := math.Abs(f)
	if abs != 0 && (abs >= 1e16 || abs < 1e-4) {
		s := strconv.FormatFloat(f, 'e', -1, 64)
		// Go writes e+06, Python e+06 too; Go's mantissa has no ".0".
		return s
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".") {
		s += ".0"
	}
	return s
}

// JSON is the text jsonutils.dumps(value, sort_keys=True) gives, as
// str_replace and list_join put lists and maps into text.
func JSON(v Value) string {
	var b strings.Builder
	writeJSON(&b, v, true, 0)
	return b.String()
}

func writeJSON(b *strings.Builder, v Value, sortKeys bool, depth int) {
	if depth > MaxDepth {
		b.WriteString("null")
		return
	}
	switch v.Kind {
	case Null:
		b.WriteString("null")
	case Bool:
		if v.B {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case Int:
		b.WriteString(strconv.FormatInt(v.I, 10))
	case Float:
		switch {
		case math.IsInf(v.F, 1):
			b.WriteString("Infinity")
		case math.IsInf(v.F, -1):
			b.WriteString("-Infinity")
		case math.IsNaN(v.F):
			b.WriteString("NaN")
		default:
			b.WriteString(pyFloat(v.F))
		}
	case String, Unknown, Invalid:
		b.WriteString(jsonQuote(v.S))
	case List:
		b.WriteByte('[')
		for i, it := range v.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			writeJSON(b, it, sortKeys, depth+1)
		}
		b.WriteByte(']')
	case Map:
		idx := make([]int, len(v.Keys))
		for i := range idx {
			idx[i] = i
		}
		if sortKeys {
			slices.SortStableFunc(idx, func(a, c int) int { return strings.Compare(v.JSONKey(a), v.JSONKey(c)) })
		}
		b.WriteByte('{')
		for n, i := range idx {
			if n > 0 {
				b.WriteString(", ")
			}
			b.WriteString(jsonQuote(v.JSONKey(i)))
			b.WriteString(": ")
			writeJSON(b, v.Vals[i], sortKeys, depth+1)
		}
		b.WriteByte('}')
	}
}

// jsonQuote quotes s as Python's json module does (ensure_ascii).
func jsonQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r < 0x20 || r > 0x7e:
			if r > 0xffff {
				r -= 0x10000
				b.WriteString(`\u` + hex4(0xd800+(r>>10)) + `\u` + hex4(0xdc00+(r&0x3ff)))
			} else {
				b.WriteString(`\u` + hex4(r))
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func hex4(r rune) string {
	s := strconv.FormatInt(int64(r), 16)
	return strings.Repeat("0", 4-len(s)) + s
}

// Equal is Python's == on known values: 1 == 1.0 == True, lists item by
// item, dicts regardless of order. Unknowns equal nothing (callers check
// IsKnown first).
func Equal(a, b Value) bool {
	// Pairs still to compare, on a heap stack: values combined from
	// parameters and merges can nest deeper than one evaluation, and
	// Python compares them whatever their depth.
	type pair struct{ a, b Value }
	stack := []pair{{a, b}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !sameShape(p.a, p.b) {
			return false
		}
		switch p.a.Kind {
		case List:
			for i := range p.a.Items {
				stack = append(stack, pair{p.a.Items[i], p.b.Items[i]})
			}
		case Map:
			for i, k := range p.a.Keys {
				bv, ok := p.b.Get(k)
				if !ok {
					return false
				}
				stack = append(stack, pair{p.a.Vals[i], bv})
			}
		}
	}
	return true
}

// sameShape compares a and b without their items: scalars whole, lists
// and maps by kind and length.
func sameShape(a, b Value) bool {
	if an, ok := number(a); ok {
		bn, ok := number(b)
		return ok && an == bn
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case Null:
		return true
	case String:
		return a.S == b.S
	case List:
		return len(a.Items) == len(b.Items)
	case Map:
		return len(a.Keys) == len(b.Keys)
	}
	return false
}

// number is a Bool, Int or Float as a float64 (Python's bool is an int).
func number(v Value) (float64, bool) {
	switch v.Kind {
	case Bool:
		if v.B {
			return 1, true
		}
		return 0, true
	case Int:
		return float64(v.I), true
	case Float:
		return v.F, true
	}
	return 0, false
}
