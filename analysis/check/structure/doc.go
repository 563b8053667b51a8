// Package structure judges a template's frame: heat_template_version, the
// top-level sections, the keys each entry may have, outputs, and the use
// of a resource facade.
//
// May use: analysis/check/pass, analysis/check/values, analysis/hot, analysis/rules, analysis/syntax, schema.
package structure
