package main

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
)

// event is one line of `go test -json` (cmd/test2json's TestEvent, plus
// the build events `go test -json` adds).
type event struct {
	Action      string
	Package     string
	Test        string
	Elapsed     float64
	Output      string
	ImportPath  string // build-output, build-fail
	FailedBuild string // a package's fail: the build that failed
}

// logLine is one line of a package's output and the test that printed it
// ("" for the package itself).
type logLine struct{ test, text string }

// pkgState is what is known of a package while its tests run.
type pkgState struct {
	lines []logLine
	open  map[string]bool   // tests started and not finished
	ended map[string]string // finished tests: pass, fail or skip
	order []string          // tests in the order they started
}

// summary folds a `go test -json` stream into the report.
type summary struct {
	out                     io.Writer
	pkgs                    map[string]*pkgState
	pkgOrder                []string
	builds                  map[string][]string // build output by import path
	passed, failed, skipped int
	failedPkgs              int
	broken                  bool // a build failed, or a failure was printed outside JSON
	skips                   []skip
}

func newSummary(out io.Writer) *summary {
	return &summary{out: out, pkgs: map[string]*pkgState{}, builds: map[string][]string{}}
}

func (s *summary) printf(format string, args ...any) { fmt.Fprintf(s.out, format, args...) }

// plainFailure matches what `go test` prints outside JSON when something
// failed: a FAIL line, the "# package" header of build errors, a compiler
// error, or an error of the go command itself (which, unlike its notes
// on module downloads, fails the run).
var plainFailure = regexp.MustCompile(`^(?:FAIL\b|# |\S+\.go:\d+(?::\d+)?: |go: )`)

// goNote matches the go command's notes, which are no failure.
var goNote = regexp.MustCompile(`^go: (?:downloading|finding|extracting|upgraded|added) `)

// feed takes one line of the stream.
func (s *summary) feed(raw []byte) {
	line := strings.TrimRight(string(raw), "\r\n")
	if strings.TrimSpace(line) == "" {
		return
	}
	var e event
	if !strings.HasPrefix(line, "{") || json.Unmarshal([]byte(line), &e) != nil || e.Action == "" {
		// Not an event: the go command's own output (a build error on an
		// older Go, a module download, a usage error). Shown as it is.
		s.printf("%s\n", line)
		if plainFailure.MatchString(line) && !goNote.MatchString(line) {
			s.broken = true
		}
		return
	}
	switch e.Action {
	case "build-output":
		s.builds[e.ImportPath] = append(s.builds[e.ImportPath], e.Output)
		return
	case "build-fail":
		s.broken = true
		s.printf("%s", strings.Join(s.builds[e.ImportPath], ""))
		delete(s.builds, e.ImportPath)
		return
	}
	p := s.pkg(e.Package)
	switch {
	case e.Action == "run" && e.Test != "":
		p.open[e.Test] = true
		p.order = append(p.order, e.Test)
	case e.Action == "output":
		p.lines = append(p.lines, logLine{e.Test, e.Output})
	case e.Test != "" && (e.Action == "pass" || e.Action == "fail" || e.Action == "skip"):
		s.testDone(p, e)
	case e.Test == "" && (e.Action == "pass" || e.Action == "fail" || e.Action == "skip"):
		s.packageDone(p, e)
	}
}

func (s *summary) pkg(name string) *pkgState {
	p := s.pkgs[name]
	if p == nil {
		p = &pkgState{open: map[string]bool{}, ended: map[string]string{}}
		s.pkgs[name] = p
		s.pkgOrder = append(s.pkgOrder, name)
	}
	return p
}

// testDone counts a finished test; a failed top-level test prints its
// output and its subtests'; a skipped one records its reason.
func (s *summary) testDone(p *pkgState, e event) {
	delete(p.open, e.Test)
	p.ended[e.Test] = e.Action
	switch e.Action {
	case "pass":
		s.passed++
	case "skip":
		s.skipped++
		s.skips = append(s.skips, skip{pkg: e.Package, test: e.Test, msg: skipMessage(p.linesOf(e.Test, false))})
	case "fail":
		s.failed++
		if !strings.Contains(e.Test, "/") {
			s.printf("%s", strings.Join(p.linesOf(e.Test, true), ""))
		}
	}
}

