package syntax

// SplicedEntry says where Splice put the reparsed entry, so that answers
// derived from the previous version (semantic tokens, folding ranges) can
// be kept for everything around it: the text before From is the same in
// both versions, and the text from OldTo in the previous version is the
// text from NewTo in the new one.
type SplicedEntry struct {
	// Section indexes the section's pair in the root mapping; Entry the
	// entry's pair in the section's mapping (the same in both versions).
	Section, Entry int
	// From is where the entry's lines start (its key's line); OldTo and
	// NewTo where they end in the previous and in the new text: the start
	// of the next key's line, or the end of the text.
	From, OldTo, NewTo int
}
