package syntax

import (
	"strings"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// Heat reads templates and environment files with a YAML safe loader. It
// builds only the standard YAML types; any other explicit tag ("!Ref",
// "!!python/object:x", "!custom") makes it refuse the whole file, while
// yaml.v3 happily keeps the tag. unknownTag reports those tags.

// safeLoaderTag reports whether a safe YAML loader constructs values of
// the short tag. "!" alone is the non-specific tag: a plain string.
func safeLoaderTag(tag string) bool {
	switch tag {
	case "", "!", "!!null", "!!bool", "!!int", "!!float", "!!binary", "!!timestamp",
		"!!omap", "!!pairs", "!!set", "!!str", "!!seq", "!!map", "!!merge":
		return true
	}
	return false
}

// unknownTag records a problem when n, whose tag and anchor text span
// start..propsEnd, carries a tag Heat's loader cannot construct.
func (c *converter) unknownTag(n *Node, start, propsEnd int) {
	if propsEnd <= start || safeLoaderTag(n.Tag()) { // no properties, the common case, first
		return
	}
	span := source.Span{Start: start, End: propsEnd}
	// Only the tag itself, not an anchor written with it.
	text := string(c.src[start:propsEnd])
	if i := strings.IndexByte(text, '!'); i >= 0 {
		end := strings.IndexAny(text[i:], " \t\r\n")
		if end < 0 {
			end = len(text) - i
		}
		span = source.Span{Start: start + i, End: start + i + end}
	}
	c.problems = append(c.problems, source.Diagnostic{
		Span: span, Severity: rules.Severity(rules.YAMLUnknownTag), Code: rules.YAMLUnknownTag,
		Message: "the tag `" + n.Tag() + "` is not a standard YAML type, so Heat's YAML loader refuses the whole file; " +
			"remove the tag (quote the value if it must stay text)",
	})
}
