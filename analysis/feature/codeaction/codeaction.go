package codeaction

import (
	"fmt"
	"strings"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

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

// ---- text layout helpers ----
