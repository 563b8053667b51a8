package store

import (
	"context"
	"slices"
	"strings"
	"testing"

	"heat-ls/analysis/check"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

const fluxTemplate = `heat_template_version: 2018-08-31
description: >
  A server.
parameters:
  image:
    type: string
resources:
  server:
    type: OS::Nova::Server
    properties:
      image: {get_param: image}
      flavor: m1.small
`

// typeLine retypes line n of the document from empty, one character at a
// time, and returns the versions it made.
func typeLine(t *testing.T, s *Store, uri string, version *int32, n int, content string) []*Document {
	t.Helper()
	var out []*Document
	cur := s.Get(uri)
	old := strings.Split(string(cur.Text), "\n")[n]
	indent := len(old) - len(strings.TrimLeft(old, " "))
	change := func(start, end int, text string) {
		*version++
		doc, err := s.Change(uri, *version, source.UTF8, []Change{{Range: rng(n, start, n, end), Text: text}})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, doc)
	}
	change(indent, len(old), "")
	for i := indent; i < len(content); i++ {
		change(i, i, content[i:i+1])
	}
	return out
}

func TestSettledWhileTyping(t *testing.T) {
	s := New()
	const uri = "file:///t.yaml"
	first := s.Open(uri, 1, []byte(fluxTemplate))
	if first.Settled != nil {
		t.Fatal("a new document is settled")
	}
	version := int32(1)
	// parameters: emptied, then typed again: every state until the colon
	// reads the first version's structure.
	states := typeLine(t, s, uri, &version, 3, "parameters:")
	for i, doc := range states {
		last := i == len(states)-1
		if last != (doc.Settled == nil) || !last && doc.Settled != first {
			t.Fatalf("state %d %q: settled %v", i, strings.Split(string(doc.Text), "\n")[3], doc.Settled)
		}
	}
	if string(states[len(states)-1].Text) != fluxTemplate {
		t.Fatal("typing did not restore the text")
	}
	// A key renamed is meant: settled at once.
	version++
	doc, err := s.Change(uri, version, source.UTF8, []Change{{Range: rng(4, 2, 4, 7), Text: "img"}})
	if err != nil || doc.Settled != nil {
		t.Fatalf("renamed key: settled %v, err %v", doc.Settled, err)
	}
	// A line left half-typed, then another line edited: the new text is
	// meant as it is.
	half := typeLine(t, s, uri, &version, 4, "  imag")
	base := half[0].Settled
	if base == nil || half[len(half)-1].Settled != base {
		t.Fatal("half-typed key not in flux")
	}
	version++
	doc, err = s.Change(uri, version, source.UTF8, []Change{{Range: rng(11, 14, 11, 14), Text: "x"}})
	if err != nil || doc.Settled != nil {
		t.Fatalf("edit on another line: settled %v, err %v", doc.Settled, err)
	}
}

// TestFluxDiagnostics empties "parameters:", which makes the parameter
// part of the description's text and its get_param undefined: the
// in-flux merge reports the settled findings instead, and the edited
// line's own problems still come from the current text.
func TestFluxDiagnostics(t *testing.T) {
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	s := New()
	const uri = "file:///t.yaml"
	src := strings.Replace(fluxTemplate, "flavor: m1.small", "flavor: m1.small\n      flavour: x", 1)
	s.Open(uri, 1, []byte(src))
	version := int32(1)
	run := func(doc *Document) []source.Diagnostic {
		return check.Run(context.Background(), doc.Doc, check.Options{Schema: sc})
	}
	codes := func(ds []source.Diagnostic) []string {
		var out []string
		for _, d := range ds {
			out = append(out, d.Code)
		}
		return out
	}
	states := typeLine(t, s, uri, &version, 3, "parameters:")
	emptied := states[0]
	if emptied.Settled == nil {
		t.Fatal("emptied line not in flux")
	}
	own, settled := run(emptied), run(emptied.Settled)
	if !slices.Contains(codes(own), "undefined-parameter") {
		t.Fatalf("the transient state should break the get_param (else this test shows nothing): %v", codes(own))
	}
	got := emptied.FluxDiagnostics(own, settled)
	if slices.Contains(codes(got), "undefined-parameter") {
		t.Fatalf("transient finding reported: %v", got)
	}
	if len(got) != len(settled) {
		t.Fatalf("got %v, want the settled findings %v", got, settled)
	}
	shift := len(emptied.Text) - len(emptied.Settled.Text)
	for i := range got {
		if got[i].Code != settled[i].Code || got[i].Span.Start != settled[i].Span.Start+shift {
			t.Fatalf("finding %d not moved to the current text: %v vs %v", i, got[i], settled[i])
		}
	}
	// A half-typed key at the top level breaks the YAML: the syntax error
	// is the current text's, and it is reported.
	half := states[3] // "par"
	own = run(half)
	got = half.FluxDiagnostics(own, settled)
	var syntaxErrors int
	for _, d := range half.Doc.Syntax.Problems {
		if d.Severity == source.SeverityError && slices.ContainsFunc(got, func(g source.Diagnostic) bool { return g.Span == d.Span && g.Code == d.Code }) {
			syntaxErrors++
		}
	}
	if !half.Doc.Syntax.Broken {
		t.Fatalf("%q at the top level should break the YAML", "par")
	}
	if syntaxErrors == 0 {
		t.Fatalf("%q: the YAML error is not reported: %v", "par", got)
	}
}
