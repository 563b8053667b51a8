package blake2

import (
	"encoding/binary"
	"math/bits"
)

// ivS is BLAKE2s's initial value: SHA-256's.
var ivS = [8]uint32{
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
}

// stateS is BLAKE2s's chained state.
type stateS struct{ h [8]uint32 }

func (s *stateS) init(size, keyLen int) {
	s.h = ivS
	s.h[0] ^= 0x01010000 ^ uint32(keyLen)<<8 ^ uint32(size)
}

// gS is the mixing function G with BLAKE2s's rotations (16, 12, 8, 7).
func gS(v *[16]uint32, a, b, c, d int, x, y uint32) {
	v[a] += v[b] + x
	v[d] = bits.RotateLeft32(v[d]^v[a], -16)
	v[c] += v[d]
	v[b] = bits.RotateLeft32(v[b]^v[c], -12)
	v[a] += v[b] + y
	v[d] = bits.RotateLeft32(v[d]^v[a], -8)
	v[c] += v[d]
	v[b] = bits.RotateLeft32(v[b]^v[c], -7)
}

// compress is F: ten rounds over one 64-byte block; the 64-bit byte
// count is split over two state words.
func (s *stateS) compress(block []byte, count uint64, last bool) {
	var m [16]uint32
	for i := range m {
		m[i] = binary.LittleEndian.Uint32(block[4*i:])
	}
	var v [16]uint32
	copy(v[:8], s.h[:])
	copy(v[8:], ivS[:])
	v[12] ^= uint32(count)
	v[13] ^= uint32(count >> 32)
	if last {
		v[14] = ^v[14]
	}
	for r := 0; r < 10; r++ {
		p := &sigma[r]
		gS(&v, 0, 4, 8, 12, m[p[0]], m[p[1]])
		gS(&v, 1, 5, 9, 13, m[p[2]], m[p[3]])
		gS(&v, 2, 6, 10, 14, m[p[4]], m[p[5]])
		gS(&v, 3, 7, 11, 15, m[p[6]], m[p[7]])
		gS(&v, 0, 5, 10, 15, m[p[8]], m[p[9]])
		gS(&v, 1, 6, 11, 12, m[p[10]], m[p[11]])
		gS(&v, 2, 7, 8, 13, m[p[12]], m[p[13]])
		gS(&v, 3, 4, 9, 14, m[p[14]], m[p[15]])
	}
	for i := range s.h {
		s.h[i] ^= v[i] ^ v[i+8]
	}
}

func (s *stateS) digest(size int) []byte {
	out := make([]byte, 0, 32)
	for _, w := range s.h {
		out = binary.LittleEndian.AppendUint32(out, w)
	}
	return out[:size]
}
