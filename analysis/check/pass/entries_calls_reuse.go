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

// add records the findings of call at.
func (l *callLoop) add(at int, diags []source.Diagnostic) {
	if len(diags) > 0 {
		l.found = append(l.found, callFindings{at: at, diags: diags})
	}
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

// callCursor reads one previous walk beside this version's. The calls
// are in text order in both (Template.Calls), and the text is the same
// outside the lines parsed again: the calls starting before them (before,
// the same in both) are the same calls at the same indexes, and so are
// the calls starting after them (from after on here, from oldAfter on in
// the previous walk). Of the calls before, those that reach into the
// lines (the calls enclosing the edit: around) are judged, as are the
// calls starting in the lines.
type callCursor struct {
	old                *callLoop
	from, oldTo, delta int
	before, after      int
	oldAfter           int
	around             []*hot.Call
	// nextFound indexes old.found at the first findings not passed yet.
	nextFound int
}

// newCallCursor places this version's calls against the previous walk;
// nil when they do not line up (every call is then judged).
func newCallCursor(old *callLoop, m movedCalls, calls []*hot.Call) *callCursor {
	c := &callCursor{old: old, from: m.from, oldTo: m.oldTo, delta: m.newTo - m.oldTo}
	c.before = firstStartingAt(calls, m.from)
	c.after = firstStartingAt(calls, m.newTo)
	c.oldAfter = old.calls - (len(calls) - c.after)
	if c.oldAfter < c.before {
		return nil
	}
	// The calls before that reach into the lines enclose the edit: the
	// last one before, when it does, and its enclosing calls.
	if c.before > 0 {
		for e := calls[c.before-1]; e != nil; e = e.Parent {
			if e.Map.Span().End > m.from {
				c.around = append(c.around, e)
			}
		}
	}
	return c
}

// firstStartingAt is the index of the first call starting at off or after.
func firstStartingAt(calls []*hot.Call, off int) int {
	i, _ := slices.BinarySearchFunc(calls, off, func(c *hot.Call, off int) int { return c.Map.Span().Start - off })
	for i > 0 && calls[i-1].Map.Span().Start >= off {
		i--
	}
	return i
}

// take returns the previous findings of call i of this version, moved to
// this text; ok is false when the call must be judged (in or around the
// lines parsed again, or a finding points into them).
func (c *callCursor) take(i int, call *hot.Call) ([]source.Diagnostic, bool) {
	if c == nil || i >= c.before && i < c.after || slices.Contains(c.around, call) {
		return nil, false
	}
	at := i
	if i >= c.after {
		at = i - c.after + c.oldAfter
	}
	var found []source.Diagnostic
	for c.nextFound < len(c.old.found) && c.old.found[c.nextFound].at <= at {
		if f := c.old.found[c.nextFound]; f.at == at {
			found = f.diags
		}
		c.nextFound++
	}
	return moveFindings(found, c.from, c.oldTo, c.delta)
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
	if ds, ok := cur.take(i, c); ok {
		for _, d := range ds {
			p.Diags = append(p.Diags, cloneDiagnostic(d))
		}
		l.add(i, ds)
		p.entries.next.CallsTakenOver++
		return
	}
	before := len(p.Diags)
	judge(i, c)
	var found []source.Diagnostic
	for _, d := range p.Diags[before:] {
		found = append(found, cloneDiagnostic(d))
	}
	l.add(i, found)
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
	l := &callLoop{rule: e.rule, ordinal: e.callOrdinal, workspace: p.Workspace, calls: len(p.T.Calls)}
	e.callOrdinal++
	if rv := e.next.workspace; rv != nil {
		p.Workspace = rv
	}
	old := e.prevCalls.walks[[2]int{l.rule, l.ordinal}]
	if old == nil {
		return l, nil
	}
	return l, newCallCursor(old, e.prevCalls, p.T.Calls)
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
