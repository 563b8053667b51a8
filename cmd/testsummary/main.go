// Command testsummary reads the output of `go test -json` on standard
// input and prints what a person needs from it: a line per package as
// `go test` prints it (ok, FAIL, no test files), the whole output of every
// failing test and of every build that failed, one line per group of
// skipped tests (grouped by the reason their skip message gives, which
// says how to run them), and last the line
//
//	tests: N passed, N failed, N skipped
//
// It exits 1 when a test, a package or a build failed, or when the stream
// holds a failure outside its JSON events. .ci/test runs it:
//
//	go test -json ./... 2>&1 | testsummary
package main

import (
	"bufio"
	"os"
)

func main() {
	s := newSummary(os.Stdout)
	in := bufio.NewReader(os.Stdin)
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 {
			s.feed(line)
		}
		if err != nil {
			break
		}
	}
	if code := s.finish(); code != 0 {
		os.Exit(code)
	}
}
