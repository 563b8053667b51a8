package hot

import (
	"testing"

	"heat-ls/schema"
)

// The model's list of function names must be exactly the union of every
// HOT version's functions, removed functions and condition functions.
func TestFunctionNamesMatchSchema(t *testing.T) {
	s, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	union := map[string]bool{}
	for _, v := range s.Versions() {
		for _, set := range [][]string{v.Functions, v.RemovedFunctions, v.ConditionFunctions} {
			for _, name := range set {
				union[name] = true
			}
		}
	}
	for name := range union {
		if !IsFunctionName(name) {
			t.Errorf("schema function %q is not recognised by the model", name)
		}
	}
	for _, f := range s.Functions() {
		if !union[f.Name] && IsFunctionName(f.Name) {
			t.Errorf("model recognises %q, which no version has", f.Name)
		}
	}
}
