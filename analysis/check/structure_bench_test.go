package check

import (
	"context"
	"testing"

	"gopkg.in/yaml.v3"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax/synthtest"
)

// BenchmarkStructureRules measures the structure rules alone on a parsed
// 12,000-line template; BenchmarkStructureBareYAML is the yaml.v3 parse of
// the same text to compare with (the whole diagnostics run must stay
// within 1.4 times that parse, so these rules may only take a small part).
func BenchmarkStructureRules(b *testing.B) {
	src := synthtest.GenerateTemplate(12000)
	doc := hot.Parse(src)
	s := testSchema(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := pass.NewPass(context.Background(), doc, Options{Schema: s})
		for _, r := range structureRules() {
			p.Run(r)
		}
		if len(p.Diags) != 0 {
			b.Fatalf("synthetic template got %d diagnostics, first: %s", len(p.Diags), p.Diags[0].Message)
		}
	}
}

func BenchmarkStructureBareYAML(b *testing.B) {
	src := synthtest.GenerateTemplate(12000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var n yaml.Node
		if err := yaml.Unmarshal(src, &n); err != nil {
			b.Fatal(err)
		}
	}
}
