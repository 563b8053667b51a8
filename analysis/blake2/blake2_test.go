package blake2

import (
	"bytes"
	"encoding/hex"
	"hash"
	"testing"
)

// The one-block examples of RFC 7693, appendices A and B.
func TestAppendixExamples(t *testing.T) {
	for _, tc := range []struct {
		name string
		new  func(int, []byte) (hash.Hash, error)
		size int
		want string
	}{
		{"BLAKE2b-512", NewB, 64, "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923"},
		{"BLAKE2s-256", NewS, 32, "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982"},
	} {
		h, err := tc.new(tc.size, nil)
		if err != nil {
			t.Fatal(err)
		}
		h.Write([]byte("abc"))
		if got := hex.EncodeToString(h.Sum(nil)); got != tc.want {
			t.Errorf("%s(abc) = %s, want %s", tc.name, got, tc.want)
		}
	}
}

// selftestSeq is the RFC's deterministic input: a Fibonacci-like
// sequence seeded by the length.
func selftestSeq(n int, seed uint32) []byte {
	out := make([]byte, n)
	a, b := 0xDEAD4BAD*seed, uint32(1)
	for i := range out {
		t := a + b
		a, b = b, t
		out[i] = byte(t >> 24)
	}
	return out
}

// selftest is RFC 7693 appendix E: hashes of every digest size and
// input length, unkeyed and keyed, hashed together into one 32-byte
// grand hash.
func selftest(t *testing.T, new func(int, []byte) (hash.Hash, error), mdLens, inLens []int) []byte {
	t.Helper()
	grand, err := new(32, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, outlen := range mdLens {
		for _, inlen := range inLens {
			in := selftestSeq(inlen, uint32(inlen))
			for _, key := range [][]byte{nil, selftestSeq(outlen, uint32(outlen))} {
				h, err := new(outlen, key)
				if err != nil {
					t.Fatal(err)
				}
				h.Write(in)
				grand.Write(h.Sum(nil))
			}
		}
	}
	return grand.Sum(nil)
}

func TestRFCSelftest(t *testing.T) {
	wantB := []byte{
		0xC2, 0x3A, 0x78, 0x00, 0xD9, 0x81, 0x23, 0xBD, 0x10, 0xF5, 0x06, 0xC6, 0x1E, 0x29, 0xDA, 0x56,
		0x03, 0xD7, 0x63, 0xB8, 0xBB, 0xAD, 0x2E, 0x73, 0x7F, 0x5E, 0x76, 0x5A, 0x7B, 0xCC, 0xD4, 0x75,
	}
	wantS := []byte{
		0x6A, 0x41, 0x1F, 0x08, 0xCE, 0x25, 0xAD, 0xCD, 0xFB, 0x02, 0xAB, 0xA6, 0x41, 0x45, 0x1C, 0xEC,
		0x53, 0xC5, 0x98, 0xB2, 0x4F, 0x4F, 0xC7, 0x87, 0xFB, 0xDC, 0x88, 0x79, 0x7F, 0x4C, 0x1D, 0xFE,
	}
	if got := selftest(t, NewB, []int{20, 32, 48, 64}, []int{0, 3, 128, 129, 255, 1024}); !bytes.Equal(got, wantB) {
		t.Errorf("BLAKE2b selftest grand hash %x, want %x", got, wantB)
	}
	if got := selftest(t, NewS, []int{16, 20, 28, 32}, []int{0, 3, 64, 65, 255, 1024}); !bytes.Equal(got, wantS) {
		t.Errorf("BLAKE2s selftest grand hash %x, want %x", got, wantS)
	}
}

// Writing in pieces, and summing midway, gives what one write gives.
func TestPiecewise(t *testing.T) {
	in := selftestSeq(1000, 7)
	for _, newH := range []func(int, []byte) (hash.Hash, error){NewB, NewS} {
		whole, _ := newH(32, []byte("k"))
		whole.Write(in)
		want := whole.Sum(nil)
		for _, step := range []int{1, 63, 64, 65, 127, 128, 129, 999} {
			h, _ := newH(32, []byte("k"))
			for i := 0; i < len(in); i += step {
				h.Write(in[i:min(i+step, len(in))])
				h.Sum(nil)
			}
			if got := h.Sum(nil); !bytes.Equal(got, want) {
				t.Errorf("step %d: %x, want %x", step, got, want)
			}
			h.Reset()
			h.Write(in)
			if got := h.Sum(nil); !bytes.Equal(got, want) {
				t.Errorf("after Reset: %x, want %x", got, want)
			}
		}
	}
}

func TestSizeBounds(t *testing.T) {
	for _, tc := range []struct {
		new       func(int, []byte) (hash.Hash, error)
		size, key int
		ok        bool
	}{
		{NewB, 0, 0, false}, {NewB, 65, 0, false}, {NewB, 64, 65, false}, {NewB, 1, 64, true},
		{NewS, 0, 0, false}, {NewS, 33, 0, false}, {NewS, 32, 33, false}, {NewS, 1, 32, true},
	} {
		_, err := tc.new(tc.size, make([]byte, tc.key))
		if (err == nil) != tc.ok {
			t.Errorf("size %d key %d: err %v, want ok=%v", tc.size, tc.key, err, tc.ok)
		}
	}
}
