package schema

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The committed data must be what the generator makes from the shared
// facts today; run `go generate ./schema` when this fails.
func TestGeneratedDataIsCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator; skipped with -short (run without -short)")
	}
	shared := sharedDir(t)
	out := t.TempDir()
	cmd := exec.Command("go", "run", "./internal/gen", "-in", filepath.Join(shared, "heat"), "-out", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("generator failed: %v\n%s", err, msg)
	}
	for name, embedded := range map[string][]byte{
		"versions.json":      versionsJSON,
		"types_index.json":   typesIndexJSON,
		"types_body.json":    typesBodyJSON,
		"releases.json":      releasesJSON,
		"releases_body.json": releasesBodyJSON,
	} {
		fresh, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(fresh, embedded) {
			t.Errorf("data/%s is stale; run go generate ./schema", name)
		}
	}
}

// Lazy decoding must be safe when many goroutines ask at once.
func TestConcurrentDecode(t *testing.T) {
	s := mustLoad(t)
	done := make(chan bool)
	for i := 0; i < 8; i++ {
		go func() {
			for _, n := range s.ResourceTypes() {
				rt, _ := s.ResourceType(n)
				rt.PropertyNames()
				rt.Attributes()
			}
			done <- true
		}()
	}
	for i := 0; i < 8; i++ {
		<-done
	}
}
