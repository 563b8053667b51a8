package main

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The end-to-end tests build the real binary and drive it over pipes.

var buildOnce struct {
	sync.Once
	path string
	err  error
	dir  string
}

func binary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "heat-ls-e2e")
		if err != nil {
			buildOnce.err = err
			return
		}
		buildOnce.dir = dir
		buildOnce.path = filepath.Join(dir, "heat-ls")
		// Built as the release archives are (.ci/release.sh): without cgo,
		// which a C compiler on the machine would otherwise bring in and
		// which costs every command's start the loading of libc, so the
		// figures are those of the binary users run.
		cmd := exec.Command("go", "build", "-trimpath", "-o", buildOnce.path, ".")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		out, err := cmd.CombinedOutput()
		if err != nil {
			buildOnce.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildOnce.err != nil {
		t.Fatal(buildOnce.err)
	}
	return buildOnce.path
}

func TestMain(m *testing.M) {
	if os.Getenv(launcherEnv) == "1" {
		os.Exit(runLauncher())
	}
	code := m.Run()
	if buildOnce.dir != "" {
		os.RemoveAll(buildOnce.dir)
	}
	os.Exit(code)
}

type message struct {
	ID     json.RawMessage `json:"id,omitempty"`
	Method string          `json:"method,omitempty"`
	Params json.RawMessage `json:"params,omitempty"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// session is a running heat-ls with its pipes.
type session struct {
	t       testing.TB
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	msgs    chan message
	readErr chan error
	stderr  bytes.Buffer
	// held keeps the messages a wait for an answer read past, so that a
	// later wait (for diagnostics, say) still sees them: the server may
	// publish before it answers a request sent after a change.
	held []message
	// patience is how long next waits for a message (0: 20 seconds).
	patience time.Duration
}

func startSession(t testing.TB) *session {
	t.Helper()
	return startCommand(t, exec.Command(binary(t), "--log-level", "debug"), nil)
}

// startBenchSession starts heat-ls as an editor would (default log
// level): debug logging writes a line per message, which is not what a
// user's server pays for and would be measured with it.
func startBenchSession(b *testing.B) *session {
	b.Helper()
	return startCommand(b, exec.Command(binary(b)), nil)
}

// startCommand starts cmd (heat-ls with its arguments, and a directory or
// environment when the test needs them) with pipes on its stdin and
// stdout; written, when not nil, counts the bytes it writes to stdout.
func startCommand(t testing.TB, cmd *exec.Cmd, written *atomic.Int64) *session {
	t.Helper()
	s := &session{t: t, cmd: cmd, msgs: make(chan message, 256), readErr: make(chan error, 1)}
	if s.cmd.Stderr == nil { // else the caller keeps it elsewhere
		s.cmd.Stderr = &s.stderr
	}
	var err error
	if s.stdin, err = s.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := s.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var out io.Reader = stdout
	if written != nil {
		out = countingReader{stdout, written}
	}
	go func() { s.readErr <- readFrames(out, s.msgs) }()
	t.Cleanup(func() {
		s.cmd.Process.Kill()
		s.cmd.Wait()
	})
	return s
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// readFrames reads stdout strictly: anything that is not an LSP frame is
// an error, so a stray print to stdout fails the test.
func readFrames(r io.Reader, out chan<- message) error {
	defer close(out)
	in := bufio.NewReader(r)
	for {
		length := -1
		for {
			line, err := in.ReadString('\n')
			if err != nil {
				if err == io.EOF && line == "" && length < 0 {
					return nil
				}
				return fmt.Errorf("reading a header: %q: %v", line, err)
			}
			if line == "\r\n" {
				break
			}
			name, value, ok := strings.Cut(strings.TrimRight(line, "\r\n"), ": ")
			if !ok || !strings.EqualFold(name, "Content-Length") {
				return fmt.Errorf("stdout holds something that is not an LSP header: %q", line)
			}
			n, err := strconv.Atoi(value)
			if err != nil {
				return fmt.Errorf("bad Content-Length %q", value)
			}
			length = n
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(in, body); err != nil {
			return err
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil {
			return fmt.Errorf("frame is not JSON: %q", body)
		}
		out <- m
	}
}

func (s *session) send(v string) {
	s.t.Helper()
	if _, err := fmt.Fprintf(s.stdin, "Content-Length: %d\r\n\r\n%s", len(v), v); err != nil {
		s.t.Fatal(err)
	}
}

func (s *session) next() message {
	s.t.Helper()
	if len(s.held) > 0 {
		m := s.held[0]
		s.held = s.held[1:]
		return m
	}
	select {
	case m, ok := <-s.msgs:
		if !ok {
			s.t.Fatalf("stdout ended: %v\nstderr:\n%s", <-s.readErr, s.stderr.String())
		}
		return m
	case <-time.After(cmp.Or(s.patience, 20*time.Second)):
		s.t.Fatalf("timed out\nstderr:\n%s", s.stderr.String())
	}
	return message{}
}

func (s *session) call(id int, method, params string) message {
	s.t.Helper()
	s.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`, id, method, params))
	m := s.answer(id)
	if m.Error != nil {
		s.t.Fatalf("%s failed: %+v", method, m.Error)
	}
	return m
}

