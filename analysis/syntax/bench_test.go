package syntax

import (
	"testing"

	"gopkg.in/yaml.v3"

	"heat-ls/analysis/syntax/synthtest"
)

// benchLines is the size of the template the diagnostics target is stated
// for.
const benchLines = 12000

// BenchmarkParse measures Parse on a large template; compare it with
// BenchmarkYAMLv3Parse, the bare yaml.v3 parse of the same text.
func BenchmarkParse(b *testing.B) {
	src := synthtest.GenerateTemplate(benchLines)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if f := Parse(src); f.Broken || len(f.Problems) > 0 {
			b.Fatalf("problems: %+v", f.Problems)
		}
	}
}

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

// BenchmarkParseBroken measures the cost of locating a parser error, which
// re-parses prefixes of the text.
func BenchmarkParseBroken(b *testing.B) {
	src := synthtest.GenerateTemplate(benchLines)
	src = append(src, "\nouter:\n  a: 1\n b: 2\n"...)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if f := Parse(src); !f.Broken {
			b.Fatal("not broken")
		}
	}
}

// BenchmarkParseInParts parses the large template whole and in the
// parts planParts picks (partsPerCore for each of GOMAXPROCS), each part
// on its own goroutine: the wall time per parse of each, which on a
// machine with free cores is what a user waits for.
//
//	go test -run '^$' -bench ParseInParts -benchtime 40x -count 5 ./analysis/syntax
func BenchmarkParseInParts(b *testing.B) {
	src := synthtest.GenerateTemplate(benchLines)
	cuts := planParts(src)
	if cuts == nil {
		b.Skip("one core: the text is parsed whole")
	}
	b.Run("whole", func(b *testing.B) {
		for b.Loop() {
			parseText(src, nil, "", nil)
		}
	})
	b.Run("parts", func(b *testing.B) {
		for b.Loop() {
			if _, ok := parseInParts(src, cuts, true); !ok {
				b.Fatal("the parts were refused")
			}
		}
	})
}
