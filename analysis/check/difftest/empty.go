package difftest

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"heat-ls/analysis/hot"
)

// opEmpty writes a resource property with an empty value: nothing after
// the colon, [], {} or "". Heat turns a key written with no value into the
// property's default or its type's empty value and then applies the
// property's constraints and the plugin's own checks, which read "given"
// in two ways (not None, or truthy), so these variants probe a family of
// checks the seeded mutations reach only by chance.
const opEmpty = "empty"

// emptyForms are the empty values put in place of a property's value.
var emptyForms = []struct{ name, text string }{
	{"null", ""}, {"empty list", " []"}, {"empty map", " {}"}, {"empty text", ` ""`},
}

// EmptyValues makes, for every source template, the source itself and one
// variant per resource property and empty form. It draws nothing at
// random: the same sources always give the same variants.
func EmptyValues(sources []Source) []Variant {
	var out []Variant
	for _, s := range sources {
		doc := hot.Parse(s.Text)
		if doc.Template == nil || doc.Syntax.Broken {
			continue
		}
		stem := strings.TrimSuffix(s.Rel, filepath.Ext(s.Rel))
		name := func(i int) string { return fmt.Sprintf("%s.ev%03d.yaml", stem, i) }
		first := len(out)
		out = append(out, Variant{File: name(0), Source: s.Rel, Op: opOriginal, Text: s.Text})
		seen := map[string]bool{string(s.Text): true}
		for _, r := range doc.Template.Resources {
			f := r.Field("properties")
			if f.Key == nil || !f.Value.IsMapping() {
				continue
			}
			for _, p := range f.Value.Pairs() {
				// the value starts after the colon that ends the key
				colon := bytes.IndexByte(s.Text[p.Key.Span().End:], ':')
				if colon < 0 || p.Value.Span().End < p.Key.Span().End+colon+1 {
					continue
				}
				for _, form := range emptyForms {
					text := apply(s.Text, []edit{{p.Key.Span().End + colon + 1, p.Value.Span().End, form.text}})
					if text == nil || seen[string(text)] || !batchCanLoad(text) {
						continue
					}
					seen[string(text)] = true
					out = append(out, Variant{File: name(len(out) - first), Source: s.Rel, Op: opEmpty,
						Detail: form.name + ": " + r.Name + "." + p.Key.Value, Text: text})
				}
			}
		}
	}
	return out
}
