package lint

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"heat-ls/analysis/check"
	"heat-ls/analysis/config"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/limits"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// Exit statuses of Run.
const (
	ExitClean    = 0
	ExitProblems = 1
	ExitError    = 2
)

// Options configures one run.
type Options struct {
	// Paths are the files and directories to check.
	Paths []string
	// Schema is the loaded Heat knowledge; SchemaDirs adds the user's
	// resource type files to it (schema.WithUserSchemas).
	Schema     *schema.Schema
	SchemaDirs []string
	// Releases are the Heat releases to judge for (canonical names, see
	// schema.ParseRelease). Empty: each file's .heat-ls.yaml heatRelease,
	// else Schema's own release. Several: every file is judged for each,
	// and problems not common to all name the releases they occur in
	// (releases.go).
	Releases []string
	// Format is "text" (default), "json" or "sarif".
	Format string
	// Threshold is the lowest severity that makes the status 1 (default
	// error); hints never count.
	Threshold source.Severity
	// Workspace, when set, is called once with the absolute paths of all
	// files about to be checked and returns the multi-file view the
	// workspace rules use (nil: every file is checked alone).
	Workspace func(files []string) check.WorkspaceView
	// Parsed, when set, returns the parse of a file (by absolute path)
	// that the caller already holds, or nil: that file is then checked on
	// it instead of being read and parsed again (heat-ls preview checks
	// the files it has just parsed).
	Parsed func(abs string) *hot.Document
	// Environments are files among Paths given as environments (check
	// --env): one whose top level is not a mapping is reported
	// (rules.EnvNotMapping), where a file found by walking that is no HOT
	// and no environment is left alone.
	Environments []string
	// Jobs bounds the files checked at once (default GOMAXPROCS).
	Jobs int
	// Version is the tool version written into SARIF.
	Version string
	Stdout  io.Writer
	Stderr  io.Writer
}

// Problem is one reported diagnostic with its position resolved.
type Problem struct {
	// Path is the file as found from the given paths.
	Path string
	// Line and Column are 1-based; Column counts characters, Column16
	// counts UTF-16 code units (plus one). The End fields are the same for
	// the end of the span.
	Line, Column, Column16          int
	EndLine, EndColumn, EndColumn16 int
	Severity                        source.Severity
	Rule                            string
	Message                         string
	// Releases are the Heat releases the problem occurs in, when a run
	// judging for several finds it in some only (nil: in all).
	Releases []string
}

// Report is the outcome of checking a set of paths.
type Report struct {
	// Files is the number of templates and environment files checked.
	Files    int
	Problems []Problem
	// Errors are I/O and usage problems (unreadable paths and the like).
	Errors []error
}

// Run checks opts.Paths, writes the report in opts.Format and returns the
// exit status.
func Run(ctx context.Context, opts Options) int {
	if opts.Stdout == nil {
		opts.Stdout = io.Discard
	}
	if opts.Stderr == nil {
		opts.Stderr = io.Discard
	}
	write, ok := writers(opts.Format)
	if !ok {
		fmt.Fprintf(opts.Stderr, "heat-ls check: unknown format %q (text, json, sarif or github)\n", opts.Format)
		return ExitError
	}
	if opts.Threshold == 0 {
		opts.Threshold = source.SeverityError
	}
	if opts.Threshold < source.SeverityError || opts.Threshold > source.SeverityInfo {
		fmt.Fprintln(opts.Stderr, "heat-ls check: the severity threshold must be error, warning or info")
		return ExitError
	}
	if len(opts.Paths) == 0 {
		fmt.Fprintln(opts.Stderr, "heat-ls check: no paths given")
		return ExitError
	}
	if len(opts.SchemaDirs) > 0 {
		sc, bad := loadSchemas(opts.Schema, opts.SchemaDirs, opts.Stderr)
		if bad {
			return ExitError
		}
		opts.Schema = sc
	}
	for _, name := range opts.Releases {
		if _, err := schema.ParseRelease(name); err != nil {
			fmt.Fprintln(opts.Stderr, "heat-ls check: --heat-release:", err)
			return ExitError
		}
	}
	rep := Check(ctx, opts)
	status := ExitClean
	for _, err := range rep.Errors {
		fmt.Fprintln(opts.Stderr, "heat-ls check:", err)
		status = ExitError
	}
	// The report goes out in blocks of 64 KiB, not a write per problem.
	out := bufio.NewWriterSize(opts.Stdout, 64<<10)
	err := write(out, rep, opts.Version)
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		fmt.Fprintln(opts.Stderr, "heat-ls check: writing the report:", err)
		return ExitError
	}
	if status == ExitClean && rep.Fails(opts.Threshold) {
		status = ExitProblems
	}
	return status
}

