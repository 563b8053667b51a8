package syntax

import (
	"strconv"
	"strings"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// A standard tag written on a node it cannot build is refused as surely
// as an unknown tag: Heat's loader (PyYAML) constructs `!!int abc` with
// Python's int() and fails, and `!!str {a: b}` is no scalar. yaml.v3
// keeps such nodes without complaint. tagMismatch reports them; the
// values it accepts follow PyYAML's constructors.

// tagMismatch records a problem when n carries an explicit standard tag
// (written between start and propsEnd) that its value cannot be built as.
func (c *converter) tagMismatch(n *Node, start, propsEnd int) {
	if propsEnd <= start || !safeLoaderTag(n.Tag()) || !strings.Contains(string(c.src[start:propsEnd]), "!!") {
		return
	}
	want := ""
	switch n.Tag() {
	case "!!str", "!!int", "!!float", "!!bool", "!!binary", "!!timestamp":
		if n.Kind != ScalarNode {
			want = "a single value"
		}
	case "!!map", "!!omap", "!!pairs", "!!set":
		if n.Kind != MappingNode && !(n.Tag() != "!!map" && n.Kind == SequenceNode) {
			want = "a mapping"
		}
	case "!!seq":
		if n.Kind != SequenceNode {
			want = "a list"
		}
	}
	if want == "" && n.Kind == ScalarNode {
		switch n.Tag() {
		case "!!int":
			if !pyYAMLInt(n.Value) {
				want = "a whole number"
			}
		case "!!float":
			if !pyYAMLFloat(n.Value) {
				want = "a number"
			}
		case "!!bool":
			switch strings.ToLower(n.Value) {
			case "yes", "no", "true", "false", "on", "off":
			default:
				want = "true or false"
			}
		}
	}
	if want == "" {
		return
	}
	c.problems = append(c.problems, source.Diagnostic{
		Span: source.Span{Start: start, End: propsEnd}, Severity: rules.Severity(rules.YAMLUnknownTag), Code: rules.YAMLUnknownTag,
		Message: "the tag `" + n.Tag() + "` asks for " + want + ", which this value is not, so Heat's YAML loader refuses the whole file; remove the tag",
	})
}

// pyYAMLInt reports whether PyYAML's int constructor takes s: an optional
// sign, then 0, 0b binary, 0x hex, a leading 0 for octal, base-60 parts
// separated by colons, or decimal digits; underscores are dropped.
func pyYAMLInt(s string) bool {
	v := strings.ReplaceAll(s, "_", "")
	if v != "" && (v[0] == '+' || v[0] == '-') {
		v = v[1:]
	}
	parse := func(t string, base int) bool {
		if t == "" {
			return false
		}
		_, err := strconv.ParseUint(t, base, 64)
		if err != nil {
			if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
				return true // Python's ints have no limit
			}
			return false
		}
		return true
	}
	switch {
	case v == "0":
		return true
	case strings.HasPrefix(v, "0b"):
		return parse(v[2:], 2)
	case strings.HasPrefix(v, "0x"):
		return parse(v[2:], 16)
	case strings.HasPrefix(v, "0"):
		return parse(v[1:], 8)
	case strings.Contains(v, ":"):
		for _, part := range strings.Split(v, ":") {
			if !parse(part, 10) {
				return false
			}
		}
		return true
	}
	return parse(v, 10)
}

// pyYAMLFloat reports whether PyYAML's float constructor takes s: .inf
// and .nan, base-60 parts, or what Python's float() reads.
func pyYAMLFloat(s string) bool {
	v := strings.ToLower(strings.ReplaceAll(s, "_", ""))
	if v != "" && (v[0] == '+' || v[0] == '-') {
		v = v[1:]
	}
	switch v {
	case ".inf", ".nan", "inf", "nan", "infinity":
		return true
	case "":
		return false
	}
	if strings.Contains(v, ":") {
		for _, part := range strings.Split(v, ":") {
			if _, err := strconv.ParseFloat(part, 64); err != nil {
				return false
			}
		}
		return true
	}
	if strings.HasPrefix(v, "0x") {
		return false // Python's float() reads no hex
	}
	_, err := strconv.ParseFloat(v, 64)
	return err == nil || err.(*strconv.NumError).Err == strconv.ErrRange
}
