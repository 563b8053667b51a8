// Package rules declares, in one place, every rule id heat-ls reports.
// Each comes with its default severity, the Heat phase that refuses what it
// finds, a one-line summary and the contexts where its severity differs.
//
// It sits just above analysis/source so that every producer of diagnostics
// (syntax, check, config, lint, lsp) can import it without breaking the
// layer direction. Emitting code asks Severity / In for the severity
// instead of typing it again.
//
// May use: analysis/source.
package rules
