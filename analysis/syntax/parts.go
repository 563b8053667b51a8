package syntax

import (
	"bytes"
	"runtime"
)

// A large template is parsed in parts, one goroutine each, on the
// machine's cores: yaml.v3's scanner and node tree are most of the cost of
// opening or previewing a template of thousands of lines, and a template
// is a mapping of a few sections whose entries stand alone. The text is
// cut at the start of lines holding a top-level key, or an entry of a
// top-level section; a part that starts inside a section is parsed under a
// stand-in section key (as Splice parses one entry), so yaml.v3 sees the
// same indentation as in the whole text. The parts' trees are joined into
// one. The result is the whole parse's, node for node and span for span,
// or nothing: every part must parse cleanly as complete entries of the
// mapping it continues, else the text is parsed whole (parts_join.go says
// what is checked).

// partMin is the least text a part is given: below it the goroutine and
// the part's own line index and arena cost more than they save.
const partMin = 32 << 10

// partsPerCore is how many parts a text is cut into for each core. Parts
// of equal size do not cost the same (flow collections, block scalars and
// groups parse slower than plain mappings), and a worker whose core is
// taken by other work (the schema's decoding, another process) leaves its
// next part to the others: the join waits for the slowest part, with the
// other cores idle. With four parts a core the last one is shorter, and
// the cores sit idle less at the end than with two (where the last of
// four parts of the 12,000-line template ran alone for 3 to 9 ms); each
// part costs a goroutine, a line index and a copy of its text, a few
// microseconds.
const partsPerCore = 4

// cut is a place where the text may be split: the start of a line holding
// a top-level key (entry false) or, below a top-level key line ending in
// a colon, a key of the section's mapping at its entries' indentation
// (entry true).
type cut struct {
	at    int
	entry bool
}

// planParts returns where to cut body for a parse in parts, nil when it
// is not worth it or cannot be done: the text is small, there is one
// core, or the text is not a block mapping at the left margin
// (parseInParts checks the rest).
func planParts(body []byte) []cut { return planPartsOn(body, runtime.GOMAXPROCS(0)) }

// planPartsOn is planParts for a machine running procs goroutines at once.
func planPartsOn(body []byte, procs int) []cut {
	parts := min(partsPerCore*procs, len(body)/partMin)
	if procs < 2 || parts < 2 {
		return nil
	}
	return chooseCuts(cutCandidates(body), len(body), parts)
}

// chooseCuts picks from candidates the cuts nearest after each of the
// points dividing size bytes into parts equal shares.
func chooseCuts(candidates []cut, size, parts int) []cut {
	if len(candidates) < 2 {
		return nil
	}
	var out []cut
	i := 1 // never the first key: the part before it would hold no entry
	for k := 1; k < parts; k++ {
		target := k * size / parts
		for i < len(candidates) && candidates[i].at < target {
			i++
		}
		if i == len(candidates) {
			break
		}
		out = append(out, candidates[i])
		i++
	}
	return out
}

// cutCandidates lists, in order, the starts of the lines a parse may be
// cut at: every line at the left margin starting with a key's first
// character, and below such a line that ends in a colon (the section's
// value is a block below it), every line after the section's first entry
// at that entry's indentation starting with a key's first character.
// Lines before the first key may only be blank, comments, directives and
// a document start marker; anything else returns nil. Whether the lines
// really are such keys is checked by the parse of the parts (joinParts).
func cutCandidates(body []byte) []cut {
	var out []cut
	sectionOpen := false // the last top-level key line ends in a colon
	entryIndent := 0     // the section's entries' indentation, 0 for none yet
	s := 0               // where line starts
	for full := range bytes.Lines(body) {
		line := bytes.TrimSuffix(full, []byte("\n"))
		i := 0
		for i < len(line) && line[i] == ' ' {
			i++
		}
		switch {
		case i == len(line) || line[i] == '#':
			// blank or a comment: no cut, no change
		case i == 0 && keyStart(line[0]):
			out = append(out, cut{at: s})
			sectionOpen, entryIndent = endsInColon(line), 0
		case i == 0 && len(out) == 0 && (line[0] == '%' || isDocumentMarker(line)):
			// a directive or the document start before the first key
		case i == 0:
			if len(out) == 0 {
				return nil // the root is not a block mapping at the margin
			}
			sectionOpen = false
		case sectionOpen && entryIndent == 0:
			entryIndent = i // the section's first entry
			if !keyStart(line[i]) {
				sectionOpen = false
			}
		case sectionOpen && i == entryIndent && keyStart(line[i]):
			out = append(out, cut{at: s, entry: true})
		}
		s += len(full)
	}
	return out
}

// keyStart reports a byte that may start a block mapping's key and no
// other construct: not an indicator ("-", "?", ":", "[", "{", "&", "*",
// "!", "|", ">", "%", "@", "`", "#", ","), a space or a tab.
func keyStart(b byte) bool {
	switch {
	case b >= 'a' && b <= 'z', b >= 'A' && b <= 'Z', b >= '0' && b <= '9':
		return true
	}
	switch b {
	case '_', '.', '/', '$', '"', '\'', '(', '+', '=', '~':
		return true
	}
	return false
}

// endsInColon reports a key line whose value is below it: after dropping
// a comment (" #...") and trailing blanks, the line ends in a colon.
func endsInColon(line []byte) bool {
	if c := bytes.Index(line, []byte(" #")); c >= 0 {
		line = line[:c]
	}
	line = bytes.TrimRight(line, " \t")
	return len(line) > 0 && line[len(line)-1] == ':'
}
