package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.lsp.dev/uri"

	"heat-ls/analysis/config"
	"heat-ls/analysis/environ"
	"heat-ls/analysis/eval"
	"heat-ls/analysis/feature"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/limits"
	"heat-ls/analysis/preview"
	"heat-ls/analysis/source"
	"heat-ls/analysis/workspace"
)

// commandPreview returns the stack a template becomes, as "heat-ls
// preview" prints it, for the template's active environment set or the
// environment files given. Argument: {"uri": ..., "environments"?: [path
// or URI, ...], "parameters"?: {name: value}, "depth"?: n, "format"?:
// "yaml"|"json"}. An open document is previewed with its current text.
const commandPreview = "heat-ls.preview"

type previewArgs struct {
	URI          string         `json:"uri"`
	Environments *[]string      `json:"environments"`
	Parameters   map[string]any `json:"parameters"`
	Depth        *int           `json:"depth"`
	Format       string         `json:"format"`
}

// previewResult is the command's answer.
type previewResult struct {
	URI          string           `json:"uri"`
	Version      int32            `json:"version"`
	Format       string           `json:"format"`
	Text         string           `json:"text"`
	Environments []string         `json:"environments"`
	Problems     []previewProblem `json:"problems"`
}

// previewProblem is something Heat would refuse (an error) or a file of
// the environment set that could not be used (a warning). Line is
// 0-based.
type previewProblem struct {
	Severity string `json:"severity"`
	Message  string `json:"message"`
	URI      string `json:"uri,omitempty"`
	Line     *int   `json:"line,omitempty"`
}

func (s *Server) previewCommand(ctx context.Context, args []json.RawMessage) (any, error) {
	a, err := readPreviewArgs(args)
	if err != nil {
		return nil, err
	}
	u := documentURI(a.URI)
	path := filePath(u)
	if path == "" {
		return nil, errInvalidParams("heat-ls.preview: " + a.URI + " is not a file URI")
	}
	doc, version, err := s.previewDocument(u, path)
	if err != nil {
		return nil, err
	}
	folder := s.folderOf(path)
	var envPaths []config.EnvPath
	if a.Environments != nil {
		envPaths = config.ExpandEnvs(folder, uriPaths(*a.Environments))
	} else {
		envPaths = s.activeEnvironments(path).Paths
	}
	envs, envProblems := s.loadEnvironments(envPaths)
	snap := s.workspaceSnapshot()
	res := preview.Preview(path, doc, preview.Options{
		Schema:   s.currentSchema(),
		Envs:     envs,
		CLI:      cliParameters(a.Parameters),
		Depth:    previewDepth(a.Depth),
		Load:     snapshotLoader(snap, path),
		ReadFile: s.snapshotReader(snap, path),
		Exists:   func(p string) bool { ok, _ := snap.Exists(p, path); return ok },
		Context:  ctx,
	})
	if ctx.Err() != nil {
		return nil, errCancelled
	}
	out := previewResult{URI: a.URI, Version: version, Format: a.Format, Environments: []string{}, Problems: []previewProblem{}}
	for _, e := range envs {
		out.Environments = append(out.Environments, e.Path)
	}
	for _, p := range envProblems {
		out.Problems = append(out.Problems, previewProblem{Severity: "warning", Message: p.Path + ": " + p.Message, URI: string(uri.File(p.Path))})
	}
	out.Problems = append(out.Problems, s.previewProblems(res)...)
	out.Text = preview.Text(res, a.Format, folder)
	return out, nil
}

// readPreviewArgs decodes and checks the command's argument.
func readPreviewArgs(args []json.RawMessage) (previewArgs, error) {
	const shape = `heat-ls.preview: the argument is {"uri": ..., "environments"?: [...], "parameters"?: {...}, "depth"?: n, "format"?: "yaml"|"json"}`
	var a previewArgs
	if len(args) == 0 {
		return a, errInvalidParams("heat-ls.preview needs the template's URI")
	}
	if json.Unmarshal(args[0], &a.URI) != nil {
		dec := json.NewDecoder(strings.NewReader(string(args[0])))
		dec.UseNumber()
		if err := dec.Decode(&a); err != nil || a.URI == "" {
			return a, errInvalidParams(shape)
		}
	}
	if a.URI == "" {
		return a, errInvalidParams(shape)
	}
	if a.Format == "" {
		a.Format = "yaml"
	}
	if a.Format != "yaml" && a.Format != "json" {
		return a, errInvalidParams("heat-ls.preview: format must be yaml or json, not " + strconv.Quote(a.Format))
	}
	if a.Depth != nil && *a.Depth < 0 {
		return a, errInvalidParams("heat-ls.preview: depth must be 0 or more")
	}
	for name, v := range a.Parameters {
		switch v.(type) {
		case string, json.Number, bool:
		default:
			return a, errInvalidParams("heat-ls.preview: the value of parameter " + strconv.Quote(name) + " must be text, a number or a boolean, as with -P")
		}
	}
	return a, nil
}

