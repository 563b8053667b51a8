package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"heat-ls/analysis/syntax"
)

// The user documentation: README.md at the root and the Markdown files
// under docs/. These tests hold it to what a reader needs from it: a short
// README, text that states what holds now, links that lead somewhere and
// commands with no placeholder in them.

// readmeMaxLines is the README's budget: a user reads it in five minutes.
const readmeMaxLines = 300

// userDocs returns the user documentation's files, relative to the module
// root, with their text.
func userDocs(t *testing.T) map[string]string {
	t.Helper()
	root := moduleRootDir(t)
	docs := map[string]string{}
	read := func(rel string) {
		src, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		docs[filepath.ToSlash(rel)] = string(src)
	}
	read("README.md")
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			rel, _ := filepath.Rel(root, path)
			read(rel)
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return docs
}

// sortedNames returns the documents' names in order, so failures read the
// same from run to run.
func sortedNames(docs map[string]string) []string {
	names := make([]string, 0, len(docs))
	for name := range docs {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// lineOf is the 1-based line of the byte offset in text.
func lineOf(text string, offset int) int { return strings.Count(text[:offset], "\n") + 1 }

// TestReadmeLength: the README stays a guide a user reads top to bottom;
// figures and design belong in docs/.
func TestReadmeLength(t *testing.T) {
	text := userDocs(t)["README.md"]
	if n := strings.Count(text, "\n"); n > readmeMaxLines {
		t.Errorf("README.md has %d lines, more than %d: move detail into docs/", n, readmeMaxLines)
	}
}

// historyPhrases are ways of recounting how the project got where it is:
// rounds and sessions of work, merges, fixes, and figures set against
// earlier ones ("(was 22 ms)", "before that: 78 ms"). The documentation
// states what holds now; git log keeps the history. The phrases are narrow
// enough to leave ordinary prose alone ("a round trip", "rounds of 300
// requests", "the seed is fixed").
var historyPhrases = regexp.MustCompile(`(?i)\b(?:` + strings.Join([]string{
	`(?:this|that|previous|last|earlier|next) round(?:'s)?`,
	`the round's`,
	`in the round`,
	`(?:earlier|previous|later) rounds`,
	`mid-round`,
	`(?:this|that|previous|last|earlier) session`,
	`before the branches`,
	`branch(?:es)? (?:of [a-z ]+ )?(?:were|was) merged`,
	`(?:was|were) fixed`,
	`fixed (?:since|this|from these runs|in this)`,
	`now fixed`,
	`drawn (?:first|mid-round|late in|at the start of)`,
	`for the record`,
	`the previous heat-ls`,
	`earlier steps`,
}, "|") + `)\b` +
	`|\b(?:was|were|before that:?) \(?\d[\d.,–-]*\s*(?:(?:ms|s|µs|MiB|KiB|MB|GiB)\b|%|×)` +
	`|\((?:was|were|before:?) \d`)

// reportMatches reports every match of re in the documents as an error
// saying why it does not belong there.
func reportMatches(t *testing.T, re *regexp.Regexp, why string) {
	t.Helper()
	docs := userDocs(t)
	for _, name := range sortedNames(docs) {
		text := docs[name]
		for _, m := range re.FindAllStringIndex(text, -1) {
			t.Errorf("%s:%d: %q %s", name, lineOf(text, m[0]), text[m[0]:m[1]], why)
		}
	}
}

// TestDocsStateWhatHoldsNow: no document recounts development history
// ("this round", "was 22 ms", "before the branches were merged").
func TestDocsStateWhatHoldsNow(t *testing.T) {
	reportMatches(t, historyPhrases, "recounts history; state what holds now")
}

// TestHistoryPhrases pins what the history check catches and what
// ordinary prose it leaves alone.
func TestHistoryPhrases(t *testing.T) {
	for text, want := range map[string]bool{
		"measured at this round's last commit":            true,
		"Before the branches of this round were merged":   true,
		"seed 8, drawn mid-round (untuned)":               true,
		"1.06 ms per file (was 22 / 80 at 400 / 1,600)":   true,
		"The rules add 0.13× (they were 0.22–0.27×)":      true,
		"Before that 0.26–0.51× against 0.43×":            true,
		"a false error, fixed since":                      true,
		"the peak was 38–44 MiB, median 42.6":             true,
		"kept for the record":                             true,
		"a round trip to the server":                      false,
		"five rounds of 300 requests each":                false,
		"the seed is fixed":                               false,
		"exit status was 1 when problems were found":      false,
		"the status was 1 so the step failed":             false,
		"Heat resolves it (before the stack exists)":      false,
		"checks it before that step runs":                 false,
		"the graph is drawn after the parse":              false,
		"p50 0.13–0.29 ms, p99 1.1–2.2 ms on an idle box": false,
	} {
		if got := historyPhrases.MatchString(text); got != want {
			t.Errorf("%q: history phrase found %v, want %v", text, got, want)
		}
	}
}

// placeholders are hosts and URLs that stand for something a reader would
// have to find out: an instruction holding one does not work as written.
var placeholders = regexp.MustCompile(`(?i)\bexample\.(org|com|net)\b|<url\b|\byour-(org|host|domain)\b`)

// TestDocsHaveNoPlaceholderHosts: no instruction names a host or URL the
// reader would have to invent.
func TestDocsHaveNoPlaceholderHosts(t *testing.T) {
	reportMatches(t, placeholders, "is a placeholder: write what works as written")
}

// pendingTargets are files the documentation links to that arrive with
// other work; a missing one is tolerated, and once it exists its entry must
// go, so the list cannot outlive its reason.
var pendingTargets = []string{}

var (
	fencedBlock = regexp.MustCompile("(?ms)^```.*?^```")
	inlineCode  = regexp.MustCompile("`[^`\n]*`")
	mdLink      = regexp.MustCompile(`!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	htmlSrc     = regexp.MustCompile(`(?i)\b(?:src|href)="([^"]+)"`)
	mdHeading   = regexp.MustCompile(`(?m)^#{1,6}[ \t]+(.+?)[ \t#]*$`)
)

// withoutCode blanks fenced blocks and code spans (keeping offsets), so
// that text shown as code is not read as links or headings.
func withoutCode(text string) string {
	blank := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r == '\n' {
				return r
			}
			return ' '
		}, s)
	}
	text = fencedBlock.ReplaceAllStringFunc(text, blank)
	return inlineCode.ReplaceAllStringFunc(text, func(s string) string {
		return "`" + blank(s[1:len(s)-1]) + "`"
	})
}

