// Package analysis is the protocol-free heart of heat-ls. It holds no code of
// its own; its subpackages form one pipeline, each layer depending only on the
// ones below it:
//
//	source   byte spans, the position mapper and the Diagnostic result type
//	syntax   YAML parsed with gopkg.in/yaml.v3 into nodes with exact spans,
//	         duplicate keys, safe aliases and located syntax errors
//	hot      the HOT template and environment-file model built on syntax
//	eval     what a HOT function or condition evaluates to, statically
//	environ  environment files merged as the client and Heat merge them
//	check    every diagnostic rule, on the hot model and the schema: a core
//	         that runs them and rule packages named for what they judge
//	         (check/structure, functions, parameters, resources,
//	         plugins, references, environment, workspace) over check/pass and
//	         check/values; layers_test.go pins who may import whom
//	feature  completion, hover, navigation, rename, symbols, code actions
//	workspace  the multi-file index: environments, nested templates, get_file
//	preview  the stack a template becomes for given environments (heat-ls preview)
//
// Nothing here imports go.lsp.dev: the lsp package translates positions and
// results at the edge.
//
// May use: nothing.
package analysis
