package syntax

import (
	"bytes"
	"errors"
	"io"
	"math/rand"
	"os"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// firstError parses every document of text with bare yaml.v3 and returns
// the reason of the first error, or "".
func firstError(text []byte) string {
	dec := yaml.NewDecoder(bytes.NewReader(text))
	for {
		var n yaml.Node
		err := guard(func() error { return dec.Decode(&n) })
		if errors.Is(err, io.EOF) {
			return ""
		}
		if err != nil {
			_, reason := splitYAMLError(err.Error())
			return reason
		}
	}
}

// TestIndentationFaultOnCorpus breaks the indentation of one line of real
// templates and checks that the reported line is the first line whose
// prefix already fails in yaml.v3 (found by brute force here).
func TestIndentationFaultOnCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("brute force is slow; skipped with -short (run without -short)")
	}
	r := rand.New(rand.NewSource(2))
	// Three broken lines a file in the test command (the brute force is
	// quadratic in a file's lines, and the race detector makes it slow),
	// six where HEAT_LS_LONG is set, as .ci/run sets it.
	perFile := 3
	if os.Getenv("HEAT_LS_LONG") != "" {
		perFile = 6
	}
	total, good := 0, 0
	for _, path := range sharedCorpus(t) {
		src, err := os.ReadFile(path)
		if err != nil || len(src) == 0 || len(src) > 6000 {
			continue
		}
		for k := 0; k < perFile; k++ {
			lines := bytes.Split(src, []byte("\n"))
			li := r.Intn(len(lines))
			switch line := lines[li]; {
			case k%2 == 0:
				lines[li] = append([]byte(" "), line...)
			case len(line) > 0 && line[0] == ' ':
				lines[li] = line[1:]
			default:
				lines[li] = append([]byte("- "), line...)
			}
			broken := bytes.Join(lines, []byte("\n"))
			reason := firstError(broken)
			if !strings.HasPrefix(reason, "did not find expected key") && !strings.HasPrefix(reason, "did not find expected '-'") {
				continue
			}
			want := 0
			for l := 1; l <= len(lines) && want == 0; l++ {
				if firstError(append(bytes.Join(lines[:l], []byte("\n")), '\n')) == reason {
					want = l
				}
			}
			f := Parse(broken)
			got := bytes.Count(broken[:f.Problems[0].Span.Start], []byte("\n")) + 1
			total++
			if got == want {
				good++
			} else {
				t.Logf("%s: line %d reported, %d expected (line %d changed)", path, got, want, li+1)
			}
		}
	}
	if total == 0 {
		t.Skip("no corpus case produced an indentation error")
	}
	if good*100 < total*95 {
		t.Errorf("indentation faults found on the right line in %d of %d cases, want at least 95%%", good, total)
	}
	t.Logf("right line in %d of %d cases", good, total)
}
