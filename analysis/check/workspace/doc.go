// Package workspace judges what depends on other files of the workspace:
// nested templates (what a parent hands them, their attributes,
// recursion, the length of nested stack names), registries, get_file
// paths and the environments applied to a template.
//
// May use: analysis/check/parameters, analysis/check/pass, analysis/check/resources, analysis/check/values, analysis/eval, analysis/hot, analysis/rules, analysis/source, analysis/syntax, schema.
package workspace
