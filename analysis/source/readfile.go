package source

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrNotRegular is returned by ReadRegular for devices, FIFOs, sockets and
// directories: reading them may block forever or never end.
var ErrNotRegular = errors.New("not a regular file")

// TooLargeError is returned by ReadRegular for a file over the limit.
type TooLargeError struct{ Size, Max int64 }

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("the file has %d bytes, more than the %d heat-ls reads", e.Size, e.Max)
}

// ReadRegular reads a regular file of at most max bytes. It looks before
// it reads: anything else (a FIFO would block, /dev/zero never ends) and
// anything bigger is refused without reading, and a file that grows while
// it is read is cut off at max and refused. Every file heat-ls reads
// (named on the command line, an --env file, a workspace file, a
// referenced template) goes through here.
func ReadRegular(path string, max int64) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := admissible(path, info, max); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The path may have been replaced between the two looks.
	if info, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := admissible(path, info, max); err != nil {
		return nil, err
	}
	src, err := readAll(io.LimitReader(f, max+1), min(info.Size(), max)+1)
	if err != nil {
		return nil, err
	}
	if int64(len(src)) > max {
		return nil, &os.PathError{Op: "read", Path: path, Err: &TooLargeError{Size: int64(len(src)), Max: max}}
	}
	return src, nil
}

// readAll reads r to its end into a buffer of size bytes to start with
// (the file's size and one byte more, which finds the end at once), as
// os.ReadFile does, where io.ReadAll would grow its buffer from 512 bytes,
// copying the text several times.
func readAll(r io.Reader, size int64) ([]byte, error) {
	src := make([]byte, 0, size)
	for {
		if len(src) == cap(src) {
			src = append(src, 0)[:len(src)]
		}
		n, err := r.Read(src[len(src):cap(src)])
		src = src[:len(src)+n]
		if err == io.EOF {
			return src, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

func admissible(path string, info os.FileInfo, max int64) error {
	if !info.Mode().IsRegular() {
		return &os.PathError{Op: "read", Path: path, Err: ErrNotRegular}
	}
	if info.Size() > max {
		return &os.PathError{Op: "read", Path: path, Err: &TooLargeError{Size: info.Size(), Max: max}}
	}
	return nil
}
