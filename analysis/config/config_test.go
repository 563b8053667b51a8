package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		problem string // substring of the problem, "" for none
		check   func(t *testing.T, c *Config)
	}{
		{name: "empty", src: ""},
		{name: "null", src: "~\n"},
		{name: "full", src: "disable: [parameter-unused, condition-unused]\nseverity:\n  duplicate-key: error\n  unknown-version: hint\nignore: ['vendor/**']\n", check: func(t *testing.T, c *Config) {
			if !c.Disable["parameter-unused"] || !c.Disable["condition-unused"] || c.Severity["duplicate-key"] != source.SeverityError || c.Severity["unknown-version"] != source.SeverityHint || len(c.Ignore) != 1 {
				t.Errorf("got %+v", c)
			}
		}},
		{name: "heat release by codename", src: "heatRelease: Epoxy\n", check: func(t *testing.T, c *Config) {
			if c.HeatRelease != "2025.1" {
				t.Errorf("heatRelease Epoxy read as %q", c.HeatRelease)
			}
		}},
		{name: "heat release by Heat version", src: "heatRelease: 24\n", check: func(t *testing.T, c *Config) {
			if c.HeatRelease != "2025.1" {
				t.Errorf("heatRelease 24 read as %q", c.HeatRelease)
			}
		}},
		{name: "heat release unknown", src: "heatRelease: wallaby\n", problem: "accepted: 2022.2 (zed, 19)"},
		{name: "heat release not scalar", src: "heatRelease: [2025.1]\n", problem: "heatRelease must be one Heat release"},
		{name: "single disable", src: "disable: parameter-unused\n", check: func(t *testing.T, c *Config) {
			if !c.Disable["parameter-unused"] {
				t.Errorf("got %+v", c)
			}
		}},
		{name: "bad yaml", src: "disable: [a\n", problem: "not valid YAML"},
		{name: "not a mapping", src: "- a\n", problem: "must be a mapping"},
		{name: "unknown key", src: "disabled: [a]\n", problem: `unknown key "disabled"`},
		{name: "bad severity", src: "severity:\n  a: loud\n", problem: "must be error, warning, info or hint"},
		{name: "nested disable", src: "disable: [[a]]\n", problem: "disable must be a list"},
		{name: "bad glob", src: "ignore: ['[']\n", problem: "malformed"},
		{name: "duplicate top key", src: "disable: [a]\ndisable: [b]\n", problem: `key "disable" appears more than once`},
		{name: "duplicate severity rule", src: "severity:\n  a: error\n  a: hint\n", problem: `key "a" appears more than once`},
		{name: "second document", src: "disable: [a]\n---\ndisable: [b]\n", problem: "second YAML document"},
		{name: "unknown anchor", src: "disable: *nothing\n", problem: "not valid YAML"},
		{name: "null lists", src: "disable:\nignore: ~\n"},
		{name: "aliases are followed", src: "disable: &d [parameter-unused, condition-unused]\nignore: *d\nseverity: {duplicate-key: &s warning, unknown-version: *s}\n", check: func(t *testing.T, c *Config) {
			if !c.Disable["parameter-unused"] || !c.Disable["condition-unused"] || len(c.Ignore) != 2 || c.Ignore[1] != "condition-unused" ||
				c.Severity["duplicate-key"] != source.SeverityWarning || c.Severity["unknown-version"] != source.SeverityWarning {
				t.Errorf("got %+v", c)
			}
		}},
		{name: "custom tag is harmless", src: "disable: !rules [parameter-unused]\n", check: func(t *testing.T, c *Config) {
			if !c.Disable["parameter-unused"] {
				t.Errorf("got %+v", c)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, problems := Parse("/p/.heat-ls.yaml", []byte(tt.src))
			if c == nil {
				t.Fatal("nil config")
			}
			switch {
			case tt.problem == "" && len(problems) > 0:
				t.Fatalf("unexpected problems %v", problems)
			case tt.problem != "" && (len(problems) != 1 || !strings.Contains(problems[0].Message, tt.problem)):
				t.Fatalf("problems = %v, want one containing %q", problems, tt.problem)
			case tt.problem != "" && (len(c.Disable) > 0 || len(c.Severity) > 0 || len(c.Ignore) > 0):
				t.Fatalf("a malformed file must give defaults, got %+v", c)
			}
			if tt.check != nil {
				tt.check(t, c)
			}
		})
	}
}

