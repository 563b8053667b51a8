package pass

import (
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
	// answer a view gives now equals the recorded one.
	asked map[string]func(WorkspaceView) bool
}

func newRecordingView(v WorkspaceView) *recordingView {
	return &recordingView{view: v, asked: make(map[string]func(WorkspaceView) bool)}
}

// same reports whether v answers every recorded question as before.
func (r *recordingView) same(v WorkspaceView) bool {
	for _, ok := range r.asked {
		if !ok(v) {
			return false
		}
	}
	return true
}

// record writes down got, the view's answer to the question named key
// (ask asks it of a view), the first time the question is asked.
func record[T any](r *recordingView, key string, got T, ask func(WorkspaceView) T, equal func(a, b T) bool) T {
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

func (r *recordingView) NestedTemplates(fromPath, resourceName, typeName string) NestedTypes {
	got := r.view.NestedTemplates(fromPath, resourceName, typeName)
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
