package hot

import (
	"slices"

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

// CopySummary returns a copy of the summary d in memory of its own: its
// text, its mapper's line tables (when built), its outline's slices and
// strings, each allocated now at its exact size; d itself when it is not
// a summary. Answers d computed and kept (Derived) are not copied. The
// workspace index copies the summaries of files it read again once the
// garbage of their parses is collected (workspace.Index.Compact): made
// amid that garbage, each piece sits alone in a heap page the collection
// leaves mostly empty, and the page stays in use as long as the piece.
func CopySummary(d *Document) *Document {
	if d == nil || !d.Summary {
		return d
	}
	src := exactCopy(d.Src)
	out := &Document{Src: src, Kind: d.Kind, Summary: true, Jinja: d.Jinja}
	if d.Mapper != nil {
		out.Mapper = d.Mapper.CopyFor(src)
	}
	if d.outline != nil {
		out.outline = compactOutline(d.outline)
		out.outline.compactStrings()
	}
	return out
}

// textFor returns d's text and mapper for a summary: d's own, or, when
// own is set, a right-sized copy with a mapper of its own (which indexes
// its lines on first use, as d's would).
func textFor(d *Document, own bool) ([]byte, *source.Mapper) {
	if !own {
		return d.Src, d.Mapper
	}
	src := exactCopy(d.Src)
	return src, source.NewMapper(src)
}

// exactCopy copies b into a block exactly as long (append may round the
// room up to the allocator's size class).
func exactCopy(b []byte) []byte {
	out := make([]byte, len(b))
	copy(out, b)
	return out
}

// compactOutline returns a copy of o's entries in a few slices of
// exactly the size needed: each kind of entry in one, every resource's
// definitions in one and every definition's properties in one (o's
// strings already share one block, see compactStrings). Built amid its
// parse, o's slices, grown by appends and one per resource and
// definition, would sit in heap pages beside the parse's garbage, with
// room they never use, for as long as the index keeps the summary.
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
	return out
}
