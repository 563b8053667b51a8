package codeaction

import (
	"strings"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// What every fix shares: the Action it answers with, the fixer that
// builds it for one diagnostic, and the text helpers that place an edit.

// Rule ids and Data keys the quick fixes act on. The ids are declared in
// analysis/rules; the Data keys are the facts those rules attach.
const (
	dataKind        = "kind"        // "parameter" on an undeclared-parameter diagnostic
	dataGuessedType = "guessedType" // the parameter type its use suggests
	dataName        = "name"        // the undeclared name, when the span holds more
	dataMissing     = "missing"     // comma-separated required properties
	dataMinVersion  = "minVersion"  // the first version that has what is used
)

// Action is one quick fix: a title, the diagnostic it fixes (an index
// into the diagnostics given to QuickFixes) and edits of the document.
type Action struct {
	Title      string
	Diagnostic int
	Edits      []feature.Edit
	// Preferred marks the action an editor may apply on its own ("fix all").
	Preferred bool
}

// fixer builds the fixes for one diagnostic, the index-th given to
// QuickFixes.
type fixer struct {
	doc   *hot.Document
	src   []byte
	sch   *schema.Schema
	diag  source.Diagnostic
	index int
}

func (f *fixer) action(title string, preferred bool, edits ...feature.Edit) Action {
	return Action{Title: title, Diagnostic: f.index, Edits: edits, Preferred: preferred}
}

// safeScalar reports whether s can be written as a plain YAML scalar
// without quoting in both block and flow context.
func safeScalar(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '-' || r == '.' || r == ':' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return !strings.HasPrefix(s, "-") && !strings.HasPrefix(s, ":") && !strings.HasSuffix(s, ":") && !strings.Contains(s, ": ")
}

func lineStart(src []byte, off int) int {
	for off > 0 && src[off-1] != '\n' {
		off--
	}
	return off
}

// lineEnd is the offset of the newline ending off's line (or len(src)).
func lineEnd(src []byte, off int) int {
	for off < len(src) && src[off] != '\n' {
		off++
	}
	return off
}

func column(src []byte, off int) int { return off - lineStart(src, off) }

// afterContent is where to insert a new line after a node ending at end:
// the end of its last line (a block scalar's span may end after its
// newline).
func afterContent(src []byte, end int) int {
	if end > 0 && end <= len(src) && src[end-1] == '\n' {
		return end - 1
	}
	return lineEnd(src, end)
}

// indentStep guesses the document's indentation unit from its first
// indented block mapping key; two spaces when there is none.
func (f *fixer) indentStep() int {
	root := f.doc.Template.Root
	for _, p := range root.Pairs() {
		v := p.Value.Resolve()
		if v != nil && v.Kind == syntax.MappingNode && v.Style == syntax.Block && v.NumPairs() > 0 {
			if c := column(f.src, v.Pair(0).Key.Span().Start) - column(f.src, p.Key.Span().Start); c > 0 {
				return c
			}
		}
	}
	return 2
}

func spaces(n int) string { return strings.Repeat(" ", max(n, 0)) }

// newline is the document's line ending.
func (f *fixer) newline() string {
	if i := strings.IndexByte(string(f.src), '\n'); i > 0 && f.src[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}
