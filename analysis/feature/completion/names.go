package completion

import (
	"bytes"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

// The names the template declares (parameters, resources, conditions),
// offered as references once their entries are settled.

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

// parameterNames lists the template's parameters, then pseudo parameters.
func (c *completer) parameterNames(pseudo bool) {
	if c.tpl != nil {
		for _, p := range c.tpl.Parameters {
			if !c.settled(feature.NamespaceParameter, &p.Entry) {
				continue
			}
			detail := "parameter"
			if p.Type != "" {
				detail += " (" + p.Type + ")"
			}
			c.add(0, Item{Label: p.Name, Kind: CompleteReference, Detail: detail, Doc: entryScalar(&p.Entry, "description")})
		}
	}
	if pseudo {
		for _, name := range c.v.PseudoParameters {
			c.add(1, Item{Label: name, Kind: CompleteReference, Detail: "pseudo parameter", Doc: schema.KeyDoc(schema.ContextPseudoParameter, name)})
		}
	}
}

// resourceNames lists the template's resources except one (depends_on
// cannot name its own resource).
func (c *completer) resourceNames(except string) {
	if c.tpl == nil {
		return
	}
	for _, r := range c.tpl.Resources {
		if r.Name == except || !c.settled(feature.NamespaceResource, &r.Entry) {
			continue
		}
		c.add(0, Item{Label: r.Name, Kind: CompleteReference, Detail: r.Type, Doc: entryScalar(&r.Entry, "description")})
	}
}

func (c *completer) conditionNames() {
	if c.tpl == nil {
		return
	}
	for _, cd := range c.tpl.Conditions {
		if !c.settled(feature.NamespaceCondition, &cd.Entry) {
			continue
		}
		c.add(0, Item{Label: cd.Name, Kind: CompleteReference, Detail: "condition"})
	}
}
