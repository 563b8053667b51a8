package check_test

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"heat-ls/analysis/check"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
	"heat-ls/analysis/workspace"
	"heat-ls/schema"
	"heat-ls/schema/refdata"
)

// updateCases rewrites each case's expect.json from what heat-ls reports
// (go test ./analysis/check -run TestHeatCases -update-cases); review the
// diff before committing it.
var updateCases = flag.Bool("update-cases", false, "rewrite testdata/heat-cases/*/expect.json")

// heatCasesDir holds the committed cases: a template, Heat's recorded
// verdict (heat.json, written by ../shared/heat/oracle/run_cases.py) and
// heat-ls's expected result (expect.json).
var heatCasesDir = filepath.Join("..", "..", "testdata", "heat-cases")

// caseSkips lists the cases whose verdict the runner does not compare,
// each with the reason; their expect.json is still compared.
func caseSkips() map[string]string {
	return map[string]string{
		"delay-over-timeout":             "Heat measures a Delay against the stack timeout the create request gives (one hour by default, heat.conf's stack_action_timeout); heat-ls warns against that default (delay-over-timeout) instead of claiming the refusal",
		"digest-host-whirlpool":          "a digest algorithm only some hosts' OpenSSL provides: Heat's verdict is this host's (refused here, accepted where OpenSSL's legacy provider is loaded), so heat-ls warns (unknown-digest-algorithm) instead of claiming either",
		"parse-empty-file":               "an empty text is not a template by content; heat-ls stays silent on YAML that does not look like HOT (hot.Parse gives KindOther), so a new empty buffer gets no error",
		"parse-not-a-mapping":            "a YAML list is not a template by content (no top-level heat_template_version); heat-ls stays silent on YAML that is not HOT",
		"param-no-value":                 "Heat fails at create only because no value was passed for a parameter without default; values are given at stack create (-P or an environment), so a template alone is not wrong",
		"param-default-anchored-null":    "as param-no-value: a default that is null (here only an anchor) is no default to Heat; heat-ls warns (parameter-default-null), and param-default-null-value-given-ok shows Heat accepting the template once a value is given",
		"nested-missing-property-no-env": "as param-no-value, for a nested template's parameter: without environments heat-ls warns, since an environment's parameter_defaults may set it (difftest class nested-value-from-environment); nested-missing-property, with an environment, is the error case",
		"resource-name-nested-stack-group-count-param-no-default": "as param-no-value: Heat stops at the missing value; with a value the group's size decides whether the nested stack (and its name) is judged, so heat-ls warns (resource-name-invalid where the size is unknown)",
	}
}

// uncoveredRules are error rules without a case Heat refused and heat-ls
// reported them on, each with the reason; the test fails once one gets a
// case, so the list only shrinks.
func uncoveredRules() map[string]string {
	return map[string]string{
		rules.YAMLTooLarge: "a text nested 25,000 levels deep makes Heat's own engine crash (RecursionError in the oracle), so no verdict file can be recorded",
	}
}

// expectFile is a case's expect.json: every diagnostic heat-ls reports on
// the template (and on env.yaml, when there is one) as "rule:severity",
// sorted, without repeats.
type expectFile struct {
	Template    []string `json:"template"`
	Environment []string `json:"environment,omitempty"`
}

// caseRun is what one case taught the runner.
type caseRun struct {
	refused    bool     // Heat refused the template offline
	atCreate   bool     // ... only at stack create (template validate passed)
	errorRules []string // rules heat-ls reported as errors on it
}

