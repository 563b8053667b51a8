// Package functions judges intrinsic function calls: names valid for the
// declared version (and near misses of them), and the shape of each
// function's arguments, repeat, yaql and the condition functions included.
//
// May use: analysis/check/pass, analysis/check/values, analysis/eval, analysis/hot, analysis/rules, analysis/source, analysis/syntax, analysis/yaql, schema, schema/spell.
package functions