// Fails reports whether any problem is at or above threshold.
func (r *Report) Fails(threshold source.Severity) bool {
	for _, p := range r.Problems {
		if p.Severity <= threshold && p.Severity != source.SeverityHint {
			return true
		}
	}
	return false
}

// loadSchemas adds the user's schema directories, printing their problems.
// A directory that does not exist is an error; problems inside files are
// reported and the rest still loads.
func loadSchemas(base *schema.Schema, dirs []string, stderr io.Writer) (*schema.Schema, bool) {
	bad := false
	for _, dir := range dirs {
		info, err := os.Stat(dir)
		if err != nil || !info.IsDir() {
			fmt.Fprintf(stderr, "heat-ls check: --schema %s: not a directory\n", dir)
			bad = true
		}
	}
	if bad {
		return base, true
	}
	sc, problems := base.WithUserSchemas(dirs)
	for _, p := range problems {
		fmt.Fprintln(stderr, "heat-ls check: schema:", p.Error())
	}
	return sc, false
}

// Check finds and checks the files under opts.Paths (Format, Stdout and
// Stderr are not used) and returns the problems sorted by path, then
// position, then rule.
func Check(ctx context.Context, opts Options) *Report {
	rep := &Report{}
	files, errs := collect(opts.Paths)
	rep.Errors = append(rep.Errors, errs...)
	markEnvironments(files, opts.Environments)
	configs := newConfigCache()
	schemas := newReleaseSchemas(opts.Schema, opts.SchemaDirs)
	var view check.WorkspaceView
	if opts.Workspace != nil {
		abs := make([]string, 0, len(files))
		for _, f := range files {
			abs = append(abs, f.abs)
		}
		view = opts.Workspace(abs)
	}

	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	// Each worker takes the next file by counting rather than from a
	// channel fed by this goroutine: a file is a millisecond or two of
	// work, and handing each over woke two goroutines.
	results := make([]fileResult, len(files))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(jobs, max(len(files), 1)) {
		wg.Go(func() {
			// Each worker parses its files into one arena: a file's tree
			// is dropped once its problems are collected.
			var arena syntax.Arena
			for i := int(next.Add(1)) - 1; i < len(files); i = int(next.Add(1)) - 1 {
				results[i] = checkFile(ctx, files[i], schemas, opts.Releases, view, configs, &arena, opts.Parsed)
				arena.Reset()
			}
		})
	}
	wg.Wait()

	for _, r := range results {
		if r.err != nil {
			rep.Errors = append(rep.Errors, r.err)
			continue
		}
		if r.checked {
			rep.Files++
		}
		rep.Problems = append(rep.Problems, r.problems...)
	}
	rep.Problems = append(rep.Problems, configs.problems()...)
	slices.SortStableFunc(rep.Problems, compareProblems)
	return rep
}

func compareProblems(a, b Problem) int {
	if c := strings.Compare(a.Path, b.Path); c != 0 {
		return c
	}
	if a.Line != b.Line {
		return a.Line - b.Line
	}
	if a.Column != b.Column {
		return a.Column - b.Column
	}
	return strings.Compare(a.Rule, b.Rule)
}

type fileResult struct {
	checked  bool
	problems []Problem
	err      error
}