// TestParseUnknownRuleIDs checks that an entry of disable or severity
// naming no rule id is reported at the id, with the nearest ids, as a
// warning-level problem that leaves the rest of the file applied.
func TestParseUnknownRuleIDs(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // one substring per problem, in order
		line, col int      // the first problem's start
	}{
		{name: "known ids", src: "disable: [parameter-unused]\nseverity: {duplicate-key: error}\n"},
		{name: "misspelt in disable", src: "disable: [parameter-unused, paramter-unused]\n",
			want: []string{`disable names "paramter-unused", which is no heat-ls rule id, so the entry changes nothing; did you mean "parameter-unused"?`}, line: 1, col: 29},
		{name: "misspelt in severity", src: "severity:\n  duplicate-keys: error\n",
			want: []string{`severity names "duplicate-keys", which is no heat-ls rule id, so the entry changes nothing; did you mean "duplicate-key"?`}, line: 2, col: 3},
		{name: "nothing near", src: "disable: [zzzzzzzzzzzz]\n", want: []string{`"zzzzzzzzzzzz", which is no heat-ls rule id, so the entry changes nothing (heat-ls rules lists them)`}, line: 1, col: 11},
		{name: "one problem each", src: "disable: [nope-one]\nseverity: {nope-two: hint}\n", want: []string{`"nope-one"`, `"nope-two"`}, line: 1, col: 11},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, problems := Parse("/p/.heat-ls.yaml", []byte(tt.src))
			if len(problems) != len(tt.want) {
				t.Fatalf("problems = %v, want %d", problems, len(tt.want))
			}
			for i, p := range problems {
				if !strings.Contains(p.Message, tt.want[i]) {
					t.Errorf("problem %d = %q, want it to contain %q", i, p.Message, tt.want[i])
				}
				if p.RuleID() != rules.UnknownRuleID || p.Fatal() {
					t.Errorf("problem %d has rule %q (fatal %v), want %q", i, p.RuleID(), p.Fatal(), rules.UnknownRuleID)
				}
			}
			if len(problems) > 0 && (problems[0].Line != tt.line || problems[0].Col != tt.col) {
				t.Errorf("first problem at %d:%d, want %d:%d", problems[0].Line, problems[0].Col, tt.line, tt.col)
			}
			if len(c.Disable)+len(c.Severity) == 0 {
				t.Errorf("the file's entries must still apply, got %+v", c)
			}
		})
	}
}

// TestParseProblemSpan checks that a problem points at the exact text at
// fault, with the line and column of its start.
func TestParseProblemSpan(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		text      string // the source text the problem's span covers
		line, col int
	}{
		{name: "unknown key", src: "disable: [a]\ndisabled: [a]\n", text: "disabled", line: 2, col: 1},
		{name: "bad severity", src: "severity:\n  a: loud\n", text: "loud", line: 2, col: 6},
		{name: "bad glob item", src: "ignore: ['ok', '[']\n", text: "'['", line: 1, col: 16},
		{name: "nested list after a wide character", src: "disable: [é, [a]]\n", text: "[a]", line: 1, col: 14},
		{name: "not a mapping", src: "# list\n- a\n", text: "- a", line: 2, col: 1},
		{name: "duplicate key points at the repeat", src: "disable: [a]\nignore: []\ndisable: [b]\n", text: "disable", line: 3, col: 1},
		{name: "unclosed bracket", src: "ignore: []\ndisable: [a\n", text: "[", line: 2, col: 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, problems := Parse("/p/.heat-ls.yaml", []byte(tt.src))
			if len(problems) != 1 {
				t.Fatalf("problems = %v, want one", problems)
			}
			p := problems[0]
			if got := tt.src[p.Span.Start:p.Span.End]; got != tt.text {
				t.Errorf("span covers %q, want %q (%s)", got, tt.text, p.Message)
			}
			if p.Line != tt.line || p.Col != tt.col {
				t.Errorf("at %d:%d, want %d:%d (%s)", p.Line, p.Col, tt.line, tt.col, p.Message)
			}
			if want := fmt.Sprintf("/p/.heat-ls.yaml:%d:%d: ", tt.line, tt.col); !strings.HasPrefix(p.String(), want) {
				t.Errorf("String() = %q, want prefix %q", p.String(), want)
			}
		})
	}
}

