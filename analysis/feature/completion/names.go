package completion

import (
	"bytes"

	"heat-ls/analysis/feature"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

// settled reports whether a named entry of the names template may be
// offered as a reference. An entry holding a region of broken text (read
// as blank by the tolerant parse) is still being typed: it is offered when
// the last good text already defined it, or, in a document with no last
// good text, when its name itself is not in the broken part.
func (c *completer) settled(ns feature.Namespace, e *hot.Entry) bool {
	doc := c.req.Doc
	f := doc.Syntax
	if f == nil || len(f.Recovered) == 0 || c.tpl != doc.Template || e.Key == nil {
		return true
	}
	end := max(e.Key.Span().End, e.Value.Span().End)
	if i := bytes.IndexByte(doc.Src[min(end, len(doc.Src)):], '\n'); i >= 0 {
		end += i // the rest of the entry's last line belongs to it
	}
	if !f.InRecovered(source.Span{Start: e.Key.Span().Start, End: end}) {
		return true
	}
	if lg := c.req.LastGood; lg != nil && lg != doc {
		return lg.Template != nil && feature.DefinitionEntry(lg.Template, ns, e.Name) != nil
	}
	return !f.InRecovered(e.Key.Span())
}
