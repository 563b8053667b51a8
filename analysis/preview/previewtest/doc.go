// Package previewtest generates the inputs of the preview's benchmarks:
// a large template using the common functions, and a tree of nested templates.
//
// analysis/preview (in process) and cmd/heat-ls (the built binary) share
// them, so both benchmarks time the same shapes; the tree's templates are
// mapped by environment files as real deployments map theirs.
//
// May use: nothing.
package previewtest
