package difftest

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// HeatError is one error of the oracle's batch output.
type HeatError struct {
	Mode        string `json:"mode"`
	Kind        string `json:"kind"`
	Message     string `json:"message"`
	Path        []any  `json:"path"`
	Placeholder bool   `json:"placeholder"`
}

// UnmarshalJSON reads an error whose message Heat left as its format
// arguments (a list: the format text, then its values) as well as text;
// the list's items are joined with spaces.
func (e *HeatError) UnmarshalJSON(b []byte) error {
	type plain HeatError
	var raw struct {
		plain
		Message json.RawMessage `json:"message"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	*e = HeatError(raw.plain)
	if len(raw.Message) == 0 || string(raw.Message) == "null" {
		return nil
	}
	if err := json.Unmarshal(raw.Message, &e.Message); err == nil {
		return nil
	}
	var parts []any
	if err := json.Unmarshal(raw.Message, &parts); err != nil {
		return fmt.Errorf("message: neither text nor a list: %s", raw.Message)
	}
	words := make([]string, len(parts))
	for i, p := range parts {
		words[i] = fmt.Sprint(p)
	}
	e.Message = strings.Join(words, " ")
	return nil
}

// HeatRow is the oracle's verdict on one file, at validate and at create.
type HeatRow struct {
	Validate []HeatError `json:"validate"`
	Create   []HeatError `json:"create"`
	// ValidateNotes and CreateNotes are the kinds of the oracle's notes in
	// each mode (batch_both.py's validate_notes / create_notes, also
	// written by .ci/difftest-judge.py): NoteStoppedShort means Heat gave
	// up for want of a cloud, so no error there proves nothing; the others
	// say where an offline stub let a check pass.
	ValidateNotes []string `json:"validate_notes,omitempty"`
	CreateNotes   []string `json:"create_notes,omitempty"`
}

// The kinds of the oracle's notes (../shared/heat/oracle/validate.py).
const (
	// NoteStoppedShort: Heat stopped at a resource that needs a live
	// cloud (often a server in a nested template).
	NoteStoppedShort = "needs_cloud_abort"
	// NotePluginValidateSkipped: a plugin's own validate() needed a
	// client; the oracle ran Heat's generic validation for it instead.
	NotePluginValidateSkipped = "plugin_validate_needs_cloud"
	// NoteExternalNotChecked: an external_id resource's existence check,
	// which needs the service, was skipped.
	NoteExternalNotChecked = "external_id_not_checked"
	// NoteConstraintSkipped: a custom constraint that asks a service
	// (does this image exist) accepted the value unasked.
	NoteConstraintSkipped = "custom_constraint_skipped"
)

// StoppedShort reports whether the oracle gave up in mode ("validate" or
// "create") for want of a cloud.
func (r HeatRow) StoppedShort(mode string) bool {
	return slices.Contains(r.notes(mode), NoteStoppedShort)
}

// notes are the note kinds of one mode.
func (r HeatRow) notes(mode string) []string {
	if mode == "create" {
		return r.CreateNotes
	}
	return r.ValidateNotes
}

// stubbed reports whether an offline stub stood in for a plugin's own
// check in either mode.
func (r HeatRow) stubbed() bool {
	for _, n := range append(append([]string(nil), r.ValidateNotes...), r.CreateNotes...) {
		if n == NotePluginValidateSkipped || n == NoteExternalNotChecked {
			return true
		}
	}
	return false
}

// LSProblem is one problem of "heat-ls check --format json".
type LSProblem struct {
	Path      string `json:"path"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
	Severity  string `json:"severity"`
	Rule      string `json:"rule"`
	Message   string `json:"message"`
}

// LSReport is the whole JSON report of heat-ls check.
type LSReport struct {
	Problems []LSProblem `json:"problems"`
}

// Judged is one variant with both verdicts.
type Judged struct {
	Variant
	Heat HeatRow
	// HeatErrors are the errors that count: neither produced by a value
	// the oracle invented for a parameter nor needing a live cloud.
	HeatErrors []HeatError
	// Discounted are the errors left out of HeatErrors, with why.
	Discounted []string
	LSErrors   []LSProblem
	// LSRules are the rule ids of every problem heat-ls reported for the
	// file, whatever their severity.
	LSRules []string
	// Masked is true when Heat's create stopped at an artifact of the
	// oracle (a value it invented for a parameter, get_file contents as
	// bytes), so nothing after it was judged at create.
	Masked bool
	// Conditional are the 1-based line ranges of the resources whose
	// condition is false for the parameter defaults, and of the `if`
	// branches those defaults do not take.
	Conditional [][2]int
	// Members are the 1-based line ranges of group member definitions
	// (a ResourceGroup's resource_def, an AutoScalingGroup's resource).
	Members [][2]int
	// LaterMemberReads are the 1-based lines of get_attr calls that read
	// an attribute of a group member after the first (resource.N.name,
	// N at least 1).
	LaterMemberReads [][2]int
	// Located is true when both see an error and heat-ls has one where
	// Heat's first error points.
	Located bool
	// Uncounted says why neither verdict is counted (one of the
	// Uncounted* kinds, then the reason), "" when the pair counts.
	Uncounted string
}

// LSReports reports whether heat-ls reported rule, at any severity.
func (j *Judged) LSReports(rule string) bool { return slices.Contains(j.LSRules, rule) }

// HeatSays and LSSays are the two error/no-error verdicts.
func (j *Judged) HeatSays() bool { return len(j.HeatErrors) > 0 }
func (j *Judged) LSSays() bool   { return len(j.LSErrors) > 0 }

// Agree reports whether both verdicts are the same.
func (j *Judged) Agree() bool { return j.HeatSays() == j.LSSays() }

// Judge pairs each variant with the two verdicts. text reads a variant's
// text (the tree under root); problems are keyed by path relative to root.
func Judge(vs []Variant, heat map[string]HeatRow, ls []LSProblem, root string, text func(string) []byte) []Judged {
	byFile := map[string][]LSProblem{}
	rulesByFile := map[string][]string{}
	for _, p := range ls {
		rel := p.Path
		if r, err := filepath.Rel(root, p.Path); err == nil && !strings.HasPrefix(r, "..") {
			rel = r
		}
		rel = filepath.ToSlash(strings.TrimPrefix(rel, "./"))
		if p.Severity == "error" {
			byFile[rel] = append(byFile[rel], p)
		}
		rulesByFile[rel] = append(rulesByFile[rel], p.Rule)
	}
	var out []Judged
	for _, v := range vs {
		row, ok := heat[v.File]
		if !ok {
			continue
		}
		j := Judged{Variant: v, Heat: row, LSErrors: byFile[v.File], LSRules: rulesByFile[v.File]}
		doc := hot.Parse(text(v.File))
		j.HeatErrors, j.Discounted, j.Masked = counted(doc, row)
		j.Conditional = conditionalResourceLines(doc)
		j.Members = memberLines(doc)
		j.LaterMemberReads = laterMemberReadLines(doc)
		if j.HeatSays() && j.LSSays() {
			j.Located = located(doc, j.HeatErrors[0], j.LSErrors)
		}
		j.Uncounted = uncounted(doc, &j)
		out = append(out, j)
	}
	return out
}

// counted keeps the Heat errors a template alone explains. Left out: an
// error the oracle's batch run marks as coming from a placeholder value;
// a create error where the value Heat judged comes from a parameter the
// oracle gave a placeholder (heat-ls judges a file alone, where such a
// value is unknown); an error only a live cloud gives.
func counted(doc *hot.Document, row HeatRow) (keep []HeatError, discounted []string, masked bool) {
	filled := noDefault(doc)
	for _, e := range append(append([]HeatError(nil), row.Validate...), row.Create...) {
		switch {
		case placeholderRefused(e, filled):
			masked = e.Mode == "create"
			discounted = append(discounted, "placeholder: "+e.Message)
		case e.Mode == "create" && getFileBytes(doc, e):
			masked = true
			discounted = append(discounted, "get_file as bytes: "+e.Message)
		case needsLiveCloud(e):
			discounted = append(discounted, "cloud: "+e.Message)
		case e.Mode == "create" && onlyValuesMissing(row.Validate, filled) && (fromPlaceholder(doc, e, filled) || placeholderText(e, filled)):
			masked = true
			discounted = append(discounted, "placeholder value: "+e.Message)
		default:
			keep = append(keep, e)
		}
	}
	if row.StoppedShort("create") && !slices.ContainsFunc(keep, func(e HeatError) bool { return e.Mode == "create" }) {
		masked = true
		discounted = append(discounted, "the oracle gave up at create: a resource needs a live cloud")
	}
	return keep, discounted, masked
}

// getFileBytes reports whether e comes from the oracle handing get_file's
// contents over as bytes (the openstack client sends text, which Heat
// takes): a string property, or str_replace's template, then refuses it.
func getFileBytes(doc *hot.Document, e HeatError) bool {
	if strings.HasPrefix(e.Message, "Value must be a string; got b") {
		return true
	}
	return strings.HasSuffix(e.Message, "template must be a string") && strings.Contains(string(doc.Src), "get_file")
}

// onlyValuesMissing reports whether validate refused nothing but the
// missing value of parameters the oracle fills at create: Heat's
// template validate reads some parameters (a server's user_data_format),
// so the placeholder create then gives them decides what create says.
func onlyValuesMissing(validate []HeatError, filled map[string]bool) bool {
	for _, e := range validate {
		if !missingValue(e, filled) {
			return false
		}
	}
	return true
}

// missingValue reports Heat's refusal of a parameter without value, for
// one the oracle fills at create.
func missingValue(e HeatError, filled map[string]bool) bool {
	for n := range filled {
		if e.Message == "The Parameter ("+n+") was not provided." {
			return true
		}
	}
	return false
}

// placeholderRefused reports whether e is a parameter's own constraint
// refusing the value the oracle gave it. (The batch run's own flag also
// marks any message naming such a parameter, "Invalid key 'deafult' for
// parameter (p)" included, which is a real error.)
func placeholderRefused(e HeatError, filled map[string]bool) bool {
	for n := range filled {
		if strings.HasPrefix(e.Message, "Parameter '"+n+"' is invalid") {
			return true
		}
	}
	return false
}

// placeholderText reports an error quoting one of the oracle's
// placeholder values ('x' for text, 'a' and 'b' for list items) as the
// value a property refused, when the oracle filled some parameter: the
// value may have travelled there through a nested template, where
// fromPlaceholder cannot follow it.
func placeholderText(e HeatError, filled map[string]bool) bool {
	if len(filled) == 0 {
		return false
	}
	for _, v := range []string{"x", "a", "b"} {
		if strings.HasPrefix(e.Message, "Value '"+v+"' is not an integer") || strings.HasPrefix(e.Message, `"`+v+`" is not an allowed value`) {
			return true
		}
	}
	return false
}

// needsLiveCloud tells the errors only a running cloud gives.
func needsLiveCloud(e HeatError) bool {
	switch e.Kind {
	case "ResourceTypeUnavailable", "EndpointNotFound", "ServiceUnavailable":
		return true
	}
	m := strings.ToLower(e.Message)
	return strings.Contains(m, "99001") || strings.Contains(m, "service not available")
}

// noDefault lists the parameters the oracle fills with a placeholder.
func noDefault(doc *hot.Document) map[string]bool {
	out := map[string]bool{}
	if doc.Template == nil {
		return out
	}
	for _, p := range doc.Template.Parameters {
		if p.Field("default").Key == nil {
			out[p.Name] = true
		}
	}
	return out
}

// fromPlaceholder reports whether the value Heat's error is about comes
// straight from a parameter the oracle filled: the node Heat's path points
// at is a get_param of it, or the path is that parameter.
func fromPlaceholder(doc *hot.Document, e HeatError, filled map[string]bool) bool {
	if len(filled) == 0 || doc.Template == nil {
		return false
	}
	if m := notProvided.FindStringSubmatch(e.Message); m != nil {
		return filled[m[1]] // a parameter nobody declared is a real error
	}
	steps := PathSteps(e.Path)
	if len(steps) >= 2 && steps[0] == "parameters" && filled[steps[1]] {
		return true
	}
	if len(steps) == 0 || !aboutValue.MatchString(e.Message) {
		return false // a function or structure error is not about the value
	}
	sp := resolvePath(doc, steps)
	for _, c := range doc.Template.Calls {
		if c.Name != "get_param" || c.Parent != nil || !spanWithin(c.Map.Span(), sp) || c.Map.Span().Len()*2 < sp.Len() {
			continue
		}
		if n := refName(c); n != nil && filled[n.Value] {
			return true
		}
	}
	return false
}

// spanWithin reports whether a lies within b.
func spanWithin(a, b source.Span) bool { return a.Start >= b.Start && a.End <= b.End }

// PathSteps splits Heat's error path into single steps: an element may
// hold several dotted steps ("conditions.c.and"), an index is a number.
func PathSteps(path []any) []string {
	var steps []string
	for _, el := range path {
		switch v := el.(type) {
		case string:
			steps = append(steps, strings.Split(v, ".")...)
		case float64:
			steps = append(steps, strconv.Itoa(int(v)))
		default:
			steps = append(steps, fmt.Sprint(v))
		}
	}
	return steps
}

// resolvePath is the span of the deepest node of steps that exists (the
// whole text when none does).
func resolvePath(doc *hot.Document, steps []string) source.Span {
	span := source.Span{Start: 0, End: len(doc.Src)}
	n := doc.Syntax.Root().Resolve()
	for _, s := range steps {
		switch {
		case n.IsMapping():
			p := n.Lookup(s)
			if p.Key == nil {
				return span
			}
			n, span = p.Value.Resolve(), p.Span()
		case n.IsSequence():
			i, err := strconv.Atoi(s)
			if err != nil || i < 0 || i >= len(n.Items()) {
				return span
			}
			n, span = n.Items()[i].Resolve(), n.Items()[i].Span()
		default:
			return span
		}
		if n == nil {
			return span
		}
	}
	return span
}

// located reports whether some heat-ls error lies within the part of the
// template Heat's error points at (a path Heat does not give counts).
func located(doc *hot.Document, e HeatError, errs []LSProblem) bool {
	if len(e.Path) == 0 {
		return true
	}
	sp := resolvePath(doc, PathSteps(e.Path))
	startLine := doc.Mapper.LineOf(sp.Start)
	endLine := doc.Mapper.LineOf(sp.End)
	for _, p := range errs {
		if p.Line-1 >= startLine && p.Line-1 <= endLine {
			return true
		}
	}
	return false
}

var (
	aboutValue  = regexp.MustCompile(`(?i)^(value|"[^"]*" is not|error validating|.* is not (a|an|one)\b|.*not a valid|.*allowed|.*length|.*range|.*must be a (string|number|list|map|boolean|valid)|int\(\))`)
	notProvided = regexp.MustCompile(`^The Parameter \((.*)\) was not provided`)
	quoted      = regexp.MustCompile(`"[^"]*"|'[^']*'|\([^)]*\)|\[[^\]]*\]|\b\d+(\.\d+)?\b|file://\S*|[Rr]esource \S+|instance \S+|got b.*`)
)

// shape reduces a message to its wording, the names and numbers in it
// replaced, so that the same check on different templates falls in one
// class.
func shape(m string) string {
	s := quoted.ReplaceAllString(m, "_")
	if len(s) > 90 {
		s = s[:90]
	}
	return s
}

// ClassKey is the class of a disagreement: which side sees an error, and
// what it is (Heat's exception and wording, or heat-ls's rule ids).
func ClassKey(j *Judged) string {
	if j.HeatSays() {
		e := j.HeatErrors[0]
		return "heat-only " + e.Mode + " " + e.Kind + ": " + shape(e.Message)
	}
	var rules []string
	for _, p := range j.LSErrors {
		if !containsString(rules, p.Rule) {
			rules = append(rules, p.Rule)
		}
	}
	sort.Strings(rules)
	return "heat-ls-only " + strings.Join(rules, ",")
}

func containsString(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// conditionalResourceLines are the line ranges of the resources and
// outputs whose condition is false for the parameter defaults, and of the
// if branches and and / or operands the defaults do not reach.
func conditionalResourceLines(doc *hot.Document) [][2]int {
	if doc.Template == nil {
		return nil
	}
	var out [][2]int
	for _, r := range doc.Template.Resources {
		c := r.Field("condition")
		if c.Key == nil || r.Value == nil || !falseByDefault(doc.Template, c.Value) {
			continue
		}
		out = append(out, [2]int{doc.Mapper.LineOf(r.Key.Span().Start) + 1, doc.Mapper.LineOf(r.Value.Span().End) + 1})
	}
	for _, r := range doc.Template.Resources {
		out = untakenBranchLines(doc, r.Value, out, 0)
	}
	for _, c := range doc.Template.Conditions {
		out = untakenBranchLines(doc, c.Value, out, 0)
	}
	// Heat leaves out an output whose condition is false before it reads
	// the value, and reads only the branch an output's if takes.
	for _, o := range doc.Template.Outputs {
		if o.ConditionRef != nil && o.Value != nil && falseByDefault(doc.Template, o.ConditionRef) {
			out = append(out, [2]int{doc.Mapper.LineOf(o.Key.Span().Start) + 1, doc.Mapper.LineOf(o.Value.Span().End) + 1})
		}
		out = untakenBranchLines(doc, o.Value, out, 0)
	}
	return out
}

// untakenBranchLines adds the line ranges of the branches of `if` calls
// under n that the defaults do not take (the condition decided by
// falseByDefault's evaluator), and of the operands of and / or after one
// that decides the call for the defaults: Heat resolves only the branch
// it takes and judges operands only until the result is known, so a
// mistake in the others surfaces only for inputs that reach them. A
// branch or operand is added only when its lines are its own (a
// flow-style call written on one line is left out), though a branch may
// share its line with a condition that is a bare name or boolean.
func untakenBranchLines(doc *hot.Document, n *syntax.Node, out [][2]int, depth int) [][2]int {
	n = n.Resolve()
	if n == nil || depth > 64 {
		return out
	}
	line := func(off int) int { return doc.Mapper.LineOf(off) + 1 }
	if n.IsMapping() && n.NumPairs() == 1 && n.Pair(0).Key.Value == "if" {
		args := n.Pair(0).Value.Resolve()
		if args.IsSequence() && len(args.Items()) == 3 {
			if v, ok := evalDefault(doc.Template, args.Items()[0]); ok {
				taken, other := args.Items()[1], args.Items()[2]
				if !v {
					taken, other = other, taken
				}
				from, to := line(other.Span().Start), line(other.Span().End)
				if line(taken.Span().End) < from || line(taken.Span().Start) > to {
					// A condition sharing the branch's line is left out
					// unless it is a bare name or boolean: heat-ls's only
					// finding there (an undefined name) Heat refuses too.
					if cond := args.Items()[0].Resolve(); line(cond.Span().End) < from || cond.IsScalar() {
						out = append(out, [2]int{from, to})
					}
				}
			}
		}
	}
	out = skippedOperandLines(doc, n, out)
	for _, p := range n.Pairs() {
		out = untakenBranchLines(doc, p.Value, out, depth+1)
	}
	for _, it := range n.Items() {
		out = untakenBranchLines(doc, it, out, depth+1)
	}
	return out
}

// skippedOperandLines adds the lines of the operands of an and / or call
// n that follow the first operand deciding it for the defaults.
func skippedOperandLines(doc *hot.Document, n *syntax.Node, out [][2]int) [][2]int {
	if !n.IsMapping() || n.NumPairs() != 1 {
		return out
	}
	fn := n.Pair(0).Key.Value
	args := n.Pair(0).Value.Resolve()
	if (fn != "and" && fn != "or") || !args.IsSequence() {
		return out
	}
	line := func(off int) int { return doc.Mapper.LineOf(off) + 1 }
	for i, it := range args.Items() {
		v, ok := evalDefault(doc.Template, it)
		if !ok || v != (fn == "or") {
			continue
		}
		if i+1 < len(args.Items()) {
			rest := args.Items()[i+1:]
			from, to := line(rest[0].Span().Start), line(rest[len(rest)-1].Span().End)
			if line(it.Span().End) < from {
				out = append(out, [2]int{from, to})
			}
		}
		break
	}
	return out
}

// memberLines are the line ranges of group member definitions.
func memberLines(doc *hot.Document) [][2]int {
	if doc.Template == nil {
		return nil
	}
	var out [][2]int
	for _, r := range doc.Template.Resources {
		key := map[string]string{"OS::Heat::ResourceGroup": "resource_def", "OS::Heat::AutoScalingGroup": "resource"}[r.Type]
		props := r.Field("properties")
		if key == "" || props.Key == nil {
			continue
		}
		if m := props.Value.Resolve().Lookup(key); m.Key != nil && m.Value != nil {
			out = append(out, [2]int{doc.Mapper.LineOf(m.Key.Span().Start) + 1, doc.Mapper.LineOf(m.Value.Span().End) + 1})
		}
	}
	return out
}

// LSErrorsOnlyInConditional reports whether heat-ls has errors and all of
// them lie in resources whose condition is false for the defaults, or are
// references read while their resource's condition leaves it out under an
// input heat-ls names that is not the defaults.
func (j *Judged) LSErrorsOnlyInConditional() bool {
	if len(j.LSErrors) == 0 {
		return false
	}
	rest := &Judged{Conditional: j.Conditional}
	for _, p := range j.LSErrors {
		if !LeftOutUnderOtherInput(p) {
			rest.LSErrors = append(rest.LSErrors, p)
		}
	}
	return len(rest.LSErrors) == 0 || rest.lsErrorsWithin(j.Conditional)
}

// LeftOutUnderOtherInput tells heat-ls's error on a get_attr or
// get_resource that Heat reads while the resource's condition leaves it
// out, for an input it names that is not the parameter defaults (the
// message says which input; analysis/check/refs_conditional.go).
func LeftOutUnderOtherInput(p LSProblem) bool {
	return p.Rule == string(rules.UndefinedResource) && strings.Contains(p.Message, "is left out of the stack when") &&
		!strings.Contains(p.Message, "(with the parameter defaults") && !strings.Contains(p.Message, "(whatever the parameters")
}

// laterMemberPath matches a get_attr path into a group member after the
// first.
var laterMemberPath = regexp.MustCompile(`^resource\.[1-9][0-9]*\.`)

// laterMemberReadLines lists the lines of get_attr calls reading an
// attribute of a group member after the first.
func laterMemberReadLines(doc *hot.Document) [][2]int {
	if doc.Template == nil {
		return nil
	}
	var out [][2]int
	for _, c := range doc.Template.Calls {
		args := c.Args.Resolve()
		if c.Name != "get_attr" || !args.IsSequence() || len(args.Items()) < 2 {
			continue
		}
		if p := args.Items()[1].Resolve(); p.IsScalar() && laterMemberPath.MatchString(p.Value) {
			line := doc.Mapper.LineOf(c.Map.Span().Start) + 1
			out = append(out, [2]int{line, doc.Mapper.LineOf(c.Map.Span().End) + 1})
		}
	}
	return out
}

// LSErrorsOnlyInLaterMemberReads reports whether heat-ls has errors and
// all of them are unknown attributes read from group members after the
// first.
func (j *Judged) LSErrorsOnlyInLaterMemberReads() bool {
	return j.LSRulesWithin("unknown-attribute") && j.lsErrorsWithin(j.LaterMemberReads)
}

// LSErrorsOnlyInMembers reports whether heat-ls has errors and all of them
// lie in group member definitions.
func (j *Judged) LSErrorsOnlyInMembers() bool { return j.lsErrorsWithin(j.Members) }

// lsErrorsWithin reports whether heat-ls has errors and all of them lie in
// one of the line ranges.
func (j *Judged) lsErrorsWithin(ranges [][2]int) bool {
	if len(j.LSErrors) == 0 {
		return false
	}
	for _, p := range j.LSErrors {
		inside := false
		for _, r := range ranges {
			if p.Line >= r[0] && p.Line <= r[1] {
				inside = true
				break
			}
		}
		if !inside {
			return false
		}
	}
	return true
}

// LSRulesWithin reports whether heat-ls has errors and every one has a
// rule id among rules.
func (j *Judged) LSRulesWithin(rules ...string) bool {
	if len(j.LSErrors) == 0 {
		return false
	}
	for _, p := range j.LSErrors {
		if !containsString(rules, p.Rule) {
			return false
		}
	}
	return true
}

// HeatFirst is Heat's first counted error ("" fields when none).
func (j *Judged) HeatFirst() HeatError {
	if len(j.HeatErrors) == 0 {
		return HeatError{}
	}
	return j.HeatErrors[0]
}
