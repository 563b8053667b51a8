package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestTransportFlags: vscode-languageclient starts a stdio server as
// "heat-ls --stdio" (and may add --clientProcessId=N, before or after the
// command); the server must start and answer, not exit on an unknown flag.
// Transports heat-ls does not have are refused with a message.
func TestTransportFlags(t *testing.T) {
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`
	shutdown := `{"jsonrpc":"2.0","id":2,"method":"shutdown"}`
	exit := `{"jsonrpc":"2.0","method":"exit"}`
	var session strings.Builder
	for _, m := range []string{initialize, shutdown, exit} {
		fmt.Fprintf(&session, "Content-Length: %d\r\n\r\n%s", len(m), m)
	}
	tests := []struct {
		name   string
		args   []string
		status int
	}{
		{"--stdio", []string{"--stdio"}, 0},
		{"serve --stdio", []string{"serve", "--stdio"}, 0},
		{"client process id", []string{"--stdio", "--clientProcessId=4242"}, 0},
		{"after serve", []string{"serve", "--clientProcessId", "4242", "--stdio"}, 0},
		{"node-ipc", []string{"--node-ipc"}, 2},
		{"socket", []string{"--socket=5007"}, 2},
		{"pipe", []string{"serve", "--pipe=/tmp/x"}, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tc.args, strings.NewReader(session.String()), &stdout, &stderr)
			if status != tc.status {
				t.Fatalf("status %d, want %d\nstderr:\n%s", status, tc.status, stderr.String())
			}
			if tc.status == 0 && !strings.Contains(stdout.String(), `"capabilities"`) {
				t.Fatalf("no initialize answer on stdout:\n%s", stdout.String())
			}
			if tc.status == 2 && !strings.Contains(stderr.String(), "stdio") {
				t.Fatalf("refusal does not say stdio is the transport:\n%s", stderr.String())
			}
		})
	}
}
