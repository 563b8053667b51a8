package lsp

import (
	"fmt"
	"net/url"
	"path/filepath"

	"heat-ls/analysis/config"
	"heat-ls/analysis/limits"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/lsp/store"
)

// finishDiagnostics is the last step of a diagnostics run: it applies the
// project's suppressions (applyProjectConfig, reading project files
// through projects) and, for a document too large to analyse, says so
// instead of staying silent.
func finishDiagnostics(doc *store.Document, found []source.Diagnostic, projects *config.Cache) []source.Diagnostic {
	if doc.TooLarge {
		return []source.Diagnostic{{
			Severity: rules.Severity(rules.DocumentTooLarge),
			Code:     rules.DocumentTooLarge,
			Message: fmt.Sprintf("This document is %d MiB; heat-ls analyses documents up to %d MiB, so it shows no problems, completions or hovers here. Split it into nested templates to get them back.",
				len(doc.Text)>>20, store.MaxAnalysedSize>>20),
		}}
	}
	return applyProjectConfig(doc.URI, doc.Text, found, projects)
}

// applyProjectConfig filters a document's diagnostics through its inline
// ignore comments and the .heat-ls.yaml governing its file, the same way
// "heat-ls check" does (analysis/config). A malformed project file adds one
// warning at the top of the document naming the problem; the defaults
// apply meanwhile. An entry naming no rule id adds a warning too, and the
// rest of the file applies. A document whose path the file ignores gets no
// diagnostics at all. The project file is parsed again only when it
// changed on disk (config.Cache), so an edit to it takes effect at the
// next check. The list stays within limits.Diagnostics: the
// project file's problems fill the room the document's own leave, and one
// last entry says how many did not fit.
func applyProjectConfig(docURI string, text []byte, diags []source.Diagnostic, projects *config.Cache) []source.Diagnostic {
	var cfg *config.Config
	var problems []config.Problem
	if u, err := url.Parse(docURI); err == nil && u.Scheme == "file" && u.Path != "" {
		path := filepath.FromSlash(u.Path)
		if file := config.Find(filepath.Dir(path), ""); file != "" {
			cfg, problems = projects.Load(file)
			if cfg.Ignored(path) {
				return []source.Diagnostic{} // an ignored path shows nothing, as in heat-ls check
			}
		}
	}
	out := config.Apply(diags, text, cfg)
	room := limits.Diagnostics - len(out)
	if room <= 0 {
		return out // the document lists the most it may; its last entry says so
	}
	var summary []source.Diagnostic
	if len(problems) > room {
		summary = append(summary, source.Diagnostic{
			Severity: rules.Severity(rules.TooManyProblems),
			Code:     rules.TooManyProblems,
			Message: fmt.Sprintf("%d more problems of the project file %s are not listed here: heat-ls lists at most %d per document. Open it or run heat-ls check to see them.",
				len(problems)-(room-1), problems[0].Path, limits.Diagnostics-1),
		})
		problems = problems[:room-1]
	}
	for _, p := range problems {
		d := source.Diagnostic{Severity: rules.Severity(p.RuleID()), Code: p.RuleID(), Message: p.String()}
		if p.Fatal() {
			d.Severity = rules.In(rules.InvalidConfig, "in the editor")
			d.Message += "; the defaults apply until it is fixed"
		}
		out = append(out, d)
	}
	return append(out, summary...)
}
