package main

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// A child's peak resident memory (getrusage's maxrss) also counts what
// the process that forked it had resident at the fork, because Linux
// carries maxrss across exec. Under the race detector this test process
// holds over a gigabyte by the time the hostile suite runs, which would
// swamp any child's figure. So the child is started from a launcher: this
// same test binary started anew (small), which runs the command, waits for
// it and writes its maxrss to the file launcherRSSFile names.

const (
	launcherEnv     = "HEAT_LS_TEST_LAUNCHER"
	launcherRSSFile = "HEAT_LS_TEST_LAUNCHER_RSS"
)

// runLauncher is the launcher's whole life: it runs os.Args after "--"
// with this process's standard streams and exits with its status.
func runLauncher() int {
	args := os.Args
	for i, a := range args {
		if a == "--" {
			args = args[i+1:]
			break
		}
	}
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "launcher: no command after --")
		return 2
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, "launcher:", err)
		return 2
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		if werr := os.WriteFile(os.Getenv(launcherRSSFile), []byte(strconv.FormatInt(ru.Maxrss<<10, 10)), 0o600); werr != nil {
			fmt.Fprintln(os.Stderr, "launcher:", werr)
			return 2
		}
	}
	return cmd.ProcessState.ExitCode()
}

// launched returns a command that runs name with args through the
// launcher, and a function that reads the child's peak resident memory in
// bytes once the command has finished.
func launched(t *testing.T, name string, args ...string) (*exec.Cmd, func() int64) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Skipf("cannot find the test binary to launch from: %v", err)
	}
	rssFile := t.TempDir() + "/maxrss"
	cmd := exec.Command(self, append([]string{"-test.run=^$", "--", name}, args...)...)
	cmd.Env = append(os.Environ(), launcherEnv+"=1", launcherRSSFile+"="+rssFile)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // killed as a group on time-out
	return cmd, func() int64 {
		t.Helper()
		b, err := os.ReadFile(rssFile)
		if err != nil {
			t.Skipf("no rusage for child processes here (run on Linux): %v", err)
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err != nil {
			t.Fatalf("launcher wrote %q: %v", b, err)
		}
		return n
	}
}
