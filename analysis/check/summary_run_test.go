package check

import (
	"context"
	"reflect"
	"testing"

	"heat-ls/analysis/hot"
)

// TestRunOnSummary checks that a summary (a closed file's entry in the
// workspace index: text, no tree) is judged as the document it summarises
// instead of crashing the run.
func TestRunOnSummary(t *testing.T) {
	opts := Options{Schema: testSchema(t)}
	for _, src := range []string{
		"heat_template_version: 2018-08-31\nresources:\n  a:\n    type: OS::Heat::None\n    properties: {nope: 1}\n  b: {type: OS::Nova::Serverr}\n",
		"resource_registry:\n  My::T: t.yaml\nparamters: {x: 1}\nparameter_defaults: {y: 2}\n",
	} {
		doc := hot.Parse([]byte(src))
		want := Run(context.Background(), doc, opts)
		got := Run(context.Background(), hot.Summarize(doc), opts)
		if len(want) == 0 || !reflect.DeepEqual(got, want) {
			t.Errorf("%q: on its summary got %v, on the document %v", src, got, want)
		}
	}
}
