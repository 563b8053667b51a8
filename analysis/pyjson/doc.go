// Package pyjson tells how deep a json text nests as Python's json module,
// Heat's reader of json parameters, counts it. That is where Go's
// encoding/json would say otherwise. Python's decoder recurses once
// per array or object, so past its recursion limit it raises
// RecursionError whatever the text holds; Go's decoder reads up to 10,000
// levels.
//
// The package has no dependency beyond the standard library.
//
// May use: nothing.
package pyjson
