package functions

import (
	"slices"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
	"heat-ls/schema/spell"
)

// CheckNearMisses finds mappings that look like function calls but are not
// calls to Heat, which then keeps them as plain data without a word: a
// one-key mapping whose key is a near miss of a function name (get_parm,
// Get_Param, getparam), and a mapping that holds a function name beside
// other keys. It walks resources, outputs and conditions once.
func CheckNearMisses(p *pass.Pass) {
	v := pass.DeclaredVersion(p)
	if v == nil {
		v = p.Schema.Latest()
	}
	w := nearMissWalker{p: p, v: v, names: nearMissCandidates(p.Schema), seen: map[string][]string{}}
	key := nearMissAnswersKey{p.Schema}
	if old, ok := p.CarriedAnswers(key); ok {
		w.before = old.(map[string][]string)
	}
	p.EachResourceAlone(func(r *hot.Resource) { w.walk(r.Value, 0) })
	for _, o := range p.T.Outputs {
		w.walk(o.Value, 0)
	}
	for _, c := range p.T.Conditions {
		w.walk(c.Value, 0)
	}
	// Only the keys this version asked about are kept, so what is carried
	// stays the size of one document's keys however long the editing.
	p.KeepAnswers(key, w.seen)
}

// nearMissAnswersKey keeps the near misses found for each key text with a
// document, for its next version: matching a key against every function
// name is most of this rule's time, and an edit changes few keys. The
// candidates are the schema's (nearMissCandidates), hence the key.
type nearMissAnswersKey struct{ schema *schema.Schema }

// CarriedToNextVersion marks the key (hot.Carried).
func (nearMissAnswersKey) CarriedToNextVersion() {}

// nearMissCandidates are the function names worth matching misspellings
// against: the long ones. Short names (if, or, and, not, Ref) are near
// too many ordinary words.
func nearMissCandidates(s *schema.Schema) []string {
	var out []string
	for name := range s.FunctionNames() {
		if len(name) >= 6 && !strings.HasPrefix(name, "Fn::") {
			out = append(out, name)
		}
	}
	return out
}

type nearMissWalker struct {
	p     *pass.Pass
	v     *schema.Version
	names []string
	// norms holds names normalised (normalizeFunctionName), made when the
	// first key needs them.
	norms []string
	// seen remembers the candidates found for each key text (nil: none).
	// Templates repeat the same keys thousands of times, and matching one
	// against every function name is the costly part of this rule.
	seen map[string][]string
	// before is seen as the previous version of the document left it
	// (pass.CarriedAnswers), read only; nil when there is none.
	before map[string][]string
}

const maxNearMissDepth = 256

func (w *nearMissWalker) walk(n *syntax.Node, depth int) {
	if n == nil || depth > maxNearMissDepth {
		return
	}
	switch n.Kind {
	case syntax.MappingNode:
		if n.NumPairs() == 1 {
			w.oneKey(n.Pair(0).Key)
		} else {
			w.manyKeys(n)
		}
		for _, pr := range n.Pairs() {
			w.walk(pr.Value, depth+1)
		}
	case syntax.SequenceNode:
		for _, it := range n.Items() {
			w.walk(it, depth+1)
		}
	}
}

// oneKey reports a lone key that is almost a function name.
func (w *nearMissWalker) oneKey(k *syntax.Node) {
	if k.Kind != syntax.ScalarNode || k.Style != syntax.Plain || len(k.Value) < 4 || len(k.Value) > 40 || hot.IsFunctionName(k.Value) {
		return
	}
	best, known := w.seen[k.Value]
	if !known {
		if best, known = w.before[k.Value]; !known {
			best = w.nearestFunctions(k.Value)
		}
		w.seen[k.Value] = best
	}
	if len(best) == 0 {
		return
	}
	d := w.p.Reportf(k.Span(), rules.FunctionNearMiss,
		"`%s` is not a function name, so Heat keeps this mapping as plain data.%s", k.Value, pass.DidYouMean(best))
	d.Suggestions = slices.Clone(best)
}

// nearestFunctions returns the function names key is a near miss of, best
// first, or nil.
func (w *nearMissWalker) nearestFunctions(key string) []string {
	norm := normalizeFunctionName(key)
	if w.norms == nil {
		w.norms = make([]string, len(w.names))
		for i, name := range w.names {
			w.norms[i] = normalizeFunctionName(name)
		}
	}
	for i, name := range w.names {
		if w.norms[i] == norm {
			return []string{name}
		}
	}
	best := pass.ClosestNames(key, w.names, 3, 2)
	// Names without an underscore are ordinary words (filter, repeat):
	// only one edit away counts, so "files" is not taken for "filter".
	best = slices.DeleteFunc(best, func(name string) bool {
		return !strings.Contains(name, "_") && spell.Distance(key, name) > 1
	})
	if len(best) == 0 {
		return nil
	}
	return best
}

// manyKeys reports a function name sitting beside other keys: a call must
// be the only key of its mapping.
func (w *nearMissWalker) manyKeys(n *syntax.Node) {
	for _, pr := range n.Pairs() {
		k := pr.Key
		if k.Kind != syntax.ScalarNode || !looksLikeCallKey(k.Value) {
			continue
		}
		w.p.Reportf(k.Span(), rules.FunctionExtraKeys,
			"`%s` is a function only when it is the single key of its mapping; with %d other keys here Heat keeps the whole mapping as plain data. Move the call into its own mapping.",
			k.Value, n.NumPairs()-1)
		return
	}
}

// looksLikeCallKey: function names unlikely to be ordinary data keys
// (those with an underscore or the Fn:: prefix). Words such as filter,
// repeat or contains are common property names and are left alone.
func looksLikeCallKey(name string) bool {
	return hot.IsFunctionName(name) && (strings.Contains(name, "_") || strings.HasPrefix(name, "Fn::"))
}

// normalizeFunctionName folds case and drops separators, so Get_Param,
// getparam and get-param all meet get_param.
func normalizeFunctionName(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_' || c == '-' || c == ' ':
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}
