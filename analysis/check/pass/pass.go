package pass

import (
	"context"
	"fmt"
	"runtime/debug"

	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

// Pass is the state of one check run, shared by all rules.
type Pass struct {
	Ctx    context.Context
	Doc    *hot.Document
	T      *hot.Template    // nil for environment files
	Env    *hot.Environment // nil for templates
	Schema *schema.Schema
	// Workspace and Path come from Options (see there).
	Workspace WorkspaceView
	Path      string
	Diags     []source.Diagnostic
	// callRanges tells where each resource's calls lie (EachCallAlone);
	// worked out when first asked.
	callRanges *callsByResource
	// entries is the bookkeeping of the entry-local rules
	// (entries_local.go); nil outside templates.
	entries *entryRun
	// conditionCalls says which of T.Calls are evaluated as conditions
	// (see InConditionPosition); built when first asked.
	conditionCalls []uint8 // 0: not asked yet, 1: no, 2: yes
	// splice is Options.Splice, for the answers rules carry from the
	// previous version (answers.go).
	splice *hot.Splice
	// evaluator answers what a node evaluates to (Evaluator); built
	// when first asked.
	evaluator *eval.Evaluator
	// anyInput works out what no input changes (AnyInput); built when
	// first asked.
	anyInput *eval.Evaluator
}

func NewPass(ctx context.Context, doc *hot.Document, opts Options) *Pass {
	return &Pass{Ctx: ctx, Doc: doc, T: doc.Template, Env: doc.Env, Schema: opts.Schema,
		Workspace: opts.Workspace, Path: opts.Path, splice: opts.Splice}
}

// Stopped reports whether the run was cancelled (a newer version of the
// document arrived). Rules that loop over many entries ask between
// entries, so a stale run ends within one entry instead of one rule.
func (p *Pass) Stopped() bool { return p.Ctx.Err() != nil }

// Report records a diagnostic.
func (p *Pass) Report(d source.Diagnostic) { p.Diags = append(p.Diags, d) }

// Reportf reports rule id at span with the severity analysis/rules
// declares for it, so the severity is written down in one place only.
func (p *Pass) Reportf(span source.Span, id, format string, args ...any) *source.Diagnostic {
	return p.add(span, rules.Severity(id), id, format, args...)
}

// ReportInf reports rule id at span with the severity its declaration
// gives for the context where (one of the rule's Contexts, such as
// "outputs").
func (p *Pass) ReportInf(span source.Span, id, where, format string, args ...any) *source.Diagnostic {
	return p.add(span, rules.In(id, where), id, format, args...)
}

// Errorf reports an error with rule id code at span. Prefer Reportf; this
// is for rules whose severity depends on a context decided at the call.
func (p *Pass) Errorf(span source.Span, code, format string, args ...any) *source.Diagnostic {
	return p.add(span, source.SeverityError, code, format, args...)
}

// Warnf reports a warning with rule id code at span.
func (p *Pass) Warnf(span source.Span, code, format string, args ...any) *source.Diagnostic {
	return p.add(span, source.SeverityWarning, code, format, args...)
}

// Infof reports an information diagnostic with rule id code at span.
func (p *Pass) Infof(span source.Span, code, format string, args ...any) *source.Diagnostic {
	return p.add(span, source.SeverityInfo, code, format, args...)
}

// Hintf reports a hint with rule id code at span.
func (p *Pass) Hintf(span source.Span, code, format string, args ...any) *source.Diagnostic {
	return p.add(span, source.SeverityHint, code, format, args...)
}

// add appends a diagnostic and returns a pointer to it so the caller can
// attach tags, related information or suggestions. The pointer is valid
// until the next report.
func (p *Pass) add(span source.Span, sev source.Severity, code, format string, args ...any) *source.Diagnostic {
	p.Diags = append(p.Diags, source.Diagnostic{
		Span: span, Severity: sev, Code: code, Message: fmt.Sprintf(format, args...),
	})
	return &p.Diags[len(p.Diags)-1]
}

// Run executes one rule, turning a panic into a diagnostic so a bug in one
// rule never takes down the others or the server.
func (p *Pass) Run(rule Rule) {
	defer func() {
		if r := recover(); r != nil {
			if p.entries != nil {
				p.entries.broken = true // a walk stopped half-way: keep nothing
			}
			p.Report(source.Diagnostic{
				Severity: rules.Severity(rules.InternalError), Code: rules.InternalError,
				Message: fmt.Sprintf("heat-ls hit an internal error while checking this file (%v); other checks still ran. Please report it.\n%s", r, firstLines(debug.Stack(), 12)),
			})
		}
	}()
	rule(p)
}

func firstLines(b []byte, n int) string {
	for i, c := range b {
		if c == '\n' {
			n--
			if n == 0 {
				return string(b[:i])
			}
		}
	}
	return string(b)
}

// Options carries what a run needs beyond the document.
type Options struct {
	// Schema is the loaded Heat knowledge (with the user's own types).
	Schema *schema.Schema
	// Workspace answers questions about other files (nil: the document is
	// checked alone and workspace rules stay silent).
	Workspace WorkspaceView
	// Path is the document's absolute file path, used to resolve relative
	// references ("" for unsaved buffers).
	Path string
	// Splice tells how the document was made from the previous version's
	// by parsing one entry again (hot.ReparseSplice; nil: parsed whole).
	// When that version was checked with the same options and the entry
	// is a resource, the entry-local rules judge that resource only and
	// take the others' findings over (entries_local.go); the result is
	// the same as without it.
	Splice *hot.Splice
}

// Rule is one family of checks. It reports through the pass and must not
// keep references to it after returning.
type Rule func(p *Pass)
