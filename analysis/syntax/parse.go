package syntax

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// Parse parses src. It never fails and never panics: problems are reported
// in File.Problems. When the YAML is broken, the tree is recovered from the
// rest of the text (recover.go).
func Parse(src []byte) *File { return parseAfter(src, nil, nil) }

// ParseForReading is Parse for a tree read once and then dropped, as a
// command reads a template: a text parsed in parts leaves each scalar's
// text where yaml.v3 made it instead of packing the texts into one string
// (packValues), a copy that frees memory only for a tree kept open. The
// tree is the same, value for value.
func ParseForReading(src []byte) *File { return parseWith(src, nil, nil, false) }

// failure is the YAML syntax error that stopped a parse: yaml.v3's own
// words and the span it was located at.
type failure struct {
	reason string
	span   source.Span
}

// parseOnce is one plain parse of src; fail is the syntax error that broke
// it, nil when the text parsed or broke for another reason (a parser
// panic, an unknown alias, UTF-16). Its nodes come from a when that is
// free (nil: allocated).
func parseOnce(src []byte, a *Arena) (f *File, fail *failure) { return parseText(src, nil, "", a) }

// parseFirst is the first parse of a text: in parts on the machine's
// cores when that can be done (parts.go), else parseReading. Parts are
// tried only for a text read afresh: with lastGood the text is being
// edited, and a large text being edited is parsed in full mostly while it
// is broken, where the parts would be parsed for nothing before the whole
// text meets the error (the recovery's parses are whole for the same
// reason); with an arena the caller (heat-ls check) already keeps every
// core busy with other files. pack is parseWith's.
func parseFirst(src, lastGood []byte, a *Arena, pack bool) (*File, *failure) {
	if a == nil && lastGood == nil {
		if cuts := planParts(src); cuts != nil {
			if f, ok := parseInParts(src, cuts, pack); ok {
				return f, nil
			}
		}
	}
	return parseReading(src, a)
}

// parseText parses src as yaml.v3 reads text instead: text stands for
// src after a leading BOM, character for character, on the same lines and
// columns (bom.go writes such texts), and stand is a character text holds
// where src holds a U+FEFF read as text, given back in the values ("" for
// none). Nil text is src itself. Its nodes come from a when that is free.
func parseText(src, text []byte, stand string, a *Arena) (f *File, fail *failure) {
	f = &File{Src: src}
	if d, refused := refuseText(src); refused {
		f.Broken = true
		f.Problems = append(f.Problems, d)
		return f, nil
	}
	base := 0
	if bytes.HasPrefix(src, []byte(utf8BOM)) {
		base = len(utf8BOM)
	}
	c := newConverter(src, base)
	c.stand = stand
	body := text
	if body == nil {
		body = src[base:]
	}
	c.presize(body, a)
	fail = c.readDocuments(f, documentReader(body))
	if c.tooDeep {
		f.Problems = append(f.Problems, source.Diagnostic{
			Span: source.Span{Start: 0, End: 0}, Severity: rules.Severity(rules.YAMLTooLarge), Code: rules.YAMLTooLarge,
			Message: fmt.Sprintf("the text nests more than %d levels deep; deeper levels were ignored", maxDepth),
		})
	}
	if c.arena == nil {
		// A tree in an arena lives only until the arena's next Reset:
		// packing its texts for a long life would be a copy for nothing.
		c.packValues()
	}
	c.giveBack()
	f.Problems = append(f.Problems, c.problems...)
	if fail == nil && !f.Broken && stand == "" && text == nil {
		f.Problems = append(f.Problems, tabBeforeComment(src, base, f.Docs)...)
	}
	if stand != "" {
		for i := range f.Problems {
			f.Problems[i].Message = strings.ReplaceAll(f.Problems[i].Message, stand, utf8BOM)
		}
	}
	if c.aliases {
		// Only aliases can make a document stand for more nodes than it
		// holds; without one the walk over every node is skipped.
		f.Problems = append(f.Problems, limitAliases(f.Docs)...)
	}
	// Mappings are checked when complete, inner ones first; report in
	// source order.
	sort.SliceStable(f.Problems, func(i, j int) bool { return f.Problems[i].Span.Start < f.Problems[j].Span.Start })
	return f, fail
}

// refuseText gives the problem of a text not read at all: too large, or
// encoded as UTF-16.
func refuseText(src []byte) (source.Diagnostic, bool) {
	if d, over := textTooLarge(len(src)); over {
		return d, true
	}
	if bytes.HasPrefix(src, []byte{0xFE, 0xFF}) || bytes.HasPrefix(src, []byte{0xFF, 0xFE}) {
		return source.Diagnostic{
			Span: source.Span{Start: 0, End: 2}, Severity: rules.Severity(rules.YAMLSyntax), Code: rules.YAMLSyntax,
			Message: "the file is encoded as UTF-16; templates must be UTF-8",
		}, true
	}
	return source.Diagnostic{}, false
}

// documentReader returns a function decoding the next document of body,
// io.EOF after the last.
func documentReader(body []byte) func(*yaml.Node) error {
	if !singleDocument(body) {
		dec := yaml.NewDecoder(bytes.NewReader(body))
		return func(doc *yaml.Node) error { return dec.Decode(doc) }
	}
	// yaml.Unmarshal reads only the first document, and is faster than
	// the Decoder, which copies its input through a reader buffer.
	done := false
	return func(doc *yaml.Node) error {
		if done {
			return io.EOF
		}
		done = true
		return yaml.Unmarshal(body, doc)
	}
}

