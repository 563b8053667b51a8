package source

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReadSized(t *testing.T) {
	long := strings.Repeat("x", 5000)
	for _, tc := range []struct {
		name string
		text string
		size int64
	}{
		{"exact", long, 5000},
		{"grew", long, 10},     // the file grew after its size was taken
		{"shrank", long, 9000}, // or shrank
		{"size unknown", long, 0},
		{"empty", "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readSized(iotest.HalfReader(strings.NewReader(tc.text)), tc.size)
			if err != nil || !bytes.Equal(got, []byte(tc.text)) {
				t.Fatalf("read %d bytes, %v; want %d", len(got), err, len(tc.text))
			}
			if tc.size == int64(len(tc.text)) && cap(got) != len(got)+1 {
				t.Errorf("cap %d for %d bytes of a known size", cap(got), len(got))
			}
		})
	}
	boom := errors.New("boom")
	if _, err := readSized(io.MultiReader(strings.NewReader("ab"), iotest.ErrReader(boom)), 2); err != boom {
		t.Errorf("err = %v, want boom", err)
	}
}
