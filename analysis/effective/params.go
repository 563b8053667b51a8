package effective

import (
	"bytes"
	"sync"

	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
)

// A parameter's effective value is worked out when first asked, not with
// the Values: a keystroke needs only the truth of the conditions (the
// parameters they read), and a hover or a hint only the parameters it
// shows. One json default of thousands of lines would otherwise be read
// again on every keystroke anywhere in the template.

// lazyParam is one declared parameter's value, worked out once.
type lazyParam struct {
	decl *hot.Parameter
	in   *eval.Inputs
	path string
	// entry and col are the parameter's entry as written (from its name
	// to the end of its value) and its name's column: two versions that
	// agree on both, with no alias in the entry, give it the same value
	// under the same inputs. entry is nil when the entry cannot be told
	// apart that way.
	entry []byte
	col   int

	mu    sync.Mutex
	ready bool
	p     eval.Param
	// shown is Display(p.Value) once asked (has says so).
	shown string
	has   bool
}

// get is the parameter's value, worked out on the first call.
func (l *lazyParam) get() eval.Param {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.ready {
		l.p, _ = eval.Parameter(l.decl, *l.in, l.path)
		l.ready = true
	}
	return l.p
}

// done is the value when it was worked out already (ok false if not).
func (l *lazyParam) done() (p eval.Param, ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.p, l.ready
}

// text is Display of p, the parameter's value, written out once.
func (l *lazyParam) text(p eval.Param) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.has {
		l.shown, l.has = Display(p.Value), true
	}
	return l.shown
}

// newParams makes the lazy parameters of doc's template under in,
// carrying the values prev worked out for entries written the same way.
// prev must have been made under the same inputs (the same environment
// files) for the same path, or be nil.
func newParams(doc *hot.Document, in *eval.Inputs, path string, prev *Values) map[string]*lazyParam {
	t := doc.Template
	out := make(map[string]*lazyParam, len(t.Parameters))
	for _, p := range t.Parameters {
		if t.Parameter(p.Name) != p {
			continue
		}
		l := &lazyParam{decl: p, in: in, path: path}
		l.entry, l.col = entryText(doc, p)
		if old := prev.sameEntry(p.Name, l.entry, l.col); old != nil {
			old.mu.Lock()
			if old.ready {
				l.p, l.ready = old.p, true
				l.p.Decl = p
				l.shown, l.has = old.shown, old.has
			}
			old.mu.Unlock()
		}
		out[p.Name] = l
	}
	return out
}

// sameEntry is prev's lazy parameter name when its entry was written as
// text at column col (nil without one).
func (v *Values) sameEntry(name string, text []byte, col int) *lazyParam {
	if v == nil || text == nil {
		return nil
	}
	old := v.params[name]
	if old == nil || old.entry == nil || old.col != col || !bytes.Equal(old.entry, text) {
		return nil
	}
	return old
}

// entryText is the parameter's entry as written and its name's column;
// nil text when the entry holds an alias (its value then depends on text
// elsewhere) or its span does not fit the source.
func entryText(doc *hot.Document, p *hot.Parameter) ([]byte, int) {
	sp := entrySpan(&p.Entry)
	if sp.Start < 0 || sp.End > len(doc.Src) || sp.Start > sp.End {
		return nil, 0
	}
	text := doc.Src[sp.Start:sp.End]
	if bytes.IndexByte(text, '*') >= 0 && holdsAlias(p.Value) {
		return nil, 0
	}
	return text, sp.Start - (bytes.LastIndexByte(doc.Src[:sp.Start], '\n') + 1)
}

// holdsAlias reports whether an alias stands anywhere under n.
func holdsAlias(n *syntax.Node) bool {
	found := false
	n.Walk(func(m *syntax.Node, _ int) bool {
		if m.Kind == syntax.AliasNode {
			found = true
		}
		return !found
	})
	return found
}
