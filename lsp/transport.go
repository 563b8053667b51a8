package lsp

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"

	"heat-ls/analysis/limits"
)

// maxFrame bounds the body a client may declare, so a hostile or corrupt
// Content-Length cannot make the server allocate without limit.
const maxFrame = limits.Frame

// maxHeaderLine bounds what is kept of one header line. Real headers are a
// few dozen bytes; of a longer line only the end is kept (see line), so a
// client that never sends a line break cannot make the server buffer its
// input.
const maxHeaderLine = 4 << 10

// errBadHeader marks a header block the reader could not use. The reader
// has consumed it and can go on with the next frame; the server answers
// with a parse error instead of ending the session.
var errBadHeader = errors.New("malformed message header")

// frameReader reads LSP base-protocol frames: header lines, a blank line,
// then Content-Length bytes of JSON. It is written here rather than taken
// from jsonrpc2 because jsonrpc2's reader ends the connection on a bad
// header, and heat-ls must survive one.
type frameReader struct {
	in   *bufio.Reader
	long []byte // the kept end of a header line longer than the buffer
}

func newFrameReader(r io.Reader) *frameReader {
	return &frameReader{in: bufio.NewReaderSize(r, 64<<10)}
}

// read returns the next frame's body. An error wrapping errBadHeader is
// recoverable; any other error means the stream is finished.
func (r *frameReader) read() ([]byte, error) {
	length := -1
	bad := false      // a Content-Length field was present but unusable
	sawLine := false  // any line of this frame was read
	sawField := false // a non-blank header line was read
	for {
		line, err := r.line()
		if err != nil {
			if err == io.EOF && (len(line) > 0 || sawLine) {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
		sawLine = true
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			if length < 0 {
				if bad {
					return nil, fmt.Errorf("%w: invalid Content-Length", errBadHeader)
				}
				if sawField {
					return nil, fmt.Errorf("%w: no Content-Length", errBadHeader)
				}
				// A stray blank line between frames carries nothing.
				sawLine = false
				continue
			}
			break
		}
		sawField = true
		// A body that was not consumed (after an unusable header) runs into
		// the next header line without a line break; find the field wherever
		// it starts so the reader falls back into step.
		idx := indexFold(line, "content-length:")
		if idx < 0 {
			continue // other header fields (Content-Type) and debris
		}
		value := bytes.TrimSpace(line[idx+len("content-length:"):])
		n, perr := strconv.Atoi(string(value))
		if perr != nil || n <= 0 || n > maxFrame {
			bad = true
			length = -1
			continue
		}
		length = n
		bad = false
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r.in, body); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return body, nil
}

// indexFold finds the lower-case ASCII word in line ignoring ASCII case.
// It does not use bytes.ToLower: that turns invalid UTF-8 and some
// letters into sequences of another length, so an index into its result
// is not an index into line.
func indexFold(line []byte, word string) int {
	for i := 0; i+len(word) <= len(line); i++ {
		j := 0
		for ; j < len(word); j++ {
			c := line[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != word[j] {
				break
			}
		}
		if j == len(word) {
			return i
		}
	}
	return -1
}

// line reads one header line. Of a line longer than maxHeaderLine only
// the last maxHeaderLine bytes are kept: that is where a Content-Length
// field ends up when an unread body ran into the next header, and the
// rest is debris. The returned slice is valid until the next read.
func (r *frameReader) line() ([]byte, error) {
	r.long = r.long[:0]
	for {
		chunk, err := r.in.ReadSlice('\n')
		if err == bufio.ErrBufferFull || len(r.long) > 0 {
			r.long = append(r.long, chunk...)
			if n := len(r.long); n > maxHeaderLine {
				r.long = append(r.long[:0], r.long[n-maxHeaderLine:]...)
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			return r.long, err
		}
		return chunk, err
	}
}

// frameWriter writes whole frames, one Write call each. Only the outbox's
// writer goroutine uses it (outbox.go), so it needs no lock. It keeps one
// buffer for the frames of everyday size; a larger frame is built in a
// buffer of its own that is dropped after the write, so one large answer
// (the semantic tokens of a big file, a long symbol list) does not leave
// its size in the heap for the rest of the session.
type frameWriter struct {
	out io.Writer
	buf []byte
}

// maxKeptFrame is the largest buffer the writer keeps between frames.
const maxKeptFrame = 64 << 10

func (w *frameWriter) write(body []byte) error {
	const header = len("Content-Length: \r\n\r\n") + 20
	buf := w.buf[:0]
	if len(body)+header > maxKeptFrame {
		buf = make([]byte, 0, len(body)+header)
	}
	buf = append(buf, "Content-Length: "...)
	buf = strconv.AppendInt(buf, int64(len(body)), 10)
	buf = append(buf, "\r\n\r\n"...)
	buf = append(buf, body...)
	_, err := w.out.Write(buf)
	if cap(buf) <= maxKeptFrame {
		w.buf = buf
	}
	return err
}
