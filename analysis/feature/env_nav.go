package feature

import (
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
		return n.IsScalar() && n.Span.Start <= offset && offset <= n.Span.End && n.Span.Len() > 0
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

// EnvDefinition answers definition in an environment file: a registry
// key or target jumps to the template it maps to, a parameter to its
// declarations in the workspace templates. path is the environment's absolute path.
func EnvDefinition(doc *hot.Document, offset int, idx EnvIndex, path string) []FileLocation {
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

// EnvHover explains a registry key (the type), a registry target (the
// template's description, parameters and outputs, or the target type) or
// a parameter (its declarations in the workspace templates).
func EnvHover(doc *hot.Document, offset int, sc *schema.Schema, idx EnvIndex, path string, markdown bool) (HoverResult, bool) {
	t, ok := envTargetAt(doc, offset)
	if !ok {
		return HoverResult{}, false
	}
	d := &docText{markdown: markdown}
	switch t.kind {
	case "type", "target":
		if sc != nil {
			if rt, ok := sc.ResourceType(t.name); ok {
				d.title(t.name, "Heat resource type")
				d.para(rt.Description)
				break
			}
		}
		if t.kind == "type" {
			d.title(t.name, "custom resource type")
			if t.target != "" {
				d.field("mapped to", t.target, true)
			}
			d.para("Templates that use this type get what it is mapped to when this environment applies.")
			break
		}
		if idx == nil {
			break
		}
		p := idx.Resolve(path, t.name)
		tpl := (*hot.Document)(nil)
		if p != "" {
			tpl = idx.Template(p, path)
		}
		if tpl == nil || tpl.Template == nil {
			if p != "" {
				d.title(t.name, "template not found in the workspace")
			}
			break
		}
		d.title(t.name, "template")
		tt := tpl.Template
		if desc := tt.Section("description"); desc != nil && desc.Value.Resolve().IsScalar() {
			d.para(desc.Value.Resolve().Value)
		}
		var params, outs []string
		for _, prm := range tt.Parameters {
			s := prm.Name
			if prm.Type != "" {
				s += " (" + prm.Type + ")"
			}
			if prm.Field("default") == nil {
				s += ", required"
			}
			params = append(params, s)
		}
		for _, o := range tt.Outputs {
			outs = append(outs, o.Name)
		}
		d.list("Parameters", params)
		d.list("Outputs", outs)
	case "parameter":
		if idx == nil {
			break
		}
		decls := idx.ParameterDecls(t.name)
		if len(decls) == 0 {
			d.title(t.name, "parameter")
			d.para("No template of the workspace declares it.")
			break
		}
		d.b.WriteString(paramDoc(decls, path, markdown))
	}
	if d.b.Len() == 0 {
		return HoverResult{}, false
	}
	return HoverResult{Span: t.node.Span, Text: d.String(), Markdown: markdown}, true
}
