package main

import (
	"bytes"
	"fmt"
	"net/url"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// The in-process runs (hostile_test.go) count what heat-ls allocates; these
// run the same inputs through the built binary, as an editor and a CI job
// do: `heat-ls check` as a child process, and `heat-ls` serving LSP over
// its own stdin and stdout. A child's allocations cannot be counted from
// outside, so its peak resident memory is held to a multiple of the input
// instead, beside the bytes it writes: the server's high-water mark
// (VmHWM) read before it shuts down, and for check, which exits on its
// own, getrusage's maxrss, taken by a small launcher process (launched) so
// that the test process's own memory is not counted with it. With -short only a sample of the classes runs this way (each
// child costs a start-up); all of them run in-process.

// hostileRSSPerByte and hostileRSSConst bound a child's peak resident
// memory: the constant is the process with its schema loaded and a
// session running; per byte, what the parse, the model and the answers
// keep alive at once.
const (
	hostileRSSPerByte = 256
	hostileRSSConst   = 128 << 20
)

// hostileBinarySample are the classes run through the binary with -short:
// one of each kind of attack (document shape, expansion, output size,
// files beside it, raw frames, changes).
var hostileBinarySample = []string{"deep-flow-lists", "alias-bomb", "cycle", "nested-chain", "broken-ranges", "malformed-frames", "change-batch"}

// hostileBinaryInputs are the inputs run through the binary.
func hostileBinaryInputs() []hostileInput {
	all := generateHostile(hostileSeed, hostileSize())
	if !testing.Short() {
		return all
	}
	var out []hostileInput
	for _, in := range all {
		if slices.Contains(hostileBinarySample, in.class) {
			out = append(out, in)
		}
	}
	return out
}

func withinChildBounds(t *testing.T, in hostileInput, out int, rss int64) {
	t.Helper()
	size := in.size()
	t.Logf("%s: input %d bytes, output %d, peak RSS %d MiB", in.class, size, out, rss>>20)
	if limit := hostileOutPerByte*size + hostileOutConst; out > limit {
		t.Errorf("%s: wrote %d bytes for %d of input (limit %d)", in.class, out, size, limit)
	}
	if limit := int64(hostileRSSPerByte*size + hostileRSSConst); rss > limit {
		t.Errorf("%s: peak resident memory %d MiB for %d bytes of input (limit %d MiB)", in.class, rss>>20, size, limit>>20)
	}
}

func TestHostileCheckBinary(t *testing.T) {
	bin := binary(t)
	for _, in := range hostileBinaryInputs() {
		t.Run(in.class, func(t *testing.T) {
			path := writeHostile(t, in)
			cmd, peak := launched(t, bin, "check", "--severity", "info", path)
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			timer := time.AfterFunc(60*time.Second, func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
			err := cmd.Run()
			if !timer.Stop() {
				t.Fatalf("%s: no answer within a minute", in.class)
			}
			if code := cmd.ProcessState.ExitCode(); code != 0 && code != 1 {
				t.Fatalf("%s: status %d (%v)\n%s", in.class, code, err, tail(errOut.String()))
			}
			if out.Len() == 0 && cmd.ProcessState.ExitCode() == 1 {
				t.Fatalf("%s: status 1 without a problem listed", in.class)
			}
			withinChildBounds(t, in, out.Len()+errOut.Len(), peak())
		})
	}
}

// startBinaryServer starts the built binary on pipes, counting its output,
// and initializes it with dir as the workspace.
func startBinaryServer(t *testing.T, dir string, written *atomic.Int64) *session {
	t.Helper()
	s := startCommand(t, exec.Command(binary(t)), written)
	root := (&url.URL{Scheme: "file", Path: dir}).String()
	s.call(1, "initialize", fmt.Sprintf(`{"processId":null,"rootUri":%q,"capabilities":{}}`, root))
	s.notify("initialized", `{}`)
	return s
}

// TestHostileServerBinary sends every hostile input to the built server
// over its pipes. The server's copy of the document cannot be read from
// outside, so it is compared through an answer that depends on all of its
// text: the document's symbols must equal those of a second document
// opened with the text it should hold. Then the canary's hover must be
// right, and the server must shut down and exit cleanly.
func TestHostileServerBinary(t *testing.T) {
	for _, in := range hostileBinaryInputs() {
		t.Run(in.class, func(t *testing.T) {
			path := writeHostile(t, in)
			dir := filepath.Dir(path)
			canary := (&url.URL{Scheme: "file", Path: filepath.Join(dir, "canary.yaml")}).String()
			attack := (&url.URL{Scheme: "file", Path: path}).String()
			mirror := (&url.URL{Scheme: "file", Path: filepath.Join(dir, "mirror.yaml")}).String()
			var written atomic.Int64
			s := startBinaryServer(t, dir, &written)
			s.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, canary, mustJSON(canaryText)))
			s.diagnosticsFor(canary, 1)

			start := written.Load()
			version := 1
			s.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, attack, mustJSON(in.doc)))
			for _, f := range in.frames {
				s.sendRaw(strings.ReplaceAll(f, "%URI%", attack))
			}
			if in.changes != "" {
				version = 100
				s.notify("textDocument/didChange", fmt.Sprintf(`{"textDocument":{"uri":%q,"version":%d},"contentChanges":%s}`, attack, version, in.changes))
			}
			got := s.request(50, "textDocument/documentSymbol", fmt.Sprintf(`{"textDocument":{"uri":%q}}`, attack))
			s.diagnosticsFor(attack, version)
			out := int(written.Load() - start)
			if got.Error != nil {
				t.Fatalf("documentSymbol after the attack: %+v", got.Error)
			}

			want := in.doc
			if in.want != "" {
				want = in.want
			}
			s.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, mirror, mustJSON(want)))
			m := s.request(51, "textDocument/documentSymbol", fmt.Sprintf(`{"textDocument":{"uri":%q}}`, mirror))
			if !bytes.Equal(bytes.ReplaceAll(got.Result, []byte(attack), []byte(mirror)), m.Result) {
				t.Fatalf("%s: the attacked document's symbols differ from those of the text it should hold:\n%.300s\n%.300s", in.class, got.Result, m.Result)
			}
			m = s.request(60, "textDocument/hover", fmt.Sprintf(`{"textDocument":{"uri":%q},"position":{"line":6,"character":36}}`, canary))
			if m.Error != nil || !strings.Contains(string(m.Result), "size") || !strings.Contains(string(m.Result), "number") {
				t.Fatalf("hover on the canary after the attack: %s %+v", m.Result, m.Error)
			}
			peak := procBytes(t, s.cmd.Process.Pid, "VmHWM")
			if m := s.request(70, "shutdown", "null"); m.Error != nil {
				t.Fatalf("shutdown: %+v", m.Error)
			}
			s.notify("exit", "")
			if code := s.wait(); code != 0 {
				t.Fatalf("exit status %d\n%s", code, tail(s.stderr.String()))
			}
			withinChildBounds(t, in, out, peak)
		})
	}
}
