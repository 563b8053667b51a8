// Package environ merges Heat environment files the way the openstack
// client and Heat's engine merge them for one stack: the -P values first,
// then each -e file in order, its parameters and parameter_defaults
// merged by the parameter_merge_strategies in force (overwrite, merge,
// deep_merge), its resource_registry laid over the ones before (a later
// file's top-level key replaces an earlier one's, "resources" as a
// whole), relative template paths resolved against the file that names
// them. The result answers which value each parameter gets and from
// where, and which implementation a resource type has for a resource of
// a given name, as Heat's registry picks it (per-resource entries, exact
// names and globs, type-to-type chains).
//
// It reads no files: callers pass parsed documents and a function telling
// whether a path exists.
//
// May use: analysis/eval, analysis/hot, analysis/source, analysis/syntax.
package environ
