package check

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// followReplaced gives the findings inside a mapping entry that a later
// entry with the same key replaces Heat's verdict on them: the loader
// keeps only the last entry, so Heat never reads the earlier one and
// accepts whatever it holds (the oracle accepts an unknown type, a bad
// property, broken function arguments or a self-dependency there). Such
// an error becomes a warning (rules.ReplacedEntry) that says why. The
// YAML reader's own problems are not in found and stand: Heat's loader
// still reads the text. An entry holding an anchor is left alone, as an
// alias elsewhere may hand its value to an entry Heat reads.
func followReplaced(doc *hot.Document, found []source.Diagnostic) []source.Diagnostic {
	f := doc.Syntax
	if f == nil || !hasDuplicateKey(f.Problems) {
		return found
	}
	var replaced []source.Span
	for _, root := range f.Docs {
		replaced = appendReplaced(replaced, root, 0)
	}
	if len(replaced) == 0 {
		return found
	}
	return quietWithin(found, replaced, rules.ReplacedEntry, replacedNote)
}

// quietWithin gives each error inside one of spans the severity its rule
// has in the context where (a warning for every rule Heat refuses but the
// YAML reader's) and adds note, which says why Heat never reads it. The
// rules' own slice is left as it was.
func quietWithin(found []source.Diagnostic, spans []source.Span, where, note string) []source.Diagnostic {
	out := found
	for i, d := range found {
		if !withinAny(d.Span, spans) || !pass.Quiet(&d, where, note+" and accepts the template.") {
			continue
		}
		if &out[0] == &found[0] {
			out = append([]source.Diagnostic(nil), found...)
		}
		out[i] = d
	}
	return out
}

// replacedNote says why a finding inside a replaced entry is no reason for
// Heat to refuse the template.
const replacedNote = "a later entry of the same name replaces this one, so Heat never reads it"

func hasDuplicateKey(problems []source.Diagnostic) bool {
	for _, d := range problems {
		if d.Code == rules.DuplicateKey {
			return true
		}
	}
	return false
}

// appendReplaced adds the spans of the entries of n and below that a later
// entry of the same mapping replaces (same scalar key, as the duplicate-key
// warning judges), skipping entries that hold an anchor.
func appendReplaced(out []source.Span, n *syntax.Node, depth int) []source.Span {
	if n == nil || depth > pass.MaxReplacedDepth {
		return out
	}
	switch n.Kind {
	case syntax.MappingNode:
		last := lastOfKey(n)
		for i, p := range n.Pairs() {
			k := p.Key
			if k.Kind == syntax.ScalarNode && last[keyIdentity{k.Tag(), k.Value}] > i && !pass.HoldsAnchor(p.Value, 0) {
				out = append(out, p.Span())
				continue
			}
			out = appendReplaced(out, p.Value, depth+1)
		}
	case syntax.SequenceNode:
		for _, it := range n.Items() {
			out = appendReplaced(out, it, depth+1)
		}
	}
	return out
}

// keyIdentity is what makes two scalar keys the same key for the loader:
// the resolved tag and the text ("1" and 1 are different keys).
type keyIdentity struct{ tag, value string }

// lastOfKey maps each scalar key of a mapping to the index of its last
// entry (nil for a mapping of fewer than two entries).
func lastOfKey(m *syntax.Node) map[keyIdentity]int {
	if m.NumPairs() < 2 {
		return nil
	}
	last := make(map[keyIdentity]int, m.NumPairs())
	for i, p := range m.Pairs() {
		if k := p.Key; k.Kind == syntax.ScalarNode {
			last[keyIdentity{k.Tag(), k.Value}] = i
		}
	}
	return last
}

func withinAny(sp source.Span, spans []source.Span) bool {
	for _, s := range spans {
		if sp.Start >= s.Start && sp.End <= s.End {
			return true
		}
	}
	return false
}
