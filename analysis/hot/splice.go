package hot

import "heat-ls/analysis/syntax"

// Reparse returns the parse of src, a new version of prev's text. When the
// change lies inside one entry of a section, only that entry is parsed
// again (syntax.Splice) and the model is rebuilt over the spliced tree;
// otherwise src is parsed in full, tolerantly, after lastGood (see
// ParseAfter). Either way the result equals ParseAfter(src, lastGood).
func Reparse(prev *Document, src []byte, lastGood *Document) *Document {
	if prev != nil && prev.Syntax != nil {
		if f, ok := syntax.Splice(prev.Syntax, src); ok {
			return fromSyntax(src, f)
		}
	}
	return ParseAfter(src, lastGood)
}
