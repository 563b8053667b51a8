package hot

import (
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
