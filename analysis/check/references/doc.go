// Package references judges what entries refer to: get_param,
// get_resource and get_attr and their targets, conditions and where they
// are used, dependency cycles, policies read through references, and
// entries nothing uses.
//
// May use: analysis/check/functions, analysis/check/pass, analysis/check/resources, analysis/check/values, analysis/eval, analysis/hot, analysis/rules, analysis/source, analysis/syntax, schema.
package references
