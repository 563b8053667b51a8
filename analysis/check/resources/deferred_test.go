package resources

import (
	"testing"

	"heat-ls/analysis/syntax"
)

func TestReadsResource(t *testing.T) {
	tests := []struct {
		value string
		want  bool
	}{
		{"plain text", false},
		{"{get_param: p}", false},
		{"{get_resource: r}", true},
		{"[{port: {get_attr: [r, id]}}, {port: x}]", true},
		{"{str_replace: {template: $a, params: {$a: {get_resource: r}}}}", true},
		{"{Fn::GetAtt: [r, Arn]}", false}, // no HOT function: plain data
		{"{Ref: AWS::StackName}", false},
		{"{Ref: server}", true},
		{"{list_join: [',', [{get_param: a}, b]]}", false},
	}
	for _, tt := range tests {
		t.Run(tt.value, func(t *testing.T) {
			f := syntax.Parse([]byte("v: " + tt.value + "\n"))
			n := f.Root().Resolve().Get("v")
			if got := readsResource(n, 0); got != tt.want {
				t.Errorf("readsResource(%s) = %v, want %v", tt.value, got, tt.want)
			}
		})
	}
}
