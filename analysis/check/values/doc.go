// Package values says what Heat makes of a literal value: how its YAML
// loader and Python read a scalar (booleans, numbers, text), whether a
// value meets a parameter constraint (ranges, lengths, allowed values,
// patterns, dates), and which conditions are constant. It reports nothing.
// The readings themselves (YAML 1.1 forms, Python's int(), repr and
// boolean texts) are analysis/eval's, which this package applies to nodes.
//
// May use: analysis/eval, analysis/hot, analysis/pyre, analysis/source, analysis/syntax, schema.
package values
