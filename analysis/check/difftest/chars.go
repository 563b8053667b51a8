package difftest

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"path/filepath"
	"strings"

	"heat-ls/analysis/hot"
)

// opChar inserts or deletes one character below the version line. Most
// such variants are YAML that one reader takes and another refuses (a
// question mark inside a flow list, a colon closing a flow mapping, a
// tag on a value it cannot build), so they measure heat-ls's YAML reader
// against the one Heat loads templates with (libyaml), which the seeded
// mutations, made on the tree, never change.
const opChar = "char"

// charEdits are the texts inserted: YAML indicators, spaces and breaks,
// tags, anchors and characters some readers treat specially.
var charEdits = []string{
	":", "{", "}", "[", "]", ",", "-", "#", "&", "*", "!", "|", ">", `"`, "'", "%", "@", "`", "?", "~", "=", "<", ".",
	"\n", "\r", "\t", " ", ": ", "- ", "? ", "*a", "&a ", "!!str ", "!!int ", "<<: ", "0x", "--- ", "...", "\u00e9", "\ufeff", "\u2028", "\\",
}

// CharVariants makes, for every source template, the source itself and
// perSource-1 variants with one character inserted (three in four) or
// deleted below the version line, chosen with a generator seeded by seed
// and the source's path.
func CharVariants(sources []Source, seed uint64, perSource int) []Variant {
	var out []Variant
	for _, s := range sources {
		doc := hot.Parse(s.Text)
		if doc.Template == nil || doc.Syntax.Broken || doc.Template.Version.Key == nil {
			continue
		}
		from := doc.Template.Version.Value.Span().End
		if nl := bytes.IndexByte(s.Text[from:], '\n'); nl >= 0 {
			from += nl + 1
		} else {
			continue
		}
		if from >= len(s.Text) {
			continue
		}
		h := fnv.New64a()
		h.Write([]byte(s.Rel))
		rng := rand.New(rand.NewPCG(seed, h.Sum64()))
		stem := strings.TrimSuffix(s.Rel, filepath.Ext(s.Rel))
		first := len(out)
		name := func() string { return fmt.Sprintf("%s.ch%03d.yaml", stem, len(out)-first) }
		out = append(out, Variant{File: name(), Source: s.Rel, Op: opOriginal, Text: s.Text})
		seen := map[string]bool{string(s.Text): true}
		for tries := 0; len(out)-first < perSource && tries < 4*perSource; tries++ {
			at := from + rng.IntN(len(s.Text)-from)
			var e edit
			var detail string
			if rng.IntN(4) == 0 {
				e, detail = edit{at, at + 1, ""}, fmt.Sprintf("delete %q at %d", s.Text[at], at)
			} else {
				c := charEdits[rng.IntN(len(charEdits))]
				e, detail = edit{at, at, c}, fmt.Sprintf("insert %q at %d", c, at)
			}
			text := apply(s.Text, []edit{e})
			if text == nil || seen[string(text)] || !batchCanLoad(text) {
				continue
			}
			seen[string(text)] = true
			out = append(out, Variant{File: name(), Source: s.Rel, Op: opChar, Detail: detail, Text: text})
		}
	}
	return out
}
