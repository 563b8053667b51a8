package hot

import (
	"bytes"
	"strings"

	"heat-ls/analysis/syntax"
	"heat-ls/schema/spell"
)

// detectKind decides what a document is. With a parsed root the decision
// is exact; for text that does not parse (a template being typed) it falls
// back to scanning the unindented keys, so a broken template still gets its
// syntax error reported while a broken unrelated YAML file stays silent.
func detectKind(root *syntax.Node, src []byte, broken bool) Kind {
	if root != nil && root.Kind == syntax.MappingNode {
		k := kindOfKeys(func(yield func(string) bool) {
			for _, p := range root.Pairs() {
				if p.Key.Kind == syntax.ScalarNode && !yield(p.Key.Value) {
					return
				}
			}
		})
		if k == KindOther && looksLikeVersionlessTemplate(root) {
			return KindTemplate
		}
		// A recovered tree may have lost the lines that tell (the
		// version line blanked with the broken region): the text decides.
		if k != KindOther || !broken {
			return k
		}
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

// kindOfKeys classifies a document by its top-level keys. A key a typo
// away from a Heat name counts for what it was meant to be, so that the
// file gets its mistake reported instead of being taken for unrelated
// YAML: an environment is a file whose keys are all environment sections
// or near misses of them, at least one spelt right; a template whose
// version key is misspelt is one when some other key is a HOT section.
func kindOfKeys(keys func(yield func(string) bool)) Kind {
	env, other, versionMiss, hotSection := false, false, false, false
	for k := range keys {
		// A key that starts a line with byte order marks is the key
		// libyaml reads one column in; where libyaml refuses the text,
		// Heat's fallback reader keeps the marks in the key, and that
		// key is still what the file was meant to hold.
		k = strings.TrimLeft(k, "\ufeff")
		switch {
		case k == "heat_template_version":
			return KindTemplate
		case IsEnvironmentSection(k):
			env = true
		case NearMiss(k, environmentSections()):
		default:
			other = true
		}
		versionMiss = versionMiss || NearMiss(k, []string{"heat_template_version"})
		hotSection = hotSection || isTemplateSection(k)
	}
	switch {
	case versionMiss && hotSection:
		return KindTemplate
	case env && !other:
		return KindEnvironment
	}
	return KindOther
}

// NearMissDistance is how many edits (spell.Distance) a top-level key may
// be from a section name to count as that name misspelt when deciding
// what a file is. The names are long (ten bytes or more), so two edits
// do not reach another word; the editors' detection uses the same bound.
const NearMissDistance = 2

// NearMiss reports whether key is a misspelling of one of names (not one
// of them itself).
func NearMiss(key string, names []string) bool {
	for _, n := range names {
		if d := spell.Distance(key, n); d > 0 && d <= NearMissDistance {
			return true
		}
	}
	return false
}

// isTemplateSection reports whether k is a HOT section other than the
// version.
func isTemplateSection(k string) bool {
	switch k {
	case "description", "parameter_groups", "parameters", "resources", "outputs", "conditions":
		return true
	}
	return false
}

// topLevelKey extracts "key" from an unindented "key:" line. A version
// line indented with tabs counts too: YAML refuses the tab, and the file
// is still a template whose error is worth reporting.
func topLevelKey(line []byte) (string, bool) {
	line = bytes.TrimPrefix(line, []byte("\ufeff"))
	if untabbed := bytes.TrimLeft(line, "\t"); len(untabbed) < len(line) {
		if k, ok := topLevelKey(untabbed); ok && k == "heat_template_version" {
			return k, true
		}
		return "", false
	}
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
	for _, p := range root.Pairs() {
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
	for _, r := range resources.Pairs() {
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