// answer waits for the response with a numeric id; the messages read
// before it are held for later waits.
func (s *session) answer(id int) message {
	s.t.Helper()
	var skipped []message
	defer func() { s.held = append(skipped, s.held...) }()
	for {
		m := s.next()
		if m.Method == "" && string(m.ID) == strconv.Itoa(id) {
			return m
		}
		skipped = append(skipped, m)
	}
}

func (s *session) notify(method, params string) {
	s.t.Helper()
	if params == "" {
		s.send(fmt.Sprintf(`{"jsonrpc":"2.0","method":%q}`, method))
		return
	}
	s.send(fmt.Sprintf(`{"jsonrpc":"2.0","method":%q,"params":%s}`, method, params))
}

type published struct {
	URI         string          `json:"uri"`
	Version     *int            `json:"version"`
	Diagnostics json.RawMessage `json:"diagnostics"`
}

type diagnostic struct {
	Range struct {
		Start struct{ Line, Character int } `json:"start"`
	} `json:"range"`
	Severity int    `json:"severity"`
	Code     string `json:"code"`
	Source   string `json:"source"`
}

// diagnostics waits for the publish of version (nil: one without a version).
func (s *session) diagnostics(version int) (published, []diagnostic) {
	s.t.Helper()
	for {
		m := s.next()
		if m.Method != "textDocument/publishDiagnostics" {
			continue
		}
		var p published
		if err := json.Unmarshal(m.Params, &p); err != nil {
			s.t.Fatal(err)
		}
		if version >= 0 && (p.Version == nil || *p.Version != version) {
			if p.Version != nil && *p.Version > version {
				s.t.Fatalf("diagnostics for version %d while waiting for %d", *p.Version, version)
			}
			continue
		}
		var ds []diagnostic
		if err := json.Unmarshal(p.Diagnostics, &ds); err != nil {
			s.t.Fatal(err)
		}
		return p, ds
	}
}

// wait returns heat-ls's exit status. It first reads stdout to its end
// (discarding what the test did not consume), and only then calls
// cmd.Wait: Wait closes the pipe StdoutPipe returned, so calling it while
// readFrames is still reading loses the last frames and fails the read
// with "file already closed".
func (s *session) wait() int {
	s.t.Helper()
	deadline := time.After(20 * time.Second)
	for open := true; open; {
		select {
		case _, open = <-s.msgs:
		case <-deadline:
			s.t.Fatalf("heat-ls did not close stdout\nstderr:\n%s", s.stderr.String())
		}
	}
	if err := <-s.readErr; err != nil {
		s.t.Fatalf("stdout: %v", err)
	}
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode()
		}
		if err != nil {
			s.t.Fatal(err)
		}
		return 0
	case <-time.After(20 * time.Second):
		s.t.Fatalf("heat-ls did not exit\nstderr:\n%s", s.stderr.String())
	}
	return -1
}

func edit(line, from, to int, text string) string {
	return fmt.Sprintf(`{"range":{"start":{"line":%d,"character":%d},"end":{"line":%d,"character":%d}},"text":%q}`, line, from, line, to, text)
}

