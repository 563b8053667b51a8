package pass

import (
	"slices"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

// EntryResults is what a run's entry-local walks found, kept with the
// document (hot.Document.Derived) so the next version, when it is a
// splice of one resource, judges that resource only.
type EntryResults struct {
	// version, names and types are the declarations the findings were
	// made under (besides the sections a resource splice cannot touch).
	version string
	names   []string
	types   []string
	// workspace records what the walks asked the workspace view; nil
	// when the run had none.
	workspace *recordingView
	Loops     []entryLoop
	// recovered is set when the document had parts read as blank
	// (syntax.File.Recovered), whose findings quietWhileRecovered drops
	// by what is around them: such findings are never taken over.
	recovered bool
	// Calls are the EachCallAlone walks' findings for the calls outside
	// the resources (entries_calls_reuse.go).
	Calls []callLoop
	// TookOver is set when the run took the previous version's findings
	// over (for tests); CallsTakenOver counts the calls outside the
	// resources whose findings it took over.
	TookOver       bool
	CallsTakenOver int
}

// EntryResultsKey keeps results apart by the inputs that are the same for
// a whole run and not compared answer by answer.
type EntryResultsKey struct {
	schema *schema.Schema
	path   string
}

// CarriedToNextVersion: the next version needs the findings even when
// this document is gone (hot.Carried).
func (EntryResultsKey) CarriedToNextVersion() {}

// ResultsKey is the key a run keeps its entry-local results under, for a
// document checked with schema sc at path.
func ResultsKey(sc *schema.Schema, path string) EntryResultsKey {
	return EntryResultsKey{schema: sc, path: path}
}

// loop returns the walk numbered ordinal of rule when it covered n
// resources; nil when there is none (or r is nil).
func (r *EntryResults) loop(rule, ordinal, n int) *entryLoop {
	if r == nil {
		return nil
	}
	for i := range r.Loops {
		if l := &r.Loops[i]; l.rule == rule && l.ordinal == ordinal && len(l.Found) == n {
			return l
		}
	}
	return nil
}

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
// run's record, for the findings taken over.
func keepAsked(next *EntryResults, prev *recordingView) {
	if next.workspace != nil && prev != nil {
		for q, same := range prev.asked {
			next.workspace.asked[q] = same
		}
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
		m := entryLoop{rule: l.rule, ordinal: l.ordinal, Found: make([][]source.Diagnostic, len(l.Found)),
			reads: l.reads, again: make([]bool, len(l.Found))}
		for i, ds := range l.Found {
			if i == changed || l.reads != nil && slices.Contains(l.reads[i], name) {
				m.again[i] = true
				continue
			}
			if len(ds) == 0 {
				continue
			}
			m.Found[i] = make([]source.Diagnostic, len(ds))
			for j, d := range ds {
				d = cloneDiagnostic(d)
				if !moveSpan(&d.Span, sp.From, sp.OldTo, delta) {
					return nil, 0, false
				}
				for k := range d.Related {
					if d.Related[k].Path == "" && !moveSpan(&d.Related[k].Span, sp.From, sp.OldTo, delta) {
						return nil, 0, false
					}
				}
				m.Found[i][j] = d
			}
		}
		moved.Loops[li] = m
	}
	return moved, changed, true
}

// sameInputs returns the previous version's results when doc is a splice
// of it (opts.Splice) made under the same declarations and workspace
// answers, neither text having parts read as blank.
func sameInputs(doc *hot.Document, opts Options, next *EntryResults) (*EntryResults, bool) {
	sp := opts.Splice
	if sp == nil || doc.Syntax == nil || next.recovered {
		return nil, false
	}
	v, found := sp.Known(EntryResultsKey{opts.Schema, opts.Path})
	if !found {
		return nil, false
	}
	old := v.(*EntryResults)
	if old.recovered || old.version != next.version || !slices.Equal(old.names, next.names) || !slices.Equal(old.types, next.types) ||
		(old.workspace == nil) != (next.workspace == nil) || old.workspace != nil && !old.workspace.same(opts.Workspace) {
		return nil, false
	}
	return old, true
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

// moveSpan moves a span of the previous text to the new one: unchanged
// before the spliced lines, by delta after them; false when it reaches
// into them (it pointed into the text that changed).
func moveSpan(s *source.Span, from, oldTo, delta int) bool {
	switch {
	case s.End <= from:
		return true
	case s.Start >= oldTo:
		s.Start += delta
		s.End += delta
		return true
	}
	return false
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
