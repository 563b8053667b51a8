package preview

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"heat-ls/analysis/environ"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/limits"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

// Exit statuses of the preview command.
const (
	ExitOK       = 0
	ExitProblems = 1
	ExitUsage    = 2
)

// MaxFileSize is the largest file the command reads: the same bound as
// every other reader of templates and environments (analysis/limits).
const MaxFileSize = limits.File

// CommandOptions are the command line's choices.
type CommandOptions struct {
	Template string
	Envs     []string
	// Params are -P name=value; ParamFiles --parameter-file name=path.
	Params, ParamFiles            []string
	Format                        string
	Depth                         int
	StackName, StackID, ProjectID string
	// Schema gives the facts about Heat. It is called once the files
	// are read and parsed, so that a caller may decode the embedded
	// facts on another core meanwhile (see LoadSchemaAsync).
	Schema func() (*schema.Schema, error)
	// Check, when set, checks the files the preview read (the template,
	// the environments, the nested templates; by absolute path, with the
	// preview's parse of each, which the check reuses) as heat-ls check
	// does and returns the errors: Heat refuses a stack for those too.
	// It runs while the preview is written, so it must not change docs.
	Check func(sc *schema.Schema, docs map[string]*hot.Document) []CheckProblem
}

// LoadSchemaAsync starts decoding the embedded facts on another
// goroutine and returns the function that waits for them: the command
// reads and parses its files in the meantime, which on a machine with two
// cores hides the decoding from the wall time.
func LoadSchemaAsync(load func() (*schema.Schema, error)) func() (*schema.Schema, error) {
	type loaded struct {
		sc  *schema.Schema
		err error
	}
	ch := make(chan loaded, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				ch <- loaded{err: fmt.Errorf("internal error: %v", r)}
			}
		}()
		sc, err := load()
		ch <- loaded{sc, err}
	}()
	var once sync.Once
	var got loaded
	return func() (*schema.Schema, error) {
		once.Do(func() { got = <-ch })
		return got.sc, got.err
	}
}

// CheckProblem is an error heat-ls check reports, already placed.
type CheckProblem struct {
	Path         string
	Line, Column int
	Message      string
	Rule         string
}

// Command runs "heat-ls preview": it reads the files, previews, writes
// the stack to stdout and the problems (as check writes them) to stderr.
// It returns ExitProblems when Heat would refuse the stack, ExitUsage for
// a usage or read error.
func Command(o CommandOptions, stdout, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "heat-ls preview: internal error, please report it: %v\n", r)
			status = ExitUsage
		}
	}()
	if o.Format != "yaml" && o.Format != "json" {
		fmt.Fprintf(stderr, "heat-ls preview: --format must be yaml or json, not %q\n", o.Format)
		return ExitUsage
	}
	// Without check's rules nothing asks where the function calls are:
	// the templates' models are made without the list of them.
	parse := hot.ParseNamed
	if o.Check == nil {
		parse = hot.ParseForEvaluation
	}
	load := func(p string) (*hot.Document, error) {
		_, doc, err := readTemplateWith(p, parse)
		return doc, err
	}
	path, doc, err := readTemplateWith(o.Template, parse)
	if err != nil {
		fmt.Fprintln(stderr, "heat-ls preview:", err)
		return ExitUsage
	}
	cli, err := cliParams(path, o.Params, o.ParamFiles)
	if err != nil {
		fmt.Fprintln(stderr, "heat-ls preview:", err)
		return ExitUsage
	}
	if doc.Template == nil {
		fmt.Fprintf(stderr, "heat-ls preview: %s is not a HOT template (no heat_template_version)\n", o.Template)
		return ExitUsage
	}
	envs, err := readEnvs(o.Envs)
	if err != nil {
		fmt.Fprintln(stderr, "heat-ls preview:", err)
		return ExitUsage
	}
	sc, err := o.Schema()
	if err != nil {
		fmt.Fprintln(stderr, "heat-ls preview: loading the schema:", err)
		return ExitUsage
	}
	res := Preview(path, doc, Options{
		Schema: sc, Envs: envs, CLI: cli, Depth: o.Depth,
		StackName: o.StackName, StackID: o.StackID, ProjectID: o.ProjectID,
		Load: load, ReadFile: readText, Exists: exists,
		Workers: runtime.GOMAXPROCS(0) - 1,
	})
	checked := startCheck(o.Check, sc, res.Docs)
	wd, _ := os.Getwd()
	// While check's rules run, they take a core: the text is written on
	// the rest.
	procs := runtime.GOMAXPROCS(0)
	if o.Check != nil {
		procs--
	}
	for _, piece := range textPiecesOf(res, o.Format, wd, procs) {
		io.WriteString(stdout, piece)
	}
	problems, err := checked()
	if err != nil {
		fmt.Fprintln(stderr, "heat-ls preview: internal error, please report it:", err)
		return ExitUsage
	}
	writeProblems(stderr, res, problems)
	if len(res.Problems) > 0 || len(problems) > 0 {
		return ExitProblems
	}
	return ExitOK
}

