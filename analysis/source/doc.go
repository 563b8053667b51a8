// Package source holds what every analysis layer shares about text: byte
// spans, the single position mapper, and the Diagnostic result type.
//
// May use: nothing.
package source
