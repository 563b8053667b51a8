package check

import (
	"context"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// nestedView is a WorkspaceView that only answers UsedAsNested.
type nestedView struct {
	WorkspaceView
	used bool
}

func (v nestedView) UsedAsNested(string) bool { return v.used }

func TestResourceFacadeTopLevel(t *testing.T) {
	inResource := v16 + "resources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: {resource_facade: metadata}\n"
	// Heat resolves an output only once the stack exists: a warning there.
	inOutput := v16 + "outputs:\n  o:\n    value: {resource_facade: metadata}\n"
	tests := []struct {
		name string
		src  string
		opts Options
		want int
		sev  source.Severity
	}{
		{"checked alone", inResource, Options{}, 1, source.SeverityError},
		{"workspace, not used as nested", inResource, Options{Workspace: nestedView{used: false}, Path: "/w/t.yaml"}, 1, source.SeverityError},
		{"workspace, used as nested", inResource, Options{Workspace: nestedView{used: true}, Path: "/w/t.yaml"}, 0, 0},
		{"in an output, checked alone", inOutput, Options{}, 1, source.SeverityWarning},
		{"in an output, used as nested", inOutput, Options{Workspace: nestedView{used: true}, Path: "/w/t.yaml"}, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Schema = testSchema(t)
			src := tt.src
			got := 0
			for _, d := range Run(context.Background(), hot.Parse([]byte(src)), tt.opts) {
				if d.Code == rules.ResourceFacadeTopLevel {
					got++
					if text := src[d.Span.Start:d.Span.End]; text != "resource_facade" {
						t.Errorf("span covers %q", text)
					}
					if d.Severity != tt.sev {
						t.Errorf("severity %v, want %v", d.Severity, tt.sev)
					}
				}
			}
			if got != tt.want {
				t.Errorf("got %d %s diagnostics, want %d", got, rules.ResourceFacadeTopLevel, tt.want)
			}
		})
	}
}
