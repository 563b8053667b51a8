// Package environment judges a Heat environment file on its own: its
// sections, the resource_registry and the parameter lists.
//
// May use: analysis/check/pass, analysis/check/values, analysis/hot, analysis/rules, analysis/syntax.
package environment
