package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"heat-ls/analysis/graph"
	"heat-ls/schema"
)

// runGraph is "heat-ls graph [flags] FILE...": it only turns flags into
// graph.CommandOptions; the drawing is in analysis/graph. Exit status 0,
// or 2 for a usage or read error.
func runGraph(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("heat-ls graph", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "dot", "output format: dot, mermaid or json")
	params := fs.Bool("params", false, "draw the parameters and the resources that read them")
	outputs := fs.Bool("outputs", false, "draw the outputs and the resources they read")
	var envFiles listFlag
	fs.Var(&envFiles, "env", "environment file whose resource_registry maps types to nested templates (repeatable)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: heat-ls graph [flags] FILE...\nflags:\n")
		fs.PrintDefaults()
	}
	paths, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	sc, err := schema.Load()
	if err != nil {
		fmt.Fprintln(stderr, "heat-ls graph: loading the schema:", err)
		return 2
	}
	wd, _ := os.Getwd()
	err = graph.Command(graph.CommandOptions{
		Paths: paths, Envs: envFiles, Format: *format, BaseDir: wd,
		Options: graph.Options{Schema: sc, Parameters: *params, Outputs: *outputs},
	}, stdout)
	if err != nil {
		fmt.Fprintln(stderr, "heat-ls graph:", err)
		return 2
	}
	return 0
}
