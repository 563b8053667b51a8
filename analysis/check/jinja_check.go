package check

import (
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// jinjaNote is the one note a Jinja2 source gets, on its first construct
// (rules.JinjaSource). It is the only diagnostic such a file gets: until
// rendered it is not the template Heat will judge, and its unrendered
// names and loops would make every other rule wrong.
func jinjaNote(doc *hot.Document) source.Diagnostic {
	what := "template"
	if doc.Kind == hot.KindEnvironment {
		what = "environment file"
	}
	return source.Diagnostic{
		Span:     doc.FirstJinja(),
		Severity: rules.Severity(rules.JinjaSource),
		Code:     rules.JinjaSource,
		Message: "This file is a Jinja2 source: it becomes a Heat " + what + " only once rendered, so heat-ls checks " +
			"nothing in it. Check the rendered file instead; outline, hover and go to definition still work here.",
	}
}
