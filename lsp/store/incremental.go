package store

import "heat-ls/analysis/hot"

// parseAfter parses text, the new version of prev (nil for a new
// document) named uri. A change inside one entry of a section reparses
// only that entry (hot.Reparse); anything else parses the whole text,
// tolerantly after prev's last good parse when it is broken. The result is
// the same either way; splice says which entry was parsed again (nil:
// the whole text). A Jinja2 source (by its name or its last parse) is
// always parsed whole: its tree is that of the text with the Jinja2
// blanked, which a splice of the raw text would not keep.
func parseAfter(uri string, text []byte, prev *Document) (doc *hot.Document, splice *hot.Splice) {
	if prev == nil {
		return hot.ParseNamed(uri, text), nil
	}
	if prev.TooLarge || prev.Doc == nil || prev.Doc.Jinja || hot.IsJinjaName(uri) {
		return hot.ParseNamedAfter(uri, text, prev.LastGood), nil
	}
	return hot.ReparseSplice(prev.Doc, text, prev.LastGood)
}
