// Package eval works out what a HOT function call or condition evaluates
// to, statically and the way Heat's engine does. It uses what is known
// without a cloud: literals, parameter values (the template's defaults,
// values from environments and the command line, converted to the
// parameter's type as Heat converts them), pseudo parameters and, in a
// group member, its index. What only a live stack knows (get_attr, the
// id behind get_resource, a nested stack's outputs) is an Unknown value
// that says why, in a readable placeholder such as
// "<get_attr: server.first_address>"; text built around an unknown keeps
// the known parts, so "http://<get_attr: lb.vip>:80" still reads well.
//
// Every value carries the span of the node it came from, so a caller can
// point at the parameter default or environment entry that set it.
// Evaluation follows the semantics of the template's declared version
// (list_join of one or many lists, str_replace serialising lists as JSON,
// repeat over maps and with permutations, if with two arguments...), and
// every recursion is bounded (MaxDepth).
//
// It has no file system access: get_file contents come through
// Options.ReadFile. It uses schema for the versions' function sets and
// blake2 for the two hashes of digest Go's standard library lacks.
//
// May use: analysis/blake2, analysis/hot, analysis/source, analysis/syntax, schema.
package eval
