package workspace

import (
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// CheckGetFilePaths reports get_file paths that do not exist, or that
// heat-ls will not look at. Each call is judged alone (its path and the
// workspace's answer), so after an edit inside one entry the findings of
// the calls elsewhere, often hundreds of the same missing script, are
// taken over rather than written again.
func CheckGetFilePaths(p *pass.Pass) {
	if p.Workspace == nil {
		return
	}
	state := fileStates(p)
	p.EachCallOfAlone("get_file", func(_ int, c *hot.Call) {
		ref, ok := wsString(c.Args)
		if !ok || ref == "" {
			return
		}
		at := c.Args.Resolve().Span()
		switch state(ref) {
		case pass.FileMissing:
			p.Reportf(at, rules.GetFileMissing,
				"get_file: `%s` was not found. Paths are relative to this template's directory; fix the path or create the file (the client reads it when the stack is created).", ref)
		case pass.FileOutside:
			p.Reportf(at, rules.GetFileOutside,
				"get_file: `%s` is outside the workspace folders and this template's directory, so heat-ls does not look at it.", ref)
		case pass.FileDirectory:
			p.Reportf(at, rules.GetFileMissing,
				"get_file: `%s` is a directory; get_file reads the content of one file. Name a file inside it.", ref)
		}
	})
}

// CheckRegistryTargets reports resource_registry targets that are
// template files which do not exist. Targets are often generated at
// deploy time, so this is a warning.
func CheckRegistryTargets(p *pass.Pass) {
	if p.Workspace == nil || p.Env == nil {
		return
	}
	state := fileStates(p)
	check := func(name string, target string, span source.Span) {
		if !wsIsTemplateRef(target) {
			return
		}
		switch state(target) {
		case pass.FileMissing:
			p.Reportf(span, rules.RegistryTargetMissing,
				"The template `%s` mapped to `%s` was not found. It may be generated at deploy time; otherwise fix the path (relative to this environment file).", target, name)
		case pass.FileOutside:
			p.Reportf(span, rules.RegistryTargetOutside,
				"The template `%s` mapped to `%s` is outside the workspace folders and this file's directory, so heat-ls does not look at it.", target, name)
		}
	}
	for _, re := range p.Env.Registry {
		if t, ok := wsString(re.Target); ok {
			check(re.Name, t, re.Target.Resolve().Span())
		}
	}
	for _, o := range p.Env.ResourceOverrides {
		for _, re := range o.Entries {
			if t, ok := wsString(re.Target); ok {
				check(re.Name, t, re.Target.Resolve().Span())
			}
		}
	}
}

// fileStates returns the workspace's FileState of references written in
// the checked document, each looked up once per run: a template often
// names the same script in hundreds of get_file calls, and each look-up
// resolves symbolic links on the file system, one system call per folder
// of the path. The files may change between two runs, not within one.
func fileStates(p *pass.Pass) func(ref string) pass.FileState {
	known := map[string]pass.FileState{}
	return func(ref string) pass.FileState {
		s, ok := known[ref]
		if !ok {
			s = p.Workspace.FileState(p.Path, ref)
			known[ref] = s
		}
		return s
	}
}

// wsIsTemplateRef reports whether a registry target or resource type names a
// template file (a .yaml/.yml/.template path or a URL) rather than a type.
func wsIsTemplateRef(name string) bool {
	n := strings.ToLower(strings.TrimSpace(name))
	return strings.Contains(n, "://") || strings.HasSuffix(n, ".yaml") || strings.HasSuffix(n, ".yml") || strings.HasSuffix(n, ".template")
}
