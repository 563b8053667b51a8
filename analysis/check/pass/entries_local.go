package pass

import (
	"maps"
	"slices"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// Entry-local rules. Most of a run's time goes to rules that judge each
// resource on its own; after an edit inside one resource, only that
// resource's findings can have changed. A rule opts in by walking the
// resources with Pass.EachResourceAlone instead of its own loop; every
// other rule (and every rule added without thought for this) runs on the
// whole document each time, which is always right.
//
// What EachResourceAlone promises a later version (entries_reuse.go) is
// that what check reports for a resource depends only on:
//   - the resource's own text (its name included),
//   - the declared version, the parameters, outputs and conditions
//     sections and the names and types of all resources (a splice inside
//     one resource leaves the first three byte for byte the same; the
//     names and types are compared),
//   - the schema and the document's path (the key the results are kept
//     under),
//   - the workspace's answers (recorded, and asked again; recordingView).
//
// So check may read other entries' declarations, and the body of another
// resource only through Pass.OtherResource, which notes the name so an
// edit of that resource judges this one again too. It must carry nothing
// from one resource to the next but caches of pure answers (compiled
// patterns, schema look-ups).

// entryLoop is what one EachResourceAlone walk found, resource by
// resource (the index in Template.Resources).
type entryLoop struct {
	// rule is the rule's index in the run's list and ordinal the walk's
	// number within the rule, so a later run finds its own walk's results.
	rule, ordinal int
	Found         [][]source.Diagnostic
	// reads names, for each resource, the other resources its check read
	// (Pass.OtherResource); nil when no check of the walk read any.
	reads [][]string
	// again marks, in the previous version's walks moved to a new text,
	// the resources to judge again: the changed one and those whose check
	// read it.
	again []bool
}

// entryRun is the bookkeeping of one run's entry-local walks.
type entryRun struct {
	// rule is the index of the rule running now; ordinal counts the walks
	// it has started.
	rule, ordinal int
	// next collects this run's walks, kept with the document when the run
	// completes (nil: nothing is kept).
	next *EntryResults
	// prev holds the previous version's walks with their spans already
	// moved to this text, and changed the resource to judge again; prev
	// is nil when every resource is judged.
	prev    *EntryResults
	changed int
	// prevCalls holds the previous version's findings of the calls
	// outside the resources, moved to this text, when only an output was
	// parsed again (entries_calls_reuse.go); callOrdinal counts the
	// EachCallAlone walks of the rule running now.
	prevCalls   movedCalls
	callOrdinal int
	// broken is set when a rule panicked: its walk is incomplete.
	broken bool
	// walking is set while a walk judges a resource; reads collects the
	// names of the other resources it reads meanwhile.
	walking bool
	reads   []string
}

// OtherResource returns the resource named name, for a check that judges
// another resource: inside EachResourceAlone the name is noted, so the
// judged resource is judged again whenever the one read changes.
func (p *Pass) OtherResource(name string) *hot.Resource {
	if e := p.entries; e != nil && e.walking {
		e.reads = append(e.reads, name)
	}
	return p.T.Resource(name)
}

// EachResourceAlone calls check for every resource of the template, in
// order, and keeps what it reports for each; when the previous version's
// findings apply (entries_reuse.go), only the changed resource is judged
// and the others' findings are taken over. check must judge its resource
// alone (see the top of this file). While it runs the workspace view
// records what it is asked.
func (p *Pass) EachResourceAlone(check func(r *hot.Resource)) {
	e := p.entries
	if e == nil || p.T == nil {
		if p.T != nil {
			for _, r := range p.T.Resources {
				if p.Stopped() {
					return
				}
				check(r)
			}
		}
		return
	}
	n := len(p.T.Resources)
	loop := entryLoop{rule: e.rule, ordinal: e.ordinal, Found: make([][]source.Diagnostic, n)}
	e.ordinal++
	old := e.prev.loop(loop.rule, loop.ordinal, n)
	if rv := e.next.workspace; rv != nil {
		saved := p.Workspace
		p.Workspace = rv
		defer func() { p.Workspace = saved }()
	}
	for i, r := range p.T.Resources {
		if p.Stopped() {
			return
		}
		if old != nil && !old.again[i] {
			for _, d := range old.Found[i] {
				p.Diags = append(p.Diags, cloneDiagnostic(d))
			}
			loop.Found[i] = old.Found[i]
			if old.reads != nil && old.reads[i] != nil {
				loop.noteReads(i, old.reads[i])
			}
			continue
		}
		before := len(p.Diags)
		e.walking, e.reads = true, nil
		check(r)
		e.walking = false
		if e.reads != nil {
			loop.noteReads(i, e.reads)
		}
		if len(p.Diags) > before {
			loop.Found[i] = make([]source.Diagnostic, 0, len(p.Diags)-before)
			for _, d := range p.Diags[before:] {
				loop.Found[i] = append(loop.Found[i], cloneDiagnostic(d))
			}
		}
	}
	e.next.Loops = append(e.next.Loops, loop)
}

// noteReads records the names resource i's check read.
func (l *entryLoop) noteReads(i int, names []string) {
	if l.reads == nil {
		l.reads = make([][]string, len(l.Found))
	}
	l.reads[i] = names
}

// cloneDiagnostic copies a diagnostic with its own slices and map, so the
// findings kept with a document never share memory with a run's output
// (limit clips related messages in place; callers filter and convert).
func cloneDiagnostic(d source.Diagnostic) source.Diagnostic {
	d.Tags = slices.Clone(d.Tags)
	d.Related = slices.Clone(d.Related)
	d.Suggestions = slices.Clone(d.Suggestions)
	d.Data = maps.Clone(d.Data)
	return d
}
