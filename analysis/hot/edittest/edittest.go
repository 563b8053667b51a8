package edittest

import (
	"math/rand"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax/synthtest"
	"heat-ls/schema/refdata"
)

// Texts are the templates the random edits start from: generated ones
// always, and the corpus's real templates and environment files when
// ../shared is there.
func Texts(tb testing.TB) [][]byte { return TextsOfSizes(tb, 200, 600) }

// TextsOfSizes is Texts with generated templates of the given numbers of
// resources.
func TextsOfSizes(tb testing.TB, sizes ...int) [][]byte {
	var texts [][]byte
	for _, n := range sizes {
		texts = append(texts, synthtest.GenerateTemplate(n))
	}
	corpus, ok := refdata.CorpusYAML()
	if !ok {
		tb.Log("../shared not found: random edits on generated templates only")
	}
	for _, src := range corpus {
		if k := hot.Parse(src).Kind; k == hot.KindTemplate || k == hot.KindEnvironment {
			texts = append(texts, src)
		}
	}
	return texts
}

// pieces are what the random edits type: text, YAML punctuation, line
// breaks and indentation, so edits both keep and break the structure.
var pieces = []string{"x", "ab", " ", "  ", "\n", "\n    ", "\n  ", ": ", ":", "- ", "-", "#", "'", "\"", "{", "}", "[", "]", ", ",
	"|", ">", "&a ", "*a", "!", "\t", "get_param: p", "é", "😀", "\r\n", "---\n", "\n  new_entry:\n    type: T\n"}

// RandomEdit replaces a few bytes at a random place with a random piece
// or types one letter.
func RandomEdit(rnd *rand.Rand, src []byte) []byte {
	return EditAt(rnd, src, rnd.Intn(len(src)+1))
}

// EditAt is RandomEdit at offset at.
func EditAt(rnd *rand.Rand, src []byte, at int) []byte {
	del := 0
	switch rnd.Intn(3) {
	case 1:
		del = 1 + rnd.Intn(3)
	case 2:
		del = rnd.Intn(12)
	}
	ins := ""
	switch rnd.Intn(4) {
	case 0: // a deletion
	case 1:
		ins = pieces[rnd.Intn(len(pieces))]
	default: // ordinary typing
		ins = string(rune('a' + rnd.Intn(26)))
		del = 0
	}
	end := min(len(src), at+del)
	out := make([]byte, 0, len(src)+len(ins))
	out = append(append(append(out, src[:at]...), ins...), src[end:]...)
	return out
}
