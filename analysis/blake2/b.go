package blake2

import (
	"encoding/binary"
	"math/bits"
)

// ivB is BLAKE2b's initial value: SHA-512's.
var ivB = [8]uint64{
	0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
	0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
}

// stateB is BLAKE2b's chained state. The byte counter is kept as one
// 64-bit word: its high half stays zero below 2^64 bytes of input.
type stateB struct{ h [8]uint64 }

func (s *stateB) init(size, keyLen int) {
	s.h = ivB
	s.h[0] ^= 0x01010000 ^ uint64(keyLen)<<8 ^ uint64(size)
}

// gB is the mixing function G with BLAKE2b's rotations (32, 24, 16, 63).
func gB(v *[16]uint64, a, b, c, d int, x, y uint64) {
	v[a] += v[b] + x
	v[d] = bits.RotateLeft64(v[d]^v[a], -32)
	v[c] += v[d]
	v[b] = bits.RotateLeft64(v[b]^v[c], -24)
	v[a] += v[b] + y
	v[d] = bits.RotateLeft64(v[d]^v[a], -16)
	v[c] += v[d]
	v[b] = bits.RotateLeft64(v[b]^v[c], -63)
}

// compress is F: twelve rounds over one 128-byte block, count the bytes
// hashed so far including this block.
func (s *stateB) compress(block []byte, count uint64, last bool) {
	var m [16]uint64
	for i := range m {
		m[i] = binary.LittleEndian.Uint64(block[8*i:])
	}
	var v [16]uint64
	copy(v[:8], s.h[:])
	copy(v[8:], ivB[:])
	v[12] ^= count
	if last {
		v[14] = ^v[14]
	}
	for r := 0; r < 12; r++ {
		p := &sigma[r%10]
		gB(&v, 0, 4, 8, 12, m[p[0]], m[p[1]])
		gB(&v, 1, 5, 9, 13, m[p[2]], m[p[3]])
		gB(&v, 2, 6, 10, 14, m[p[4]], m[p[5]])
		gB(&v, 3, 7, 11, 15, m[p[6]], m[p[7]])
		gB(&v, 0, 5, 10, 15, m[p[8]], m[p[9]])
		gB(&v, 1, 6, 11, 12, m[p[10]], m[p[11]])
		gB(&v, 2, 7, 8, 13, m[p[12]], m[p[13]])
		gB(&v, 3, 4, 9, 14, m[p[14]], m[p[15]])
	}
	for i := range s.h {
		s.h[i] ^= v[i] ^ v[i+8]
	}
}

func (s *stateB) digest(size int) []byte {
	out := make([]byte, 0, 64)
	for _, w := range s.h {
		out = binary.LittleEndian.AppendUint64(out, w)
	}
	return out[:size]
}
