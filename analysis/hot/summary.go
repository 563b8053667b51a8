package hot

import "strings"

// Summarize returns what the workspace index keeps of d for a file that
// is not open: its text (Src and Mapper, so spans still map to positions
// and a full parse can be had again), and for a template its Outline.
// A summary holds no syntax tree and no Template or Env: plain values
// cost a fraction of a tree of nodes, and what other files read of a
// template or an environment (names, types, spans) needs no more; the
// workspace reads an environment's registry entries and values before it
// summarizes it. Src and Mapper are shared with d (SummarizeCompact gives
// the summary a copy of Src and a mapper of its own). A feature that needs
// everything (every use of a name, every call) parses Src again.
func Summarize(d *Document) *Document { return summarize(d, false) }

// summarize is Summarize with, when own is set, a copy of the text.
func summarize(d *Document, own bool) *Document {
	if d == nil || d.Summary || d.Template == nil && d.Env == nil || d.Syntax == nil {
		return d
	}
	src, mapper := textFor(d, own)
	out := &Document{Src: src, Mapper: mapper, Kind: d.Kind, Summary: true, Jinja: d.Jinja}
	if d.Template != nil {
		out.outline = buildOutline(d, false)
		if own {
			out.outline = compactOutline(out.outline)
		}
	}
	return out
}

// isBuiltinType reports whether a type name is in the namespace of one of
// Heat's own resource plugins (OS::Nova::, AWS::EC2:: ...). Such a
// resource is usually no nested stack, so a summary drops its properties;
// one that an environment maps to a template is rare, and
// OutlineDefinition.PropertiesLeftOut lets the caller parse the whole text for it. Other
// names under OS:: (a project's own OS::Project::Service types, mapped by
// its environments) keep their property keys.
func isBuiltinType(name string) bool {
	ns, _, ok := strings.Cut(name, "::")
	if !ok {
		return false
	}
	rest, _, ok := strings.Cut(name[len(ns)+2:], "::")
	if !ok {
		return false
	}
	switch ns {
	case "AWS":
		return true
	case "OS":
		return builtinService(rest)
	}
	return false
}

// builtinService reports whether name is the second part of the OS::
// resource type names of Heat's plugins (a test keeps it in step with the
// schema's types).
func builtinService(name string) bool {
	switch name {
	case "Aodh", "Barbican", "Blazar", "Ceilometer", "Cinder", "Designate",
		"Glance", "Heat", "Ironic", "Keystone", "Magnum", "Manila",
		"Metering", "Mistral", "Monasca", "Neutron", "Nova", "Octavia",
		"Quantum", "Sahara", "Senlin", "Swift", "Trove", "Vitrage",
		"Zaqar", "Zun":
		return true
	}
	return false
}
