package preview

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/preview/previewtest"
)

// BenchmarkPreviewLarge previews a 12,000-line template (parse, evaluate,
// render), the command's work without the process start.
func BenchmarkPreviewLarge(b *testing.B) {
	src := []byte(previewtest.BigTemplate(12000))
	b.SetBytes(int64(len(src)))
	sc := loadSchemaB(b)
	b.ResetTimer()
	for b.Loop() {
		doc := hot.Parse(src)
		res := Preview("/big.yaml", doc, Options{Schema: sc, StackName: "s"})
		var out strings.Builder
		WriteYAML(&out, res.Stack.Value())
		if len(res.Stack.Resources) == 0 {
			b.Fatal("no resources")
		}
	}
}

// BenchmarkPreviewNestedTree previews the 300-template tree with its 20
// environment files, reading every file as the command does.
func BenchmarkPreviewNestedTree(b *testing.B) {
	root, envs := previewtest.NestedTree(b, b.TempDir())
	sc := loadSchemaB(b)
	b.ResetTimer()
	for b.Loop() {
		_, doc, err := readTemplate(root)
		if err != nil {
			b.Fatal(err)
		}
		files, err := readEnvs(envs)
		if err != nil {
			b.Fatal(err)
		}
		res := Preview(root, doc, Options{Schema: sc, Envs: files, Depth: MaxDepth, Load: loadTemplate, ReadFile: readText, Exists: exists})
		var out strings.Builder
		WriteYAML(&out, res.Stack.Value())
		if len(res.Problems) > 0 {
			b.Fatal(res.Problems[0].Message)
		}
	}
}

// TestNestedTreeExpands checks the benchmark's tree is what it claims:
// 300 templates expanded, each leaf seeing its environment's default.
func TestNestedTreeExpands(t *testing.T) {
	root, envs := previewtest.NestedTree(t, t.TempDir())
	res := runPreview(t, loadSchema(t), root, envs, nil)
	if len(res.Problems) > 0 {
		t.Fatal(res.Problems[0].Message)
	}
	flat := map[string]*Resource{}
	flatResources(res.Stack, "", flat)
	if len(res.Docs) != 1+300+20 {
		t.Errorf("%d files read, want 321", len(res.Docs))
	}
	r := flat["m3/l4/r"]
	if r == nil {
		t.Fatalf("no m3/l4/r among %d resources", len(flat))
	}
	salt, _ := r.Properties.Get("salt")
	if want := "m3-4-from-env-" + fmt.Sprint((3*19+4)%20) + "-3-4"; salt.S != want {
		t.Errorf("salt %q, want %q", salt.S, want)
	}
}

func TestLargeTemplatePreviews(t *testing.T) {
	src := previewtest.BigTemplate(12000)
	res := Preview("/big.yaml", hot.Parse([]byte(src)), Options{Schema: loadSchema(t), StackName: "s"})
	if len(res.Problems) > 0 {
		t.Fatal(res.Problems[0].Message)
	}
	if n := strings.Count(src, "\n"); n < 12000 {
		t.Fatalf("%d lines", n)
	}
	if len(res.Stack.Resources) < 300 {
		t.Errorf("%d resources", len(res.Stack.Resources))
	}
}

func loadSchemaB(b *testing.B) *schemaT {
	b.Helper()
	sc, err := loadSchemaErr()
	if err != nil {
		b.Fatal(err)
	}
	return sc
}

// BenchmarkPreviewLargeParts splits BenchmarkPreviewLarge into the parse
// (shared with every feature), the preview and the rendering.
func BenchmarkPreviewLargeParts(b *testing.B) {
	src := []byte(previewtest.BigTemplate(12000))
	sc := loadSchemaB(b)
	doc := hot.Parse(src)
	res := Preview("/big.yaml", doc, Options{Schema: sc, StackName: "s"})
	b.Run("parse", func(b *testing.B) {
		for b.Loop() {
			hot.Parse(src)
		}
	})
	b.Run("preview", func(b *testing.B) {
		for b.Loop() {
			Preview("/big.yaml", doc, Options{Schema: sc, StackName: "s"})
		}
	})
	b.Run("yaml", func(b *testing.B) {
		for b.Loop() {
			var out strings.Builder
			WriteYAML(&out, res.Stack.Value())
		}
	})
}

// BenchmarkPreviewAhead previews the 12,000-line template (parsed once)
// with its resources evaluated on the caller's goroutine alone and with
// one worker ahead (speculate.go). builder-cpu-ms/op is the processor
// time of the caller's thread, the part of the work that stays in
// order: on an otherwise idle machine the wall time comes down to it,
// on a busy one the worker waits for a core like everything else.
//
//	go test ./analysis/preview -run X -bench PreviewAhead -benchtime 40x
func BenchmarkPreviewAhead(b *testing.B) {
	doc := hot.Parse([]byte(previewtest.BigTemplate(12000)))
	sc := loadSchemaB(b)
	for _, workers := range []int{0, 1} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var own time.Duration
			for b.Loop() {
				start, ok := threadCPU()
				Preview("/big.yaml", doc, Options{Schema: sc, StackName: "s", Workers: workers})
				if end, _ := threadCPU(); ok {
					own += end - start
				}
			}
			b.ReportMetric(float64(own)/float64(b.N)/float64(time.Millisecond), "builder-cpu-ms/op")
		})
	}
}
