package hot

import (
	"slices"
	"strings"

	"heat-ls/analysis/source"
)

// SummarizeCompact is Summarize with the summary's text a copy of d's in
// a block of its own, exactly as large. The index keeps summaries of
// unopened files for the whole session; a summary sharing d's text, or a
// block with other files' texts, would keep memory alive that it does
// not use: the parse's input buffer, or a block whose other files were
// re-read long ago. Copying once the parse is done costs one copy of the
// text per file read.
func SummarizeCompact(d *Document) *Document {
	return summarize(d, true)
}

// textFor returns d's text and mapper for a summary: d's own, or, when
// own is set, a right-sized copy with a mapper of its own (which indexes
// its lines on first use, as d's would).
func textFor(d *Document, own bool) ([]byte, *source.Mapper) {
	if !own {
		return d.Src, d.Mapper
	}
	src := make([]byte, len(d.Src))
	copy(src, d.Src)
	return src, source.NewMapper(src)
}

// compactOutline returns a copy of o packed into a few allocations of
// exactly the size needed: its strings in one, each kind of entry in one
// slice, and every resource's definitions and every definition's
// properties in one slice each. Built amid its parse, o's many small
// strings and grown slices would sit in heap pages beside the parse's
// garbage and keep those pages in use for as long as the index keeps the
// summary; the copy is made after and holds no room it does not use.
func compactOutline(o *Outline) *Outline {
	out := &Outline{
		Description: o.Description,
		Parameters:  slices.Clip(append([]OutlineParameter(nil), o.Parameters...)),
		Resources:   slices.Clip(append([]OutlineResource(nil), o.Resources...)),
		Outputs:     slices.Clip(append([]OutlineOutput(nil), o.Outputs...)),
		Conditions:  slices.Clip(append([]OutlineEntry(nil), o.Conditions...)),
	}
	ndefs, nprops := 0, 0
	for _, r := range o.Resources {
		ndefs += len(r.Definitions)
		for _, d := range r.Definitions {
			nprops += len(d.Properties)
		}
	}
	defs := make([]OutlineDefinition, 0, ndefs)
	props := make([]OutlineProperty, 0, nprops)
	for i := range out.Resources {
		r := &out.Resources[i]
		start := len(defs)
		for _, d := range r.Definitions {
			pstart := len(props)
			props = append(props, d.Properties...)
			if d.Properties != nil {
				d.Properties = props[pstart:len(props):len(props)]
			}
			defs = append(defs, d)
		}
		if r.Definitions != nil {
			r.Definitions = defs[start:len(defs):len(defs)]
		}
	}
	packStrings(out)
	return out
}

// eachString calls f with each string field of o.
func eachString(o *Outline, f func(*string)) {
	f(&o.Description)
	for i := range o.Parameters {
		p := &o.Parameters[i]
		f(&p.Name)
		f(&p.Type)
		f(&p.Description)
	}
	for i := range o.Resources {
		r := &o.Resources[i]
		f(&r.Name)
		f(&r.Type)
		for j := range r.Definitions {
			d := &r.Definitions[j]
			f(&d.TypeName)
			for k := range d.Properties {
				f(&d.Properties[k].Name)
			}
		}
	}
	for i := range o.Outputs {
		f(&o.Outputs[i].Name)
		f(&o.Outputs[i].Description)
	}
	for i := range o.Conditions {
		f(&o.Conditions[i].Name)
	}
}

// packStrings makes the strings of o share one allocation of their total
// length.
func packStrings(o *Outline) {
	total := 0
	eachString(o, func(s *string) { total += len(*s) })
	var b strings.Builder
	b.Grow(total)
	eachString(o, func(s *string) { b.WriteString(*s) })
	all, at := b.String(), 0
	eachString(o, func(s *string) {
		n := len(*s)
		*s, at = all[at:at+n], at+n
	})
}
