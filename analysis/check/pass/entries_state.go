package pass

import (
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

// What the entry-local bookkeeping holds: one run's walks (entryRun,
// entryLoop, callLoop), the results kept with a document for its next
// version (EntryResults under EntryResultsKey), and how a kept span moves
// onto the next text. The files that walk (entries_local.go,
// entries_calls.go) and that take results over (entries_reuse.go,
// entries_calls_reuse.go) all build on these.

// entryLoop is what one EachResourceAlone walk found, resource by
// resource (the index in Template.Resources). Most resources have no
// finding, so only those with one are listed: a keystroke's walks then
// cost what they found, not the number of resources.
type entryLoop struct {
	// rule is the rule's index in the run's list and ordinal the walk's
	// number within the rule, so a later run finds its own walk's results.
	rule, ordinal int
	// n is how many resources the walk covered.
	n int
	// Found lists the resources with findings, in order.
	Found []entryFindings
	// reads names, for each resource whose check read other resources
	// (Pass.OtherResource), those resources; nil when no check of the
	// walk read any.
	reads map[int][]string
	// readsAll marks the resources whose check read every resource
	// (Pass.ReadsEveryResource): judged again after any edit.
	readsAll map[int]bool
	// again marks, in the previous version's walks moved to a new text,
	// the resources to judge again: the changed one and those whose check
	// read it.
	again []bool
}

// entryFindings is what a walk found for the resource at index Resource.
type entryFindings struct {
	Resource int
	Diags    []source.Diagnostic
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
	// broken is set when a rule panicked (its walk is incomplete) or
	// asked to keep nothing (KeepNoEntries): nothing is kept.
	broken bool
	// walking is set while a walk judges a resource; reads collects the
	// names of the other resources it reads meanwhile.
	walking  bool
	reads    []string
	readsAll bool
}

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

// callLoop is what one EachCallAlone walk found for the calls outside the
// resources: how many calls the template had (Template.Calls, in text
// order), and the findings of those that had any (most have none), by
// index. Nothing is kept for a call without findings, so a walk costs
// little more than the judging it records.
type callLoop struct {
	rule, ordinal int
	calls         int
	found         []callFindings
	// workspace is the view to restore when the walk ends.
	workspace WorkspaceView
}

// callFindings are the findings of the call Template.Calls[at].
type callFindings struct {
	at    int
	diags []source.Diagnostic
}

// movedCalls is the previous version's call walks, by rule and ordinal,
// with where the lines parsed again lie: each walk is read in order while
// this version's walk runs (callCursor), its findings moved as taken.
type movedCalls struct {
	walks              map[[2]int]*callLoop
	from, oldTo, newTo int
}

// callsByResource tells where each resource's calls lie in
// Template.Calls: from[i] up to to[i] for resource i of
// Template.Resources; outside lists, in order, the calls of no resource.
type callsByResource struct {
	from, to []int
	outside  []int
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
