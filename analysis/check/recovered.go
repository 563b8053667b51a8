package check

import (
	"slices"
	"strings"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// quietWhileRecovered drops what the rules found about the parts of a
// broken document that were read as blank (syntax.File.Recovered): the
// entries holding such a region are being edited, so a missing type or
// property there is not news, and a name that appears in a region may be
// defined or used there, so it is neither undefined nor unused, and a
// name that starts with a word being typed may be the name it becomes. The YAML
// error itself and everything else stand.
func quietWhileRecovered(doc *hot.Document, found []source.Diagnostic) []source.Diagnostic {
	f := doc.Syntax
	if f == nil || len(f.Recovered) == 0 {
		return found
	}
	affected := affectedEntries(f)
	var typed []string // regions whose first line is one word: keys being typed
	for _, r := range f.Recovered {
		first, _, _ := strings.Cut(string(doc.Src[r.Start:r.End]), "\n")
		if w := strings.TrimSpace(first); w != "" && !strings.ContainsAny(w, " \t\r:{}[],") {
			typed = append(typed, w)
		}
	}
	out := found[:0]
	for _, d := range found {
		word := spanWord(doc.Src, d.Span)
		if touchesAny(d.Span, affected) || f.Hidden[word] || slices.ContainsFunc(typed, func(w string) bool { return strings.HasPrefix(word, w) }) {
			continue
		}
		out = append(out, d)
	}
	return out
}

// affectedEntries widens each recovered region to the second-level entry
// (a resource, a parameter, an output) or top-level entry holding it.
func affectedEntries(f *syntax.File) []source.Span {
	out := make([]source.Span, 0, len(f.Recovered))
	root := f.Root().Resolve()
	for _, r := range f.Recovered {
		sp := r
		if root.IsMapping() {
			if top := pairAround(root, r); top.Key != nil {
				if body := top.Value.Resolve(); !body.IsMapping() {
					sp = top.Span() // a section whose value is being typed
				} else if entry := pairAround(body, r); entry.Key != nil {
					sp = entry.Span()
				}
			}
		}
		out = append(out, sp)
	}
	return out
}

// pairAround is the entry of mapping m whose extent holds region r. An
// entry reaches up to the next entry's key (the last one, to the end of
// m), because a region read as blank after "key:" (an unclosed "[" on the
// key's line, say) leaves the entry's value empty and its span short of
// the region.
func pairAround(m *syntax.Node, r source.Span) syntax.Pair {
	if !m.IsMapping() {
		return syntax.Pair{}
	}
	for i, p := range m.Pairs() {
		if r.Start < p.Key.Span().Start {
			continue
		}
		if i+1 == m.NumPairs() || r.Start < m.Pair(i+1).Key.Span().Start {
			return p
		}
	}
	return syntax.Pair{}
}

func touchesAny(sp source.Span, spans []source.Span) bool {
	for _, s := range spans {
		if sp.Start <= s.End && s.Start <= sp.End {
			return true
		}
	}
	return false
}

// spanWord is the text a diagnostic points at, without quotes.
func spanWord(src []byte, sp source.Span) string {
	if sp.Start < 0 || sp.End > len(src) || sp.End <= sp.Start {
		return ""
	}
	return strings.Trim(string(src[sp.Start:sp.End]), `"' `)
}
