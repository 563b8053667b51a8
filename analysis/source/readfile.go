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
	src, err := readSized(io.LimitReader(f, max+1), min(info.Size(), max))
	if err != nil {
		return nil, err
	}
	if int64(len(src)) > max {
		return nil, &os.PathError{Op: "read", Path: path, Err: &TooLargeError{Size: int64(len(src)), Max: max}}
	}
	return src, nil
}

// readSized reads r to its end into a buffer sized for size bytes (plus
// one, to meet the end without growing), growing it only if there is
// more. The texts of indexed files live as long as the index; io.ReadAll,
// which starts small and doubles, leaves spare room in each and garbage
// between them.
func readSized(r io.Reader, size int64) ([]byte, error) {
	buf := make([]byte, 0, max(size, 0)+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
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
