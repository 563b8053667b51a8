package envfile

import (
	"strings"

	"heat-ls/analysis/feature/hover"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// envTarget is what sits under the cursor in an environment file.
type envTarget struct {
	node *syntax.Node
	// kind: "type" (a registry key), "target" (a registry value),
	// "parameter" (a parameters / parameter_defaults key).
	kind string
	name string
	// target is a registry key's target as written.
	target string
}

func envTargetAt(doc *hot.Document, offset int) (envTarget, bool) {
	if doc == nil || doc.Env == nil {
		return envTarget{}, false
	}
	in := func(n *syntax.Node) bool {
		n = n.Resolve()
		return n.IsScalar() && n.Span().Start <= offset && offset <= n.Span().End && n.Span().Len() > 0
	}
	var entries []*hot.RegistryEntry
	entries = append(entries, doc.Env.Registry...)
	for _, o := range doc.Env.ResourceOverrides {
		entries = append(entries, o.Entries...)
	}
	for _, re := range entries {
		if in(re.Key) {
			target := ""
			if t := re.Target.Resolve(); t.IsScalar() {
				target = t.Value
			}
			return envTarget{node: re.Key, kind: "type", name: re.Name, target: target}, true
		}
		if in(re.Target) {
			t := re.Target.Resolve()
			return envTarget{node: t, kind: "target", name: t.Value}, true
		}
	}
	for _, list := range [][]*hot.Entry{doc.Env.Parameters, doc.Env.ParameterDefaults} {
		for _, e := range list {
			if in(e.Key) {
				return envTarget{node: e.Key, kind: "parameter", name: e.Name}, true
			}
		}
	}
	return envTarget{}, false
}

// Definition answers definition in an environment file: a registry
// key or target jumps to the template it maps to, a parameter to its
// declarations in the workspace templates. path is the environment's absolute path.
func Definition(doc *hot.Document, offset int, idx Index, path string) []FileLocation {
	t, ok := envTargetAt(doc, offset)
	if !ok || idx == nil {
		return nil
	}
	var out []FileLocation
	switch t.kind {
	case "type", "target":
		ref := t.name
		if t.kind == "type" {
			ref = t.target // the key leads to what it is mapped to
		}
		if p := idx.Resolve(path, ref); p != "" {
			if tpl := idx.Template(p, path); tpl != nil {
				out = append(out, FileLocation{Path: p, Doc: tpl})
			}
		}
	case "parameter":
		for _, d := range idx.ParameterDecls(t.name) {
			out = append(out, FileLocation{Path: d.Path, Span: d.Key, Doc: d.Doc})
		}
	}
	return out
}

// envDescribeTarget describes what a registry entry maps to: a Heat type
// (its description) or a template of the workspace (its description,
// parameters and outputs). withTitle starts the text with the target's
// name, for a hover on the target itself.
func envDescribeTarget(d *hover.Text, target string, sc *schema.Schema, idx Index, path string, withTitle bool) {
	if sc != nil {
		if rt, ok := sc.ResourceType(target); ok {
			if withTitle {
				d.Title(target, "Heat resource type")
			}
			d.Para(rt.Description)
			return
		}
	}
	if idx == nil {
		return
	}
	p := idx.Resolve(path, target)
	var tpl *hot.Document
	if p != "" {
		tpl = idx.Template(p, path)
	}
	if tpl == nil || tpl.Template == nil {
		if p != "" {
			if withTitle {
				d.Title(target, "template not found in the workspace")
			} else {
				d.Para("That template is not in the workspace.")
			}
		}
		return
	}
	if withTitle {
		d.Title(target, "template")
	}
	templateSummary(d, tpl.Template, "Parameters (its properties)", "Outputs (its attributes)")
}

// Hover explains a registry key (the type), a registry target (the
// template's description, parameters and outputs, or the target type) or
// a parameter (its declarations in the workspace templates).
func Hover(doc *hot.Document, offset int, sc *schema.Schema, idx Index, path string, markdown bool) (hover.Result, bool) {
	t, ok := envTargetAt(doc, offset)
	if !ok {
		return hover.Result{}, false
	}
	d := hover.NewText(markdown)
	switch t.kind {
	case "type":
		builtin := false
		if sc != nil {
			_, builtin = sc.ResourceType(t.name)
		}
		switch {
		case strings.Contains(t.name, "*"):
			d.Title(t.name, "resource type pattern")
			d.Para("Every type whose name matches this pattern gets what it is mapped to when this environment applies.")
		case builtin:
			d.Title(t.name, "Heat resource type, remapped")
			d.Para("Templates that use this built-in type get what it is mapped to instead when this environment applies.")
		default:
			d.Title(t.name, "custom resource type")
			d.Para("Templates that use this type get what it is mapped to when this environment applies.")
		}
		if t.target == "" {
			break
		}
		d.Field("Mapped to", t.target, true)
		envDescribeTarget(d, t.target, sc, idx, path, false)
	case "target":
		envDescribeTarget(d, t.name, sc, idx, path, true)
	case "parameter":
		if idx == nil {
			break
		}
		decls := idx.ParameterDecls(t.name)
		if len(decls) == 0 {
			d.Title(t.name, "parameter")
			d.Para("No template of the workspace declares it.")
			break
		}
		d.Raw(paramDoc(decls, path, markdown))
	}
	if d.Len() == 0 {
		return hover.Result{}, false
	}
	return hover.Result{Span: t.node.Span(), Text: d.String(), Markdown: markdown}, true
}
