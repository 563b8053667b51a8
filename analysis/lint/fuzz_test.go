package lint

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"heat-ls/analysis/check"
	"heat-ls/analysis/config"
	"heat-ls/analysis/feature"
	"heat-ls/analysis/feature/completion"
	"heat-ls/analysis/feature/hover"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"

	"heat-ls/schema/refdata"
)

// The fuzz targets here cover the YAML model (hot.Parse and the rules) and
// the analysis features at random offsets. Run one briefly with, e.g.,
//
//	go test -run '^$' -fuzz '^FuzzModel$' -fuzztime 10s ./analysis/lint
//
// Without -fuzz, "go test" runs every seed (testdata and ../shared/corpus).

// maxFuzzInput keeps single inputs small enough that a slow but linear
// path cannot pass for a hang.
const maxFuzzInput = 64 << 10

// fuzzSeeds adds the templates of testdata and ../shared/corpus (when
// present) and a few hand-picked awkward texts.
func fuzzSeeds(f *testing.F) {
	for _, s := range []string{
		"heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      name: {get_param: [a, 0]}\n",
		"heat_template_version: 2016-10-14\nconditions:\n  c: {equals: [{get_param: p}, x]}\nresources: {r: {type: x, condition: c}}\n",
		"resource_registry:\n  My::T: ./t.yaml\nparameter_defaults: {a: 1}\n",
		"heat_template_version: &v 2018-08-31\nparameters: &p {a: {type: string, default: *v}}\noutputs: {o: {value: *p}}\n",
		"heat_template_version: 2018-08-31\nresources: {r: {type: OS::Heat::None, properties: {a: {str_replace: {template: x, params: {}}}}}} # heat-ls: ignore\n",
		"heat_template_version: 2018-08-31\nresources:\n  r:\n   type: [\n",
		"\ufeffheat_template_version: \"2013-05-23\"\r\nparameters:\r\n  😀: {type: string}\r\n",
	} {
		f.Add([]byte(s))
	}
	root := moduleRoot()
	dirs := []string{filepath.Join(root, "testdata"), filepath.Join(root, "..", "shared", "corpus")}
	for _, dir := range dirs {
		_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !isCandidateName(d.Name()) {
				return nil
			}
			if src, err := os.ReadFile(path); err == nil && len(src) <= maxFuzzInput {
				f.Add(src)
			}
			return nil
		})
	}
}

// moduleRoot finds the directory holding go.mod above the working directory.
func moduleRoot() string {
	if dir, ok := refdata.ModuleRoot(); ok {
		return dir
	}
	return "."
}

// checkSpans fails when a diagnostic points outside the text.
func checkSpans(t *testing.T, src []byte, ds []source.Diagnostic) {
	t.Helper()
	for _, d := range ds {
		if d.Span.Start < 0 || d.Span.End < d.Span.Start || d.Span.End > len(src) {
			t.Fatalf("diagnostic %q has span %+v outside a text of %d bytes", d.Code, d.Span, len(src))
		}
		if d.Severity < source.SeverityError || d.Severity > source.SeverityHint || d.Message == "" {
			t.Fatalf("diagnostic %+v lacks a severity or message", d)
		}
		for _, r := range d.Related {
			if r.Path == "" && (r.Span.Start < 0 || r.Span.End < r.Span.Start || r.Span.End > len(src)) {
				t.Fatalf("related span %+v outside the text", r.Span)
			}
		}
	}
}

// maxFuzzHeap bounds the heap while an input's results are alive: an
// input of at most 64 KiB that needs more has found an amplification (an
// alias expanded, a quadratic structure).
const maxFuzzHeap = 512 << 20

// checkHeap fails when the heap in use exceeds maxFuzzHeap.
func checkHeap(t *testing.T, size int) {
	t.Helper()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	if m.HeapInuse > maxFuzzHeap {
		t.Fatalf("%d bytes of input left %d MiB of heap in use", size, m.HeapInuse>>20)
	}
}

// FuzzModel parses arbitrary text into the HOT model, runs every rule and
// the suppression filter: no panic (the rules' own recovery turns a panic
// into an internal-error diagnostic, which fails here too), spans in
// bounds, and a bounded time.
func FuzzModel(f *testing.F) {
	sc := loadSchema(f)
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > maxFuzzInput {
			return
		}
		start := time.Now()
		doc := hot.Parse(src)
		if doc == nil || doc.Mapper == nil || doc.Syntax == nil {
			t.Fatal("Parse returned an incomplete document")
		}
		ds := check.Run(context.Background(), doc, check.Options{Schema: sc})
		checkSpans(t, src, ds)
		for _, d := range ds {
			if d.Code == "internal-error" {
				t.Fatalf("a rule panicked: %s", d.Message)
			}
		}
		kept := config.Apply(ds, src, &config.Config{Disable: map[string]bool{"yaml-syntax": true}})
		if len(kept) > len(ds) {
			t.Fatal("Apply added diagnostics")
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("%d bytes took %v", len(src), d)
		}
		checkHeap(t, len(src))
		runtime.KeepAlive(doc)
	})
}

// FuzzAnalysis runs the editor features at offsets chosen by the fuzzer on
// arbitrary text: nothing may panic, and every span returned must lie in
// the text.
func FuzzAnalysis(f *testing.F) {
	sc := loadSchema(f)
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > maxFuzzInput {
			return
		}
		doc := hot.Parse(src)
		last := doc
		if doc.Syntax.Broken {
			last = nil
		}
		inText := func(what string, sp source.Span) {
			if sp.Start < 0 || sp.End < sp.Start || sp.End > len(src) {
				t.Fatalf("%s span %+v outside a text of %d bytes", what, sp, len(src))
			}
		}
		// A few offsets derived from the text itself: the start, the end,
		// past the end, and spread in between.
		n := len(src)
		for _, off := range []int{0, n, n + 5, -3, n / 2, n / 3, 2 * n / 3, strings.IndexByte(string(src), ':') + 1} {
			if h, ok := hover.Hover(doc, sc, off, true); ok {
				inText("hover", h.Span)
			}
			if sp, ok := feature.Definition(doc, off); ok {
				inText("definition", sp)
			}
			feature.Locate(doc, off)
			completion.Complete(completion.Request{Doc: doc, LastGood: last, Offset: off, Schema: sc, Snippets: off%2 == 0})
		}
		checkHeap(t, len(src))
	})
}
