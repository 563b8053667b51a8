// Package hot builds the model of a Heat Orchestration Template or a Heat
// environment file from syntax nodes. The model is a thin, indexed view:
// every entry keeps its syntax nodes, so checks and features reach exact
// spans, and nothing is decoded into Go values. Building the model never
// fails; whatever cannot be understood is left for the check package to
// report.
//
// May use: analysis/source, analysis/syntax, schema/spell.
package hot
