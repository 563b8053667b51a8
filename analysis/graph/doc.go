// Package graph draws a HOT template as a graph of its resources: which
// resource needs which (depends_on, get_resource, get_attr), what nested
// templates and groups hold, which condition guards what, and which
// parameters and outputs feed or read them. Build makes the protocol-free
// model; WriteDOT, WriteMermaid and WriteJSON render it. The order of
// everything follows the source, so the output is stable and diffs well.
//
// May use: analysis/check, analysis/hot, analysis/limits, analysis/source, analysis/syntax, analysis/workspace, schema.
package graph
