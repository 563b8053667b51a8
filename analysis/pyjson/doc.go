// Package pyjson tells what Python's json module, which Heat reads a json
// parameter's text with, does with a text where Go's encoding/json would
// say otherwise: how deep the text nests. Python's decoder recurses once
// per array or object, so past its recursion limit it raises
// RecursionError whatever the text holds; Go's decoder reads up to 10,000
// levels.
//
// The package has no dependency beyond the standard library.
package pyjson
