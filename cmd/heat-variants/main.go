// Command heat-variants drives heat-ls's differential test against Heat's
// engine (package analysis/check/difftest; .ci/difftest runs the whole
// loop):
//
//	heat-variants generate [-seed N] [-per N] [-empty | -chars] [-shared DIR] OUT
//	    copies the shared corpus and cases into OUT and writes the variants
//	    beside their sources, with OUT/variants.list and OUT/variants.json.
//	heat-variants compare OUT HEAT.json HEATLS.json
//	    compares Heat's verdicts (batch_both.py's output) with heat-ls's
//	    (check --format json over OUT) and prints the agreement figure and
//	    every class of disagreement. Exit status 1 when a disagreement is
//	    in no documented class.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"heat-ls/analysis/check/difftest"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: heat-variants generate|compare ...")
		return 2
	}
	switch args[0] {
	case "generate":
		return generate(args[1:], stdout, stderr)
	case "compare":
		return compare(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "heat-variants: unknown command %q\n", args[0])
	return 2
}

func generate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("generate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "seed of the variant choice")
	per := fs.Int("per", 32, "variants per source template (the source itself included)")
	shared := fs.String("shared", "../shared", "the shared reference directory (corpus and heat/cases)")
	empty := fs.Bool("empty", false, "instead of seeded mutations, write every resource property of every template empty in turn (null, [], {}, \"\")")
	chars := fs.Bool("chars", false, "instead of seeded mutations, insert or delete one character in turn (seeded; -per variants per source), to measure the YAML reader")
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: heat-variants generate [-seed N] [-per N] [-empty | -chars] [-shared DIR] OUT")
		return 2
	}
	out := fs.Arg(0)
	if err := os.MkdirAll(out, 0o755); err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	sources, err := difftest.LoadSources(*shared, out)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if *chars {
		vs := difftest.CharVariants(sources, *seed, *per)
		if err := difftest.Write(out, vs); err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
		fmt.Fprintf(stdout, "%d variants of %d templates (one character changed, seed %d) in %s\n", len(vs), len(sources), *seed, out)
		return 0
	}
	if *empty {
		vs := difftest.EmptyValues(sources)
		if err := difftest.Write(out, vs); err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
		fmt.Fprintf(stdout, "%d variants of %d templates (every property written empty) in %s\n", len(vs), len(sources), out)
		return 0
	}
	vs := difftest.Variants(sources, *seed, *per)
	if err := difftest.Write(out, vs); err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	fmt.Fprintf(stdout, "%d variants of %d templates (seed %d) in %s\n", len(vs), len(sources), *seed, out)
	return 0
}
