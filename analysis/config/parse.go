package config

import (
	"fmt"
	"path"
	"strings"

	"heat-ls/analysis/limits"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
	"heat-ls/schema/spell"
)

// Parse reads a project file's text. file names it in problems and gives
// the base directory of Ignore patterns. When anything is wrong the result
// is the defaults and one problem, at the exact text concerned, that says
// what to fix: half a configuration applied is more surprising than none.
// That includes a repeated key: which of two entries was meant is a guess,
// so neither applies until one is removed.
func Parse(file string, src []byte) (*Config, []Problem) {
	f := syntax.Parse(src)
	r := &configReader{file: file, mapper: source.NewMapper(src)}
	bad := func(p *Problem) (*Config, []Problem) { return defaults(file), []Problem{*p} }
	if d, ok := firstYAMLProblem(f); ok {
		return bad(r.fault(d.Span, "%s", yamlProblemMessage(f, d)))
	}
	r.cfg = defaults(file)
	r.unknown = unknownIDs{file: file, mapper: r.mapper}
	top := f.Root().Resolve()
	if top.IsNull() {
		return r.cfg, nil // empty file, only comments, or "~": defaults
	}
	if !top.IsMapping() {
		return bad(r.fault(top.Span(), "the project file must be a mapping with the keys disable, severity, ignore, heatRelease and environments"))
	}
	for _, entry := range top.Pairs() {
		if p := r.entry(entry.Key, entry.Value); p != nil {
			return bad(p)
		}
	}
	return r.cfg, r.unknown.problems()
}

// configReader fills a Config from the entries of a project file.
type configReader struct {
	file    string
	mapper  *source.Mapper
	cfg     *Config
	unknown unknownIDs // entries naming no rule: reported, the file still applies
}

// fault is the problem, at span, that makes the whole file not apply.
func (r *configReader) fault(span source.Span, format string, args ...any) *Problem {
	line, col := r.mapper.LineCol(span.Start)
	return &Problem{Path: r.file, Span: span, Line: line, Col: col, Message: fmt.Sprintf(format, args...)}
}

// entry reads one top-level entry, returning the fault that stops the
// file from applying, if any.
func (r *configReader) entry(key, raw *syntax.Node) *Problem {
	value := raw.Resolve()
	if !key.IsScalar() {
		return r.fault(key.Span(), "the keys of the project file must be plain names: disable, severity, ignore, heatRelease and environments")
	}
	if value == nil {
		return r.fault(raw.Span(), "the value of %s cannot be read", key.Value)
	}
	switch key.Value {
	case "disable":
		return r.disable(value)
	case "severity":
		return r.severity(value)
	case "ignore":
		return r.ignore(value)
	case "heatRelease":
		return r.heatRelease(value)
	case "environments":
		return r.environments(value)
	}
	return r.fault(key.Span(), "unknown key %q in the project file; the keys are disable, severity, ignore, heatRelease and environments", key.Value)
}

// disable reads the list of rule ids turned off.
func (r *configReader) disable(value *syntax.Node) *Problem {
	ids, n := stringList(value)
	if n != nil {
		return r.fault(n.Span(), "disable must be a list of rule ids, like [parameter-unused]")
	}
	r.cfg.Disable = make(map[string]bool, len(ids))
	for _, id := range ids {
		r.cfg.Disable[id.Value] = true
		r.unknown.check(id, "disable")
	}
	return nil
}

// severity reads the mapping of rule ids to the severity they report with.
func (r *configReader) severity(value *syntax.Node) *Problem {
	if !value.IsMapping() {
		return r.fault(value.Span(), "severity must map rule ids to error, warning, info or hint")
	}
	r.cfg.Severity = make(map[string]source.Severity, value.NumPairs())
	for _, p := range value.Pairs() {
		rule, level := p.Key, p.Value.Resolve()
		if level == nil {
			level = p.Value
		}
		sev, ok := ParseSeverity(level.Value)
		if !rule.IsScalar() || !level.IsScalar() || !ok {
			return r.fault(level.Span(), "the severity of %q must be error, warning, info or hint", rule.Value)
		}
		r.cfg.Severity[rule.Value] = sev
		r.unknown.check(rule, "severity")
	}
	return nil
}