// anchors are the fragment names GitHub gives a Markdown file's headings.
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, m := range mdHeading.FindAllStringSubmatch(fencedBlock.ReplaceAllString(text, ""), -1) {
		var b strings.Builder
		for _, r := range strings.ToLower(m[1]) {
			switch {
			case r == ' ' || r == '-':
				b.WriteRune('-')
			case r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		slug := b.String()
		if n := seen[slug]; n > 0 {
			out[slug+"-"+strconv.Itoa(n)] = true
		} else {
			out[slug] = true
		}
		seen[slug]++
	}
	return out
}

// TestDocsLinksResolve: every relative link and image in README.md and
// docs/ names a file of the repository, and a #fragment into a Markdown
// file names one of its headings.
func TestDocsLinksResolve(t *testing.T) {
	root := moduleRootDir(t)
	docs := userDocs(t)
	for _, p := range pendingTargets {
		if _, err := os.Stat(filepath.Join(root, p)); err == nil {
			t.Errorf("%s exists now: remove it from pendingTargets", p)
		}
	}
	var links int
	for _, name := range sortedNames(docs) {
		text := withoutCode(docs[name])
		var found [][]int
		found = append(found, mdLink.FindAllStringSubmatchIndex(text, -1)...)
		found = append(found, htmlSrc.FindAllStringSubmatchIndex(text, -1)...)
		for _, m := range found {
			target := text[m[2]:m[3]]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			links++
			line := lineOf(text, m[0])
			file, fragment, _ := strings.Cut(target, "#")
			resolved := name
			if file != "" {
				resolved = filepath.ToSlash(filepath.Join(filepath.Dir(name), file))
			}
			if strings.HasPrefix(resolved, "../") || filepath.IsAbs(file) {
				t.Errorf("%s:%d: %s leads outside the repository", name, line, target)
				continue
			}
			if slices.Contains(pendingTargets, resolved) {
				continue
			}
			src, err := os.ReadFile(filepath.Join(root, resolved))
			if err != nil {
				if info, statErr := os.Stat(filepath.Join(root, resolved)); statErr == nil && info.IsDir() && fragment == "" {
					continue
				}
				t.Errorf("%s:%d: %s: no such file", name, line, target)
				continue
			}
			if fragment != "" && strings.HasSuffix(resolved, ".md") && !anchors(string(src))[fragment] {
				t.Errorf("%s:%d: %s: %s has no heading for #%s", name, line, target, resolved, fragment)
			}
		}
	}
	if links < 10 {
		t.Errorf("found only %d relative links; is the link pattern still right?", links)
	}
}

// TestReadmeGoVersionMatchesGoMod: the Go the README asks for is the one
// go.mod requires.
func TestReadmeGoVersionMatchesGoMod(t *testing.T) {
	mod, err := os.ReadFile(filepath.Join(moduleRootDir(t), "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod has no go directive")
	}
	want := string(m[1])
	text := userDocs(t)["README.md"]
	mentions := regexp.MustCompile(`\bGo (\d+\.\d+(?:\.\d+)?\+?)|go-version: *'?"?(\d[\d.]*)`).FindAllStringSubmatchIndex(text, -1)
	if len(mentions) == 0 {
		t.Fatalf("README.md names no Go version; go.mod requires %s", want)
	}
	for _, m := range mentions {
		got := text[m[0]:m[1]]
		version := ""
		if m[2] >= 0 {
			version = text[m[2]:m[3]]
		} else {
			version = text[m[4]:m[5]]
		}
		if version != want {
			t.Errorf("README.md:%d: %q, but go.mod requires Go %s", lineOf(text, m[0]), got, want)
		}
	}
}

// TestReadmeYAMLBlocks: every YAML example in the README parses (a CI
// workflow or hook configuration pasted from it must load).
func TestReadmeYAMLBlocks(t *testing.T) {
	text := userDocs(t)["README.md"]
	block := regexp.MustCompile("(?ms)^```ya?ml\n(.*?)^```")
	found := block.FindAllStringSubmatchIndex(text, -1)
	for _, m := range found {
		if f := syntax.Parse([]byte(text[m[2]:m[3]])); f.Broken || len(f.Problems) > 0 {
			t.Errorf("README.md:%d: YAML block does not parse: %+v", lineOf(text, m[0]), f.Problems)
		}
	}
	if len(found) == 0 {
		t.Error("README.md has no YAML example")
	}
}

// TestDocsGraphExample: the drawing docs/graph.md shows is the one the
// command it names prints (testdata/graph/app.mmd, which the graph tests
// hold equal to the output).
func TestDocsGraphExample(t *testing.T) {
	root := moduleRootDir(t)
	want, err := os.ReadFile(filepath.Join(root, "testdata", "graph", "app.mmd"))
	if err != nil {
		t.Fatal(err)
	}
	text := userDocs(t)["docs/graph.md"]
	if !strings.Contains(text, "heat-ls graph --format mermaid --env testdata/graph/env.yaml --params --outputs testdata/graph/app.yaml\n") {
		t.Error("docs/graph.md no longer shows the command that draws testdata/graph/app.yaml")
	}
	m := regexp.MustCompile("(?ms)^```mermaid\n(.*?)^```").FindStringSubmatch(text)
	if m == nil {
		t.Fatal("docs/graph.md has no mermaid block")
	}
	if m[1] != string(want) {
		t.Errorf("docs/graph.md's drawing differs from testdata/graph/app.mmd:\n%s", m[1])
	}
}

// TestReadmeCIExamplesAreInDocsCI: the README's CI examples are blocks of
// docs/ci.md as they stand there, where the editors tests parse them and run
// the GitHub Actions workflow's steps; so the README's copy works as written
// too.
func TestReadmeCIExamplesAreInDocsCI(t *testing.T) {
	docs := userDocs(t)
	readme := docs["README.md"]
	_, section, ok := strings.Cut(readme, "\n## CI\n")
	if !ok {
		t.Fatal("README.md has no CI section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	block := regexp.MustCompile("(?ms)^```ya?ml\n(.*?)^```")
	examples := block.FindAllStringSubmatch(section, -1)
	if len(examples) < 2 {
		t.Fatalf("README.md's CI section shows %d YAML examples, want the workflow and the pre-commit hook", len(examples))
	}
	ci, ok := docs["docs/ci.md"]
	if !ok {
		t.Skip("docs/ci.md is not there yet (pendingTargets); nothing to compare the README's CI examples with")
	}
	tested := map[string]bool{}
	for _, m := range block.FindAllStringSubmatch(ci, -1) {
		tested[m[1]] = true
	}
	for _, m := range examples {
		if !tested[m[1]] {
			t.Errorf("README.md's CI example is not a block of docs/ci.md, where it is tested:\n%s", m[1])
		}
	}
}

// TestDocsIndexListsEveryDoc: docs/README.md links every document in docs/,
// so none is written and then lost.
func TestDocsIndexListsEveryDoc(t *testing.T) {
	docs := userDocs(t)
	index, ok := docs["docs/README.md"]
	if !ok {
		t.Fatal("docs/ has no README.md index")
	}
	for _, name := range sortedNames(docs) {
		rel, ok := strings.CutPrefix(name, "docs/")
		if !ok || rel == "README.md" {
			continue
		}
		if !strings.Contains(index, "]("+rel+")") {
			t.Errorf("docs/README.md does not list %s", rel)
		}
	}
}