// previewDepth turns the argument into preview.Options.Depth: absent is
// the default, 0 expands nothing.
func previewDepth(d *int) int {
	switch {
	case d == nil:
		return preview.DefaultDepth
	case *d == 0:
		return -1
	}
	return min(*d, preview.MaxDepth)
}

// cliParameters gives the parameters as -P gives them: texts, in name
// order.
func cliParameters(params map[string]any) []environ.CLIParam {
	names := make([]string, 0, len(params))
	for n := range params {
		names = append(names, n)
	}
	slices.Sort(names)
	out := make([]environ.CLIParam, 0, len(names))
	for _, n := range names {
		text := fmt.Sprint(params[n])
		if s, ok := params[n].(string); ok {
			text = s
		}
		out = append(out, environ.CLIParam{Name: n, Value: eval.StringValue(text), Source: "-P"})
	}
	return out
}

// uriPaths turns file URIs among entries into paths; other entries stay.
func uriPaths(entries []string) []string {
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = e
		if strings.HasPrefix(e, "file:") {
			if p := filePath(uri.URI(e)); p != "" {
				out[i] = p
			}
		}
	}
	return out
}

// previewDocument is the template to preview: the open document's parse
// (the last that parsed while the text is broken YAML), else the file on
// disk. A file that is not a HOT template is an InvalidParams error.
func (s *Server) previewDocument(u uri.URI, path string) (*hot.Document, int32, error) {
	var doc *hot.Document
	var version int32
	if d := s.document(u); d != nil {
		if d.TooLarge {
			return nil, 0, errInvalidParams(fmt.Sprintf("heat-ls.preview: %s is larger than %d MiB, which heat-ls does not analyse", u, limits.File>>20))
		}
		doc, version = feature.NewView(d.Doc, d.LastGood).Doc, d.Version
	} else {
		src, err := source.ReadRegular(path, limits.File)
		if err != nil {
			return nil, 0, errInvalidParams("heat-ls.preview: cannot read " + path + ": " + err.Error())
		}
		doc = hot.ParseNamed(path, src)
	}
	if doc == nil || doc.Template == nil {
		return nil, 0, errInvalidParams("heat-ls.preview: " + string(u) + " is not a HOT template (it has no heat_template_version)")
	}
	return doc, version, nil
}

// snapshotLoader reads nested templates through the workspace view: open
// documents' current text, else the index, else the disk, within what the
// guard allows for the template at from.
func snapshotLoader(snap *workspace.Snapshot, from string) func(string) (*hot.Document, error) {
	return func(p string) (*hot.Document, error) {
		f := snap.Load(p, from)
		if f == nil {
			return nil, fmt.Errorf("not found, not readable from here, or not a HOT file")
		}
		full := snap.Full(f)
		if full == nil || full.Doc == nil {
			return nil, fmt.Errorf("cannot be parsed")
		}
		return full.Doc, nil
	}
}

// snapshotReader reads get_file targets: an open document's current text,
// else the disk, within what the guard allows. Each path is read once per
// preview (templates often read one script from many resources, and the
// guard resolves links on every question).
func (s *Server) snapshotReader(snap *workspace.Snapshot, from string) func(string) (string, error) {
	type read struct {
		text string
		err  error
	}
	seen := map[string]read{}
	return func(p string) (string, error) {
		if r, ok := seen[p]; ok {
			return r.text, r.err
		}
		text, err := s.readTarget(snap, from, p)
		seen[p] = read{text, err}
		return text, err
	}
}

// readTarget reads one get_file target.
func (s *Server) readTarget(snap *workspace.Snapshot, from, p string) (string, error) {
	if !snap.Guard().Allow(p, from) {
		return "", eval.ErrNotRead
	}
	if d := s.openAt(p); d != nil {
		return string(d.Text), nil
	}
	src, err := source.ReadRegular(p, limits.File)
	if err != nil {
		return "", err
	}
	return string(src), nil
}

// previewProblems places the preview's problems: the file's URI and the
// 0-based line.
func (s *Server) previewProblems(res *preview.Result) []previewProblem {
	ps := slices.Clone(res.Problems)
	slices.SortStableFunc(ps, func(a, b preview.Problem) int {
		if a.File != b.File {
			return strings.Compare(a.File, b.File)
		}
		return a.Span.Start - b.Span.Start
	})
	out := make([]previewProblem, 0, len(ps))
	for _, p := range ps {
		pp := previewProblem{Severity: "error", Message: strings.Join(strings.Fields(p.Message), " ")}
		if p.File != "" {
			pp.URI = string(uri.File(p.File))
			if d := res.Docs[p.File]; d != nil && d.Mapper != nil {
				line := d.Mapper.Position(p.Span.Start, source.UTF16).Line
				pp.Line = &line
			}
		}
		out = append(out, pp)
	}
	return out
}
