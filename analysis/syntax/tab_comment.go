package syntax

import (
	"bytes"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// tabBeforeComment reports a line of block context whose indentation holds
// a tab before a comment, or a line of only white space with a tab after
// a comment line. libyaml, which Heat and the openstack client
// load templates with, skips a tab only inside a flow collection or after
// a token that ends a simple key; at the start of a line in block context
// the tab starts no token and it refuses the text. yaml.v3 takes such a
// line when it follows a comment (and a tab before a comment anywhere),
// so only this check sees those. Tabs inside
// flow collections and scalars (a block scalar's text, a quoted text over
// several lines) are left to the parser.
func tabBeforeComment(src []byte, base int, docs []*Node) []source.Diagnostic {
	if bytes.IndexByte(src[base:], '\t') < 0 {
		return nil
	}
	var skip []source.Span
	for _, d := range docs {
		skip = tabbedSpans(d, skip, 0)
	}
	var out []source.Diagnostic
	afterComment := false // the last line with more than spaces was a comment
	for at := base; at < len(src); {
		end := bytes.IndexByte(src[at:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += at
		}
		tab, i := -1, at
		for ; i < end && (src[i] == ' ' || src[i] == '\t'); i++ {
			if src[i] == '\t' && tab < 0 {
				tab = i
			}
		}
		blank := i == end || i == end-1 && src[i] == '\r'
		if tab >= 0 && afterComment && (i < end && src[i] == '#' || blank) && !inSpans(skip, tab) {
			out = append(out, source.Diagnostic{
				Span: source.Span{Start: tab, End: tab + 1}, Severity: rules.Severity(rules.YAMLSyntax), Code: rules.YAMLSyntax,
				Message: "a tab at the start of a line: Heat's YAML reader takes no tab there and refuses the template (other readers skip it before a comment or on an empty line). Use spaces.",
			})
			break // libyaml stops at the first
		}
		if !blank || tab >= 0 {
			afterComment = i < end && src[i] == '#' && !inSpans(skip, i)
		}
		at = end + 1
	}
	return out
}

// tabbedSpans adds the spans where a tab at a line's start is no
// indentation: flow collections, and scalars over several lines.
func tabbedSpans(n *Node, spans []source.Span, depth int) []source.Span {
	if n == nil || depth > maxDepth {
		return spans
	}
	if n.Style == Flow || n.Kind == ScalarNode {
		return append(spans, n.Span())
	}
	for _, c := range n.Children() {
		spans = tabbedSpans(c, spans, depth+1)
	}
	return spans
}

// inSpans reports whether offset lies inside one of spans.
func inSpans(spans []source.Span, offset int) bool {
	for _, s := range spans {
		if s.Start <= offset && offset < s.End {
			return true
		}
	}
	return false
}
