package check

import (
	"context"
	"testing"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax/synthtest"
)

// BenchmarkEntryRules runs only the entry rules (parameters, resources,
// outputs, conditions, hints) on a 12,000-line template, so their share
// of a full diagnostics run is visible on its own.
func BenchmarkEntryRules(b *testing.B) {
	s := loadSchemaForTest(b)
	doc := hot.Parse(synthtest.GenerateTemplate(12000))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := pass.NewPass(context.Background(), doc, Options{Schema: s})
		for _, rule := range entryRules() {
			p.Run(rule)
		}
	}
}
