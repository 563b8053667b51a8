package blake2

import (
	"errors"
	"hash"
)

// Sizes of the two variants: the longest digest (Python's default) and
// the block each compression reads.
const (
	SizeB      = 64
	BlockSizeB = 128
	SizeS      = 32
	BlockSizeS = 64
)

// sigma is the message schedule of RFC 7693 section 2.7: which message
// words each round mixes, in order. BLAKE2b's twelve rounds reuse the
// first two rows for rounds ten and eleven.
var sigma = [10][16]byte{
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
	{14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
	{11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
	{7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
	{9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
	{2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
	{12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
	{13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
	{6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
	{10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
}

var errSize = errors.New("blake2: the digest size or key length is out of range")

// compressor is what differs between the variants: the compression
// function F over one block, and the initial state for a digest size and
// key length.
type compressor interface {
	init(size, keyLen int)
	compress(block []byte, count uint64, last bool)
	digest(size int) []byte
}

// digest is a hash.Hash over either variant. It holds back the newest
// full block, since only the last block is compressed with the final
// flag and whether a block is last is known only when input ends.
type digest struct {
	c         compressor
	size      int
	blockSize int
	key       []byte
	buf       []byte
	count     uint64
}

func newDigest(c compressor, size, maxSize, blockSize int, key []byte) (hash.Hash, error) {
	if size < 1 || size > maxSize || len(key) > maxSize {
		return nil, errSize
	}
	d := &digest{c: c, size: size, blockSize: blockSize, key: append([]byte(nil), key...)}
	d.Reset()
	return d, nil
}

// Reset starts over; a keyed hash begins with its key as a whole block.
func (d *digest) Reset() {
	d.c.init(d.size, len(d.key))
	d.buf = make([]byte, 0, d.blockSize)
	d.count = 0
	if len(d.key) > 0 {
		d.buf = append(d.buf, d.key...)
		d.buf = d.buf[:d.blockSize]
		clear(d.buf[len(d.key):])
	}
}

func (d *digest) Size() int      { return d.size }
func (d *digest) BlockSize() int { return d.blockSize }

// Write compresses every block but the last one held back.
func (d *digest) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		if len(d.buf) == d.blockSize {
			d.count += uint64(d.blockSize)
			d.c.compress(d.buf, d.count, false)
			d.buf = d.buf[:0]
		}
		k := copy(d.buf[len(d.buf):d.blockSize], p)
		d.buf = d.buf[:len(d.buf)+k]
		p = p[k:]
	}
	return n, nil
}

// Sum appends the digest of what was written, leaving the state as it
// was so that writing may go on.
func (d *digest) Sum(in []byte) []byte {
	saved := d.c
	d.c = clone(d.c)
	defer func() { d.c = saved }()
	last := make([]byte, d.blockSize)
	copy(last, d.buf)
	d.c.compress(last, d.count+uint64(len(d.buf)), true)
	return append(in, d.c.digest(d.size)...)
}

func clone(c compressor) compressor {
	switch s := c.(type) {
	case *stateB:
		cp := *s
		return &cp
	case *stateS:
		cp := *s
		return &cp
	}
	panic("blake2: unknown state")
}

// NewB returns BLAKE2b with a digest of size bytes (1 to 64; Python's
// default is 64) and an optional key of at most 64 bytes.
func NewB(size int, key []byte) (hash.Hash, error) {
	return newDigest(&stateB{}, size, SizeB, BlockSizeB, key)
}

// NewS returns BLAKE2s with a digest of size bytes (1 to 32; Python's
// default is 32) and an optional key of at most 32 bytes.
func NewS(size int, key []byte) (hash.Hash, error) {
	return newDigest(&stateS{}, size, SizeS, BlockSizeS, key)
}