// packageDone prints the package's line; a failed package first prints
// what did not come with a failed test: the output of tests that never
// finished (a panic elsewhere, a timeout) and the package's own.
func (s *summary) packageDone(p *pkgState, e event) {
	defer delete(s.pkgs, e.Package)
	switch {
	case e.Action == "pass" && p.cached():
		s.printf("ok  \t%s\t(cached)\n", e.Package)
	case e.Action == "pass":
		s.printf("ok  \t%s\t%.3fs\n", e.Package, e.Elapsed)
	case e.Action == "skip":
		s.printf("?   \t%s\t[no test files]\n", e.Package)
	case e.FailedBuild != "":
		s.failedPkgs++
		s.printf("FAIL\t%s [build failed]\n", e.Package)
	default:
		s.failedPkgs++
		s.printUnfinished(p)
		s.printf("FAIL\t%s\t%.3fs\n", e.Package, e.Elapsed)
	}
}

// cached reports whether go test took the package's result from its cache
// (its own line says "(cached)"; the elapsed time is then not a run's).
func (p *pkgState) cached() bool {
	for _, l := range p.lines {
		if l.test == "" && strings.HasPrefix(l.text, "ok  ") && strings.HasSuffix(strings.TrimSpace(l.text), "(cached)") {
			return true
		}
	}
	return false
}

// printUnfinished prints the output of a failed package that no failed
// test has printed.
func (s *summary) printUnfinished(p *pkgState) {
	for _, name := range p.order {
		if p.open[name] && !strings.Contains(name, "/") {
			s.printf("%s", strings.Join(p.linesOf(name, true), ""))
		}
	}
	for _, l := range p.lines {
		if l.test == "" && !packageFrame.MatchString(l.text) {
			s.printf("%s", l.text)
		}
	}
}

// packageFrame matches the lines `go test` ends a package's output with,
// which the summary prints in its own words.
var packageFrame = regexp.MustCompile(`^(?:PASS|FAIL|ok  \t.*|FAIL\t.*)\n?$`)

// testFrame matches the lines that only frame a test's output.
var testFrame = regexp.MustCompile(`^=== (?:RUN|PAUSE|CONT|NAME)\s`)

// linesOf returns the output of a test without its framing lines, with
// that of its subtests that did not pass or skip when withSubtests (as
// `go test` shows a failure: what passed is left out).
func (p *pkgState) linesOf(test string, withSubtests bool) []string {
	var out []string
	for _, l := range p.lines {
		sub := withSubtests && strings.HasPrefix(l.test, test+"/") && p.ended[l.test] != "pass" && p.ended[l.test] != "skip"
		if l.test == test || sub {
			if !testFrame.MatchString(l.text) {
				out = append(out, l.text)
			}
		}
	}
	return out
}

// finish reports packages that never got a result, the skipped groups and
// the totals, and returns the exit status.
func (s *summary) finish() int {
	for _, name := range s.pkgOrder {
		if p, ok := s.pkgs[name]; ok {
			s.failedPkgs++
			s.printUnfinished(p)
			s.printf("FAIL\t%s (the stream ended before its result: the test binary was killed or go test stopped)\n", name)
		}
	}
	for _, build := range sortedKeys(s.builds) {
		// Build output without a build-fail: warnings a build printed.
		s.printf("%s", strings.Join(s.builds[build], ""))
	}
	for _, g := range groupSkips(s.skips) {
		s.printf("%s\n", g)
	}
	s.printf("tests: %d passed, %d failed, %d skipped\n", s.passed, s.failed, s.skipped)
	if s.failed > 0 || s.failedPkgs > 0 || s.broken {
		return 1
	}
	return 0
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
