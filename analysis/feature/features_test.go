package feature_test

import (
	"os"
	"testing"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/feature/hover"
	"heat-ls/analysis/hot"
	"heat-ls/schema/schematest"
)

// Hover, definition, references, rename and symbols on every offset of
// real templates (and a stride of offsets on the large ones) never panic,
// and every answer lies inside the text.
func TestFeaturesOnCorpus(t *testing.T) {
	files := feature.CorpusFiles(t)
	sch := schematest.Load(t)
	// About 500 offsets a file in the test command (the race detector
	// makes each cost tenfold), 1,500 where HEAT_LS_LONG is set, as
	// .ci/run sets it.
	per := 500
	if os.Getenv("HEAT_LS_LONG") != "" && !testing.Short() {
		per = 1500
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		doc := hot.Parse(src)
		stride := 1 + len(src)/per
		inside := func(what string, s, e int) {
			if s < 0 || e < s || e > len(src) {
				t.Errorf("%s: %s span [%d,%d) outside the text", path, what, s, e)
			}
		}
		for off := 0; off <= len(src)+1; off += stride {
			if h, ok := hover.Hover(doc, sch, off, true); ok {
				inside("hover", h.Span.Start, h.Span.End)
			}
			if sp, ok := feature.Definition(doc, off); ok {
				inside("definition", sp.Start, sp.End)
			}
			for _, r := range feature.FindReferences(doc, off, true) {
				inside("reference", r.Span.Start, r.Span.End)
				if string(src[r.Span.Start:r.Span.End]) == "" {
					t.Errorf("%s: empty reference", path)
				}
			}
			if sp, _, err := feature.PrepareRename(doc, off); err == nil {
				inside("prepareRename", sp.Start, sp.End)
			}
		}
		for _, s := range feature.FlattenSymbols(feature.DocumentSymbols(doc)) {
			inside("symbol", s.Span.Start, s.Span.End)
		}
	}
}

// Every offset of a few fixtures, cut at many points, never panics.
func TestFeaturesNeverPanic(t *testing.T) {
	sch := schematest.Load(t)
	// A cut every 23 bytes in the test command (every offset of each cut
	// costs tenfold under the race detector), every 11 where HEAT_LS_LONG
	// is set, as .ci/run sets it.
	cutStep := 23
	if os.Getenv("HEAT_LS_LONG") != "" && !testing.Short() {
		cutStep = 11
	}
	for _, full := range []string{feature.LocateTemplate, "heat_template_version: 2013-05-23\nresources:\n  r: {type: [x], properties: {a: {Ref: r}, b: {\"Fn::Select\": [0, {get_attr: [r]}]}}}\n", "{", "- a\n- b: [", "heat_template_version: &a [*a]\nparameters: *a\n"} {
		for cut := 0; cut <= len(full); cut += cutStep {
			src := full[:cut]
			doc := hot.Parse([]byte(src))
			for off := -1; off <= len(src)+2; off++ {
				hover.Hover(doc, sch, off, true)
				feature.Definition(doc, off)
				feature.FindReferences(doc, off, true)
				feature.PrepareRename(doc, off)
				feature.Rename(doc, off, "x")
			}
			feature.DocumentSymbols(doc)
		}
	}
}
