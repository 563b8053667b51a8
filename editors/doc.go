// Package editors holds the editor integrations of heat-ls (vscode/, nvim/,
// emacs/) and, in its tests, runs each of them in the real editor against a
// freshly built heat-ls. It has no Go API: the package exists so that
// `go test ./...` exercises the integrations.
package editors
