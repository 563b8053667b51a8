package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// run feeds a stream to a summary and returns its report and exit status.
func run(stream string) (string, int) {
	var out bytes.Buffer
	s := newSummary(&out)
	for _, line := range strings.SplitAfter(stream, "\n") {
		if line != "" {
			s.feed([]byte(line))
		}
	}
	code := s.finish()
	return out.String(), code
}

func readStream(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestRecordedStreams runs recorded `go test -json` streams (testdata/,
// recorded with Go 1.26 from a module of small packages) through the
// summary and compares the whole report.
func TestRecordedStreams(t *testing.T) {
	tests := []struct {
		stream string
		want   string
		code   int
	}{
		{
			// fake/a: a pass, a failing subtest beside a passing one, two
			// skips for ../shared; fake/c does not compile; fake/b passes
			// with a skipped subtest; fake/d has no tests.
			stream: "mixed.jsonl",
			want: "    a_test.go:7: before\n" +
				"    a_test.go:9: got 1\n" +
				"        want 2\n" +
				"--- FAIL: TestFail/sub_bad (0.00s)\n" +
				"--- FAIL: TestFail (0.00s)\n" +
				"FAIL\tfake/a\t0.010s\n" +
				"# fake/c [fake/c.test]\n" +
				"c/c.go:3:23: cannot use \"x\" (untyped string constant) as int value in return statement\n" +
				"FAIL\tfake/c [build failed]\n" +
				"ok  \tfake/b\t0.005s\n" +
				"?   \tfake/d\t[no test files]\n" +
				"2 tests skipped: ../shared not found (run with the shared directory beside the checkout, or HEAT_LS_SHARED naming it): " +
				"the corpus cannot be read; Heat's cases cannot be run [a.TestSkipShared, a.TestSkipShared2]\n" +
				"1 test skipped: emacs is not installed (install it with `apt-get install -y emacs-nox`) [b.TestOK/x]\n" +
				"tests: 3 passed, 2 failed, 3 skipped\n",
			code: 1,
		},
	}
	for _, tc := range tests {
		t.Run(tc.stream, func(t *testing.T) {
			got, code := run(readStream(t, tc.stream))
			if got != tc.want || code != tc.code {
				t.Errorf("exit %d, want %d; report:\n%s\nwant:\n%s", code, tc.code, got, tc.want)
			}
		})
	}
}

// TestFailures: every way a run can fail shows what failed and exits 1;
// what is no failure exits 0.
func TestFailures(t *testing.T) {
	tests := []struct {
		name   string
		stream string
		show   []string // lines the report must hold
		code   int
	}{
		{
			name:   "a panic prints the test's output and the stack",
			stream: readStream(t, "panic.jsonl"),
			show:   []string{"    e_test.go:6: about to panic\n", "panic: assignment to entry in nil map", "fake/e.TestPanics(", "FAIL\tfake/e\t0.006s\n", "tests: 0 passed, 1 failed, 0 skipped\n"},
			code:   1,
		},
		{
			name: "a build failure outside JSON (older Go, go vet)",
			stream: "# fake/c\n" +
				"c/c.go:3:23: cannot use \"x\" as int value\n" +
				`{"Action":"start","Package":"fake/c"}` + "\n" +
				`{"Action":"output","Package":"fake/c","Output":"FAIL\tfake/c [build failed]\n"}` + "\n" +
				`{"Action":"fail","Package":"fake/c","Elapsed":0}` + "\n",
			show: []string{"# fake/c\n", "c/c.go:3:23: cannot use \"x\" as int value\n", "FAIL\tfake/c\t0.000s\n", "tests: 0 passed, 0 failed, 0 skipped\n"},
			code: 1,
		},
		{
			name:   "an error of the go command",
			stream: "go: cannot find main module, but found .git/config\n",
			show:   []string{"go: cannot find main module", "tests: 0 passed, 0 failed, 0 skipped\n"},
			code:   1,
		},
		{
			name: "a test binary killed mid-test (timeout, signal)",
			stream: `{"Action":"start","Package":"p"}` + "\n" +
				`{"Action":"run","Package":"p","Test":"TestSlow"}` + "\n" +
				`{"Action":"output","Package":"p","Test":"TestSlow","Output":"    slow_test.go:9: still waiting\n"}` + "\n",
			show: []string{"    slow_test.go:9: still waiting\n", "FAIL\tp (the stream ended before its result", "tests: 0 passed, 0 failed, 0 skipped\n"},
			code: 1,
		},
		{
			name: "a timeout: the package fails while a test runs",
			stream: `{"Action":"start","Package":"p"}` + "\n" +
				`{"Action":"run","Package":"p","Test":"TestSlow"}` + "\n" +
				`{"Action":"output","Package":"p","Test":"TestSlow","Output":"=== RUN   TestSlow\n"}` + "\n" +
				`{"Action":"output","Package":"p","Output":"panic: test timed out after 1s\n"}` + "\n" +
				`{"Action":"output","Package":"p","Output":"FAIL\tp\t1.002s\n"}` + "\n" +
				`{"Action":"fail","Package":"p","Elapsed":1.002}` + "\n",
			show: []string{"panic: test timed out after 1s\n", "FAIL\tp\t1.002s\n"},
			code: 1,
		},
		{
			name: "a cached result says so",
			stream: `{"Action":"start","Package":"p"}` + "\n" +
				`{"Action":"output","Package":"p","Output":"ok  \tp\t(cached)\n"}` + "\n" +
				`{"Action":"pass","Package":"p","Elapsed":0}` + "\n",
			show: []string{"ok  \tp\t(cached)\n", "tests: 0 passed, 0 failed, 0 skipped\n"},
			code: 0,
		},
		{
			name: "module downloads are no failure",
			stream: "go: downloading go.uber.org/zap v1.28.0\n" +
				`{"Action":"start","Package":"p"}` + "\n" +
				`{"Action":"run","Package":"p","Test":"TestA"}` + "\n" +
				`{"Action":"pass","Package":"p","Test":"TestA","Elapsed":0}` + "\n" +
				`{"Action":"pass","Package":"p","Elapsed":0.5}` + "\n",
			show: []string{"go: downloading go.uber.org/zap v1.28.0\n", "ok  \tp\t0.500s\n", "tests: 1 passed, 0 failed, 0 skipped\n"},
			code: 0,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, code := run(tc.stream)
			if code != tc.code {
				t.Errorf("exit %d, want %d", code, tc.code)
			}
			for _, want := range tc.show {
				if !strings.Contains(got, want) {
					t.Errorf("the report lacks %q", want)
				}
			}
			if !strings.HasSuffix(got, "\n") || !strings.HasPrefix(got[strings.LastIndex(got[:len(got)-1], "\n")+1:], "tests: ") {
				t.Errorf("the report does not end with the tests: line:\n%s", got)
			}
			if t.Failed() {
				t.Logf("report:\n%s", got)
			}
		})
	}
}

func TestSkipMessage(t *testing.T) {
	tests := []struct {
		lines []string
		want  string
	}{
		{[]string{"=== RUN   TestX\n", "    x_test.go:12: needs /proc\n", "--- SKIP: TestX (0.00s)\n"}, "needs /proc"},
		{[]string{"    x_test.go:3: a log line\n", "    x_test.go:4: SKIP: emacs is not installed\n", "        (install it)\n", "--- SKIP: TestX (0.00s)\n"}, "emacs is not installed (install it)"},
		{[]string{"--- SKIP: TestX (0.00s)\n"}, "no reason given"},
	}
	for _, tc := range tests {
		if got := skipMessage(tc.lines); got != tc.want {
			t.Errorf("skipMessage(%q) = %q, want %q", tc.lines, got, tc.want)
		}
	}
}

func TestSplitReason(t *testing.T) {
	tests := []struct{ msg, reason, detail string }{
		{"../shared not found (run with it beside the checkout): Heat's cases", "../shared not found (run with it beside the checkout)", "Heat's cases"},
		{"no inotify: operation not permitted: x", "no inotify", "operation not permitted: x"},
		{"builds a release (run: go test ./cmd/heat-ls)", "builds a release (run: go test ./cmd/heat-ls)", ""},
		{"emacs is not installed (install it with `apt-get install -y emacs: now`)", "emacs is not installed (install it with `apt-get install -y emacs: now`)", ""},
		{"plain", "plain", ""},
	}
	for _, tc := range tests {
		if r, d := splitReason(tc.msg); r != tc.reason || d != tc.detail {
			t.Errorf("splitReason(%q) = %q, %q; want %q, %q", tc.msg, r, d, tc.reason, tc.detail)
		}
	}
}

func TestGroupSkips(t *testing.T) {
	var skips []skip
	for i, name := range []string{"TestA", "TestB", "TestC", "TestD", "TestE"} {
		skips = append(skips, skip{pkg: "heat-ls/schema", test: name, msg: "../shared not found (put it beside the checkout): detail " + string(rune('1'+i%4))})
	}
	skips = append(skips, skip{pkg: "heat-ls/editors", test: "TestEditors/nvim", msg: "nvim is not installed (install it with `apt-get install -y neovim`)"})
	got := strings.Join(groupSkips(skips), "\n")
	want := "5 tests skipped: ../shared not found (put it beside the checkout): detail 1; detail 2; detail 3; +1 more [schema.TestA, schema.TestB, schema.TestC, +2 more]\n" +
		"1 test skipped: nvim is not installed (install it with `apt-get install -y neovim`) [editors.TestEditors/nvim]"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestLiveGoTest runs `go test -json` on a small module made here (a
// pass, a failure, a skip, a package that does not compile) and checks the
// summary of the real stream.
func TestLiveGoTest(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on a module of its own; skipped with -short (run: go test ./cmd/testsummary)")
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":            "module live\n\ngo 1.21\n",
		"ok/ok_test.go":     "package ok\n\nimport \"testing\"\n\nfunc TestOK(t *testing.T) {}\n\nfunc TestSkip(t *testing.T) { t.Skip(\"needs a GPU: run it on a machine with one\") }\n",
		"bad/bad_test.go":   "package bad\n\nimport \"testing\"\n\nfunc TestBad(t *testing.T) { t.Fatal(\"it broke\") }\n",
		"nobuild/x.go":      "package nobuild\n\nvar X int = \"text\"\n",
		"nobuild/x_test.go": "package nobuild\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) { _ = X }\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "test", "-json", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	stream, _ := cmd.CombinedOutput() // fails: that is the point
	got, code := run(string(stream))
	for _, want := range []string{
		"it broke", "FAIL\tlive/bad\t", "ok  \tlive/ok\t", "FAIL\tlive/nobuild [build failed]", "nobuild/x.go:3:",
		"1 test skipped: needs a GPU: run it on a machine with one [ok.TestSkip]",
		"tests: 1 passed, 1 failed, 1 skipped\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if t.Failed() {
		t.Logf("stream:\n%s\nreport:\n%s", stream, got)
	}
}
