package main

import (
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
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(200 * time.Millisecond) // let it reach the blocking read
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
