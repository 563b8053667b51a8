package graph

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/limits"
	"heat-ls/analysis/workspace"
)

// CommandOptions is what "heat-ls graph" was asked for.
type CommandOptions struct {
	// Paths are the templates to draw; Envs the environment files whose
	// resource_registry maps types to nested templates.
	Paths, Envs []string
	// Format is "dot", "mermaid" or "json".
	Format string
	// BaseDir, when set, is the directory file paths are shown relative
	// to (the CLI passes the working directory), so the output does not
	// depend on where the project is checked out.
	BaseDir string
	Options
}

// Command reads the templates and environments, draws them and writes the
// graph to w. A path that is not a readable template is an error: a graph
// silently missing a file would mislead.
func Command(o CommandOptions, w io.Writer) error {
	if !slices.Contains(Formats(), o.Format) {
		return fmt.Errorf("unknown format %q (use dot, mermaid or json)", o.Format)
	}
	if len(o.Paths) == 0 {
		return fmt.Errorf("no templates given")
	}
	envs, err := workspace.ReadEnvironments(o.Envs)
	if err != nil {
		return fmt.Errorf("--env: %w", err)
	}
	var inputs []Input
	var abs []string
	for _, p := range o.Paths {
		a, err := filepath.Abs(p)
		if err != nil {
			return err
		}
		info, err := os.Stat(a)
		if err != nil {
			return err
		}
		if !info.Mode().IsRegular() || info.Size() > limits.File {
			return fmt.Errorf("%s: not a template file (a directory, a device or too big)", p)
		}
		src, err := os.ReadFile(a)
		if err != nil {
			return err
		}
		doc := hot.Parse(src)
		if doc.Template == nil {
			return fmt.Errorf("%s: not a Heat template (no heat_template_version)", p)
		}
		inputs = append(inputs, Input{Path: a, Doc: doc})
		abs = append(abs, a)
	}
	opts := o.Options
	opts.Nested = FromSnapshot(workspace.CLISnapshot(abs, envs))
	g := Build(inputs, opts)
	if o.BaseDir != "" {
		g.relativeTo(o.BaseDir)
	}
	return Write(w, g, o.Format)
}

// relativeTo rewrites file paths relative to dir where they lie below it.
func (g *Graph) relativeTo(dir string) {
	rel := func(p string) string {
		if p == "" {
			return p
		}
		if r, err := filepath.Rel(dir, p); err == nil && filepath.IsLocal(r) {
			return filepath.ToSlash(r)
		}
		return p
	}
	for _, n := range g.Nodes {
		n.Path = rel(n.Path)
	}
	for _, c := range g.Clusters {
		c.Path = rel(c.Path)
	}
}
