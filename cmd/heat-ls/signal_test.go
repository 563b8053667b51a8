package main

import (
	"bufio"
	"fmt"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// TestSignalStopsServer: an editor that goes away without shutdown/exit
// (or a user's kill) sends SIGTERM while heat-ls's stdin is still open;
// the server must leave promptly and with the "no shutdown" status 1.
func TestSignalStopsServer(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := exec.Command(binary(t))
			stdin, err := cmd.StdinPipe() // kept open: the read blocks
			if err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// An answer to initialize proves the server is up, its signal
			// handling installed, and its next read blocking on stdin.
			body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`
			fmt.Fprintf(stdin, "Content-Length: %d\r\n\r\n%s", len(body), body)
			if _, err := bufio.NewReader(stdout).ReadString('}'); err != nil {
				t.Fatalf("no answer to initialize: %v", err)
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				if code := cmd.ProcessState.ExitCode(); code != 1 {
					t.Errorf("exit status %d (%v), want 1", code, err)
				}
			case <-time.After(10 * time.Second):
				_ = cmd.Process.Kill()
				t.Fatal("heat-ls did not stop within 10s of " + sig.String())
			}
		})
	}
}
