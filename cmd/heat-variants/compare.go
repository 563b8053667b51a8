package main

import (
	"flag"
	"fmt"
	"io"

	"heat-ls/analysis/check/difftest"
)

func compare(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	examples := fs.Int("examples", 3, "example variants printed per class")
	if err := fs.Parse(args); err != nil || fs.NArg() < 3 {
		fmt.Fprintln(stderr, "usage: heat-variants compare [-examples N] OUT HEAT.json HEATLS.json...")
		return 2
	}
	rep, err := difftest.Load(fs.Arg(0), fs.Arg(1), fs.Args()[2:])
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	rep.Print(stdout, *examples)
	if len(rep.Open) > 0 {
		return 1
	}
	return 0
}
