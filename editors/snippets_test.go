package editors

import (
	"encoding/json"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// snippet is one fenced code block of a Markdown file.
type snippet struct {
	lang, text string
	line       int
}

var fence = regexp.MustCompile("(?m)^```(\\w*)\\n")

// snippets returns the fenced blocks of the Markdown file's section that
// starts with the heading line, up to the next heading of its level.
func snippets(t *testing.T, path, heading string) []snippet {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	start := strings.Index(text, "\n"+heading+"\n")
	if start < 0 {
		t.Fatalf("%s has no section %q", path, heading)
	}
	level := heading[:strings.IndexByte(heading, ' ')+1]
	section := text[start+1:]
	if end := strings.Index(section[len(heading):], "\n"+level); end >= 0 {
		section = section[:len(heading)+end]
	}
	var out []snippet
	for {
		m := fence.FindStringSubmatchIndex(section)
		if m == nil {
			return out
		}
		body := section[m[1]:]
		end := strings.Index(body, "\n```")
		if end < 0 {
			t.Fatalf("%s: unclosed code block in %q", path, heading)
		}
		out = append(out, snippet{lang: section[m[2]:m[3]], text: body[:end+1], line: strings.Count(text[:start+1+m[0]], "\n") + 1})
		section = body[end+4:]
	}
}

// TestEditorSnippets: the Helix, Sublime Text and Zed setups in
// editors/README.md are well-formed TOML and JSON (the editors themselves
// cannot be installed here) and name heat-ls as the command.
func TestEditorSnippets(t *testing.T) {
	blocks := snippets(t, "README.md", "## Other editors: Helix, Sublime Text, Zed")
	langs := map[string]int{}
	for _, b := range blocks {
		langs[b.lang]++
		switch b.lang {
		case "json":
			var v map[string]any
			if err := json.Unmarshal([]byte(b.text), &v); err != nil {
				t.Errorf("README.md:%d: JSON block: %v", b.line, err)
			}
		case "toml":
			python, err := exec.LookPath("python3")
			if err != nil {
				t.Logf("README.md:%d: python3 missing, TOML block not parsed", b.line)
				continue
			}
			cmd := exec.Command(python, "-c", "import sys, tomllib; tomllib.loads(sys.stdin.read())")
			cmd.Stdin = strings.NewReader(b.text)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("README.md:%d: TOML block does not parse: %v\n%s", b.line, err, out)
			}
		}
	}
	if langs["toml"] < 3 || langs["json"] < 1 || langs["rust"] < 1 {
		t.Errorf("want the Helix and Zed TOML, Sublime's JSON and Zed's Rust, got %v", langs)
	}
	all := ""
	for _, b := range blocks {
		all += b.text
	}
	for _, want := range []string{`command = "heat-ls"`, `"command": ["heat-ls"]`, `which("heat-ls")`, `language-id = "heat"`, `roots = [".heat-ls.yaml", ".git"]`} {
		if !strings.Contains(all, want) {
			t.Errorf("the snippets lack %s", want)
		}
	}
}
