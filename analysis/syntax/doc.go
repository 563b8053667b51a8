// Package syntax turns YAML text into nodes with exact byte spans. It wraps
// gopkg.in/yaml.v3 and adds what yaml.v3 does not give: end positions,
// duplicate-key reports, columns for syntax errors, safe alias handling and
// recovery from parser panics. Everything above this package works on these
// nodes and never on decoded interface{} values, because decoding changes
// meaning (2018-08-31 becomes a timestamp, "on" a boolean in YAML 1.1).
//
// May use: analysis/rules, analysis/source.
package syntax