// TestHeatCases replays every committed case: (b) heat-ls reports an
// error where Heat refused the template (at the place Heat's path names,
// not counting what needs a live cloud) and none where Heat accepted it;
// its whole result equals expect.json; (c) every id it reports is
// declared in analysis/rules with one of the rule's declared severities.
// Then (a): every rule that can be an error is backed by a case Heat
// refused and heat-ls reported it on (these cases or the release cases).
func TestHeatCases(t *testing.T) {
	entries, err := os.ReadDir(heatCasesDir)
	if err != nil {
		t.Fatalf("testdata/heat-cases: %v", err)
	}
	// The verdicts were recorded from Heat 19: judge for its release.
	s, err := schema.LoadRelease("2022.2")
	if err != nil {
		t.Fatal(err)
	}
	// The same verdicts hold for the release heat-ls judges for by default
	// (re-run with that release's engine, ../shared/heat/oracle
	// release-env.sh 2026.1: every case but param-no-value agreed).
	latest, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	skips := caseSkips()
	seen := map[string]bool{}
	covered := map[string][]string{}
	createOnly := map[string][]string{}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		name := e.Name()
		seen[name] = true
		t.Run(name, func(t *testing.T) {
			run := runCommittedCase(t, s, filepath.Join(heatCasesDir, name), skips[name])
			if skips[name] == "" {
				checkVerdictFor(t, latest, filepath.Join(heatCasesDir, name), run.refused)
			}
			if run.refused && skips[name] == "" {
				for _, id := range run.errorRules {
					covered[id] = append(covered[id], name)
					if run.atCreate {
						createOnly[id] = append(createOnly[id], name)
					}
				}
			}
		})
	}
	for name := range skips {
		if !seen[name] {
			t.Errorf("skip table names %q, which is not a case any more: remove it", name)
		}
	}
	for id, cases := range releaseCaseErrors(t) {
		covered[id] = append(covered[id], cases...)
	}
	if *updateCases || t.Failed() {
		return
	}
	for _, r := range rules.All() {
		if !canBeHeatError(r) {
			continue
		}
		if cases := createOnly[r.ID]; len(cases) > 0 && !hasPhase(r, rules.Create) {
			t.Errorf("rule %s declares no create phase, but Heat refused %v only at stack create", r.ID, cases)
		}
		if reason, ok := uncoveredRules()[r.ID]; ok {
			if len(covered[r.ID]) > 0 {
				t.Errorf("rule %s is covered by %v now: remove it from uncoveredRules", r.ID, covered[r.ID])
			} else {
				t.Logf("rule %s has no Heat case: %s", r.ID, reason)
			}
			continue
		}
		if len(covered[r.ID]) == 0 {
			t.Errorf("rule %s can be an error but no case in testdata/heat-cases or testdata/release-cases shows Heat refusing a template where heat-ls reports it", r.ID)
		}
	}
}

// runCommittedCase checks one case directory.
func runCommittedCase(t *testing.T, s *schema.Schema, dir, skip string) caseRun {
	t.Helper()
	var hc check.HeatCaseForTest
	readJSON(t, filepath.Join(dir, "heat.json"), &hc)
	j := judgeCase(t, s, dir)
	doc, diags := j.doc, j.diags
	got := expectFile{Template: ruleSeverities(t, diags)}
	var envErrs []source.Diagnostic
	if j.envDiags != nil {
		got.Environment = ruleSeverities(t, j.envDiags)
		envErrs = errorsIn(j.envDiags)
	}
	compareExpect(t, filepath.Join(dir, "expect.json"), got)

	var heatErrs []check.HeatErrorForTest
	for _, e := range append(hc.Validate.Errors, hc.Create.Errors...) {
		if !check.NeedsLiveCloudForTest(e) {
			heatErrs = append(heatErrs, e)
		}
	}
	errs := errorsIn(diags)
	run := caseRun{refused: len(heatErrs) > 0, atCreate: len(heatErrs) > 0 && !refusedAtValidate(hc)}
	for _, d := range append(errs, envErrs...) {
		if !slices.Contains(run.errorRules, d.Code) {
			run.errorRules = append(run.errorRules, d.Code)
		}
	}
	if skip != "" {
		t.Log("verdict not compared: " + skip)
		return run
	}
	if len(heatErrs) == 0 {
		if len(errs) > 0 || len(envErrs) > 0 {
			t.Errorf("expected no error (Heat accepted it), got %s", check.DescribeForTest(doc, errs))
		}
		return run
	}
	if len(envErrs) > 0 {
		return run // Heat refused the pair; the environment's own error explains it
	}
	// Heat stops at its first error: one located error is what to match.
	// An error found where it must be fixed (a group's get_attr in an
	// output) may name Heat's place (the group) as related information.
	he := heatErrs[0]
	target, where := check.ResolveHeatPathForTest(doc, he.Path)
	for _, d := range errs {
		if check.OverlapsForTest(d.Span, target) {
			return run
		}
		for _, r := range d.Related {
			if check.OverlapsForTest(r.Span, target) {
				return run
			}
		}
	}
	t.Errorf("expected an error within %s (Heat %s: %q), got %s", where, he.Kind, he.Message, check.DescribeForTest(doc, errs))
	return run
}

