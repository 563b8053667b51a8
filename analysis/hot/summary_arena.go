package hot

import (
	"heat-ls/analysis/source"
)

// SummaryArena hands out the texts of many summaries from a few large
// blocks. A workspace scan summarizes hundreds of files while parsing
// them, so each summary's text, allocated alone, would land in heap pages
// shared with the parses' garbage and keep those pages in use after the
// scan; from blocks of their own they fill whole pages. A block lives as
// long as any text in it: a file summarized again later (a change on
// disk) leaves its old part of a block unused until every file in that
// block is replaced, and a cache holding one summary (the index's full
// parses) holds its whole block. So blocks start small and double up to
// arenaTextBlock: a scan of a few files takes a few KiB, not a large
// block per worker that a handful of summaries would then keep alive long
// after the scan, and no block is more than twice the texts before it.
// Not for concurrent use: a scan keeps one per worker. The zero value is
// ready.
type SummaryArena struct {
	text []byte
}

// arenaTextBlock is the largest block: large enough that the room left at
// a block's end (less than one file's need) is small beside it, small
// enough that a worker's last, partly filled block costs little.
// arenaFirstBlock is the first block's size (more when the first text
// needs it); each next block doubles the last.
const (
	arenaTextBlock  = 128 << 10
	arenaFirstBlock = 8 << 10
)

// keepText returns a copy of src from the arena; its capacity ends with
// it, so appending to it never writes over the next text.
func (a *SummaryArena) keepText(src []byte) []byte {
	if len(src) > arenaTextBlock/4 {
		return append([]byte(nil), src...)
	}
	if cap(a.text)-len(a.text) < len(src) {
		size := min(max(2*cap(a.text), arenaFirstBlock, 2*len(src)), arenaTextBlock)
		a.text = make([]byte, 0, size)
	}
	start := len(a.text)
	a.text = append(a.text, src...)
	return a.text[start:len(a.text):len(a.text)]
}

// SummarizeIn is Summarize with the summary's text (a copy of d's)
// taken from a; a nil a is Summarize.
func SummarizeIn(d *Document, a *SummaryArena) *Document {
	return summarize(d, a)
}

// textIn returns d's text and mapper for a summary kept in a: a copy
// from the arena with a mapper of its own (which indexes its lines on
// first use, as d's would), or d's own.
func textIn(d *Document, a *SummaryArena) ([]byte, *source.Mapper) {
	if a == nil {
		return d.Src, d.Mapper
	}
	src := a.keepText(d.Src)
	return src, source.NewMapper(src)
}