func TestSession(t *testing.T) {
	const uri = "file:///tmp/e2e/server.yaml"
	// Line 1 is broken YAML: the ": " after x starts a mapping where none
	// may begin. The error sits after an emoji, so its column depends on
	// the encoding: character 19 in UTF-16, byte 21 in UTF-8.
	const text = "heat_template_version: 2018-08-31\ndescription: \"😀\" x: 1\n"
	tests := []struct {
		name, caps, encoding string
		col                  int // error column in the first version
		cjkAt, cjkWidth      int // where 中文 goes (before the emoji) and its width
		fixFrom, fixTo       int // the " x: 1" tail after the edits
		shutdown, exit       string
		status               int
	}{
		{"utf-16", `{}`, "utf-16", 19, 14, 2, 19, 24, "null", "", 0},
		{"utf-8", `{"general":{"positionEncodings":["utf-8"]}}`, "utf-8", 21, 14, 6, 25, 30, "{}", "{}", 0},
		{"utf-8, exit null", `{"general":{"positionEncodings":["utf-16","utf-8"]}}`, "utf-8", 21, 14, 6, 25, 30, "", "null", 0},
		{"no shutdown", `{}`, "utf-16", 19, 14, 2, 19, 24, "-", "", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := startSession(t)
			init := s.call(1, "initialize", `{"processId":null,"rootUri":null,"capabilities":`+tc.caps+`}`)
			var res struct {
				Capabilities struct {
					PositionEncoding string `json:"positionEncoding"`
				} `json:"capabilities"`
				ServerInfo struct{ Name string } `json:"serverInfo"`
			}
			json.Unmarshal(init.Result, &res)
			if res.Capabilities.PositionEncoding != tc.encoding || res.ServerInfo.Name != "heat-ls" {
				t.Fatalf("initialize result %s", init.Result)
			}
			s.notify("initialized", `{}`)

			s.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, uri, mustJSON(text)))
			wantError := func(version, line, col int) {
				t.Helper()
				p, ds := s.diagnostics(version)
				if len(ds) == 0 {
					t.Fatalf("version %d: no diagnostics, want a syntax error (%s)", version, p.Diagnostics)
				}
				d := ds[0]
				if d.Range.Start.Line != line || d.Range.Start.Character != col || d.Severity != 1 || d.Source != "heat-ls" || d.Code == "" {
					t.Fatalf("version %d: diagnostic %s, want an error at %d:%d", version, p.Diagnostics, line, col)
				}
			}
			wantError(1, 1, tc.col)

			// Put CJK text before the emoji: the error moves right.
			s.notify("textDocument/didChange", fmt.Sprintf(`{"textDocument":{"uri":%q,"version":2},"contentChanges":[%s]}`, uri, edit(1, tc.cjkAt, tc.cjkAt, "中文")))
			wantError(2, 1, tc.col+tc.cjkWidth)

			// Add a comment line with an emoji on top: the error moves down.
			s.notify("textDocument/didChange", fmt.Sprintf(`{"textDocument":{"uri":%q,"version":3},"contentChanges":[%s]}`, uri, edit(0, 0, 0, "# 🎉 note\n")))
			wantError(3, 2, tc.col+tc.cjkWidth)

			// Remove the broken tail: no diagnostics, as [] with the version.
			s.notify("textDocument/didChange", fmt.Sprintf(`{"textDocument":{"uri":%q,"version":4},"contentChanges":[%s]}`, uri, edit(2, tc.fixFrom, tc.fixTo, "")))
			if p, ds := s.diagnostics(4); len(ds) != 0 || string(p.Diagnostics) != "[]" {
				t.Fatalf("after the fix: %s", p.Diagnostics)
			}

			s.notify("textDocument/didClose", fmt.Sprintf(`{"textDocument":{"uri":%q}}`, uri))
			if p, _ := s.diagnostics(-1); p.URI != uri || string(p.Diagnostics) != "[]" {
				t.Fatalf("didClose published %s, want []", p.Diagnostics)
			}

			if tc.shutdown != "-" {
				if tc.shutdown == "" {
					s.send(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`)
				} else {
					s.send(`{"jsonrpc":"2.0","id":2,"method":"shutdown","params":` + tc.shutdown + `}`)
				}
				if m := s.next(); string(m.ID) != "2" || m.Error != nil || string(m.Result) != "null" {
					t.Fatalf("shutdown answer %+v", m)
				}
			}
			s.notify("exit", tc.exit)
			if status := s.wait(); status != tc.status {
				t.Fatalf("exit status %d, want %d\nstderr:\n%s", status, tc.status, s.stderr.String())
			}
		})
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func TestVersionCommand(t *testing.T) {
	out, err := exec.Command(binary(t), "version").Output()
	if err != nil || !strings.HasPrefix(string(out), "heat-ls ") {
		t.Fatalf("version: %q %v", out, err)
	}
}

func TestCheckCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	clean := write("clean/ok.yaml", "heat_template_version: 2018-08-31\nresources: {}\n")
	write("clean/other.yaml", "just: some\nother: yaml\n")
	broken := write("broken/bad.yaml", "heat_template_version: 2018-08-31\ndescription: \"😀\" x: 1\n")
	tests := []struct {
		name   string
		args   []string
		status int
		stdout string // a substring, "" for empty output
	}{
		{"clean template and other YAML", []string{filepath.Dir(clean)}, 0, ""},
		{"syntax error", []string{broken}, 1, broken + ":2:19: error: "},
		{"directory walk", []string{dir}, 1, "[yaml-syntax]"},
		{"missing path", []string{filepath.Join(dir, "nope.yaml")}, 2, ""},
		{"no paths", nil, 2, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(binary(t), append([]string{"check"}, tc.args...)...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			status := 0
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				status = exit.ExitCode()
			}
			if status != tc.status {
				t.Fatalf("status %d, want %d\nstdout:\n%s\nstderr:\n%s", status, tc.status, stdout.String(), stderr.String())
			}
			if tc.stdout == "" && stdout.Len() != 0 || !strings.Contains(stdout.String(), tc.stdout) {
				t.Fatalf("stdout %q, want %q", stdout.String(), tc.stdout)
			}
		})
	}
}