// ruleSeverities lists diagnostics as sorted "rule:severity" and demands
// that each id is declared, with one of its declared severities.
func ruleSeverities(t *testing.T, diags []source.Diagnostic) []string {
	t.Helper()
	out := []string{}
	for _, d := range diags {
		r, ok := rules.Lookup(d.Code)
		if !ok {
			t.Errorf("rule id %q is reported but not declared in analysis/rules", d.Code)
		} else if !slices.Contains(r.Severities(), d.Severity) {
			t.Errorf("rule %s reported as %s; its declaration allows %v", d.Code, d.Severity, r.Severities())
		}
		item := d.Code + ":" + d.Severity.String()
		if !slices.Contains(out, item) {
			out = append(out, item)
		}
	}
	sort.Strings(out)
	return out
}

func errorsIn(diags []source.Diagnostic) []source.Diagnostic { return check.ErrorsOnlyForTest(diags) }

func compareExpect(t *testing.T, path string, got expectFile) {
	t.Helper()
	if *updateCases {
		b, err := json.MarshalIndent(got, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	var want expectFile
	readJSON(t, path, &want)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("heat-ls reports %v, expect.json says %v", got, want)
	}
}

func readJSON(t *testing.T, path string, into any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, into); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// releaseCaseErrors maps each rule a release case expects as an error to
// the cases; TestReleaseCases checks those against Heat's recorded
// verdicts in every release.
func releaseCaseErrors(t *testing.T) map[string][]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "release-cases", "*", "expect.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) < 2 || fields[1] == "disagree:" {
				continue
			}
			for _, item := range fields[1:] {
				if id, ok := strings.CutSuffix(item, ":error"); ok {
					out[id] = append(out[id], filepath.Base(filepath.Dir(f)))
				}
			}
		}
		fh.Close()
	}
	return out
}

// canBeHeatError tells a rule that heat-ls may report as an error because
// Heat refuses the template (not an error about heat-ls's own settings).
func canBeHeatError(r rules.Rule) bool {
	if r.Severity == source.SeverityError && r.Phase != rules.Tool {
		return true
	}
	for _, c := range r.Contexts {
		if c.Severity == source.SeverityError && c.Phase != rules.Tool {
			return true
		}
	}
	return false
}

