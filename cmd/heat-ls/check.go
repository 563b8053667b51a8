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
	fs.String("log-format", "", "log line format: console or json")
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
	envs, _, err := workspace.ReadEnvironmentsJudged(envFiles)
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
	defer collectLessOften()()
	return lint.Run(ctx, lint.Options{
		Workspace:    func(files []string) check.WorkspaceView { return workspace.CLIView(files, envs) },
		Paths:        paths,
		Environments: envFiles,
		Schema:       sc,
		SchemaDirs:   schemaDirs,
		Releases:     releases,
		Format:       *format,
		Threshold:    threshold,
		Version:      version(),
		Stdout:       stdout,
		Stderr:       stderr,
	})
}

// Collector settings for a check run (collectLessOften).
const (
	checkGCPercent   = 800
	checkMemoryLimit = 1 << 30
)

// collectLessOften sets the garbage collector for a check run, unless
// GOGC or GOMEMLIMIT is set, and returns what puts the settings back. A
// file's trees are garbage as soon as the file is checked, and while a
// worker is between files little is live; but each collection costs
// about the same however little it finds, so their number is what
// counts. On 500 templates of 300 lines, Go's default target (twice the
// live heap) makes 68 collections and a peak of 18 MiB; five times, 9 and
// 31 MiB; nine times (this one), 4 and 48 MiB. The memory limit bounds
// what the high target may let the heap grow to when many large files
// are in flight at once (Heat refuses templates over 512 KiB, so it is
// rarely reached).
func collectLessOften() (restore func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	percent := debug.SetGCPercent(checkGCPercent)
	limit := debug.SetMemoryLimit(checkMemoryLimit)
	return func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
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
