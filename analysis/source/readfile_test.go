package source

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
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

// TestReadSizedReaders: the text comes back whole whatever the first buffer's size
// and however the reader splits it.
func TestReadSizedReaders(t *testing.T) {
	readers := []struct {
		name string
		wrap func(io.Reader) io.Reader
	}{
		{"plain", func(r io.Reader) io.Reader { return r }},
		{"one byte at a time", iotest.OneByteReader},
		{"EOF with the last data", iotest.DataErrReader},
	}
	for _, n := range []int{0, 1, 511, 512, 513, 10_000} {
		text := strings.Repeat("ab\n", n)[:n]
		for _, size := range []int64{1, int64(n), int64(n) + 1, int64(n) * 3} {
			for _, rd := range readers {
				got, err := readSized(rd.wrap(strings.NewReader(text)), max(size, 1))
				if err != nil || string(got) != text {
					t.Errorf("%d bytes, first buffer %d, %s: got %d bytes, %v", n, size, rd.name, len(got), err)
				}
			}
		}
	}
	if _, err := readSized(iotest.ErrReader(errors.New("boom")), 8); err == nil {
		t.Error("a failing reader gave no error")
	}
}

// TestReadRegularLimit: a file of exactly the limit is read, one byte more
// is refused with its size.
func TestReadRegularLimit(t *testing.T) {
	p := filepath.Join(t.TempDir(), "t.yaml")
	text := bytes.Repeat([]byte("x"), 100)
	if err := os.WriteFile(p, text, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadRegular(p, 100); err != nil || !bytes.Equal(got, text) {
		t.Errorf("at the limit: %d bytes, %v", len(got), err)
	}
	var tooLarge *TooLargeError
	if _, err := ReadRegular(p, 99); !errors.As(err, &tooLarge) || tooLarge.Size != 100 {
		t.Errorf("over the limit: %v", err)
	}
}
