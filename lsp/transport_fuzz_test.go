package lsp

import (
	"bytes"
	"errors"
	"strconv"
	"testing"
)

// FuzzFrameReader reads arbitrary bytes as a stream of frames. The reader
// must never panic, must make progress (each read consumes input or ends
// the stream), must return no body larger than the input, and must read a
// well-formed frame back exactly. Run it briefly with
//
//	go test -run '^$' -fuzz '^FuzzFrameReader$' -fuzztime 10s ./lsp
func FuzzFrameReader(f *testing.F) {
	for _, s := range []string{
		"Content-Length: 2\r\n\r\n{}",
		"Content-Length: 2\r\nContent-Type: x\r\n\r\n{}Content-Length: 1\r\n\r\n1",
		"\r\n\r\nContent-Length: 3\r\n\r\n[1]",
		"Content-Length: -1\r\n\r\n", "Content-Length: 99999999999\r\n\r\n",
		"content-length:5\n\nhello", "garbage\r\n\r\n", "Content-Length: 4\r\n\r\n{}",
		"{\"x\":1}Content-Length: 2\r\n\r\n{}", "Content-Length: 1\r\n",
	} {
		f.Add([]byte(s), []byte(`{"jsonrpc":"2.0"}`))
	}
	f.Fuzz(func(t *testing.T, stream, body []byte) {
		r := newFrameReader(bytes.NewReader(stream))
		for reads := 0; ; reads++ {
			if reads > len(stream)+1 {
				t.Fatalf("%d reads of a %d-byte stream: the reader does not advance", reads, len(stream))
			}
			got, err := r.read()
			if err != nil && !errors.Is(err, errBadHeader) {
				break
			}
			if len(got) > len(stream) {
				t.Fatalf("a %d-byte body from a %d-byte stream", len(got), len(stream))
			}
		}
		if len(body) == 0 {
			return
		}
		framed := append([]byte("Content-Length: "+strconv.Itoa(len(body))+"\r\n\r\n"), body...)
		got, err := newFrameReader(bytes.NewReader(framed)).read()
		if err != nil || !bytes.Equal(got, body) {
			t.Fatalf("a well-formed frame read back as %q, %v", got, err)
		}
	})
}
