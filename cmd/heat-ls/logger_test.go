package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.uber.org/zap"
)

// consoleLine is one entry of the console format: time, level, message,
// then the fields as a JSON object.
var consoleLine = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[-+Z][\d:]*\t(DEBUG|INFO|WARN|ERROR)\t([^\t]+)(\t(\{.*\}))?$`)

// TestLoggerFormats: on stderr (what an editor's output channel shows) the
// default is one readable line per entry; in --log-file it is JSON lines;
// --log-format chooses either anywhere, and refuses anything else.
func TestLoggerFormats(t *testing.T) {
	for _, tc := range []struct {
		name, format string
		file, json   bool
	}{
		{name: "stderr default", format: "", json: false},
		{name: "file default", format: "", file: true, json: true},
		{name: "stderr json", format: "json", json: true},
		{name: "file console", format: "console", file: true, json: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			file := ""
			if tc.file {
				file = filepath.Join(t.TempDir(), "heat-ls.log")
			}
			log, _, closeLog, err := newLogger(file, "debug", tc.format, &stderr)
			if err != nil {
				t.Fatal(err)
			}
			log.Info("resource type schemas loaded", zap.Strings("schemaPaths", []string{"/a b"}), zap.Int("problems", 2))
			log.Debug("no fields")
			closeLog()
			out := stderr.String()
			if tc.file {
				if out != "" {
					t.Errorf("with --log-file, stderr got %q", out)
				}
				b, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				out = string(b)
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) != 2 {
				t.Fatalf("want 2 log lines, got %q", out)
			}
			if tc.json {
				var e struct {
					Level, TS, Msg string
					SchemaPaths    []string
					Problems       int
				}
				if err := json.Unmarshal([]byte(lines[0]), &e); err != nil {
					t.Fatalf("not a JSON line: %q: %v", lines[0], err)
				}
				if e.Level != "info" || e.Msg != "resource type schemas loaded" || e.TS == "" || e.Problems != 2 || len(e.SchemaPaths) != 1 {
					t.Errorf("JSON line %q decodes to %+v", lines[0], e)
				}
				return
			}
			m := consoleLine.FindStringSubmatch(lines[0])
			if m == nil || m[1] != "INFO" || m[2] != "resource type schemas loaded" || m[4] != `{"schemaPaths": ["/a b"], "problems": 2}` {
				t.Errorf("console line %q: want time, INFO, the message and the fields (%q)", lines[0], m)
			}
			if m := consoleLine.FindStringSubmatch(lines[1]); m == nil || m[1] != "DEBUG" || m[2] != "no fields" || m[3] != "" {
				t.Errorf("console line %q: want time, DEBUG and the message alone (%q)", lines[1], m)
			}
		})
	}
	var stderr bytes.Buffer
	if status := run([]string{"--log-format", "xml", "version"}, nil, &bytes.Buffer{}, &stderr); status != 0 {
		t.Errorf("version with a bad --log-format: status %d (the logger is not built for it)", status)
	}
	if status := run([]string{"--log-format", "xml", "check", "x.yaml"}, nil, &bytes.Buffer{}, &stderr); status != 2 || !strings.Contains(stderr.String(), "--log-format") {
		t.Errorf("check with --log-format xml: status %d, stderr %q; want 2 and a word on --log-format", status, stderr.String())
	}
}

// TestServeLogsReadableLines runs the built heat-ls as an editor does
// (no flags, stderr piped to its output channel): every stderr line of an
// initialize-shutdown-exit session is a console line, none is JSON.
func TestServeLogsReadableLines(t *testing.T) {
	s := startCommand(t, exec.Command(binary(t), "--log-level", "debug"), nil)
	s.call(1, "initialize", `{"processId":null,"rootUri":null,"capabilities":{}}`)
	s.notify("initialized", `{}`)
	s.call(2, "shutdown", `null`)
	s.notify("exit", `null`)
	if status := s.wait(); status != 0 {
		t.Fatalf("exit status %d\nstderr:\n%s", status, s.stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(s.stderr.String(), "\n"), "\n")
	seen := map[string]bool{}
	for _, l := range lines {
		m := consoleLine.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("not a readable log line: %q", l)
			continue
		}
		seen[m[2]] = true
	}
	for _, want := range []string{"initialize", "shutdown", "exit"} {
		if !seen[want] {
			t.Errorf("no %q line in stderr:\n%s", want, s.stderr.String())
		}
	}
}
