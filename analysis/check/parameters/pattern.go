package parameters

import (
	"heat-ls/analysis/pyre"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// brokenPattern is the fault Python's re module, which Heat compiles an
// allowed_pattern with, finds in pattern (analysis/pyre), nil when it
// compiles it or heat-ls cannot tell (a \N{...} name it cannot look up,
// groups nested deeper than Python's stack may allow).
func brokenPattern(pattern string) *pyre.Error {
	if r := pyre.Check(pattern); r.Status == pyre.Refused {
		return r.Err
	}
	return nil
}

// patternFaultSpan points at the fault inside the scalar n when its text
// in src is the pattern byte for byte (plain, or quoted without escapes
// or folded lines); else at the whole scalar.
func patternFaultSpan(src []byte, n *syntax.Node, fault *pyre.Error) source.Span {
	whole := n.Span()
	inner := whole
	if (n.Style == syntax.SingleQuoted || n.Style == syntax.DoubleQuoted) && inner.Len() >= 2 {
		inner = source.Span{Start: inner.Start + 1, End: inner.End - 1}
	}
	if fault.End == 0 || inner.End > len(src) || string(src[inner.Start:inner.End]) != n.Value {
		return whole
	}
	return source.Span{Start: inner.Start + fault.Start, End: inner.Start + fault.End}
}