// ignore reads the path patterns of files left unchecked.
func (r *configReader) ignore(value *syntax.Node) *Problem {
	globs, n := stringList(value)
	if n != nil {
		return r.fault(n.Span(), "ignore must be a list of path patterns relative to the project file, like [\"vendor/**\"]")
	}
	r.cfg.Ignore = make([]string, 0, len(globs))
	for _, g := range globs {
		if _, err := path.Match(strings.ReplaceAll(g.Value, "**", "*"), ""); err != nil {
			return r.fault(g.Span(), "ignore pattern %q is malformed: %v", g.Value, err)
		}
		r.cfg.Ignore = append(r.cfg.Ignore, g.Value)
	}
	return nil
}

// heatRelease reads the one Heat release templates are judged for.
func (r *configReader) heatRelease(value *syntax.Node) *Problem {
	if !value.IsScalar() || value.IsNull() {
		return r.fault(value.Span(), "heatRelease must be one Heat release, like 2025.1, epoxy or 24")
	}
	rel, err := schema.ParseRelease(value.Value)
	if err != nil {
		return r.fault(value.Span(), "%v", err)
	}
	r.cfg.HeatRelease = rel.Name
	return nil
}

// environments reads the active environment files: a list for every
// template, or a mapping of template paths or globs to lists.
func (r *configReader) environments(value *syntax.Node) *Problem {
	const shape = "environments must be a list of environment files or globs, or map template paths or globs to such lists"
	set := &EnvSet{Dir: r.cfg.Dir}
	if !value.IsMapping() {
		envs, n := stringList(value)
		if n != nil {
			return r.fault(n.Span(), "%s", shape)
		}
		set.IsList = true
		for _, e := range envs {
			set.All = append(set.All, e.Value)
		}
		r.cfg.Environments = set
		return nil
	}
	for _, p := range value.Pairs() {
		if !p.Key.IsScalar() {
			return r.fault(p.Key.Span(), "%s", shape)
		}
		v := p.Value.Resolve()
		if v == nil {
			return r.fault(p.Value.Span(), "%s", shape)
		}
		envs, n := stringList(v)
		if n != nil {
			return r.fault(n.Span(), "%s", shape)
		}
		entry := EnvEntry{Template: p.Key.Value, Envs: []string{}}
		for _, e := range envs {
			entry.Envs = append(entry.Envs, e.Value)
		}
		set.ByTemplate = append(set.ByTemplate, entry)
	}
	r.cfg.Environments = set
	return nil
}

// MaxListed is the most entries naming no rule id that one project file
// lists, one problem each; one more problem says how many others there
// are. It keeps the list within the per-document bound (limits.Diagnostics)
// and the cost of a file of many ids linear with a small constant: only
// the listed ones are compared with every declared id for a suggestion.
const MaxListed = limits.Diagnostics - 1

// unknownIDs collects the entries of a project file that name no rule id.
type unknownIDs struct {
	file    string
	mapper  *source.Mapper
	ids     []string // the declared rule ids, listed at the first unknown one
	listed  []Problem
	more    int          // unknown entries past MaxListed
	firstAt *syntax.Node // the first of those
}

// check notes id, written under disable or severity (where), when heat-ls
// has no such rule (a map lookup).
func (u *unknownIDs) check(id *syntax.Node, where string) {
	if _, ok := rules.Lookup(id.Value); ok {
		return
	}
	if len(u.listed) >= MaxListed {
		if u.more == 0 {
			u.firstAt = id
		}
		u.more++
		return
	}
	if u.ids == nil {
		u.ids = ruleIDs()
	}
	p := unknownRuleID(id, where, u.ids)
	p.Path = u.file
	p.Line, p.Col = u.mapper.LineCol(id.Span().Start)
	u.listed = append(u.listed, p)
}

