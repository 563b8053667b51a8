package codeaction

import (
	"fmt"
	"strings"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

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

// QuickFixes returns the fixes for diags, which must carry spans of doc's
// text. Every fix is chosen by the diagnostic's Code or its documented
// Data keys, never by its message:
//
//   - any diagnostic with Suggestions: replace the span with each one;
//   - undefined-parameter (or Data["kind"]="parameter"): declare it under
//     parameters with Data["guessedType"] (string when absent);
//   - Data["missing"]: add the missing properties under properties;
//   - removed-function: rewrite the call with its modern equivalent where
//     that is mechanical (Ref, Fn::Join, Fn::Split, Fn::Select of a path,
//     Fn::Base64, Fn::ResourceFacade);
//   - Data["minVersion"]: raise heat_template_version to that version.
//
// It never panics; a fix that cannot be built is left out.
func QuickFixes(doc *hot.Document, sch *schema.Schema, diags []source.Diagnostic) (out []Action) {
	if doc == nil {
		return nil
	}
	for i, d := range diags {
		func() {
			defer func() { _ = recover() }()
			fx := fixer{doc: doc, src: doc.Src, sch: sch, diag: d, index: i}
			out = append(out, fx.fixes()...)
		}()
	}
	return out
}

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

func (f *fixer) fixes() []Action {
	var out []Action
	d := f.diag
	if !d.Span.Valid() || d.Span.End > len(f.src) {
		return nil
	}
	for i, s := range d.Suggestions {
		title := fmt.Sprintf("Replace with '%s'", strings.TrimSpace(s))
		if d.Span.Len() == 0 {
			title = fmt.Sprintf("Insert '%s'", strings.TrimSpace(s))
		}
		out = append(out, f.action(title, i == 0 && len(d.Suggestions) == 1, feature.Edit{Span: d.Span, NewText: s}))
	}
	if f.doc.Template == nil {
		return out
	}
	if d.Code == rules.UndefinedParameter || d.Data[dataKind] == "parameter" {
		if a, ok := f.declareParameter(); ok {
			out = append(out, a)
		}
	}
	if m := d.Data[dataMissing]; m != "" {
		if a, ok := f.addProperties(m); ok {
			out = append(out, a)
		}
	}
	if d.Code == rules.RemovedFunction {
		if a, ok := f.replaceRemoved(); ok {
			out = append(out, a)
		}
	}
	if v := d.Data[dataMinVersion]; v != "" {
		if a, ok := f.raiseVersion(v); ok {
			out = append(out, a)
		}
	}
	return out
}

// raiseVersion replaces the heat_template_version value.
func (f *fixer) raiseVersion(v string) (Action, bool) {
	t := f.doc.Template
	if t.Version.Key == nil || !t.Version.Value.IsScalar() || t.Version.Value.IsNull() || !safeScalar(v) {
		return Action{}, false
	}
	if f.sch != nil {
		cur, ok1 := f.sch.Version(t.VersionText)
		want, ok2 := f.sch.Version(v)
		if !ok2 || ok1 && want.Index <= cur.Index {
			return Action{}, false
		}
	}
	return f.action(fmt.Sprintf("Raise heat_template_version to %s", v), false,
		feature.Edit{Span: t.Version.Value.Span(), NewText: v}), true
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

// ---- text layout helpers ----

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
