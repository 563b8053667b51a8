package store

import (
	"bytes"
	"errors"
	"math/rand"
	"runtime"
	"strings"
	"testing"

	"heat-ls/analysis/source"
)

// applyOneByOne is the plain definition of a batch: each change located
// against the text the previous ones left.
func applyOneByOne(text []byte, enc source.Encoding, changes []Change) ([]byte, error) {
	for _, ch := range changes {
		if ch.Range == nil {
			text = []byte(ch.Text)
			continue
		}
		m := source.NewMapper(text)
		s, ok1 := offsetOf(m, ch.Range.Start, enc)
		e, ok2 := offsetOf(m, ch.Range.End, enc)
		if !ok1 || !ok2 || s > e {
			return nil, ErrBadRange
		}
		text = append(append(append([]byte{}, text[:s]...), ch.Text...), text[e:]...)
	}
	return text, nil
}

// TestBatchMatchesOneByOne compares the one-pass batch with the plain
// definition on seeded random batches: ascending, descending and mixed
// edits over texts with multi-byte characters and CRLF/CR line breaks.
func TestBatchMatchesOneByOne(t *testing.T) {
	pieces := []string{"a", "bc", "😀", "中", "\n", "\r\n", "\r", "x\ny", "", "é"}
	rnd := rand.New(rand.NewSource(18))
	randText := func(n int) string {
		var sb strings.Builder
		for range n {
			sb.WriteString(pieces[rnd.Intn(len(pieces))])
		}
		return sb.String()
	}
	for iter := range 3000 {
		enc := source.Encoding(rnd.Intn(3))
		text := []byte(randText(rnd.Intn(30)))
		cur := text
		var changes []Change
		for range 1 + rnd.Intn(8) {
			m := source.NewMapper(cur)
			var r *Range
			if rnd.Intn(12) > 0 {
				a, b := rnd.Intn(len(cur)+1), rnd.Intn(len(cur)+1)
				if a > b && rnd.Intn(8) > 0 {
					a, b = b, a
				}
				r = &Range{Start: m.Position(a, enc), End: m.Position(b, enc)}
				if rnd.Intn(40) == 0 {
					r.End.Character += 50 // invalid now and then
				}
			}
			ch := Change{Range: r, Text: randText(rnd.Intn(4))}
			changes = append(changes, ch)
			next, err := applyOneByOne(cur, enc, []Change{ch})
			if err != nil {
				break
			}
			cur = next
		}
		want, wantErr := applyOneByOne(text, enc, changes)
		got, err := ApplyChanges(text, enc, changes)
		if (err != nil) != (wantErr != nil) || err == nil && !bytes.Equal(got, want) {
			for _, c := range changes {
				if c.Range != nil {
					t.Logf("%+v %q", *c.Range, c.Text)
				} else {
					t.Logf("full %q", c.Text)
				}
			}
			t.Fatalf("case %d (enc %d) on %q with %+v:\n got %q, %v\nwant %q, %v", iter, enc, text, changes, got, err, want, wantErr)
		}
		if err != nil && !errors.Is(err, ErrBadRange) {
			t.Fatalf("case %d: error %v, want ErrBadRange", iter, err)
		}
	}
}

// allocated runs fn and returns the bytes it allocated.
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestLargeBatchCostsItsSize applies 20,000 one-character edits to a
// 0.6 MB text in the orders editors use (typing forwards, several cursors
// from the end) and in a hostile alternating order: the bytes allocated
// stay within a fixed multiple of the input, and the hostile order is
// refused rather than paid for.
func TestLargeBatchCostsItsSize(t *testing.T) {
	line := "      properties: {value: abcdefghijklmnopqrstuvwxyz0123456789}\n"
	text := []byte(strings.Repeat(line, 600_000/len(line)))
	lines := len(text) / len(line)
	const n = 20_000
	at := func(l, c int) *Range { return rng(l, c, l, c) }
	forward, backward, alternating := make([]Change, n), make([]Change, n), make([]Change, n)
	for i := range n {
		forward[i] = Change{at(lines/2, 6+i), "x"}
		backward[i] = Change{at(lines-1-i%lines, 6), "y"}
		l := i % 2 * (lines - 1)
		alternating[i] = Change{at(l, 6), "z"}
	}
	input := uint64(len(text) + n)
	for _, tc := range []struct {
		name    string
		changes []Change
		wantErr error
	}{
		{"typing forwards", forward, nil},
		{"cursors from the end", backward, nil},
		{"alternating ends", alternating, ErrBatchTooCostly},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			var got []byte
			bytes := allocated(func() { got, err = ApplyChanges(text, source.UTF16, tc.changes) })
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("err = %v, want %v", err, tc.wantErr)
			}
			if limit := 2 * batchWorkFactor * input; bytes > limit {
				t.Fatalf("allocated %d bytes for a %d-byte input (limit %d)", bytes, input, limit)
			}
			if err == nil && len(got) != len(text)+n {
				t.Fatalf("result has %d bytes, want %d", len(got), len(text)+n)
			}
		})
	}
}

// BenchmarkApplyBatch applies one didChange of 20,000 single-character
// insertions typed forwards in a 0.6 MB text: one pass, not 20,000 copies
// of the text.
func BenchmarkApplyBatch(b *testing.B) {
	line := "      properties: {value: abcdefghijklmnopqrstuvwxyz0123456789}\n"
	text := []byte(strings.Repeat(line, 600_000/len(line)))
	changes := make([]Change, 20_000)
	for i := range changes {
		changes[i] = Change{rng(100, 6+i, 100, 6+i), "x"}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ApplyChanges(text, source.UTF16, changes); err != nil {
			b.Fatal(err)
		}
	}
}
