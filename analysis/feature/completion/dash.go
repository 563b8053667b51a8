package completion

import (
	"slices"

	"heat-ls/analysis/hot"
)

// completeBareDash completes after a list item marker typed without its
// space ("-|"): it proposes what "- |" would get, each item writing the
// marker with its space, so the item can be picked without typing the
// blank first.
func completeBareDash(req Request, dash int) []Item {
	off := req.Offset
	if off != dash+1 {
		return nil
	}
	src := slices.Concat(req.Doc.Src[:off], []byte(" "), req.Doc.Src[off:])
	spaced := req
	spaced.Doc = hot.ParseAfter(src, req.LastGood)
	spaced.Offset = off + 1
	items := Complete(spaced)
	for i := range items {
		it := &items[i]
		if it.Edit.Start != off+1 {
			return nil // an item that edits more than the new value
		}
		if it.FilterText == "" {
			it.FilterText = it.Label
		}
		it.FilterText = "- " + it.FilterText
		it.Insert = "- " + it.Insert
		it.Edit.Start = dash
		it.Edit.End = max(off, it.Edit.End-1)
	}
	return items
}
