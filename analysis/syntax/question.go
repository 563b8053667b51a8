package syntax

import (
	"bytes"
	"strings"
)

// yaml.v3 refuses a question mark inside a plain scalar in a flow
// collection ([m1.medium?], {url: http://h/p?x=1}), which YAML allows and
// Heat's reader (libyaml) takes as text. Before reporting such a text as
// broken, it is parsed once more with each question mark that cannot be
// YAML's explicit-key indicator (it follows a character of a word) read
// as a byte the text does not hold, and the values are given their
// question marks back. Every offset is kept, as the stand-in is one byte
// too.

// questionStandIns are the bytes tried in place of the question marks:
// each is plain text inside a scalar, and the first one the text does not
// hold is used.
const questionStandIns = "^`|~"

// parseWithQuestionMarks parses src with its in-word question marks
// stood in for; nil when src has none, holds every stand-in, or still
// does not parse.
func parseWithQuestionMarks(src []byte) *File {
	marks := inWordQuestionMarks(src)
	if len(marks) == 0 {
		return nil
	}
	var stand byte
	for i := 0; i < len(questionStandIns); i++ {
		if bytes.IndexByte(src, questionStandIns[i]) < 0 {
			stand = questionStandIns[i]
			break
		}
	}
	if stand == 0 {
		return nil
	}
	buf := append([]byte(nil), src...)
	for _, at := range marks {
		buf[at] = stand
	}
	f, _ := parseReading(buf, nil)
	if f.Broken {
		return nil
	}
	f.Src = src
	from, to := string(stand), "?"
	for _, root := range f.Docs {
		root.Walk(func(n *Node, _ int) bool {
			if n.Kind == ScalarNode && strings.Contains(n.Value, from) {
				n.Value = strings.ReplaceAll(n.Value, from, to)
			}
			return true
		})
	}
	for i := range f.Problems {
		f.Problems[i].Message = strings.ReplaceAll(f.Problems[i].Message, from, to)
	}
	return f
}

// inWordQuestionMarks lists the offsets of the question marks that follow
// a character other than a space, a line break, a flow indicator or a
// colon: they can only be text (or part of a comment), never an explicit
// key.
func inWordQuestionMarks(src []byte) []int {
	var out []int
	for i := 1; i < len(src); i++ {
		if src[i] != '?' {
			continue
		}
		switch src[i-1] {
		case ' ', '\t', '\n', '\r', '[', '{', ',', ':':
			// after a colon: libyaml refuses ":?" in a flow collection
			// too, so the text is left as broken as Heat finds it
			continue
		}
		out = append(out, i)
	}
	return out
}
