// Package completion proposes what may be typed at a cursor in a HOT
// template: keys, functions, names, resource types, properties, values.
//
// Complete is the one entry point; where the cursor stands comes from
// analysis/feature/cursor, and which entries are settled enough to offer
// from analysis/feature. What is offered follows the declared
// heat_template_version and the Heat release judged for (schema).
// completion.go holds the request, the items and the dispatch on the
// cursor's slot; the other files each complete one kind of slot (values.go
// the values of properties and function arguments, params.go a parameter's
// keys, groups.go and group_attrs.go a group's members, policy.go update
// policies, blockkeys.go and dash.go keys and list items, flow.go snippets).
// Environment files are completed by analysis/feature/envfile.
//
// May use: analysis/feature, analysis/feature/cursor, analysis/hot, analysis/source, analysis/syntax, schema.
package completion
