package check

import (
	"context"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
)

// filesView is a WorkspaceView that knows no file and counts the look-ups.
type filesView struct {
	WorkspaceView
	lookups map[string]int
}

func (v filesView) FileState(_, ref string) FileState { v.lookups[ref]++; return FileMissing }
func (v filesView) TypeMapped(string) bool            { return false }
func (v filesView) UsedAsNested(string) bool          { return false }
func (v filesView) ParameterDefaulted(string) bool    { return false }
func (v filesView) NestedTemplates(_, _, _ string) NestedTypes {
	return NestedTypes{}
}

// TestGetFileLookedUpOncePerRun: a path named by many get_file calls is
// looked up once per run, and every call still gets its diagnostic.
func TestGetFileLookedUpOncePerRun(t *testing.T) {
	src := v16 + "resources:\n" +
		"  a:\n    type: OS::Heat::Value\n    properties:\n      value: {get_file: s.sh}\n" +
		"  b:\n    type: OS::Heat::Value\n    properties:\n      value: {get_file: s.sh}\n" +
		"  c:\n    type: OS::Heat::Value\n    properties:\n      value: {get_file: t.sh}\n"
	view := filesView{lookups: map[string]int{}}
	missing := 0
	for _, d := range Run(context.Background(), hot.Parse([]byte(src)), Options{Schema: testSchema(t), Workspace: view, Path: "/w/t.yaml"}) {
		if d.Code == rules.GetFileMissing {
			missing++
		}
	}
	if missing != 3 {
		t.Errorf("%d %s diagnostics, want 3", missing, rules.GetFileMissing)
	}
	for ref, n := range view.lookups {
		if n != 1 {
			t.Errorf("%s looked up %d times, want once", ref, n)
		}
	}
	if len(view.lookups) != 2 {
		t.Errorf("looked up %v, want s.sh and t.sh", view.lookups)
	}
}
