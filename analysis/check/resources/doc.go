// Package resources judges each resource against the schema: its type, its
// properties and their values (a ResourceGroup's count included),
// policies, groups' sizes and members, and what a release adds or removes.
//
// May use: analysis/check/pass, analysis/check/values, analysis/eval, analysis/hot, analysis/rules, analysis/source, analysis/syntax, schema.
package resources
