package pass

import (
	"maps"
	"reflect"
	"slices"
	"weak"

	"heat-ls/analysis/hot"
)

// recordingView answers an entry-local rule's workspace questions from
// the real view and writes down each question with its answer, so a later
// version can ask the same questions of its own view and reuse the
// entry's results only when every answer is still the same (see
// EntryResults.reusable). It implements every method of WorkspaceView
// itself, without embedding the interface, so a method added to the view
// does not compile until it is recorded too: an answer that went unrecorded
// would let a stale result through.
type recordingView struct {
	view WorkspaceView
	// asked maps a question (method and arguments) to a check that the
	// answer a view gives now equals the recorded one: the questions this
	// run asked first.
	asked map[string]func(WorkspaceView) bool
	// kept are the questions earlier versions asked, carried over with
	// their findings (keepAsked). The map is shared between versions and
	// never written: a question already in it is not recorded again.
	kept map[string]func(WorkspaceView) bool
}

func newRecordingView(v WorkspaceView) *recordingView {
	return &recordingView{view: v, asked: make(map[string]func(WorkspaceView) bool)}
}

// same reports whether v answers every recorded question as before.
func (r *recordingView) same(v WorkspaceView) bool {
	for _, questions := range [2]map[string]func(WorkspaceView) bool{r.kept, r.asked} {
		for _, ok := range questions {
			if !ok(v) {
				return false
			}
		}
	}
	return true
}

// allAsked returns every question recorded, the kept ones and this
// run's, as a map the caller must not write. It is the kept map itself
// when this run asked nothing new, as after most keystrokes.
func (r *recordingView) allAsked() map[string]func(WorkspaceView) bool {
	if len(r.asked) == 0 {
		return r.kept
	}
	if len(r.kept) == 0 {
		return r.asked
	}
	all := maps.Clone(r.kept)
	maps.Copy(all, r.asked)
	return all
}

// record writes down got, the view's answer to the question named key
// (ask asks it of a view), the first time the question is asked.
func record[T any](r *recordingView, key string, got T, ask func(WorkspaceView) T, equal func(a, b T) bool) T {
	if _, kept := r.kept[key]; kept {
		return got
	}
	if _, seen := r.asked[key]; !seen {
		r.asked[key] = func(v WorkspaceView) bool { return equal(ask(v), got) }
	}
	return got
}

func equalValue[T comparable](a, b T) bool { return a == b }

func equalDeep[T any](a, b T) bool { return reflect.DeepEqual(a, b) }

// nestedAnswer is what is compared of an answer about a nested type: the
// templates by their path, the environment mapping them and the document
// itself (the same parsed version), held weakly: findings kept with a
// document must not keep documents alive (hot.Carried).
type nestedAnswer struct {
	mapped, opaque, outside bool
	missingPath             string
	templates               []nestedRef
}

type nestedRef struct {
	path, via string
	outline   weak.Pointer[hot.Outline]
}

func answerOf(n NestedTypes) nestedAnswer {
	a := nestedAnswer{mapped: n.Mapped, opaque: n.Opaque, outside: n.Outside, missingPath: n.MissingPath}
	for _, t := range n.Templates {
		a.templates = append(a.templates, nestedRef{t.Path, t.Via, weak.Make(t.Outline)})
	}
	return a
}

func sameAnswer(a, b nestedAnswer) bool {
	return a.mapped == b.mapped && a.opaque == b.opaque && a.outside == b.outside && a.missingPath == b.missingPath &&
		slices.Equal(a.templates, b.templates)
}

func (r *recordingView) TypeMapped(typeName string) bool {
	return record(r, "TypeMapped\x00"+typeName, r.view.TypeMapped(typeName), func(v WorkspaceView) bool { return v.TypeMapped(typeName) }, equalValue[bool])
}

// NestedTemplates records the answer by resource when the type is
// mapped. For a type no environment maps the answer is the same for
// every resource (see WorkspaceView.NestedTemplates), so it is recorded
// once for the type:
// a template of a thousand resources of a few built-in types asks a
// thousand questions and records a few, which each later version asks
// again before it takes findings over.
func (r *recordingView) NestedTemplates(fromPath, resourceName, typeName string) NestedTypes {
	got := r.view.NestedTemplates(fromPath, resourceName, typeName)
	if got.zero() && !r.view.TypeMapped(typeName) {
		record(r, "NestedTemplates unmapped\x00"+fromPath+"\x00"+typeName, true, func(v WorkspaceView) bool {
			return !v.TypeMapped(typeName) && v.NestedTemplates(fromPath, resourceName, typeName).zero()
		}, equalValue[bool])
		return got
	}
	record(r, "NestedTemplates\x00"+fromPath+"\x00"+resourceName+"\x00"+typeName, answerOf(got),
		func(v WorkspaceView) nestedAnswer {
			return answerOf(v.NestedTemplates(fromPath, resourceName, typeName))
		}, sameAnswer)
	return got
}

func (r *recordingView) FileState(fromPath, ref string) FileState {
	return record(r, "FileState\x00"+fromPath+"\x00"+ref, r.view.FileState(fromPath, ref), func(v WorkspaceView) FileState { return v.FileState(fromPath, ref) }, equalValue[FileState])
}

func (r *recordingView) ParameterDefaulted(name string) bool {
	return record(r, "ParameterDefaulted\x00"+name, r.view.ParameterDefaulted(name), func(v WorkspaceView) bool { return v.ParameterDefaulted(name) }, equalValue[bool])
}

func (r *recordingView) AppliedParameters() []AppliedParameter {
	return record(r, "AppliedParameters", r.view.AppliedParameters(), func(v WorkspaceView) []AppliedParameter { return v.AppliedParameters() }, equalDeep[[]AppliedParameter])
}

func (r *recordingView) EnvironmentsApplied() bool {
	return record(r, "EnvironmentsApplied", r.view.EnvironmentsApplied(), func(v WorkspaceView) bool { return v.EnvironmentsApplied() }, equalValue[bool])
}

func (r *recordingView) TemplateParameters() []string {
	return record(r, "TemplateParameters", r.view.TemplateParameters(), func(v WorkspaceView) []string { return v.TemplateParameters() }, slices.Equal[[]string])
}

func (r *recordingView) TopLevelParameters() []string {
	return record(r, "TopLevelParameters", r.view.TopLevelParameters(), func(v WorkspaceView) []string { return v.TopLevelParameters() }, slices.Equal[[]string])
}

func (r *recordingView) UsedAsNested(path string) bool {
	return record(r, "UsedAsNested\x00"+path, r.view.UsedAsNested(path), func(v WorkspaceView) bool { return v.UsedAsNested(path) }, equalValue[bool])
}

var _ WorkspaceView = (*recordingView)(nil)