// startCheck runs check's rules on the parsed files on another goroutine,
// so that they overlap the writing of the preview (which reads only the
// preview's own result, never the documents), and returns the function
// that waits for the errors.
func startCheck(check func(*schema.Schema, map[string]*hot.Document) []CheckProblem, sc *schema.Schema, docs map[string]*hot.Document) func() ([]CheckProblem, error) {
	if check == nil {
		return func() ([]CheckProblem, error) { return nil, nil }
	}
	var (
		out []CheckProblem
		err error
	)
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("%v", r)
			}
		}()
		out = check(sc, docs)
	}()
	return func() ([]CheckProblem, error) {
		<-done
		return out, err
	}
}

// cliParams reads -P and --parameter-file as the client does; parameter
// files are read relative to the template's directory, as the client
// resolves them.
func cliParams(template string, params, files []string) ([]environ.CLIParam, error) {
	dir := filepath.Dir(template)
	return environ.FormatCLI(params, files, func(p string) (string, error) {
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		src, err := source.ReadRegular(p, MaxFileSize)
		return string(src), err
	})
}

// readTemplate reads the file at p and parses it with the whole model.
func readTemplate(p string) (string, *hot.Document, error) {
	return readTemplateWith(p, hot.ParseNamed)
}

// readTemplateWith reads the file at p and parses it with parse.
func readTemplateWith(p string, parse func(name string, src []byte) *hot.Document) (string, *hot.Document, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", nil, err
	}
	src, err := source.ReadRegular(abs, MaxFileSize)
	if err != nil {
		return "", nil, err
	}
	return abs, parse(abs, src), nil
}

func loadTemplate(p string) (*hot.Document, error) {
	_, doc, err := readTemplate(p)
	return doc, err
}

func readEnvs(paths []string) ([]environ.File, error) {
	var out []environ.File
	for _, p := range paths {
		abs, doc, err := readTemplate(p)
		if err != nil {
			return nil, err
		}
		if doc.Kind != hot.KindEnvironment {
			// Heat reads an empty file, null or {} as an environment
			// that sets nothing.
			if root := doc.Syntax.Root().Resolve(); !doc.Syntax.Broken && (root == nil || root.IsNull() || root.IsMapping() && root.NumPairs() == 0) {
				continue
			}
			return nil, fmt.Errorf("%s is not a Heat environment file (its top-level keys must be environment sections)", p)
		}
		out = append(out, environ.File{Path: abs, Doc: doc})
	}
	return out, nil
}

func readText(p string) (string, error) {
	src, err := source.ReadRegular(p, MaxFileSize)
	if err != nil {
		if os.IsNotExist(err) {
			return "", errors.New("no such file")
		}
		return "", err
	}
	return string(src), nil
}

func exists(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.Mode().IsRegular()
}

// writeProblems writes the problems as "file:line:col: error: message",
// check's first (with their rule), then the preview's own.
func writeProblems(w io.Writer, res *Result, checked []CheckProblem) {
	wd, _ := os.Getwd()
	rel := func(p string) string {
		if r, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
		return p
	}
	for _, c := range checked {
		fmt.Fprintf(w, "%s:%d:%d: error: %s [%s]\n", rel(c.Path), c.Line, c.Column, strings.Join(strings.Fields(c.Message), " "), c.Rule)
	}
	ps := slices.Clone(res.Problems)
	slices.SortStableFunc(ps, func(a, b Problem) int {
		if a.File != b.File {
			return strings.Compare(a.File, b.File)
		}
		return a.Span.Start - b.Span.Start
	})
	said := map[string]bool{}
	for _, c := range checked {
		said[c.Path+":"+strconv.Itoa(c.Line)] = true
	}
	for _, p := range ps {
		line, col := 1, 1
		if d := res.Docs[p.File]; d != nil && d.Mapper != nil {
			pos := d.Mapper.Position(p.Span.Start, source.UTF32)
			line, col = pos.Line+1, pos.Character+1
		}
		if said[p.File+":"+strconv.Itoa(line)] {
			continue // check said it already, in its words
		}
		fmt.Fprintf(w, "%s:%d:%d: error: %s\n", rel(p.File), line, col, strings.Join(strings.Fields(p.Message), " "))
	}
}

// relativize shows the paths of a stack relative to dir when they lie
// under it.
func relativize(s *Stack, dir string, depth int) {
	if s == nil || depth > MaxDepth+1 {
		return
	}
	rel := func(p string) string {
		if !filepath.IsAbs(p) {
			return p
		}
		if r, err := filepath.Rel(dir, p); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
		return p
	}
	s.Template = rel(s.Template)
	for _, r := range s.Resources {
		if strings.ContainsAny(r.Implementation, "/\\") {
			r.Implementation = rel(r.Implementation)
		}
		relativize(r.Nested, dir, depth+1)
	}
}
