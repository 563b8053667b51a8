// Package semantic classifies the names in a HOT document for
// highlighting: functions, parameters, resources, conditions, outputs.
//
// Tokens, TokensNested and TokensAfter (tokens.go) are the entry points;
// the last reuses the tokens of the version an edit was spliced into
// (splice.go); semantic.go classifies.
// Which names are pseudo parameters and conditions comes from
// analysis/feature; the types a resource definition holds (its own and its
// group members') from analysis/check.
//
// May use: analysis/check, analysis/feature, analysis/hot, analysis/source, analysis/syntax, schema.
package semantic
