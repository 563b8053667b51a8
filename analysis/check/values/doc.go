// Package values says what Heat makes of a literal value: how its YAML
// loader and Python read a scalar (booleans, numbers, text), whether a
// value meets a parameter constraint (ranges, lengths, allowed values,
// patterns, dates), and which conditions are constant. It reports nothing.
//
// May use: analysis/hot, analysis/pyre, analysis/source, analysis/syntax, schema.
package values
