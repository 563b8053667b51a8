package config

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"heat-ls/analysis/limits"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// FileName is the name of the project file.
const FileName = ".heat-ls.yaml"

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
	// HeatRelease is the Heat release the project's templates are judged
	// for ("2025.1"; "" is heat-ls's default, schema.DefaultRelease).
	HeatRelease string
	// Environments is the active environment set of the project's
	// templates (nil when the file has none), relative to Dir.
	Environments *EnvSet
}

// Problem is something wrong with a project file. Span is the exact text
// concerned and Line, Col its start as 1-based line and column (counted in
// characters, as yaml.v3 does); Line is 0 when the whole file is concerned.
// Rule is the problem's rule id: rules.InvalidConfig ("" reads as it) when
// the file is not used at all, rules.UnknownRuleID for an entry naming a
// rule heat-ls does not have (the rest of the file still applies).
type Problem struct {
	Path      string
	Span      source.Span
	Line, Col int
	Message   string
	Rule      string
}

// RuleID is the problem's rule id, rules.InvalidConfig when Rule is empty.
func (p Problem) RuleID() string {
	if p.Rule == "" {
		return rules.InvalidConfig
	}
	return p.Rule
}

// Fatal reports whether the problem made the whole file unused (the
// defaults apply), as opposed to one entry that changes nothing.
func (p Problem) Fatal() bool { return p.RuleID() == rules.InvalidConfig }

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
	src, err := source.ReadRegular(file, limits.ProjectFile)
	var tooLarge *source.TooLargeError
	switch {
	case errors.As(err, &tooLarge):
		return defaults(file), []Problem{{Path: file, Message: fmt.Sprintf("the project file is larger than %d bytes; it is not used", limits.ProjectFile)}}
	case err != nil:
		return defaults(file), []Problem{{Path: file, Message: "cannot read the project file: " + err.Error()}}
	}
	return Parse(file, src)
}

func defaults(file string) *Config {
	return &Config{Path: file, Dir: filepath.Dir(file)}
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
	return matchParts(strings.Split(pattern, "/"), strings.Split(name, "/"))
}

// matchParts reports whether the path parts name match the pattern parts
// pat. It fills a table over (pattern part, name part) positions from the
// end, so its cost is len(pat) × len(name) whatever the pattern: trying
// every split at each "**" in turn would be exponential in their number.
func matchParts(pat, name []string) bool {
	// ok[j]: pat[i:] matches name[j:], for the i of the previous round.
	// An empty pattern matches what is left: it named a directory above.
	ok := make([]bool, len(name)+1)
	for j := range ok {
		ok[j] = true
	}
	for i := len(pat) - 1; i >= 0; i-- {
		next := make([]bool, len(name)+1)
		if pat[i] == "**" {
			next[len(name)] = ok[len(name)]
			for j := len(name) - 1; j >= 0; j-- {
				next[j] = ok[j] || next[j+1]
			}
		} else {
			for j := range name {
				if m, _ := path.Match(pat[i], name[j]); m {
					next[j] = ok[j+1]
				}
			}
		}
		ok = next
	}
	return ok[0]
}
