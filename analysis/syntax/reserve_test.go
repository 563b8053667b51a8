package syntax

import (
	"bytes"
	"testing"
)

// TestKeyColons: one pass counts what the two counts of ": " and ":\n" did.
func TestKeyColons(t *testing.T) {
	for _, text := range []string{"", "a: 1\nb:\n  c: 2\n", "type: OS::Nova::Server\n", "x:y\n:", "url: http://h:80/\n"} {
		want := bytes.Count([]byte(text), []byte(": ")) + bytes.Count([]byte(text), []byte(":\n"))
		if got := keyColons([]byte(text)); got != want {
			t.Errorf("keyColons(%q) = %d, want %d", text, got, want)
		}
	}
}
