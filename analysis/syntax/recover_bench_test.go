package syntax

import (
	"bytes"
	"testing"

	"heat-ls/analysis/syntax/synthtest"
)

// brokenVariants break the benchmark template in the middle the ways
// people do while typing; BenchmarkParseRecovering parses each, to be
// compared with BenchmarkParse of the unbroken text (the bound is
// twice its time).
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
			for b.Loop() {
				if f := ParseAfter(src, good); !f.Broken || len(f.Recovered) == 0 {
					b.Fatalf("not recovered: %+v", f.Problems)
				}
			}
		})
	}
}
