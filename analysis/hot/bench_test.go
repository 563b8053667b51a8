package hot

import (
	"testing"

	"gopkg.in/yaml.v3"

	"heat-ls/analysis/syntax/synthtest"
)

// benchLines is the size of template the parsing targets are stated for.
const benchLines = 12000

// BenchmarkParse measures what every document change costs before any
// check runs: YAML parsing with exact spans plus building the HOT model
// (sections, entries, every intrinsic function call). Compare it with
// BenchmarkYAMLv3Parse, the bare yaml.v3 parse of the same text.
func BenchmarkParse(b *testing.B) {
	src := synthtest.GenerateTemplate(benchLines)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		doc := Parse(src)
		if doc.Template == nil || len(doc.Template.Resources) == 0 || len(doc.Template.Calls) == 0 {
			b.Fatal("the generated template did not build a model")
		}
	}
}

// BenchmarkYAMLv3Parse is the baseline: yaml.v3 building its node tree
// from the same text, with no spans and no model.
func BenchmarkYAMLv3Parse(b *testing.B) {
	src := synthtest.GenerateTemplate(benchLines)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		var n yaml.Node
		if err := yaml.Unmarshal(src, &n); err != nil {
			b.Fatal(err)
		}
	}
}
