//go:build unix

package editors

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// stopCodeServers kills the process group of every code-server that
// editors/vscode/e2e/run.sh started under artifacts (each scenario writes
// its group's id to <scenario>/code-server.pid). run.sh stops them itself;
// this catches a run.sh that was killed before it could.
func stopCodeServers(artifacts string) {
	pidFiles, _ := filepath.Glob(filepath.Join(artifacts, "*", "code-server.pid"))
	for _, f := range pidFiles {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && pid > 1 {
			_ = syscall.Kill(-pid, syscall.SIGKILL)
		}
	}
}