// problems lists the unknown entries, then one problem for those not
// listed, at the first of them.
func (u *unknownIDs) problems() []Problem {
	if u.more == 0 {
		return u.listed
	}
	line, col := u.mapper.LineCol(u.firstAt.Span().Start)
	return append(u.listed, Problem{
		Path: u.file, Span: u.firstAt.Span(), Line: line, Col: col, Rule: rules.UnknownRuleID,
		Message: fmt.Sprintf("%d more entries from here on name no heat-ls rule id and change nothing; they are not listed (at most %d are)", u.more, MaxListed),
	})
}

// unknownRuleID says, for a rule id written under disable or severity
// (where) that heat-ls does not have, that it is no rule, with the nearest
// of the declared ids: a misspelt id would otherwise silence or raise
// nothing, unnoticed.
func unknownRuleID(id *syntax.Node, where string, declared []string) Problem {
	msg := fmt.Sprintf("%s names %q, which is no heat-ls rule id, so the entry changes nothing", where, id.Value)
	if near := spell.Nearest(id.Value, declared, 2, spell.Budget(id.Value)); len(near) > 0 {
		msg += fmt.Sprintf("; did you mean %s?", quotedOr(near))
	} else {
		msg += " (heat-ls rules lists them)"
	}
	return Problem{Span: id.Span(), Message: msg, Rule: rules.UnknownRuleID}
}

// ruleIDs lists every declared rule id.
func ruleIDs() []string {
	all := rules.All()
	out := make([]string, len(all))
	for i, r := range all {
		out[i] = r.ID
	}
	return out
}

// quotedOr joins names as "a" or "b".
func quotedOr(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, " or ")
}

// stringList reads a sequence of scalars (or one scalar; null is the empty
// list), following aliases, and returns the offending node when n is not
// one.
func stringList(n *syntax.Node) (items []*syntax.Node, offending *syntax.Node) {
	switch {
	case n.IsNull():
		return nil, nil
	case n.IsScalar():
		return []*syntax.Node{n}, nil
	case n.IsSequence():
		out := make([]*syntax.Node, 0, len(n.Items()))
		for _, item := range n.Items() {
			resolved := item.Resolve()
			if !resolved.IsScalar() {
				return nil, item
			}
			out = append(out, resolved)
		}
		return out, nil
	}
	return nil, n
}

// firstYAMLProblem picks the first problem the YAML layer found that makes
// the file unusable as configuration. Tags are left alone: a tag does not
// change the text of a rule id or pattern, and the YAML layer's tag
// problem speaks of Heat's loader, which never reads this file.
func firstYAMLProblem(f *syntax.File) (source.Diagnostic, bool) {
	for _, d := range f.Problems {
		if d.Code != rules.YAMLUnknownTag {
			return d, true
		}
	}
	return source.Diagnostic{}, false
}

// yamlProblemMessage words a YAML-level problem for the project file.
func yamlProblemMessage(f *syntax.File, d source.Diagnostic) string {
	switch d.Code {
	case rules.DuplicateKey:
		name := string(f.Src[d.Span.Start:d.Span.End])
		if k := keyAt(f.Root(), d.Span, 0); k != nil {
			name = k.Value
		}
		return fmt.Sprintf("the key %q appears more than once in the same mapping of the project file; keep only one entry", name)
	case rules.MultipleDocuments:
		return "the project file holds a second YAML document; put every setting in one document"
	}
	return "the project file is not valid YAML: " + strings.TrimPrefix(d.Message, "invalid YAML: ")
}

// maxKeyDepth bounds the search for a key node; project files are shallow.
const maxKeyDepth = 64

// keyAt finds the mapping key written at span, or nil.
func keyAt(n *syntax.Node, span source.Span, depth int) *syntax.Node {
	if n == nil || depth > maxKeyDepth {
		return nil
	}
	for _, p := range n.Pairs() {
		if p.Key.Span() == span {
			return p.Key
		}
		if k := keyAt(p.Value, span, depth+1); k != nil {
			return k
		}
	}
	for _, item := range n.Items() {
		if k := keyAt(item, span, depth+1); k != nil {
			return k
		}
	}
	return nil
}