// TestEveryReportedIDDeclared (c): checking every YAML file under
// testdata (fixtures, markers, samples, workspaces, cases) and, where
// ../shared is present, the corpus of real templates reports only
// declared ids, each with one of its declared severities.
func TestEveryReportedIDDeclared(t *testing.T) {
	roots := []string{filepath.Join("..", "..", "testdata")}
	if shared, ok := refdata.Dir(); ok {
		roots = append(roots, filepath.Join(shared, "corpus"))
	} else {
		t.Log("../shared is absent: the corpus is not checked")
	}
	s, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	files := 0
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if ext := filepath.Ext(path); ext != ".yaml" && ext != ".yml" {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			files++
			abs, _ := filepath.Abs(path)
			diags := check.Run(context.Background(), hot.Parse(src), check.Options{Schema: s, Workspace: workspace.CLIView([]string{abs}, nil), Path: abs})
			for _, d := range diags {
				r, ok := rules.Lookup(d.Code)
				switch {
				case !ok:
					t.Errorf("%s: rule id %q is reported but not declared in analysis/rules", path, d.Code)
				case !slices.Contains(r.Severities(), d.Severity):
					t.Errorf("%s: rule %s reported as %s; its declaration allows %v", path, d.Code, d.Severity, r.Severities())
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 200 {
		t.Errorf("checked only %d files", files)
	}
}

// TestRuleDeclarations (d): ids are unique and well formed, every rule
// has a summary, and error is only ever the severity of what Heat refuses
// (validate or create), or of heat-ls's own settings (tool).
func TestRuleDeclarations(t *testing.T) {
	seen := map[string]bool{}
	all := rules.All()
	if len(all) < 100 {
		t.Fatalf("only %d rules declared", len(all))
	}
	for _, r := range all {
		if seen[r.ID] {
			t.Errorf("rule %s declared twice", r.ID)
		}
		seen[r.ID] = true
		if r.ID == "" || strings.ToLower(r.ID) != r.ID || strings.ContainsAny(r.ID, " _") {
			t.Errorf("rule id %q is not lower-case words joined by -", r.ID)
		}
		if r.Summary == "" {
			t.Errorf("rule %s has no summary", r.ID)
		}
		check := func(where string, sev source.Severity, ph rules.Phase) {
			switch ph {
			case rules.Validate, rules.Create, rules.None, rules.Cloud, rules.Tool:
			default:
				t.Errorf("rule %s%s: unknown phase %q", r.ID, where, ph)
			}
			if sev == source.SeverityError && ph != rules.Validate && ph != rules.Create && ph != rules.Tool {
				t.Errorf("rule %s%s is an error with phase %s: error is only for what Heat refuses at validate or create", r.ID, where, ph)
			}
			if ph == rules.Tool && r.Group != "heat-ls" {
				t.Errorf("rule %s%s: phase tool is only for heat-ls's own rules", r.ID, where)
			}
		}
		check("", r.Severity, r.Phase)
		for _, c := range r.Contexts {
			if c.Where == "" {
				t.Errorf("rule %s has a context without a name", r.ID)
			}
			check(" ("+c.Where+")", c.Severity, c.Phase)
		}
	}
}

// refusedAtValidate tells whether template validate already refused the
// case (not counting what needs a live cloud).
func refusedAtValidate(hc check.HeatCaseForTest) bool {
	for _, e := range hc.Validate.Errors {
		if !check.NeedsLiveCloudForTest(e) {
			return true
		}
	}
	return false
}

// hasPhase tells whether the rule is an error at phase ph, by default or
// in one of its contexts.
func hasPhase(r rules.Rule, ph rules.Phase) bool {
	if r.Severity == source.SeverityError && r.Phase == ph {
		return true
	}
	for _, c := range r.Contexts {
		if c.Severity == source.SeverityError && c.Phase == ph {
			return true
		}
	}
	return false
}

// checkVerdictFor demands, judging for release s, an error on the
// template exactly when Heat refused it.
func checkVerdictFor(t *testing.T, s *schema.Schema, dir string, refused bool) {
	t.Helper()
	j := judgeCase(t, s, dir)
	if refused && len(errorsIn(j.envDiags)) > 0 {
		return // the environment's own error explains the refusal
	}
	doc, errs := j.doc, errorsIn(j.diags)
	switch {
	case refused && len(errs) == 0:
		t.Errorf("judging for %s: Heat refused this template, heat-ls reports no error", s.HeatVersion())
	case !refused && len(errs) > 0:
		t.Errorf("judging for %s: Heat accepted this template, heat-ls reports %s", s.HeatVersion(), check.DescribeForTest(doc, errs))
	}
}

// judged is what heat-ls reports on a case: on the template, with the
// case's env.yaml applied (as check --env does), and on env.yaml itself
// (nil without one).
type judged struct {
	doc      *hot.Document
	diags    []source.Diagnostic
	envDiags []source.Diagnostic
}

// judgeCase runs check on a case directory judging for release s.
func judgeCase(t *testing.T, s *schema.Schema, dir string) judged {
	t.Helper()
	tplPath, err := filepath.Abs(filepath.Join(dir, "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(tplPath)
	if err != nil {
		t.Fatal(err)
	}
	var j judged
	var envs []*workspace.File
	envPath := filepath.Join(dir, "env.yaml")
	if envSrc, err := os.ReadFile(envPath); err == nil {
		if envs, err = workspace.ReadEnvironments([]string{envPath}); err != nil {
			// An environment heat-ls cannot apply is still checked itself.
			t.Logf("environment not applied: %v", err)
		}
		j.envDiags = check.RunEnvironment(context.Background(), hot.Parse(envSrc), check.Options{Schema: s})
		if j.envDiags == nil {
			j.envDiags = []source.Diagnostic{}
		}
	}
	j.doc = hot.Parse(src)
	j.diags = check.Run(context.Background(), j.doc, check.Options{Schema: s, Workspace: workspace.CLIView([]string{tplPath}, envs), Path: tplPath})
	return j
}
