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

// OtherResource returns the resource named name, for a check that judges
// another resource: inside EachResourceAlone the name is noted, so the
// judged resource is judged again whenever the one read changes.
func (p *Pass) OtherResource(name string) *hot.Resource {
	if e := p.entries; e != nil && e.walking {
		e.reads = append(e.reads, name)
	}
	return p.T.Resource(name)
}

// ReadsEveryResource notes, inside EachResourceAlone, that the resource
// being judged reads the bodies of all resources (a question about the
// whole template), so it is judged again after any edit.
func (p *Pass) ReadsEveryResource() {
	if e := p.entries; e != nil && e.walking {
		e.readsAll = true
	}
}

// KeepNoEntries tells the run to keep no entry-local findings for the next
// version, for a rule whose findings turned out to depend on more than
// each entry alone: the next version is judged in full.
func (p *Pass) KeepNoEntries() {
	if p.entries != nil {
		p.entries.broken = true
	}
}

// EachResourceAlone calls check for every resource of the template, in
// order, and keeps what it reports for each; when the previous version's
// findings apply (entries_reuse.go), only the changed resource is judged
// and the others' findings are taken over. check must judge its resource
// alone (see the top of this file). While it runs the workspace view
// records what it is asked.
func (p *Pass) EachResourceAlone(check func(r *hot.Resource)) {
	p.eachResourceAlone(func(_ int, r *hot.Resource) { check(r) })
}

// eachResourceAlone is EachResourceAlone whose check is also given the
// resource's index in Template.Resources.
func (p *Pass) eachResourceAlone(check func(i int, r *hot.Resource)) {
	e := p.entries
	if e == nil || p.T == nil {
		if p.T != nil {
			for i, r := range p.T.Resources {
				if p.Stopped() {
					return
				}
				check(i, r)
			}
		}
		return
	}
	n := len(p.T.Resources)
	loop := entryLoop{rule: e.rule, ordinal: e.ordinal, n: n}
	e.ordinal++
	old := e.prev.loop(loop.rule, loop.ordinal, n)
	if rv := e.next.workspace; rv != nil {
		saved := p.Workspace
		p.Workspace = rv
		defer func() { p.Workspace = saved }()
	}
	if old != nil {
		// The notes of the resources taken over stay as they were: one
		// copy of the map, rather than one insertion a resource.
		loop.reads, loop.readsAll = maps.Clone(old.reads), maps.Clone(old.readsAll)
	}
	next := 0 // the first of old.Found not yet passed
	for i, r := range p.T.Resources {
		if p.Stopped() {
			return
		}
		if old != nil && !old.again[i] {
			for next < len(old.Found) && old.Found[next].Resource < i {
				next++
			}
			if next < len(old.Found) && old.Found[next].Resource == i {
				for _, d := range old.Found[next].Diags {
					p.Diags = append(p.Diags, cloneDiagnostic(d))
				}
				loop.Found = append(loop.Found, old.Found[next])
			}
			continue
		}
		if old != nil {
			delete(loop.reads, i)
			delete(loop.readsAll, i)
		}
		before := len(p.Diags)
		e.walking, e.reads, e.readsAll = true, nil, false
		check(i, r)
		e.walking = false
		if e.reads != nil {
			loop.noteReads(i, e.reads)
		}
		if e.readsAll {
			loop.noteReadsAll(i)
		}
		if len(p.Diags) > before {
			f := entryFindings{Resource: i, Diags: make([]source.Diagnostic, 0, len(p.Diags)-before)}
			for _, d := range p.Diags[before:] {
				f.Diags = append(f.Diags, cloneDiagnostic(d))
			}
			loop.Found = append(loop.Found, f)
		}
	}
	e.next.Loops = append(e.next.Loops, loop)
}

// noteReadsAll records that resource i's check read every resource.
func (l *entryLoop) noteReadsAll(i int) {
	if l.readsAll == nil {
		l.readsAll = map[int]bool{}
	}
	l.readsAll[i] = true
}

// noteReads records the names resource i's check read.
func (l *entryLoop) noteReads(i int, names []string) {
	if l.reads == nil {
		l.reads = map[int][]string{}
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

// RunAt runs rule as the index-th of the run's list: the entry-local
// bookkeeping finds a rule's results of the previous version by that place.
func (p *Pass) RunAt(index int, rule Rule) {
	if p.entries != nil {
		p.entries.rule, p.entries.ordinal, p.entries.callOrdinal = index, 0, 0
	}
	p.Run(rule)
}

// loop returns the walk numbered ordinal of rule when it covered n
// resources; nil when there is none (or r is nil).
func (r *EntryResults) loop(rule, ordinal, n int) *entryLoop {
	if r == nil {
		return nil
	}
	for i := range r.Loops {
		if l := &r.Loops[i]; l.rule == rule && l.ordinal == ordinal && l.n == n {
			return l
		}
	}
	return nil
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
