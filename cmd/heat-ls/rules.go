package main

import (
	"flag"
	"fmt"
	"io"

	"heat-ls/analysis/rules"
)

// runRules is "heat-ls rules [--format text|json]": it prints the table
// of rule ids (analysis/rules). Exit status 0, or 2 for a usage error.
func runRules(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("heat-ls rules", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "text", "output format: text or json")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: heat-ls rules [--format text|json]\nflags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "heat-ls rules: unexpected arguments %q\n", fs.Args())
		return 2
	}
	return writeRules(*format, "heat-ls rules", stdout, stderr)
}

// writeRules prints the rule table in format; rules and check
// --list-rules share it.
func writeRules(format, who string, stdout, stderr io.Writer) int {
	if format != rules.FormatText && format != rules.FormatJSON {
		fmt.Fprintf(stderr, "%s: the rule table is printed as text or json, not %q\n", who, format)
		return 2
	}
	if err := rules.Write(stdout, format); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", who, err)
		return 2
	}
	return 0
}
