package syntax

import (
	"bytes"
	"testing"
	"time"

	"heat-ls/analysis/syntax/synthtest"
)

// brokenVariants break the benchmark template in the middle the ways
// people do while typing; BenchmarkParseRecovering parses each and
// reports its time as a multiple of Parse of the unbroken text (x-parse;
// the bound is 2).
var brokenVariants = []struct{ name, from, to string }{
	{"unclosed_brace", "      network: {get_param: network}\n      fixed_ips:", "      network: {get_param: \n      fixed_ips:"},
	{"half_typed_key", "  subnet_", "  subn\n    x: 1\n  subnet_"},
	{"unterminated_quote", `security_groups: [default, "web-`, `security_groups: "web-`},
}

func BenchmarkParseRecovering(b *testing.B) {
	good := synthtest.GenerateTemplate(benchLines)
	for _, v := range brokenVariants {
		// Break one place halfway down the text.
		mid := len(good) / 2
		i := bytes.Index(good[mid:], []byte(v.from))
		if i < 0 {
			b.Fatalf("%s: %q not found", v.name, v.from)
		}
		src := append(append(append([]byte{}, good[:mid+i]...), v.to...), good[mid+i+len(v.from):]...)
		b.Run(v.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			// The plain parse of the unbroken text runs interleaved, so
			// x-parse compares the two under the same load.
			var plain, recovering time.Duration
			for b.Loop() {
				t0 := time.Now()
				Parse(good)
				t1 := time.Now()
				if f := ParseAfter(src, good); !f.Broken || len(f.Recovered) == 0 {
					b.Fatalf("not recovered: %+v", f.Problems)
				}
				plain += t1.Sub(t0)
				recovering += time.Since(t1)
			}
			b.ReportMetric(float64(recovering)/float64(plain), "x-parse")
		})
	}
}
