package eval

import (
	"math"
	"strconv"

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
	// dicts keep them); Keys are texts (str() of each key), by which
	// look-ups and JSON go.
	Keys []string
	Vals []Value
	// keyVals, when set, holds each key as Heat's loader read it, in
	// Keys' order: a mapping read from YAML with a key that is no text
	// (`1:`, `true:`) keeps its type, so Python's text of it does too
	// ({1: 'a'}). nil when every key is text; read through Key and
	// TypedKeys. A pointer, not a slice: nearly every map's keys are
	// texts, and a preview holds hundreds of thousands of values, every
	// one of which would carry 16 bytes more for it.
	keyVals *[]Value
	From    Origin
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

// Key is a map's i-th key as Heat's loader read it: text unless the
// map was read with a key that is no text (TypedKeys).
func (v Value) Key(i int) Value {
	if kv := v.TypedKeys(); kv != nil {
		return kv[i]
	}
	return StringValue(v.Keys[i])
}

// TypedKeys is every key of a map read with a key that is no text, as
// Heat's loader read them, in Keys' order; nil when the keys are their
// texts (the map's Keys), as they are in nearly every map.
func (v Value) TypedKeys() []Value {
	if v.keyVals == nil || len(*v.keyVals) != len(v.Keys) || len(v.Keys) == 0 {
		return nil
	}
	return *v.keyVals
}

// JSONKey is a map's i-th key as JSON writes it: its text, but true,
// false and null for a boolean or null key (as Python's json module
// writes them).
func (v Value) JSONKey(i int) string {
	if kv := v.Key(i); kv.Kind == Bool || kv.Kind == Null {
		return JSON(kv)
	}
	return v.Keys[i]
}

// TextKeys is v with every mapping key made text as JSON writes it
// (true, null, 1.5), what a value sent through JSON comes back as.
// Deeper than MaxDepth, keys are left as they are.
func TextKeys(v Value) Value { return textKeys(v, 0) }

func textKeys(v Value, depth int) Value {
	if depth > MaxDepth {
		return v
	}
	switch v.Kind {
	case List:
		items := make([]Value, len(v.Items))
		for i, it := range v.Items {
			items[i] = textKeys(it, depth+1)
		}
		v.Items = items
	case Map:
		keys, vals := make([]string, len(v.Keys)), make([]Value, len(v.Vals))
		for i := range v.Keys {
			keys[i] = v.JSONKey(i)
			vals[i] = textKeys(v.Vals[i], depth+1)
		}
		v.Keys, v.Vals, v.keyVals = keys, vals, nil
	}
	return v
}

// At returns v with its origin set.
func (v Value) At(o Origin) Value { v.From = o; return v }

// Why is the placeholder of an Unknown or the complaint of an Invalid.
func (v Value) Why() string { return v.S }

// IsKnown reports whether v and everything inside it is known and valid.
func (v Value) IsKnown() bool {
	// A heap stack, not recursion: values combined from parameters,
	// merges and yaql can nest deeper than one evaluation.
	stack := []Value{v}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch v.Kind {
		case Unknown, Invalid:
			return false
		case List:
			stack = append(stack, v.Items...)
		case Map:
			stack = append(stack, v.Vals...)
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
	keys  []string
	vals  []Value
	kvals []Value // the keys as read, once one is no text
	at    map[string]int
}

// grow makes room for n entries.
func (b *mapBuilder) grow(n int) {
	if b.keys == nil && n > 0 {
		b.keys, b.vals = make([]string, 0, n), make([]Value, 0, n)
	}
}

// set sets the value of text key k.
func (b *mapBuilder) set(k string, v Value) { b.put(k, Value{}, false, v) }

// setKey sets the value of key, as the loader read it (a number or a
// boolean keeps its type).
func (b *mapBuilder) setKey(key, v Value) {
	if key.Kind == String {
		b.set(key.S, v)
		return
	}
	b.put(PyStr(key), key, true, v)
}

// put sets the value of key k (kv, when typed, the key as read); a key
// set again keeps its first place and form, as in Python.
func (b *mapBuilder) put(k string, kv Value, typed bool, v Value) {
	id := k
	if typed {
		id = keyIdentity(kv)
	}
	// Small maps (most of a template's) are searched; an index is built
	// only past a few entries.
	if b.at == nil && len(b.keys) >= 16 {
		b.at = make(map[string]int, 2*len(b.keys))
		for i := range b.keys {
			b.at[b.identity(i)] = i
		}
	}
	if b.at != nil {
		if i, ok := b.at[id]; ok {
			b.vals[i] = v
			return
		}
		b.at[id] = len(b.keys)
	} else {
		for i := len(b.keys) - 1; i >= 0; i-- {
			if b.identity(i) == id {
				b.vals[i] = v
				return
			}
		}
	}
	if typed && b.kvals == nil {
		b.kvals = make([]Value, len(b.keys), cap(b.keys)+1)
		for i, key := range b.keys {
			b.kvals[i] = StringValue(key)
		}
	}
	b.keys = append(b.keys, k)
	b.vals = append(b.vals, v)
	if b.kvals != nil {
		if !typed {
			kv = StringValue(k)
		}
		b.kvals = append(b.kvals, kv)
	}
}

// identity is the i-th key as Python tells keys apart.
func (b *mapBuilder) identity(i int) string {
	if b.kvals == nil || b.kvals[i].Kind == String {
		return b.keys[i]
	}
	return keyIdentity(b.kvals[i])
}

// keyIdentity tells keys that are no text apart as Python's dict does:
// True is 1 and 1.0 is 1, none of them the text "1".
func keyIdentity(kv Value) string {
	switch kv.Kind {
	case Bool:
		if kv.B {
			return "\x00n1"
		}
		return "\x00n0"
	case Int:
		return "\x00n" + strconv.FormatInt(kv.I, 10)
	case Float:
		if kv.F == math.Trunc(kv.F) && math.Abs(kv.F) < 1e18 {
			return "\x00n" + strconv.FormatInt(int64(kv.F), 10)
		}
	}
	return "\x00" + kv.Kind.String() + PyStr(kv)
}

func (b *mapBuilder) value() Value {
	v := MapValue(b.keys, b.vals)
	if b.kvals != nil {
		v.keyVals = &b.kvals
	}
	return v
}
