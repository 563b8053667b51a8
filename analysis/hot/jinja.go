package hot

import (
	"bytes"
	"path"

	"heat-ls/analysis/source"
	"strings"
)

// Jinja2 sources. Projects such as TripleO keep templates as Jinja2 files
// (roles.j2.yaml, net.yaml.j2) that become HOT only once rendered: their
// "{% for %}" lines and "{{ name }}" values are not YAML, so reading them
// as templates gives a syntax error on each. Such a file is recognised and
// read with its Jinja2 constructs blanked out (same length, so every byte
// offset still points into the original text): the sections, resource
// names and references that survive serve the editor's features, while the
// checks stay quiet (check reports one note instead), because only the
// rendered template is what Heat judges.

// IsJinjaName reports whether a file name marks a Jinja2 source:
// "x.j2.yaml", "x.yaml.j2", "x.j2" (any case).
func IsJinjaName(name string) bool {
	n := strings.ToLower(path.Base(strings.ReplaceAll(name, "\\", "/")))
	return strings.HasSuffix(n, ".j2") || strings.Contains(n, ".j2.") || strings.HasSuffix(n, ".jinja") || strings.HasSuffix(n, ".jinja2")
}

// jinjaDelims pairs each Jinja2 opening delimiter with its closing one.
var jinjaDelims = [...][2]string{{"{%", "%}"}, {"{{", "}}"}, {"{#", "#}"}}

// jinjaSpans returns the [start, end) offsets of the Jinja2 constructs in
// src, in order. An opening delimiter without its closing one is not a
// construct.
func jinjaSpans(src []byte) [][2]int {
	var out [][2]int
	for i := 0; i+1 < len(src); i++ {
		if src[i] != '{' {
			continue
		}
		for _, d := range jinjaDelims {
			if src[i+1] != d[0][1] {
				continue
			}
			end := bytes.Index(src[i+2:], []byte(d[1]))
			if end < 0 {
				break
			}
			out = append(out, [2]int{i, i + 2 + end + 2})
			i += 2 + end + 1
			break
		}
	}
	return out
}

// hasJinja reports whether src holds a Jinja2 statement, expression or
// comment.
func hasJinja(src []byte) bool { return len(jinjaSpans(src)) > 0 }

// blankJinja returns a copy of src with each construct replaced byte for
// byte: an expression ("{{ name }}") by underscores, so a key or value it
// stood for stays a key or value; a statement or comment by spaces, so a
// "{% for %}" line becomes blank. Line breaks inside a construct are kept,
// so lines and offsets match the original.
func blankJinja(src []byte) []byte {
	out := append([]byte(nil), src...)
	for _, sp := range jinjaSpans(src) {
		fill := byte(' ')
		if src[sp[0]+1] == '{' {
			fill = '_'
		}
		for i := sp[0]; i < sp[1]; i++ {
			if out[i] != '\n' && out[i] != '\r' {
				out[i] = fill
			}
		}
	}
	return out
}

// FirstJinja is the span of the first Jinja2 construct of a Jinja2
// source (an empty span at the start for any other document).
func (d *Document) FirstJinja() source.Span {
	if d.Jinja {
		if sp := jinjaSpans(d.Src); len(sp) > 0 {
			return source.Span{Start: sp[0][0], End: sp[0][1]}
		}
	}
	return source.Span{}
}
