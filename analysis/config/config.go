package config

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"

	"heat-ls/analysis/source"
)

// FileName is the name of the project file.
const FileName = ".heat-ls.yaml"

// CodeInvalid is the rule id of problems with the project file itself.
const CodeInvalid = "invalid-config"

// maxConfigSize bounds what is read of a project file.
const maxConfigSize = 1 << 20

// Config is one project file's settings. The zero value (and nil) means
// defaults: nothing disabled, no overrides, nothing ignored.
type Config struct {
	// Path is the project file's path ("" for defaults); Dir is its
	// directory, the base of Ignore patterns.
	Path, Dir string
	// Disable lists rule ids never reported.
	Disable map[string]bool
	// Severity overrides the severity of rules.
	Severity map[string]source.Severity
	// Ignore holds slash-separated glob patterns relative to Dir; "**"
	// matches any number of directories.
	Ignore []string
}

// Problem is something wrong with a project file, at a 1-based line and
// column (0 when the whole file is concerned).
type Problem struct {
	Path      string
	Line, Col int
	Message   string
}

func (p Problem) String() string {
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", p.Path, p.Line, p.Col, p.Message)
	}
	return p.Path + ": " + p.Message
}

// Find returns the path of the project file that governs a file in dir, or
// "" when there is none. It looks in dir and its parents, stopping after a
// directory holding .git, after stop (when not ""), or at the filesystem
// root.
func Find(dir, stop string) string {
	dir = filepath.Clean(dir)
	if stop != "" {
		stop = filepath.Clean(stop)
	}
	for range 256 {
		candidate := filepath.Join(dir, FileName)
		if info, err := os.Stat(candidate); err == nil && info.Mode().IsRegular() {
			return candidate
		}
		if dir == stop {
			return ""
		}
		if info, err := os.Stat(filepath.Join(dir, ".git")); err == nil && info != nil {
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
	return ""
}

// Load reads and parses the project file at file. On any problem it
// returns defaults (with Path and Dir set) and the problem.
func Load(file string) (*Config, []Problem) {
	f, err := os.Open(file)
	if err != nil {
		return defaults(file), []Problem{{Path: file, Message: "cannot read the project file: " + err.Error()}}
	}
	defer f.Close()
	buf := make([]byte, maxConfigSize+1)
	n, _ := readFull(f, buf)
	if n > maxConfigSize {
		return defaults(file), []Problem{{Path: file, Message: fmt.Sprintf("the project file is larger than %d bytes; it is not used", maxConfigSize)}}
	}
	return Parse(file, buf[:n])
}

func readFull(f *os.File, buf []byte) (int, error) {
	n := 0
	for n < len(buf) {
		m, err := f.Read(buf[n:])
		n += m
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

func defaults(file string) *Config {
	return &Config{Path: file, Dir: filepath.Dir(file)}
}

// Parse reads a project file's text. file names it in problems and gives
// the base directory of Ignore patterns. When anything is wrong the result
// is the defaults and one problem that says what to fix: half a
// configuration applied is more surprising than none.
func Parse(file string, src []byte) (*Config, []Problem) {
	cfg := defaults(file)
	bad := func(n *yaml.Node, format string, args ...any) (*Config, []Problem) {
		p := Problem{Path: file, Message: fmt.Sprintf(format, args...)}
		if n != nil {
			p.Line, p.Col = n.Line, n.Column
		}
		return defaults(file), []Problem{p}
	}
	var root yaml.Node
	if err := yaml.Unmarshal(src, &root); err != nil {
		return bad(nil, "the project file is not valid YAML: %v", err)
	}
	if root.Kind == 0 || len(root.Content) == 0 {
		return cfg, nil // empty file: defaults
	}
	top := root.Content[0]
	if top.Kind == yaml.ScalarNode && top.Tag == "!!null" {
		return cfg, nil
	}
	if top.Kind != yaml.MappingNode {
		return bad(top, "the project file must be a mapping with the keys disable, severity and ignore")
	}
	for i := 0; i+1 < len(top.Content); i += 2 {
		key, value := top.Content[i], top.Content[i+1]
		switch key.Value {
		case "disable":
			ids, n := stringList(value)
			if n != nil {
				return bad(n, "disable must be a list of rule ids, like [unused-parameter]")
			}
			cfg.Disable = make(map[string]bool, len(ids))
			for _, id := range ids {
				cfg.Disable[id] = true
			}
		case "severity":
			if value.Kind != yaml.MappingNode {
				return bad(value, "severity must map rule ids to error, warning, info or hint")
			}
			cfg.Severity = make(map[string]source.Severity, len(value.Content)/2)
			for j := 0; j+1 < len(value.Content); j += 2 {
				rule, level := value.Content[j], value.Content[j+1]
				sev, ok := ParseSeverity(level.Value)
				if rule.Kind != yaml.ScalarNode || level.Kind != yaml.ScalarNode || !ok {
					return bad(level, "the severity of %q must be error, warning, info or hint", rule.Value)
				}
				cfg.Severity[rule.Value] = sev
			}
		case "ignore":
			globs, n := stringList(value)
			if n != nil {
				return bad(n, "ignore must be a list of path patterns relative to the project file, like [\"vendor/**\"]")
			}
			for _, g := range globs {
				if _, err := path.Match(strings.ReplaceAll(g, "**", "*"), ""); err != nil {
					return bad(value, "ignore pattern %q is malformed: %v", g, err)
				}
			}
			cfg.Ignore = globs
		default:
			return bad(key, "unknown key %q in the project file; the keys are disable, severity and ignore", key.Value)
		}
	}
	return cfg, nil
}

// stringList decodes a sequence of plain scalars (or one scalar), returning
// the offending node when n is not one.
func stringList(n *yaml.Node) ([]string, *yaml.Node) {
	switch n.Kind {
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return nil, nil
		}
		return []string{n.Value}, nil
	case yaml.SequenceNode:
		out := make([]string, 0, len(n.Content))
		for _, item := range n.Content {
			if item.Kind != yaml.ScalarNode {
				return nil, item
			}
			out = append(out, item.Value)
		}
		return out, nil
	}
	return nil, n
}

// ParseSeverity reads a severity name as the project file and the linter's
// --severity flag spell it.
func ParseSeverity(name string) (source.Severity, bool) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "error":
		return source.SeverityError, true
	case "warning", "warn":
		return source.SeverityWarning, true
	case "info", "information":
		return source.SeverityInfo, true
	case "hint":
		return source.SeverityHint, true
	}
	return 0, false
}

// Ignored reports whether file (an absolute or working-directory-relative
// path) matches one of the Ignore patterns.
func (c *Config) Ignored(file string) bool {
	if c == nil || len(c.Ignore) == 0 {
		return false
	}
	absDir, err1 := filepath.Abs(c.Dir)
	absFile, err2 := filepath.Abs(file)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(absDir, absFile)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	rel = filepath.ToSlash(rel)
	for _, g := range c.Ignore {
		if matchGlob(strings.TrimPrefix(g, "./"), rel) {
			return true
		}
	}
	return false
}

// matchGlob matches a slash-separated path against a pattern in which "**"
// stands for any number of whole directories and a pattern naming a
// directory also matches everything below it.
func matchGlob(pattern, name string) bool {
	pattern = strings.TrimSuffix(pattern, "/")
	return matchParts(strings.Split(pattern, "/"), strings.Split(name, "/"), 0)
}

func matchParts(pat, name []string, depth int) bool {
	if depth > 64 {
		return false
	}
	for len(pat) > 0 {
		if pat[0] == "**" {
			for skip := 0; skip <= len(name); skip++ {
				if matchParts(pat[1:], name[skip:], depth+1) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], name[0]); !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return true // leftover name parts: the pattern named a directory above
}
