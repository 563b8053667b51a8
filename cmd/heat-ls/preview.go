package main

import (
	"flag"
	"fmt"
	"io"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/preview"
	"heat-ls/schema"
)

// runPreview is "heat-ls preview TEMPLATE [flags]": it only turns flags
// into preview.CommandOptions; the work is in analysis/preview. Exit
// status 0, 1 when Heat would refuse the stack, 2 for a usage or read
// error.
func runPreview(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("heat-ls preview", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var envs, params, paramFiles listFlag
	fs.Var(&envs, "e", "environment file, as with openstack stack create -e (repeatable, in order)")
	fs.Var(&envs, "env", "the same as -e")
	fs.Var(&params, "P", "parameter value NAME=VALUE, as with openstack stack create --parameter (repeatable)")
	fs.Var(&params, "parameter", "the same as -P")
	fs.Var(&paramFiles, "parameter-file", "parameter value read from a file, NAME=FILE (repeatable)")
	format := fs.String("format", "yaml", "output format: yaml or json")
	depth := fs.Int("depth", preview.DefaultDepth, "levels of nested stacks (template resources, group members) to expand; 0 for none")
	stackName := fs.String("stack-name", "", "the stack's name (OS::stack_name); a placeholder when not given")
	stackID := fs.String("stack-id", "", "the stack's id (OS::stack_id); a placeholder when not given")
	projectID := fs.String("project-id", "", "the project's id (OS::project_id); a placeholder when not given")
	noCheck := fs.Bool("no-check", false, "do not run heat-ls check's rules on the files the preview reads")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: heat-ls preview [flags] TEMPLATE\nflags:\n")
		fs.PrintDefaults()
	}
	paths, err := parseInterleaved(fs, args)
	if err != nil {
		return preview.ExitUsage
	}
	if len(paths) != 1 {
		fmt.Fprintln(stderr, "heat-ls preview: give exactly one template")
		fs.Usage()
		return preview.ExitUsage
	}
	if *depth < 0 {
		fmt.Fprintln(stderr, "heat-ls preview: --depth must be 0 or more")
		return preview.ExitUsage
	}
	d := *depth
	if d == 0 {
		d = -1 // Options.Depth: negative expands nothing
	}
	var checkFiles func(*schema.Schema, map[string]*hot.Document) []preview.CheckProblem
	if !*noCheck {
		checkFiles = previewCheck(envs)
	}
	defer collectForPreview(paths[0])() // preview_gc.go: a preview's garbage is its trees, kept to its end
	useHugePages(hugeHeapFor(paths[0])) // heap_huge_linux.go: its fresh memory in 2 MiB pages
	return preview.Command(preview.CommandOptions{
		Template: paths[0], Envs: envs, Params: params, ParamFiles: paramFiles,
		Format: *format, Depth: d, StackName: *stackName, StackID: *stackID, ProjectID: *projectID,
		Schema: preview.LoadSchemaAsync(schema.Load), Check: checkFiles,
	}, stdout, stderr)
}
