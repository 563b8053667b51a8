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
		return kindOfKeys(func(yield func(string) bool) {
			for _, p := range root.Pairs {
				if p.Key.Kind == syntax.ScalarNode && !yield(p.Key.Value) {
					return
				}
			}
		})
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
