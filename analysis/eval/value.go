package eval

import (
	"heat-ls/analysis/source"
)

// Kind says what a Value holds.
type Kind uint8

const (
	// Null is YAML's null and Python's None.
	Null Kind = iota
	Bool
	Int
	Float
	String
	List
	Map
	// Unknown is a value only a live stack knows; Why says which.
	Unknown
	// Invalid is a value Heat cannot compute: evaluating it fails the
	// stack (a str_replace of a map, an index past a list's end...). Why
	// holds Heat's complaint in heat-ls's words.
	Invalid
)

func (k Kind) String() string {
	return [...]string{"null", "boolean", "integer", "number", "text", "list", "mapping", "unknown", "invalid"}[k]
}

// Origin is where a value came from: a node of a file. File is "" for
// the template being evaluated.
type Origin struct {
	File string
	Span source.Span
}

// Value is one evaluated HOT value. It is a small immutable value: lists
// and maps share their elements, and no operation changes a Value in place.
type Value struct {
	Kind Kind
	B    bool
	I    int64
	F    float64
	// S is a String's text; for Unknown and Invalid, the placeholder or
	// complaint (Why is the same text, kept apart for clarity at call
	// sites).
	S     string
	Items []Value
	// Keys and Vals are a Map's entries in insertion order (as Python's
	// dicts keep them); keys are texts, as in JSON.
	Keys []string
	Vals []Value
	From Origin
}

// Constructors.

func NullValue() Value              { return Value{Kind: Null} }
func BoolValue(b bool) Value        { return Value{Kind: Bool, B: b} }
func IntValue(i int64) Value        { return Value{Kind: Int, I: i} }
func FloatValue(f float64) Value    { return Value{Kind: Float, F: f} }
func StringValue(s string) Value    { return Value{Kind: String, S: s} }
func ListValue(items []Value) Value { return Value{Kind: List, Items: items} }

// MapValue builds a map from parallel key and value lists.
func MapValue(keys []string, vals []Value) Value { return Value{Kind: Map, Keys: keys, Vals: vals} }

// UnknownValue is a value only a live stack knows; why is the readable
// placeholder shown for it ("<get_attr: server.first_address>").
func UnknownValue(why string) Value { return Value{Kind: Unknown, S: why} }

// InvalidValue is a value whose evaluation fails in Heat.
func InvalidValue(why string) Value { return Value{Kind: Invalid, S: why} }

// At returns v with its origin set.
func (v Value) At(o Origin) Value { v.From = o; return v }

// Why is the placeholder of an Unknown or the complaint of an Invalid.
func (v Value) Why() string { return v.S }

// IsKnown reports whether v and everything inside it is known and valid.
func (v Value) IsKnown() bool {
	switch v.Kind {
	case Unknown, Invalid:
		return false
	case List:
		for _, it := range v.Items {
			if !it.IsKnown() {
				return false
			}
		}
	case Map:
		for _, it := range v.Vals {
			if !it.IsKnown() {
				return false
			}
		}
	}
	return true
}

// Get returns a map's value for key.
func (v Value) Get(key string) (Value, bool) {
	if v.Kind != Map {
		return Value{}, false
	}
	for i := len(v.Keys) - 1; i >= 0; i-- {
		if v.Keys[i] == key {
			return v.Vals[i], true
		}
	}
	return Value{}, false
}

// Truthy is Python's truth of a known value (used where Heat tests "if
// not value").
func (v Value) Truthy() bool {
	switch v.Kind {
	case Null:
		return false
	case Bool:
		return v.B
	case Int:
		return v.I != 0
	case Float:
		return v.F != 0
	case String:
		return v.S != ""
	case List:
		return len(v.Items) > 0
	case Map:
		return len(v.Keys) > 0
	}
	return true
}

// mapBuilder collects map entries, a later key replacing an earlier one
// in its place (Python's dict assignment).
type mapBuilder struct {
	keys []string
	vals []Value
	at   map[string]int
}

// grow makes room for n entries.
func (b *mapBuilder) grow(n int) {
	if b.keys == nil && n > 0 {
		b.keys, b.vals = make([]string, 0, n), make([]Value, 0, n)
	}
}

func (b *mapBuilder) set(k string, v Value) {
	// Small maps (most of a template's) are searched; an index is built
	// only past a few entries.
	if b.at == nil && len(b.keys) >= 16 {
		b.at = make(map[string]int, 2*len(b.keys))
		for i, key := range b.keys {
			b.at[key] = i
		}
	}
	if b.at != nil {
		if i, ok := b.at[k]; ok {
			b.vals[i] = v
			return
		}
		b.at[k] = len(b.keys)
	} else {
		for i := len(b.keys) - 1; i >= 0; i-- {
			if b.keys[i] == k {
				b.vals[i] = v
				return
			}
		}
	}
	b.keys = append(b.keys, k)
	b.vals = append(b.vals, v)
}

func (b *mapBuilder) value() Value { return MapValue(b.keys, b.vals) }
