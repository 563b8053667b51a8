package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
		{name: "full", src: "disable: [a, b]\nseverity:\n  c: error\n  d: hint\nignore: ['vendor/**']\n", check: func(t *testing.T, c *Config) {
			if !c.Disable["a"] || !c.Disable["b"] || c.Severity["c"] != source.SeverityError || c.Severity["d"] != source.SeverityHint || len(c.Ignore) != 1 {
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
		{name: "single disable", src: "disable: a\n", check: func(t *testing.T, c *Config) {
			if !c.Disable["a"] {
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
		{name: "aliases are followed", src: "disable: &d [a, b]\nignore: *d\nseverity: {c: &s warning, d: *s}\n", check: func(t *testing.T, c *Config) {
			if !c.Disable["a"] || !c.Disable["b"] || len(c.Ignore) != 2 || c.Ignore[1] != "b" ||
				c.Severity["c"] != source.SeverityWarning || c.Severity["d"] != source.SeverityWarning {
				t.Errorf("got %+v", c)
			}
		}},
		{name: "custom tag is harmless", src: "disable: !rules [a]\n", check: func(t *testing.T, c *Config) {
			if !c.Disable["a"] {
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
	must(t, os.WriteFile(filepath.Join(root, FileName), []byte("disable: [x]\n"), 0o644))
	if got := Find(deep, ""); got != "" {
		t.Errorf("found %q above the repository root", got)
	}
	must(t, os.WriteFile(filepath.Join(repo, "a", FileName), []byte("disable: [x]\n"), 0o644))
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
	if len(problems) > 0 || !c.Disable["x"] {
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
