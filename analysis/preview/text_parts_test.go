package preview

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/preview/previewtest"
)

// TestWriteTextInParts writes the preview of every case, and of a large
// generated template, in one go and in parts (with as few entries as one
// per part, on two to four goroutines, the resources' values built
// beforehand or by the parts): the texts are the same byte for byte, in
// YAML and in JSON.
func TestWriteTextInParts(t *testing.T) {
	sc := loadSchema(t)
	results := map[string]*Result{
		"big": Preview("/big.yaml", hot.Parse([]byte(previewtest.BigTemplate(3000))), Options{Schema: sc, StackName: "s"}),
	}
	dirs, err := os.ReadDir("../../testdata/preview/cases")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		dir := filepath.Join("../../testdata/preview/cases", d.Name())
		envs, _ := filepath.Glob(filepath.Join(dir, "env*.yaml"))
		slices.Sort(envs)
		results[d.Name()] = runPreview(t, sc, filepath.Join(dir, "template.yaml"), envs, nil)
	}
	parted := 0
	for name, res := range results {
		top := res.Stack.Value()
		for _, json := range []bool{false, true} {
			var whole strings.Builder
			writeText(&whole, top, json, 1, writePartMin, lazyEntry{})
			if name == "big" && whole.Len() < 100_000 {
				t.Fatalf("big: only %d bytes written", whole.Len())
			}
			for procs := 2; procs <= 4; procs++ {
				for _, least := range []int{1, writePartMin} {
					var got strings.Builder
					writeText(&got, top, json, procs, least, lazyEntry{})
					if got.String() != whole.String() {
						t.Fatalf("%s (json %v, %d goroutines, parts from %d entries): the text differs\n%s\n-- want --\n%s", name, json, procs, least, got.String(), whole.String())
					}
					// The resources' values built by the parts that
					// write them, as Text does.
					shell, at, fill := res.Stack.shell(0)
					var lazy strings.Builder
					writeText(&lazy, shell, json, procs, least, lazyEntry{at, fill})
					if lazy.String() != whole.String() {
						t.Fatalf("%s (json %v, %d goroutines, parts from %d entries, resources built in parts): the text differs\n%s\n-- want --\n%s", name, json, procs, least, lazy.String(), whole.String())
					}
				}
			}
			if big := largestEntry(top); big >= 0 && entries(top.Vals[big]) >= 2 {
				parted++
			}
		}
	}
	if parted < len(results) {
		t.Errorf("only %d of %d texts had a collection to write in parts", parted, 2*len(results))
	}
}

// writeText writes into b the text textPieces writes in pieces.
func writeText(b *strings.Builder, top eval.Value, json bool, procs, least int, lazy lazyEntry) {
	for _, piece := range textPieces(top, json, procs, least, lazy, 0) {
		b.WriteString(piece)
	}
}
