// Package parameters judges the parameters section: types, constraints
// (ranges, lengths, allowed values, patterns, custom constraints), each
// default against them, and parameter_groups.
//
// May use: analysis/check/pass, analysis/check/values, analysis/hot, analysis/pyjson, analysis/pyre, analysis/rules, analysis/source, analysis/syntax, schema.
package parameters
