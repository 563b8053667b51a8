package edittest

import (
	"reflect"
	"unsafe"

	"heat-ls/analysis/syntax"
)

// Equal is reflect.DeepEqual for values that hold syntax trees: a
// syntax.Node keeps its child list behind an untyped pointer (for its
// size), which DeepEqual compares as an address, so two equal trees
// built apart would differ. Equal compares nodes by what they are (kind,
// style, anchor mark, span, tag, value, alias target, children in order)
// and everything else as DeepEqual does.
func Equal(a, b any) bool {
	e := &equality{seen: map[[2]unsafe.Pointer]bool{}}
	return e.values(reflect.ValueOf(a), reflect.ValueOf(b), 0)
}

// maxEqualDepth bounds the walk (the models compared are far shallower).
const maxEqualDepth = 10000

type equality struct {
	// seen holds the pairs of pointers being or already compared: a
	// cycle (an alias inside its anchor, a call's parent) is equal as far
	// as the rest of the walk finds.
	seen map[[2]unsafe.Pointer]bool
}

func (e *equality) values(a, b reflect.Value, depth int) bool {
	if !a.IsValid() || !b.IsValid() {
		return a.IsValid() == b.IsValid()
	}
	if a.Type() != b.Type() || depth > maxEqualDepth {
		return false
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		pa, pb := a.UnsafePointer(), b.UnsafePointer()
		key := [2]unsafe.Pointer{pa, pb}
		if pa == pb || e.seen[key] {
			return true
		}
		e.seen[key] = true
		if a.Type().Elem() == reflect.TypeFor[syntax.Node]() {
			return e.nodes((*syntax.Node)(pa), (*syntax.Node)(pb), depth)
		}
		return e.values(a.Elem(), b.Elem(), depth+1)
	case reflect.Struct:
		if a.Type() == reflect.TypeFor[syntax.Node]() {
			return e.values(addressOf(a), addressOf(b), depth)
		}
		for i := range a.NumField() {
			if !e.values(a.Field(i), b.Field(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Slice, reflect.Array:
		if a.Kind() == reflect.Slice && (a.IsNil() != b.IsNil()) {
			return false
		}
		if a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !e.values(a.Index(i), b.Index(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Map:
		return e.maps(a, b, depth)
	case reflect.Interface:
		return e.values(a.Elem(), b.Elem(), depth+1)
	}
	return sameScalar(a, b)
}

// nodes compares two syntax nodes by what they are, their children and
// alias targets through the walk.
func (e *equality) nodes(a, b *syntax.Node, depth int) bool {
	if a.Kind != b.Kind || a.Style != b.Style || a.Anchored != b.Anchored || a.Span() != b.Span() ||
		a.Tag() != b.Tag() || a.Value != b.Value {
		return false
	}
	ka, kb := a.Children(), b.Children()
	if len(ka) != len(kb) {
		return false
	}
	for i := range ka {
		if !e.values(reflect.ValueOf(ka[i]), reflect.ValueOf(kb[i]), depth+1) {
			return false
		}
	}
	return e.values(reflect.ValueOf(a.Target()), reflect.ValueOf(b.Target()), depth+1)
}

func (e *equality) maps(a, b reflect.Value, depth int) bool {
	if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
		return false
	}
	for _, k := range a.MapKeys() {
		vb := b.MapIndex(k)
		if !vb.IsValid() || !e.values(a.MapIndex(k), vb, depth+1) {
			return false
		}
	}
	return true
}

// addressOf returns a pointer to the struct v (a node held by value): v
// itself when it can be addressed, else a copy.
func addressOf(v reflect.Value) reflect.Value {
	if v.CanAddr() {
		return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr()))
	}
	p := reflect.New(v.Type())
	if v.CanInterface() {
		p.Elem().Set(v)
	}
	return p
}

// sameScalar compares the values DeepEqual compares with ==: numbers,
// strings, booleans, channels, functions (equal only when both nil) and
// untyped pointers.
func sameScalar(a, b reflect.Value) bool {
	switch a.Kind() {
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float()
	case reflect.Complex64, reflect.Complex128:
		return a.Complex() == b.Complex()
	case reflect.String:
		return a.String() == b.String()
	case reflect.Func:
		return a.IsNil() && b.IsNil()
	case reflect.Chan, reflect.UnsafePointer:
		return a.UnsafePointer() == b.UnsafePointer()
	}
	return false
}
