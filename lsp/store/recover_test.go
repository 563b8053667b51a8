package store

import (
	"testing"

	"heat-ls/analysis/source"
)

// TestTolerantDocuments: a document opened broken has a tree of its own
// text, and a key whose colon is deleted keeps its name from the last
// version that parsed while the text stays broken.
func TestTolerantDocuments(t *testing.T) {
	const good = "heat_template_version: 2018-08-31\nresources:\n  server:\n    type: OS::Nova::Server\n  port:\n    type: OS::Neutron::Port\n"
	s := New()
	opened := s.Open("file:///a.yaml", 1, []byte("heat_template_version: 2018-08-31\nresources:\n  port:\n    type: {get_\n"))
	if !opened.Doc.Syntax.Broken || opened.LastGood != nil || opened.Doc.Template == nil || opened.Doc.Template.Resource("port") == nil {
		t.Fatalf("opened broken: no tree %+v", opened.Doc.Syntax.Problems)
	}
	s.Change("file:///a.yaml", 2, source.UTF16, []Change{{Text: good}})
	// Delete the colon after "server", then type "x" after it.
	doc, err := s.Change("file:///a.yaml", 3, source.UTF16, []Change{{Range: rng(2, 8, 2, 9), Text: ""}})
	if err != nil {
		t.Fatal(err)
	}
	doc, err = s.Change("file:///a.yaml", 4, source.UTF16, []Change{{Range: rng(2, 8, 2, 8), Text: "x"}})
	if err != nil {
		t.Fatal(err)
	}
	tpl := doc.Doc.Template
	if !doc.Doc.Syntax.Broken || tpl == nil || tpl.Resource("server") == nil || tpl.Resource("port") == nil {
		t.Fatalf("half-typed key: %+v", doc.Doc.Syntax.Problems)
	}
	if r := tpl.Resource("server"); r.Type != "OS::Nova::Server" || string(doc.Text[r.Key.Span().Start:r.Key.Span().End]) != "serverx" {
		t.Errorf("server: type %q, key text %q", r.Type, doc.Text[r.Key.Span().Start:r.Key.Span().End])
	}
	if doc.LastGood == nil || string(doc.LastGood.Src) != good {
		t.Error("last good version lost")
	}
}
