package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"heat-ls/analysis/check"
	"heat-ls/analysis/config"
	"heat-ls/analysis/lint"
	"heat-ls/analysis/source"
	"heat-ls/analysis/workspace"
	"heat-ls/schema"
)

// runCheck is "heat-ls check [flags] PATH...": it turns flags into
// lint.Options and returns lint.Run's exit status (0 clean, 1 problems at
// or above the threshold, 2 usage or I/O error). All the work is in
// analysis/lint.
func runCheck(ctx context.Context, args []string, sc *schema.Schema, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("heat-ls check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "text", "output format: text, json, sarif or github (GitHub Actions annotations)")
	severity := fs.String("severity", "error", "exit 1 when a problem is at or above this severity: error, warning or info")
	var schemaDirs listFlag
	fs.Var(&schemaDirs, "schema", "directory of resource type schema files (repeatable)")
	heatRelease := fs.String("heat-release", "", "Heat release(s) to judge for, comma-separated (2025.1, epoxy or 24; default: .heat-ls.yaml's heatRelease, else "+schema.DefaultRelease()+"); with several, problems not common to all name their releases")
	var envFiles listFlag
	fs.Var(&envFiles, "env", "environment file applied to the checked templates, as with openstack stack create -e, and checked itself (repeatable)")
	listRules := fs.Bool("list-rules", false, "print the table of rule ids (severity, when Heat refuses, summary) in --format text or json, and exit")
	// The global flags are accepted after the command too.
	fs.String("log-file", "", "write logs to this file instead of stderr")
	fs.String("log-level", "info", "log level: debug, info, warn, error")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: heat-ls check [flags] PATH...\nflags:\n")
		fs.PrintDefaults()
	}
	paths, err := parseInterleaved(fs, args)
	if err != nil {
		return lint.ExitError
	}
	if *listRules {
		return writeRules(*format, "heat-ls check --list-rules", stdout, stderr)
	}
	threshold, ok := config.ParseSeverity(*severity)
	if !ok || threshold == source.SeverityHint {
		fmt.Fprintf(stderr, "heat-ls check: --severity must be error, warning or info, not %q\n", *severity)
		return lint.ExitError
	}
	var releases []string
	if *heatRelease != "" {
		if releases, err = lint.ParseReleases(*heatRelease); err != nil {
			fmt.Fprintln(stderr, "heat-ls check: --heat-release:", err)
			return lint.ExitError
		}
	}
	envs, err := workspace.ReadEnvironments(envFiles)
	if err != nil {
		fmt.Fprintln(stderr, "heat-ls check: --env:", err)
		return lint.ExitError
	}
	if len(paths) == 0 {
		fmt.Fprintln(stderr, "heat-ls check: no paths given")
		return lint.ExitError
	}
	// The environments are checked too: "openstack stack create -e"
	// refuses a stack whose environment Heat refuses, so CI should hear
	// about a bad registry entry or parameter section in them.
	paths = append(paths, envFiles...)
	collectLessOften()
	return lint.Run(ctx, lint.Options{
		Workspace:  func(files []string) check.WorkspaceView { return workspace.CLIView(files, envs) },
		Paths:      paths,
		Schema:     sc,
		SchemaDirs: schemaDirs,
		Releases:   releases,
		Format:     *format,
		Threshold:  threshold,
		Version:    version(),
		Stdout:     stdout,
		Stderr:     stderr,
	})
}

// collectLessOften raises the garbage collector's target for a check run
// (unless GOGC is set): each file's parse is garbage as soon as the file
// is checked, and a run is short, so collecting at four times the live
// heap instead of twice saves about a quarter of the processor time for a
// few MiB of memory.
func collectLessOften() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
}

// parseInterleaved parses flags that may come before, between or after
// the paths.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var paths []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return paths, nil
		}
		paths = append(paths, args[0])
		args = args[1:]
	}
}

// listFlag is a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }
