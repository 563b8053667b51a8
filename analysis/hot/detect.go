package hot

import (
	"bytes"

	"heat-ls/analysis/syntax"
)

// detectKind decides what a document is. With a parsed root the decision
// is exact; for text that does not parse (a template being typed) it falls
// back to scanning the unindented keys, so a broken template still gets its
// syntax error reported while a broken unrelated YAML file stays silent.
func detectKind(root *syntax.Node, src []byte, broken bool) Kind {
	if root != nil && root.Kind == syntax.MappingNode {
		k := kindOfKeys(func(yield func(string) bool) {
			for _, p := range root.Pairs {
				if p.Key.Kind == syntax.ScalarNode && !yield(p.Key.Value) {
					return
				}
			}
		})
		if k == KindOther && looksLikeVersionlessTemplate(root) {
			return KindTemplate
		}
		return k
	}
	if !broken {
		return KindOther
	}
	return kindOfKeys(func(yield func(string) bool) {
		for _, line := range bytes.Split(src, []byte("\n")) {
			if key, ok := topLevelKey(line); ok && !yield(key) {
				return
			}
		}
	})
}

// kindOfKeys classifies a document by its top-level keys.
func kindOfKeys(keys func(yield func(string) bool)) Kind {
	env, other := false, false
	for k := range keys {
		switch {
		case k == "heat_template_version":
			return KindTemplate
		case IsEnvironmentSection(k):
			env = true
		default:
			other = true
		}
	}
	if env && !other {
		return KindEnvironment
	}
	return KindOther
}

// topLevelKey extracts "key" from an unindented "key:" line.
func topLevelKey(line []byte) (string, bool) {
	line = bytes.TrimPrefix(line, []byte("\ufeff"))
	if len(line) == 0 || line[0] == ' ' || line[0] == '\t' || line[0] == '#' || line[0] == '-' {
		return "", false
	}
	i := bytes.IndexByte(line, ':')
	if i <= 0 {
		return "", false
	}
	if i+1 < len(line) && line[i+1] != ' ' && line[i+1] != '\t' && line[i+1] != '\r' {
		return "", false
	}
	return string(bytes.Trim(line[:i], "\"'")), true
}

// looksLikeVersionlessTemplate recognises a HOT template whose author forgot
// heat_template_version, so that mistake is reported instead of the file
// being taken for unrelated YAML. The signal is deliberately strict: every
// top-level key is a HOT section, and some resource has a type that names
// a Heat resource type ("OS::Nova::Server") or a nested template file.
func looksLikeVersionlessTemplate(root *syntax.Node) bool {
	var resources *syntax.Node
	for _, p := range root.Pairs {
		if p.Key.Kind != syntax.ScalarNode {
			return false
		}
		switch p.Key.Value {
		case "resources":
			resources = p.Value.Resolve()
		case "description", "parameter_groups", "parameters", "outputs", "conditions":
		default:
			return false
		}
	}
	if !resources.IsMapping() {
		return false
	}
	for _, r := range resources.Pairs {
		t := r.Value.Resolve().Get("type").Resolve()
		if t.IsScalar() && looksLikeTypeName(t.Value) {
			return true
		}
	}
	return false
}

// looksLikeTypeName reports whether s reads as a Heat resource type name
// ("Vendor::Service::Thing") or a template file name.
func looksLikeTypeName(s string) bool {
	if bytes.Count([]byte(s), []byte("::")) >= 2 {
		return true
	}
	for _, ext := range []string{".yaml", ".yml", ".template"} {
		if len(s) > len(ext) && s[len(s)-len(ext):] == ext {
			return true
		}
	}
	return false
}
