package check

import (
	"context"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
)

// nestedView is a WorkspaceView that only answers UsedAsNested.
type nestedView struct {
	WorkspaceView
	used bool
}

func (v nestedView) UsedAsNested(string) bool { return v.used }

func TestResourceFacadeTopLevel(t *testing.T) {
	src := v16 + "resources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: {resource_facade: metadata}\n"
	tests := []struct {
		name string
		opts Options
		want int
	}{
		{"checked alone", Options{}, 1},
		{"workspace, not used as nested", Options{Workspace: nestedView{used: false}, Path: "/w/t.yaml"}, 1},
		{"workspace, used as nested", Options{Workspace: nestedView{used: true}, Path: "/w/t.yaml"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Schema = testSchema(t)
			got := 0
			for _, d := range Run(context.Background(), hot.Parse([]byte(src)), tt.opts) {
				if d.Code == rules.ResourceFacadeTopLevel {
					got++
					if text := src[d.Span.Start:d.Span.End]; text != "resource_facade" {
						t.Errorf("span covers %q", text)
					}
				}
			}
			if got != tt.want {
				t.Errorf("got %d %s diagnostics, want %d", got, rules.ResourceFacadeTopLevel, tt.want)
			}
		})
	}
}
