package pass

import (
	"slices"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// startEntries prepares the bookkeeping of a template run: what it will
// keep, and the previous version's findings when they apply.
func startEntries(doc *hot.Document, opts Options) *entryRun {
	t := doc.Template
	next := &EntryResults{version: t.VersionText, names: make([]string, len(t.Resources)), types: make([]string, len(t.Resources)),
		recovered: doc.Syntax == nil || len(doc.Syntax.Recovered) > 0}
	for i, r := range t.Resources {
		next.names[i], next.types[i] = r.Name, r.Type
	}
	if opts.Workspace != nil {
		next.workspace = newRecordingView(opts.Workspace)
	}
	e := &entryRun{next: next, changed: -1}
	if prev, changed, ok := reusable(doc, opts, next); ok {
		e.prev, e.changed, next.TookOver = prev, changed, true
		keepAsked(next, prev.workspace)
	} else if calls, old, ok := reusableCalls(doc, opts, next); ok {
		e.prevCalls = calls
		keepAsked(next, old.workspace)
	}
	return e
}

// keepAsked carries the workspace questions the previous version's walks
// asked (still answered the same: sameInputs asked them again) to this
// run's record, for the findings taken over. They are shared, not
// copied: a keystroke in a template of a thousand resources would
// otherwise copy a thousand questions.
func keepAsked(next *EntryResults, prev *recordingView) {
	if next.workspace != nil && prev != nil {
		next.workspace.kept = prev.allAsked()
	}
}

// reusable returns the previous version's findings moved to doc's text
// and the index of the resource to judge again, when doc is a splice of
// one resource of that version (opts.Splice) made under the same
// declarations and workspace answers; ok is false otherwise, and every
// resource is judged.
func reusable(doc *hot.Document, opts Options, next *EntryResults) (moved *EntryResults, changed int, ok bool) {
	sp := opts.Splice
	if sp == nil || doc.Syntax == nil {
		return nil, 0, false
	}
	changed, ok = splicedResource(doc, sp)
	if !ok {
		return nil, 0, false
	}
	old, ok := sameInputs(doc, opts, next)
	if !ok {
		return nil, 0, false
	}
	moved = &EntryResults{Loops: make([]entryLoop, len(old.Loops)), workspace: old.workspace}
	delta := sp.NewTo - sp.OldTo
	name := next.names[changed]
	for li, l := range old.Loops {
		m := entryLoop{rule: l.rule, ordinal: l.ordinal, n: l.n, reads: l.reads, readsAll: l.readsAll, again: make([]bool, l.n),
			Found: make([]entryFindings, 0, len(l.Found))}
		if changed < l.n {
			m.again[changed] = true
		}
		for i, names := range l.reads {
			if slices.Contains(names, name) {
				m.again[i] = true
			}
		}
		for i := range l.readsAll {
			m.again[i] = true
		}
		for _, f := range l.Found {
			if m.again[f.Resource] {
				continue
			}
			if allBefore(f.Diags, sp.From) {
				m.Found = append(m.Found, f) // before the lines parsed again: the same
				continue
			}
			moved := entryFindings{Resource: f.Resource, Diags: make([]source.Diagnostic, len(f.Diags))}
			for j, d := range f.Diags {
				d = cloneDiagnostic(d)
				if !moveSpan(&d.Span, sp.From, sp.OldTo, delta) {
					return nil, 0, false
				}
				for k := range d.Related {
					if d.Related[k].Path == "" && !moveSpan(&d.Related[k].Span, sp.From, sp.OldTo, delta) {
						return nil, 0, false
					}
				}
				moved.Diags[j] = d
			}
			m.Found = append(m.Found, moved)
		}
		moved.Loops[li] = m
	}
	return moved, changed, true
}

// splicedResource finds the resource the splice parsed again: the splice
// must be of an entry of the only resources section, and exactly one
// resource's name must lie in it.
func splicedResource(doc *hot.Document, sp *hot.Splice) (int, bool) {
	root := doc.Syntax.Root().Resolve()
	if !root.IsMapping() || sp.Section < 0 || sp.Section >= root.NumPairs() || root.Pair(sp.Section).Key.Value != "resources" {
		return 0, false
	}
	sections := 0
	for _, pr := range root.Pairs() {
		if pr.Key.Value == "resources" {
			sections++
		}
	}
	if sections != 1 {
		return 0, false
	}
	changed := -1
	for i, r := range doc.Template.Resources {
		if r.Key.Span().Start >= sp.From && r.Key.Span().Start < sp.NewTo {
			if changed >= 0 {
				return 0, false
			}
			changed = i
		}
	}
	return changed, changed >= 0
}

// keep stores the run's findings with doc for the next version, when the
// run completed.
func (e *entryRun) keep(doc *hot.Document, opts Options) {
	if e == nil || e.broken || e.next == nil {
		return
	}
	if e.next.workspace != nil {
		e.next.workspace.view = nil // the view holds the workspace's documents, this one among them
	}
	doc.Derived(EntryResultsKey{opts.Schema, opts.Path}, func() any { return e.next })
}

// StartEntries turns on the entry-local bookkeeping of a template run
// (entries_local.go): the previous version's findings are taken over for
// the resources an edit left alone, and this run's are kept (KeepEntries).
func (p *Pass) StartEntries(opts Options) {
	if p.T != nil {
		p.entries = startEntries(p.Doc, opts)
	}
}

// KeepEntries keeps the run's entry-local findings with the document for
// its next version (nothing when the bookkeeping is off or a rule broke).
func (p *Pass) KeepEntries(opts Options) { p.entries.keep(p.Doc, opts) }

// allBefore reports whether every span of ds in this file (the
// diagnostics' own and their related locations') ends by from, before
// the lines parsed again, where nothing moves.
func allBefore(ds []source.Diagnostic, from int) bool {
	for _, d := range ds {
		if d.Span.End > from {
			return false
		}
		for _, r := range d.Related {
			if r.Path == "" && r.Span.End > from {
				return false
			}
		}
	}
	return true
}
