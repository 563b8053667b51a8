package store

import (
	"bytes"
	"errors"
	"testing"

	"heat-ls/analysis/source"
)

// FuzzApplyChanges applies a batch of changes derived from script to text
// and compares the one-pass batch with applying the changes one by one:
// same text, or the same refusal. script's bytes choose each change's
// ends (mostly real positions of the text as it is then, sometimes
// arbitrary ones) and its inserted text. Run it briefly with
//
//	go test -run '^$' -fuzz '^FuzzApplyChanges$' -fuzztime 10s ./lsp/store
func FuzzApplyChanges(f *testing.F) {
	f.Add("a: 1\nb: 2\n", uint8(0), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	f.Add("x😀\r\ny中\rz", uint8(1), []byte{200, 3, 9, 40, 1, 255, 0, 7})
	f.Add("", uint8(2), []byte{0, 0, 0, 0, 0})
	pieces := []string{"", "a", "\n", "\r\n", "😀", "中", "\r", "xy\nz"}
	f.Fuzz(func(t *testing.T, text string, enc uint8, script []byte) {
		if len(text) > 1<<12 || len(script) > 1<<10 {
			return
		}
		e := source.Encoding(enc % 3)
		cur := []byte(text)
		var changes []Change
		for len(script) >= 4 {
			op, a, b, p := script[0], int(script[1]), int(script[2]), script[3]
			script = script[4:]
			ch := Change{Text: pieces[int(p)%len(pieces)]}
			m := source.NewMapper(cur)
			switch op % 8 {
			case 0: // the whole document
			case 1: // arbitrary positions
				ch.Range = &Range{Start: source.Position{Line: a % 8, Character: b % 16}, End: source.Position{Line: b % 8, Character: a % 16}}
			default: // real positions
				s, t := a*len(cur)/256, b*len(cur)/256
				if s > t {
					s, t = t, s
				}
				ch.Range = &Range{Start: m.Position(s, e), End: m.Position(t, e)}
			}
			changes = append(changes, ch)
			if next, err := applyOneByOne(cur, e, []Change{ch}); err == nil {
				cur = next
			}
		}
		want, wantErr := applyOneByOne([]byte(text), e, changes)
		got, err := ApplyChanges([]byte(text), e, changes)
		if (err != nil) != (wantErr != nil) || err == nil && !bytes.Equal(got, want) {
			t.Fatalf("batch gave %q, %v; one by one %q, %v", got, err, want, wantErr)
		}
		if err != nil && !errors.Is(err, ErrBadRange) {
			t.Fatalf("error %v", err)
		}
	})
}