// readDocuments converts each document next decodes into f, up to the
// first error, which makes f broken; a syntax error is returned as the
// failure recovery starts from.
func (c *converter) readDocuments(f *File, next func(*yaml.Node) error) (fail *failure) {
	for {
		var doc yaml.Node
		err := guard(func() error { return next(&doc) })
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			f.Broken = true
			d := c.decodeProblem(err)
			f.Problems = append(f.Problems, d)
			if d.Code == rules.YAMLSyntax {
				_, reason := splitYAMLError(err.Error())
				fail = &failure{reason: reason, span: d.Span}
			}
			return fail
		}
		if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
			continue
		}
		if len(f.Docs) == 1 {
			start := c.offset(doc.Line, doc.Column)
			f.Problems = append(f.Problems, source.Diagnostic{
				Span: markerSpan(c.src, start), Severity: rules.Severity(rules.MultipleDocuments), Code: rules.MultipleDocuments,
				Message: "a second YAML document starts here; a Heat template or environment must be a single document",
			})
		}
		c.reserve(doc.Content[0])
		f.Docs = append(f.Docs, c.convert(doc.Content[0], 0))
	}
}

// textTooLarge refuses a text of MaxTextSize bytes or more: node spans
// hold 32-bit offsets. Heat's own limit on templates is far lower, so such
// a text is an error whichever way it is read.
func textTooLarge(size int) (source.Diagnostic, bool) {
	if size < MaxTextSize {
		return source.Diagnostic{}, false
	}
	return source.Diagnostic{
		Span: source.Span{Start: 0, End: 0}, Severity: rules.Severity(rules.YAMLTooLarge), Code: rules.YAMLTooLarge,
		Message: fmt.Sprintf("the text is %d MiB; heat-ls reads texts below 4 GiB only, and Heat refuses templates far smaller", size>>20),
	}, true
}

// utf8BOM is the UTF-8 byte order mark; a constant so nothing can change it.
const utf8BOM = "\xEF\xBB\xBF"

// markerSpan covers a "---" document marker at start, or the single
// character there.
func markerSpan(src []byte, start int) source.Span {
	if bytes.HasPrefix(src[start:], []byte("---")) {
		return source.Span{Start: start, End: start + 3}
	}
	return source.Span{Start: start, End: min(len(src), start+1)}
}

// panicError is a panic recovered from inside yaml.v3.
type panicError struct{ value any }

func (e *panicError) Error() string { return fmt.Sprint("yaml parser panic: ", e.value) }

// guard runs fn and turns a panic into a *panicError, so a bug in the YAML
// library costs one diagnostic instead of the server.
func guard(fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &panicError{value: r}
		}
	}()
	return fn()
}

// singleDocument reports, conservatively, that text holds at most one YAML
// document: no line starts with a "---" or "..." marker except a "---"
// preceded only by blank lines, comments and directives, and the first
// line of content is not indented (an indented root ends at the first
// line less indented, and what follows is no document: only the Decoder
// reports it, where yaml.Unmarshal stops silently).
func singleDocument(text []byte) bool {
	if indentedRoot(text) {
		return false
	}
	if bytes.Contains(text, []byte("\r---")) || bytes.Contains(text, []byte("\r...")) ||
		bytes.Contains(text, []byte{0xC2, 0x85}) || bytes.Contains(text, []byte{0xE2, 0x80, 0xA8}) ||
		bytes.Contains(text, []byte{0xE2, 0x80, 0xA9}) {
		return false // markers after breaks other than LF: let the Decoder decide
	}
	for i := 0; ; {
		if isDocumentMarker(text[i:]) && (text[i] == '.' || hasContentBefore(text[:i])) {
			return false
		}
		a := bytes.Index(text[i:], []byte("\n---"))
		b := bytes.Index(text[i:], []byte("\n..."))
		if a < 0 || (b >= 0 && b < a) {
			a = b
		}
		if a < 0 {
			return true
		}
		i += a + 1
	}
}

// indentedRoot reports whether the first line of text holding more than
// white space and a comment starts with a space.
func indentedRoot(text []byte) bool {
	for i := 0; i < len(text); {
		end := bytes.IndexByte(text[i:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += i
		}
		line := bytes.TrimLeft(text[i:end], " \t\r")
		if len(line) > 0 && line[0] != '#' {
			return text[i] == ' '
		}
		i = end + 1
	}
	return false
}

// isDocumentMarker reports whether text starts with "---" or "..." followed
// by white space or the end.
func isDocumentMarker(text []byte) bool {
	if len(text) < 3 || !(bytes.HasPrefix(text, []byte("---")) || bytes.HasPrefix(text, []byte("..."))) {
		return false
	}
	return len(text) == 3 || isSpace(text[3])
}

// hasContentBefore reports whether text has anything but blank lines,
// comments and "%" directives.
func hasContentBefore(text []byte) bool {
	for _, line := range bytes.Split(text, []byte("\n")) {
		line = bytes.TrimLeft(line, " \t\r")
		if len(line) > 0 && line[0] != '#' && line[0] != '%' {
			return true
		}
	}
	return false
}
