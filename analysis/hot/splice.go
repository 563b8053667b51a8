package hot

// Reparse returns the parse of src, a new version of prev's text. When the
// change lies inside one entry of a section, only that entry is parsed
// again (syntax.Splice) and the model follows: the entries before the
// change, whose nodes the new tree shares, are taken from prev's model
// with their calls (follow.go), and the rest is built again; the line
// index is prev's with the lines after the change moved;
// otherwise src is parsed in full, tolerantly, after lastGood (see
// ParseAfter). Either way the result equals ParseAfter(src, lastGood).
// ReparseSplice also tells which entry was parsed again.
func Reparse(prev *Document, src []byte, lastGood *Document) *Document {
	doc, _ := ReparseSplice(prev, src, lastGood)
	return doc
}
