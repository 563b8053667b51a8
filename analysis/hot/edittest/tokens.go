package edittest

import (
	"math/rand"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax/synthtest"
)

// TokenTexts are the texts the token edits start from (Texts with
// smaller generated templates), and two whose bulk is one deep value,
// where most edits splice a member deep below its entry.
func TokenTexts(tb testing.TB) [][]byte {
	return append(TextsOfSizes(tb, 150, 500), synthtest.GenerateDeepOutput(300), synthtest.GenerateDeepDefault(300))
}

// tokenEditPieces are what the random edits type besides single letters:
// YAML punctuation and line breaks (which break or reshape an entry) and
// the names and calls that semantic tokens classify.
var tokenEditPieces = []string{"x", " ", "\n", "\n    ", "\n      ", ": ", "- ", "#", "'", "\"", "{", "}", "[", "]", ", ",
	"|", "|\n      a\n      b", "&a ", "*a", "é", "😀", "\n  new_entry:\n    type: T\n",
	"{get_param: %s}", "{get_resource: %s}", "{get_attr: [%s, out]}", "{Ref: %s}", "depends_on: %s",
	"{if: [%s, a, b]}", "{not: %s}", "{and: [%s, %s]}", "condition: %s", "{get_param: OS::stack_name}",
	"{list_join: [',', [{get_param: %s}]]}", "\n      k: {get_resource: %s}", "type: OS::Heat::None", "type: OS::Nova::Server"}

// TokenEdit replaces a few bytes at a random place of doc's text with a
// letter or a piece, the names in it taken from the template: the edits
// that the answers kept across a splice (semantic tokens, folding
// ranges) are compared on.
func TokenEdit(rnd *rand.Rand, doc *hot.Document) []byte {
	src := doc.Src
	at := rnd.Intn(len(src) + 1)
	del := 0
	switch rnd.Intn(3) {
	case 1:
		del = 1 + rnd.Intn(3)
	case 2:
		del = rnd.Intn(12)
	}
	var ins string
	switch rnd.Intn(3) {
	case 0:
		ins = string(rune('a' + rnd.Intn(26)))
		del = 0
	case 1: // a deletion
	default:
		ins = tokenEditPieces[rnd.Intn(len(tokenEditPieces))]
		for strings.Contains(ins, "%s") {
			ins = strings.Replace(ins, "%s", randomName(rnd, doc), 1)
		}
	}
	end := min(len(src), at+del)
	out := make([]byte, 0, len(src)+len(ins))
	return append(append(append(out, src[:at]...), ins...), src[end:]...)
}

// randomName is a name the template declares (or one it does not).
func randomName(rnd *rand.Rand, doc *hot.Document) string {
	t := doc.Template
	if t == nil {
		return "nothing"
	}
	var names []string
	for _, p := range t.Parameters {
		names = append(names, p.Name)
	}
	for _, r := range t.Resources {
		names = append(names, r.Name)
	}
	for _, c := range t.Conditions {
		names = append(names, c.Name)
	}
	if len(names) == 0 || rnd.Intn(8) == 0 {
		return "undeclared"
	}
	return names[rnd.Intn(len(names))]
}