// checkFile reads, parses, checks and filters one file. A panic anywhere
// becomes an internal-error problem so one bad file never stops the run.
// The file's tree is parsed into arena and nothing of it is kept: the
// result holds texts and positions only.
func checkFile(ctx context.Context, f candidate, schemas *releaseSchemas, releases []string, view check.WorkspaceView, configs *configCache, arena *syntax.Arena, parsed func(string) *hot.Document) (res fileResult) {
	defer func() {
		if p := recover(); p != nil {
			res = fileResult{checked: true, problems: []Problem{{
				Path: f.path, Line: 1, Column: 1, Column16: 1, EndLine: 1, EndColumn: 1, EndColumn16: 1,
				Severity: source.SeverityError, Rule: rules.InternalError,
				Message: fmt.Sprintf("heat-ls failed while checking this file (%v); please report it", p),
			}}}
		}
	}()
	cfg := configs.forFile(f.abs)
	if cfg.Ignored(f.path) {
		return fileResult{}
	}
	var doc *hot.Document
	if parsed != nil {
		doc = parsed(f.abs)
	}
	if doc == nil {
		var problems *fileResult
		if doc, problems = readAndParse(f, arena); problems != nil {
			return *problems
		}
	}
	return checkParsed(ctx, f, doc, schemas, releases, view, cfg)
}

// readAndParse reads and parses the file f; a file that cannot be
// checked gives its result instead.
func readAndParse(f candidate, arena *syntax.Arena) (*hot.Document, *fileResult) {
	src, err := source.ReadRegular(f.path, limits.File)
	if tooLarge := (*source.TooLargeError)(nil); errors.As(err, &tooLarge) {
		if !f.named {
			return nil, &fileResult{}
		}
		return nil, &fileResult{checked: true, problems: []Problem{{
			Path: f.path, Line: 1, Column: 1, Column16: 1, EndLine: 1, EndColumn: 1, EndColumn16: 1,
			Severity: rules.Severity(rules.DocumentTooLarge), Rule: rules.DocumentTooLarge,
			Message: fmt.Sprintf("This file is %d MiB; heat-ls checks files up to %d MiB, so it was not checked.", tooLarge.Size>>20, limits.File>>20),
		}}}
	}
	if err != nil {
		return nil, &fileResult{err: err}
	}
	return hot.ParseNamedIn(f.path, src, arena), nil
}

// checkParsed runs the rules on the parsed file f for each release.
func checkParsed(ctx context.Context, f candidate, doc *hot.Document, schemas *releaseSchemas, releases []string, view check.WorkspaceView, cfg *config.Config) (res fileResult) {
	src := doc.Src
	if doc.Kind == hot.KindOther && !f.env {
		return fileResult{}
	}
	run := check.Run
	if f.env {
		run = check.RunEnvironment
	}
	if len(releases) == 0 && cfg != nil && cfg.HeatRelease != "" {
		releases = []string{cfg.HeatRelease}
	}
	if len(releases) == 0 {
		releases = []string{""}
	}
	perRelease := make([][]Problem, len(releases))
	for i, rel := range releases {
		diags := run(ctx, doc, check.Options{Schema: schemas.get(rel), Workspace: view, Path: f.abs})
		diags = config.Apply(diags, src, cfg)
		for _, d := range diags {
			if d.Severity == source.SeverityHint || d.Severity < source.SeverityError || d.Severity > source.SeverityHint {
				continue
			}
			perRelease[i] = append(perRelease[i], problemOf(f.path, doc.Mapper, d))
		}
	}
	res.checked = true
	res.problems = mergeReleases(releases, perRelease)
	return res
}

// problemOf resolves a diagnostic's span to lines and columns.
func problemOf(path string, m *source.Mapper, d source.Diagnostic) Problem {
	start32, end32 := m.Position(d.Span.Start, source.UTF32), m.Position(d.Span.End, source.UTF32)
	start16, end16 := m.Position(d.Span.Start, source.UTF16), m.Position(d.Span.End, source.UTF16)
	return Problem{
		Path:        path,
		Line:        start32.Line + 1,
		Column:      start32.Character + 1,
		Column16:    start16.Character + 1,
		EndLine:     end32.Line + 1,
		EndColumn:   end32.Character + 1,
		EndColumn16: end16.Character + 1,
		Severity:    d.Severity,
		Rule:        d.Code,
		Message:     d.Message,
	}
}

func absPath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}
