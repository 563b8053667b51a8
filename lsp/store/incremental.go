package store

import "heat-ls/analysis/hot"

// parseAfter parses text, the new version of prev (nil for a new
// document). A change inside one entry of a section reparses only that
// entry (hot.Reparse); anything else parses the whole text, tolerantly
// after prev's last good parse when it is broken. The result is the same
// either way.
func parseAfter(text []byte, prev *Document) *hot.Document {
	if prev == nil {
		return hot.Parse(text)
	}
	if prev.TooLarge || prev.Doc == nil {
		return hot.ParseAfter(text, prev.LastGood)
	}
	return hot.Reparse(prev.Doc, text, prev.LastGood)
}
