// Package completion proposes what may be typed at a cursor in a HOT
// template: keys, functions, names, resource types, properties, values.
//
// Complete is the one entry point; where the cursor stands comes from
// analysis/feature/cursor, and which entries are settled enough to offer
// from analysis/feature. What is offered follows the declared
// heat_template_version and the Heat release judged for (schema).
// completer.go holds the request, the items and the state every file
// shares; completion.go the dispatch on the cursor's slot; the other
// files each complete one kind of slot (names.go the declared names,
// properties.go and values.go properties and values, params.go a
// parameter's keys, groups.go and group_attrs.go a group's members,
// policy.go update policies, blockkeys.go and dash.go keys and list items,
// release.go what the judged release offers, flow.go snippets).
// Environment files are completed by analysis/feature/envfile.
//
// May use: analysis/feature, analysis/feature/cursor, analysis/hot, analysis/source, analysis/syntax, schema.
package completion
