package lsp

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

// repeatReader yields one byte forever without holding it in memory.
type repeatReader byte

func (r repeatReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r)
	}
	return len(p), nil
}

func allocatedBy(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestLongHeaderLinesAreNotBuffered checks that a header line without a
// line break costs the reader a bounded buffer, not its length, and that
// a Content-Length at the end of such a line (a body that ran into the
// next header) is still found.
func TestLongHeaderLinesAreNotBuffered(t *testing.T) {
	const garbage = 64 << 20
	tests := []struct {
		name  string
		after string
		want  string
		err   error
	}{
		{"debris line then a frame", "\r\nContent-Length: 2\r\n\r\n{}", "{}", nil},
		{"field at the end of the debris", "Content-Length: 3\r\n\r\n[1]", "[1]", nil},
		{"debris then a blank line", "\r\n\r\n", "", errBadHeader},
		{"debris to the end", "", "", io.ErrUnexpectedEOF},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := io.MultiReader(io.LimitReader(repeatReader('x'), garbage), strings.NewReader(tc.after))
			r := newFrameReader(in)
			var body []byte
			var err error
			if n := allocatedBy(func() { body, err = r.read() }); n > 1<<20 {
				t.Fatalf("reading a %d-byte header line allocated %d bytes", garbage, n)
			}
			if !errors.Is(err, tc.err) || string(body) != tc.want {
				t.Fatalf("got %q, %v; want %q, %v", body, err, tc.want, tc.err)
			}
		})
	}
}

// TestServerSurvivesAnEndlessHeaderLine sends a long header line without
// a break to the server, then a normal request, which is answered.
func TestServerSurvivesAnEndlessHeaderLine(t *testing.T) {
	c := startServer(t)
	c.initialize(`{}`)
	c.sendBytes([]byte(strings.Repeat("Y", 4<<20) + "\r\n\r\n"))
	wantError(t, c.next(), -32700)
	wantResult(t, c.call("1", "shutdown", ""))
}

// TestHeaderWithInvalidUTF8 sends a header line whose bytes change length
// when lower-cased as text (invalid UTF-8 before the field name): the
// reader once indexed the original line with an offset into the lowered
// copy and panicked, taking the process down.
func TestHeaderWithInvalidUTF8(t *testing.T) {
	c := startServer(t)
	c.initialize(`{}`)
	c.sendBytes([]byte("0\xff\xfe\xfdContent-Length:\r\n\r\n"))
	wantError(t, c.next(), -32700)
	c.sendBytes([]byte("\xffİContent-Length: 2\r\n\r\n{}"))
	wantError(t, c.next(), -32600)
	wantResult(t, c.call("1", "shutdown", ""))
}

// TestFrameWriterKeepsNoLargeBuffer: a large frame is written whole, in
// one Write, and leaves no buffer of its size behind; frames of everyday
// size share one buffer.
func TestFrameWriterKeepsNoLargeBuffer(t *testing.T) {
	for _, size := range []int{10, maxKeptFrame - 100, maxKeptFrame, 900 << 10, 3 << 20} {
		var out countingWriter
		w := &frameWriter{out: &out}
		body := bytes.Repeat([]byte{'x'}, size)
		if err := w.write(body); err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("Content-Length: %d\r\n\r\n%s", size, body)
		if out.writes != 1 || out.String() != want {
			t.Errorf("%d bytes: %d writes, frame of %d bytes, want 1 write of %d", size, out.writes, out.Len(), len(want))
		}
		if cap(w.buf) > maxKeptFrame {
			t.Errorf("%d bytes: the writer keeps a buffer of %d bytes", size, cap(w.buf))
		}
	}
}

// countingWriter is a bytes.Buffer that counts its Write calls.
type countingWriter struct {
	bytes.Buffer
	writes int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.writes++
	return c.Buffer.Write(p)
}