func TestIgnored(t *testing.T) {
	c := &Config{Dir: "/p", Ignore: []string{"vendor/**", "old/*.yaml", "skip.yaml", "./gen", "**/tmp_*.yaml"}}
	tests := map[string]bool{
		"/p/vendor/a.yaml":        true,
		"/p/vendor/x/y/a.yaml":    true,
		"/p/old/a.yaml":           true,
		"/p/old/deeper/a.yaml":    false,
		"/p/skip.yaml":            true,
		"/p/sub/skip.yaml":        false,
		"/p/gen/a/b.yaml":         true,
		"/p/x/y/tmp_1.yaml":       true,
		"/p/main.yaml":            false,
		"/elsewhere/vendor/a.yml": false,
	}
	for file, want := range tests {
		if got := c.Ignored(file); got != want {
			t.Errorf("Ignored(%s) = %v, want %v", file, got, want)
		}
	}
	var none *Config
	if none.Ignored("/p/vendor/a.yaml") {
		t.Error("nil config ignores files")
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	repo := filepath.Join(root, "repo")
	deep := filepath.Join(repo, "a", "b")
	must(t, os.MkdirAll(deep, 0o755))
	must(t, os.MkdirAll(filepath.Join(repo, ".git"), 0o755))
	// A project file above the repository root is not used.
	must(t, os.WriteFile(filepath.Join(root, FileName), []byte("disable: [parameter-unused]\n"), 0o644))
	if got := Find(deep, ""); got != "" {
		t.Errorf("found %q above the repository root", got)
	}
	must(t, os.WriteFile(filepath.Join(repo, "a", FileName), []byte("disable: [parameter-unused]\n"), 0o644))
	if got, want := Find(deep, ""), filepath.Join(repo, "a", FileName); got != want {
		t.Errorf("Find = %q, want %q", got, want)
	}
	// The workspace root stops the search.
	if got := Find(deep, filepath.Join(repo, "a", "b")); got != "" {
		t.Errorf("found %q above the stop directory", got)
	}
	// Without .git the search reaches the top.
	plain := filepath.Join(root, "plain", "x")
	must(t, os.MkdirAll(plain, 0o755))
	if got, want := Find(plain, ""), filepath.Join(root, FileName); got != want {
		t.Errorf("Find = %q, want %q", got, want)
	}
	c, problems := Load(filepath.Join(repo, "a", FileName))
	if len(problems) > 0 || !c.Disable["parameter-unused"] {
		t.Errorf("Load = %+v, %v", c, problems)
	}
	c, problems = Load(filepath.Join(repo, "missing.yaml"))
	if len(problems) != 1 || c == nil {
		t.Errorf("Load of a missing file = %+v, %v", c, problems)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestManyUnknownRuleIDs: a project file naming thousands of ids heat-ls
// does not have lists MaxListed of them, one problem each, then one
// problem counting the rest, at the first of those; the file still applies.
func TestManyUnknownRuleIDs(t *testing.T) {
	var b strings.Builder
	b.WriteString("disable:\n- parameter-unused\n")
	const n = 3000
	for i := range n {
		fmt.Fprintf(&b, "- bad%d\n", i)
	}
	cfg, problems := Parse("p/.heat-ls.yaml", []byte(b.String()))
	if !cfg.Disable["parameter-unused"] {
		t.Error("the known id is not applied")
	}
	if len(problems) != MaxListed+1 {
		t.Fatalf("%d problems, want %d", len(problems), MaxListed+1)
	}
	last := problems[len(problems)-1]
	if want := fmt.Sprintf("%d more entries", n-MaxListed); !strings.Contains(last.Message, want) || last.Line != MaxListed+3 {
		t.Errorf("summary %d: %q, want %q at line %d", last.Line, last.Message, want, MaxListed+3)
	}
	for _, p := range problems {
		if p.Fatal() {
			t.Fatalf("unknown ids made the file unused: %v", p)
		}
	}
}
