package check

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/references"
	"heat-ls/analysis/hot"
)

// conditionalTemplate is a template whose references all name resources
// with conditions over four string parameters: 200 resources, each
// reading the next one in its properties, and 300 outputs, half of them
// guarded by the resource's own condition (no input refuses them, so
// every input is tried) and half by another one.
func conditionalTemplate() []byte {
	var b strings.Builder
	b.WriteString("heat_template_version: 2016-10-14\nparameters:\n")
	for i := 0; i < 4; i++ {
		fmt.Fprintf(&b, "  p%d: {type: string, default: v0}\n", i)
	}
	b.WriteString("conditions:\n")
	for c := 0; c < 40; c++ {
		fmt.Fprintf(&b, "  c%d: {and: [{equals: [{get_param: p%d}, v%d]}, {or: [{equals: [{get_param: p%d}, v%d]}, {not: {equals: [{get_param: p%d}, v%d]}}]}]}\n",
			c, c%4, c%5, (c+1)%4, (c+2)%5, (c+2)%4, (c+3)%5)
	}
	b.WriteString("resources:\n")
	for r := 0; r < 200; r++ {
		fmt.Fprintf(&b, "  r%d:\n    type: OS::Heat::TestResource\n    condition: c%d\n", r, r%40)
		if r+1 < 200 {
			fmt.Fprintf(&b, "    properties:\n      value: {get_attr: [r%d, output]}\n", r+1)
		}
	}
	b.WriteString("outputs:\n")
	for o := 0; o < 300; o++ {
		t := o % 200
		fmt.Fprintf(&b, "  o%d:\n    value: {get_attr: [r%d, output]}\n    condition: c%d\n", o, t, (t+o%2)%40)
	}
	return []byte(b.String())
}

// BenchmarkReferencesConditional measures the reference rules on
// conditionalTemplate, where each reference makes heat-ls search the
// parameter values for one that leaves its resource out.
func BenchmarkReferencesConditional(b *testing.B) {
	doc := hot.Parse(conditionalTemplate())
	s := testSchema(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := pass.NewPass(context.Background(), doc, Options{Schema: s})
		p.Run(references.CheckReferences)
	}
}

// BenchmarkRunConditional is the whole diagnostics run on the same
// template, to set the reference rules against.
func BenchmarkRunConditional(b *testing.B) {
	doc := hot.Parse(conditionalTemplate())
	s := testSchema(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Run(context.Background(), doc, Options{Schema: s})
	}
}
