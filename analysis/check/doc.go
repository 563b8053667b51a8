// Package check runs every rule on a document and returns its diagnostics:
// it builds one pass.Pass, runs the rule packages' rules in the order the
// rule lists give (rules_*.go), and filters the findings (an entry a later
// duplicate replaces, parts Heat never reads, text the parser recovered,
// limits). It judges nothing itself; each rule package below does. A rule
// is a plain function reporting through the Pass with a stable rule id, so
// one bad section never hides problems in another.
//
// May use: analysis/check/environment, analysis/check/functions, analysis/check/parameters, analysis/check/pass, analysis/check/plugins, analysis/check/references, analysis/check/resources, analysis/check/structure, analysis/check/values, analysis/check/workspace, analysis/hot, analysis/limits, analysis/rules, analysis/source, analysis/syntax, schema.
package check
