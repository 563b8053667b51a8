package pass

import (
	"slices"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// Call-local findings across versions. EachCallAlone judges each call by
// the call alone: its own text and place, the declared version, the
// schema, and what it may read of the declarations — the parameters and
// conditions sections, the resources' names, types and bodies, and the
// workspace's answers. callInputSections names those sections once: no
// judge of EachCallAlone reads the outputs section beyond its own call.
// So after an edit inside one output (the bulk of a large real template is
// often one output's value), a call outside the lines parsed again
// (hot.Splice's Reparsed: the edited member, for a splice below the entry)
// has the same text, the same place and the same inputs, and its findings
// are taken over; only the calls in or around those lines are judged.
// Resource calls are left to EachResourceAlone (entries_reuse.go).

// callInputSections are the top-level sections a call's judge may read
// besides its own call; a splice of an entry in any of them judges every
// call again.
var callInputSections = [...]string{"heat_template_version", "description", "parameter_groups", "parameters", "resources", "conditions"}

// callKey identifies a call across versions: its node's place (moved by
// the change in length when after the edit), name and context.
type callKey struct {
	start, end   int
	name, parent string
	context      hot.Context
}

func callKeyOf(c *hot.Call) callKey {
	sp := c.Map.Span()
	k := callKey{start: sp.Start, end: sp.End, name: c.Name, context: c.Context}
	if c.Parent != nil {
		k.parent = c.Parent.Name
	}
	return k
}

// callLoop is what one EachCallAlone walk found for the calls outside the
// resources: each judged call's key and findings, in order.
type callLoop struct {
	rule, ordinal int
	keys          []callKey
	found         [][]source.Diagnostic
	// workspace is the view to restore when the walk ends.
	workspace WorkspaceView
}

// movedCalls is the previous version's call walks, by rule and ordinal,
// with where the lines parsed again lie: each walk is read in order while
// this version's walk runs (callCursor), its findings moved as taken.
type movedCalls struct {
	walks              map[[2]int]*callLoop
	from, oldTo, newTo int
}

// reusableCalls finds the previous version's call walks when doc is a
// splice of an entry of the only outputs section, made under the same
// declarations and workspace answers (the previous results, old); ok is
// false otherwise.
func reusableCalls(doc *hot.Document, opts Options, next *EntryResults) (moved movedCalls, old *EntryResults, ok bool) {
	if !splicedOutputs(doc, opts.Splice) {
		return movedCalls{}, nil, false
	}
	old, ok = sameInputs(doc, opts, next)
	if !ok || len(old.Calls) == 0 {
		return movedCalls{}, nil, false
	}
	moved.from, moved.oldTo, moved.newTo = opts.Splice.Reparsed()
	moved.walks = make(map[[2]int]*callLoop, len(old.Calls))
	for i := range old.Calls {
		l := &old.Calls[i]
		moved.walks[[2]int{l.rule, l.ordinal}] = l
	}
	return moved, old, true
}

// callCursor reads one previous walk in order beside this version's:
// the calls outside the lines parsed again come in the same order in
// both (the tree outside them is the previous one, moved).
type callCursor struct {
	old                *callLoop
	from, oldTo, delta int
	newTo              int
	next               int
	// lost is set at the first call that does not match: every call
	// after it is judged.
	lost bool
}

// take returns the previous findings of the call with key k of this
// version, moved to this text; ok is false when the call must be judged
// (in or around the lines parsed again, or not matched).
func (c *callCursor) take(k callKey) ([]source.Diagnostic, bool) {
	if c == nil || c.lost || !(k.end <= c.from || k.start >= c.newTo) {
		return nil, false
	}
	for c.next < len(c.old.keys) {
		o := c.old.keys[c.next]
		sp := source.Span{Start: o.start, End: o.end}
		found := c.old.found[c.next]
		c.next++
		if !moveSpan(&sp, c.from, c.oldTo, c.delta) {
			continue // the previous call was in or around those lines
		}
		o.start, o.end = sp.Start, sp.End
		if o != k {
			c.lost = true
			return nil, false
		}
		return moveFindings(found, c.from, c.oldTo, c.delta)
	}
	c.lost = true
	return nil, false
}

// moveFindings moves diagnostics of the previous text to the new one;
// false when one points into the lines parsed again.
func moveFindings(ds []source.Diagnostic, from, oldTo, delta int) ([]source.Diagnostic, bool) {
	if len(ds) == 0 {
		return nil, true
	}
	out := make([]source.Diagnostic, len(ds))
	for j, d := range ds {
		d = cloneDiagnostic(d)
		if !moveSpan(&d.Span, from, oldTo, delta) {
			return nil, false
		}
		for k := range d.Related {
			if d.Related[k].Path == "" && !moveSpan(&d.Related[k].Span, from, oldTo, delta) {
				return nil, false
			}
		}
		out[j] = d
	}
	return out, true
}

// splicedOutputs reports whether sp parsed again (part of) an entry of a
// section no call's judge reads beyond its call (not one of
// callInputSections: the outputs), written once in the template.
func splicedOutputs(doc *hot.Document, sp *hot.Splice) bool {
	if sp == nil || doc.Syntax == nil {
		return false
	}
	root := doc.Syntax.Root().Resolve()
	if !root.IsMapping() || sp.Section < 0 || sp.Section >= root.NumPairs() {
		return false
	}
	name := root.Pair(sp.Section).Key.Value
	if slices.Contains(callInputSections[:], name) {
		return false
	}
	sections := 0
	for _, pr := range root.Pairs() {
		if pr.Key.Value == name {
			sections++
		}
	}
	return sections == 1
}

// judgeOutsideResources judges call i (not a resource's) in the walk l,
// or takes its findings over from the previous version (cur).
func (p *Pass) judgeOutsideResources(l *callLoop, cur *callCursor, i int, c *hot.Call, judge func(int, *hot.Call)) {
	if l == nil {
		judge(i, c)
		return
	}
	k := callKeyOf(c)
	if ds, ok := cur.take(k); ok {
		for _, d := range ds {
			p.Diags = append(p.Diags, cloneDiagnostic(d))
		}
		l.keys, l.found = append(l.keys, k), append(l.found, ds)
		p.entries.next.CallsTakenOver++
		return
	}
	before := len(p.Diags)
	judge(i, c)
	var found []source.Diagnostic
	for _, d := range p.Diags[before:] {
		found = append(found, cloneDiagnostic(d))
	}
	l.keys, l.found = append(l.keys, k), append(l.found, found)
}

// startCallLoop begins the bookkeeping of an EachCallAlone walk: the walk
// to fill (nil without bookkeeping) and the previous version's findings
// of the same walk, moved to this text (nil: judge every call). While the
// walk runs the workspace view records what it is asked.
func (p *Pass) startCallLoop() (*callLoop, *callCursor) {
	e := p.entries
	if e == nil {
		return nil, nil
	}
	l := &callLoop{rule: e.rule, ordinal: e.callOrdinal, workspace: p.Workspace}
	e.callOrdinal++
	if rv := e.next.workspace; rv != nil {
		p.Workspace = rv
	}
	old := e.prevCalls.walks[[2]int{l.rule, l.ordinal}]
	if old == nil {
		return l, nil
	}
	m := e.prevCalls
	return l, &callCursor{old: old, from: m.from, oldTo: m.oldTo, newTo: m.newTo, delta: m.newTo - m.oldTo}
}

// endCallLoop restores the workspace view and keeps the walk's findings
// with this run's results.
func (p *Pass) endCallLoop(l *callLoop) {
	if l == nil {
		return
	}
	p.Workspace, l.workspace = l.workspace, nil
	if !p.Stopped() {
		p.entries.next.Calls = append(p.entries.next.Calls, *l)
	}
}
