package preview

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"heat-ls/analysis/check"
	"heat-ls/analysis/environ"
	"heat-ls/analysis/eval"
	"heat-ls/analysis/lint"
	"heat-ls/analysis/source"
	"heat-ls/analysis/workspace"
	"heat-ls/schema"
)

// verdict is a preview recorded from Heat by testdata/preview/judge.py.
type verdict struct {
	Error        *string                    `json:"error"`
	ClientErrors []string                   `json:"client_errors"`
	Resources    map[string]heatResource    `json:"resources"`
	Outputs      map[string]any             `json:"outputs"`
	Template     string                     `json:"template"`
	Envs         []string                   `json:"envs"`
	Params       map[string]string          `json:"params"`
	Extra        map[string]json.RawMessage `json:"-"`
}

type heatResource struct {
	Type       string         `json:"type"`
	Properties map[string]any `json:"properties"`
}

// tally counts compared values.
type tally struct {
	compared, agreed, unknown int
	diffs                     []string
}

func (t *tally) add(ok bool, what string) {
	t.compared++
	if ok {
		t.agreed++
	} else {
		t.diffs = append(t.diffs, what)
	}
}

// runPreview previews a template as the judge ran Heat: the stack named
// preview_stack in project oracle-project, every nested stack expanded.
func runPreview(t *testing.T, sc *schema.Schema, tmpl string, envs []string, params map[string]string) *Result {
	t.Helper()
	abs, doc, err := readTemplate(tmpl)
	if err != nil {
		t.Fatal(err)
	}
	files, err := readEnvs(envs)
	if err != nil {
		// The command stops here too (an environment file that is not
		// a mapping): the stack is refused, as Heat's client refuses it.
		return &Result{Stack: &Stack{}, Problems: []Problem{{File: tmpl, Message: err.Error()}}}
	}
	var cli []environ.CLIParam
	names := make([]string, 0, len(params))
	for k := range params {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		cli = append(cli, environ.CLIParam{Name: k, Value: eval.StringValue(params[k]), Source: "-P"})
	}
	res := Preview(abs, doc, Options{Schema: sc, Envs: files, CLI: cli, Depth: MaxDepth,
		StackName: "preview_stack", ProjectID: "oracle-project",
		Load: loadTemplate, ReadFile: readText, Exists: exists})
	// As the command does: check's errors on every file read refuse the
	// stack too.
	paths := make([]string, 0, len(res.Docs))
	for p := range res.Docs {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	wenvs, err := workspace.ReadEnvironments(envs)
	if err != nil {
		t.Fatal(err)
	}
	rep := lint.Check(context.Background(), lint.Options{Paths: paths, Schema: sc,
		Workspace: func(files []string) check.WorkspaceView { return workspace.CLIView(files, wenvs) }})
	for _, p := range rep.Problems {
		if p.Severity == source.SeverityError {
			res.Problems = append(res.Problems, Problem{File: p.Path, Message: p.Message + " [" + p.Rule + "]"})
		}
	}
	return res
}

// flatResources lists our resources by the judge's paths: a resource
// with an expanded nested stack is replaced by that stack's resources.
func flatResources(s *Stack, prefix string, out map[string]*Resource) {
	for _, r := range s.Resources {
		if r.Nested != nil {
			flatResources(r.Nested, prefix+r.Name+"/", out)
			continue
		}
		out[prefix+r.Name] = r
	}
}

// compare tallies our preview against Heat's.
func compare(res *Result, v verdict) *tally {
	t := &tally{}
	heatRefused := v.Error != nil || len(v.ClientErrors) > 0
	t.add(heatRefused == (len(res.Problems) > 0), fmt.Sprintf("verdict: heat refused=%v (%v %v), heat-ls problems=%v", heatRefused, strOr(v.Error), v.ClientErrors, problemTexts(res)))
	if heatRefused {
		return t
	}
	ours := map[string]*Resource{}
	flatResources(res.Stack, "", ours)
	ours, v.Resources = canonicalMembers(ours, v.Resources)
	names := map[string]bool{}
	for k := range ours {
		names[k] = true
	}
	for k := range v.Resources {
		names[k] = true
	}
	for _, name := range sortedKeys(names) {
		r, h := ours[name], v.Resources[name]
		_, inHeat := v.Resources[name]
		t.add(r != nil && inHeat, "resource "+name+fmt.Sprintf(": heat-ls has it %v, Heat %v", r != nil, inHeat))
		if r == nil || !inHeat {
			continue
		}
		typ := r.Type
		if r.Implementation != "" && !strings.Contains(r.Implementation, "/") {
			typ = r.Implementation
		}
		t.add(typ == h.Type || r.Type == h.Type, "type of "+name+": "+typ+" vs "+h.Type)
		for _, k := range sortedKeys(h.Properties) {
			ov, ok := r.Properties.Get(k)
			if !ok {
				t.add(h.Properties[k] == nil, "property "+name+"."+k+": missing in heat-ls")
				continue
			}
			compareValue(t, ov, h.Properties[k], "property "+name+"."+k)
		}
	}
	for _, k := range sortedKeys(v.Outputs) {
		var ov *Output
		for _, o := range res.Stack.Outputs {
			if o.Name == k {
				ov = o
			}
		}
		hv := v.Outputs[k]
		if ov == nil {
			t.add(false, "output "+k+": missing in heat-ls")
			continue
		}
		if m, ok := hv.(map[string]any); ok && len(m) == 1 && m["error"] != nil {
			t.add(ov.Value.Kind == eval.Invalid || ov.Value.Kind == eval.Unknown, "output "+k+": Heat fails ("+fmt.Sprint(m["error"])+"), heat-ls gives "+eval.PyStr(ov.Value))
			continue
		}
		if hv == nil && !ov.Value.IsKnown() {
			t.unknown++
			continue
		}
		compareValue(t, ov.Value, hv, "output "+k)
	}
	return t
}

// compareValue compares one value; our unknown parts match anything
// (Heat's offline preview has None or a stand-in there).
func compareValue(t *tally, ov eval.Value, hv any, what string) {
	if !hasKnown(ov, 0) {
		t.unknown++
		return
	}
	if ok, why := matches(ov, hv, 0); !ok {
		t.add(false, what+": "+why)
		return
	}
	t.add(true, what)
}

func hasKnown(v eval.Value, depth int) bool {
	switch v.Kind {
	case eval.Unknown, eval.Invalid:
		return false
	case eval.List:
		if len(v.Items) == 0 {
			return true
		}
		for _, it := range v.Items {
			if hasKnown(it, depth+1) {
				return true
			}
		}
		return false
	case eval.Map:
		if len(v.Keys) == 0 {
			return true
		}
		for _, it := range v.Vals {
			if hasKnown(it, depth+1) {
				return true
			}
		}
		return false
	}
	return true
}

func matches(ov eval.Value, hv any, depth int) (bool, string) {
	if depth > eval.MaxDepth {
		return true, ""
	}
	show := func() string {
		b, _ := json.Marshal(hv)
		return "heat-ls " + eval.JSON(ov) + ", Heat " + string(b)
	}
	switch ov.Kind {
	case eval.Unknown:
		return true, ""
	case eval.Invalid:
		// Heat's preview shows a property it cannot resolve as null.
		return hv == nil, show()
	case eval.Null:
		return hv == nil, show()
	case eval.Bool:
		b, ok := hv.(bool)
		return ok && b == ov.B, show()
	case eval.Int, eval.Float:
		if text, ok := hv.(string); ok && ov.Kind == eval.Float {
			// judge.py records NaN and the infinities as Python writes them.
			return text == eval.PyStr(ov), show()
		}
		f, ok := hv.(float64)
		n := ov.F
		if ov.Kind == eval.Int {
			n = float64(ov.I)
		}
		return ok && (f == n || math.IsNaN(f) && math.IsNaN(n)), show()
	case eval.String:
		s, ok := hv.(string)
		return ok && s == ov.S, show()
	case eval.List:
		l, ok := hv.([]any)
		if !ok || len(l) != len(ov.Items) {
			return false, show()
		}
		for i, it := range ov.Items {
			if ok, why := matches(it, l[i], depth+1); !ok {
				return false, why
			}
		}
		return true, ""
	case eval.Map:
		m, ok := hv.(map[string]any)
		if !ok || len(m) != len(ov.Keys) {
			return false, show()
		}
		for i, k := range ov.Keys {
			x, ok := m[k]
			if !ok {
				return false, show()
			}
			if ok, why := matches(ov.Vals[i], x, depth+1); !ok {
				return false, why
			}
		}
		return true, ""
	}
	return false, show()
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func strOr(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func problemTexts(res *Result) []string {
	var out []string
	for _, p := range res.Problems {
		out = append(out, filepath.Base(p.File)+": "+p.Message)
	}
	return out
}

// loadSchema loads the resource types of Heat 19 (2022.2), the release
// the oracle's engine is, so property defaults compare like with like.
func loadSchema(t *testing.T) *schema.Schema {
	t.Helper()
	sc, err := schema.LoadRelease("2022.2")
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestHeatCases replays Heat's recorded preview of every case under
// testdata/preview/cases: every compared value must agree.
func TestHeatCases(t *testing.T) {
	replayCases(t, "../../testdata/preview/cases")
}

// replayCases replays the case directories under root.
func replayCases(t *testing.T, root string) {
	sc := loadSchema(t)
	dirs, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	total := &tally{}
	for _, d := range dirs {
		dir := filepath.Join(root, d.Name())
		raw, err := os.ReadFile(filepath.Join(dir, "heat.json"))
		if err != nil {
			t.Errorf("%s: no recorded verdict (run testdata/preview/judge.py cases %s): %v", d.Name(), d.Name(), err)
			continue
		}
		var v verdict
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Fatalf("%s: %v", d.Name(), err)
		}
		envs, _ := filepath.Glob(filepath.Join(dir, "env*.yaml"))
		slices.Sort(envs)
		params := map[string]string{}
		if raw, err := os.ReadFile(filepath.Join(dir, "params.json")); err == nil {
			if err := json.Unmarshal(raw, &params); err != nil {
				t.Fatalf("%s: params.json: %v", d.Name(), err)
			}
		}
		res := runPreview(t, sc, filepath.Join(dir, "template.yaml"), envs, params)
		got := compare(res, v)
		total.compared += got.compared
		total.agreed += got.agreed
		total.unknown += got.unknown
		// A case whose difference is a documented class says so in
		// differs.txt; it must still differ, or the note is stale.
		if why, err := os.ReadFile(filepath.Join(dir, "differs.txt")); err == nil {
			if len(got.diffs) == 0 {
				t.Errorf("%s: agrees with Heat now; remove differs.txt", d.Name())
			}
			for _, diff := range got.diffs {
				t.Logf("%s: documented difference: %s (%s)", d.Name(), diff, strings.Join(strings.Fields(string(why)), " "))
			}
			continue
		}
		for _, diff := range got.diffs {
			t.Errorf("%s: %s", d.Name(), diff)
		}
	}
	t.Logf("cases: %d of %d compared values agree with Heat (%d values unknown offline, not compared)", total.agreed, total.compared, total.unknown)
}

// corpusRoot is the shared corpus beside the project (absent in a fresh
// clone).
const corpusRoot = "../../../shared/corpus"

// offlineStop reports whether Heat's recorded preview stopped for want of
// a cloud (the oracle's NeedsCloud stub): its verdict proves nothing.
func offlineStop(v verdict) bool {
	return v.Error != nil && strings.Contains(*v.Error, "NeedsCloud")
}

// TestHeatCorpus replays Heat's recorded preview of the corpus templates
// (testdata/preview/corpus.json, written by judge.py corpus) and reports
// the agreement; every difference must be in a documented class.
func TestHeatCorpus(t *testing.T) {
	if _, err := os.Stat(corpusRoot); err != nil {
		t.Skip("the shared corpus (../shared/corpus beside the project) is absent; the recorded corpus verdicts cannot be replayed")
	}
	replayRuns(t, "corpus", "corpus.json", corpusRoot, "corpus-differences.txt")
}

// TestHeatRepoTemplates replays Heat's recorded preview of the templates
// under testdata (but for heat-cases and preview, replayed above;
// judge.py tree testdata).
func TestHeatRepoTemplates(t *testing.T) {
	replayRuns(t, "testdata", "repo-templates.json", "../../testdata", "repo-differences.txt")
}

// replayRuns replays recorded runs (template, environments, parameters)
// under root and checks every difference is documented.
func replayRuns(t *testing.T, label, recorded, root, differences string) {
	sc := loadSchema(t)
	raw, err := os.ReadFile("../../testdata/preview/" + recorded)
	if err != nil {
		t.Fatal(err)
	}
	var rows []verdict
	if err := json.Unmarshal(raw, &rows); err != nil {
		t.Fatal(err)
	}
	documented := readDocumented(t, differences)
	total := &tally{}
	stops, documentedDiffs := 0, 0
	classes := map[string]int{}
	for _, v := range rows {
		if offlineStop(v) {
			stops++
			continue
		}
		var envs []string
		for _, e := range v.Envs {
			envs = append(envs, filepath.Join(root, e))
		}
		res := runPreview(t, sc, filepath.Join(root, v.Template), envs, v.Params)
		got := compare(res, v)
		total.compared += got.compared
		total.agreed += got.agreed
		total.unknown += got.unknown
		run := strings.Join(append([]string{v.Template}, v.Envs...), " ")
		if class, ok := documented[run]; ok {
			if len(got.diffs) == 0 {
				t.Errorf("%s agrees with Heat now; remove it from %s", run, differences)
			}
			documentedDiffs += len(got.diffs)
			classes[class] += len(got.diffs)
			continue
		}
		for _, d := range got.diffs {
			t.Errorf("%s %v: %s", v.Template, v.Envs, d)
		}
	}
	t.Logf("%s: differences by documented class: %v (%d in all)", label, classes, documentedDiffs)
	t.Logf("%s: %d runs (%d stopped offline for want of a cloud, not compared); %d of %d compared values agree with Heat (%.2f%%); %d values unknown offline",
		label, len(rows), stops, total.agreed, total.compared, 100*float64(total.agreed)/float64(max(total.compared, 1)), total.unknown)
}

// readDocumented reads corpus-differences.txt: run (template and
// environments, space-separated) to class.
func readDocumented(t *testing.T, name string) map[string]string {
	t.Helper()
	raw, err := os.ReadFile("../../testdata/preview/" + name)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, line := range strings.Split(string(raw), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		run, class, ok := strings.Cut(line, " :: ")
		if !ok {
			t.Fatalf("%s: %q is not RUN :: CLASS", name, line)
		}
		out[strings.Join(strings.Fields(run), " ")] = strings.TrimSpace(class)
	}
	return out
}

type schemaT = schema.Schema

func loadSchemaErr() (*schema.Schema, error) { return schema.LoadRelease("2022.2") }

// TestHeatCasesOfCheck replays Heat's preview of the oracle cases of
// heat-ls check (testdata/heat-cases, recorded by judge.py heat-cases).
// Heat refuses most of them for what heat-ls check reports and the
// preview does not look at; the stacks Heat accepts must agree.
func TestHeatCasesOfCheck(t *testing.T) {
	sc := loadSchema(t)
	raw, err := os.ReadFile("../../testdata/preview/heat-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var rows []verdict
	if err := json.Unmarshal(raw, &rows); err != nil {
		t.Fatal(err)
	}
	documented := readDocumented(t, "heat-cases-differences.txt")
	classes := map[string]int{}
	total := &tally{}
	refused, missed := 0, 0
	for _, v := range rows {
		dir := filepath.Join("../../testdata/heat-cases", v.Template)
		var envs []string
		for _, e := range v.Envs {
			envs = append(envs, filepath.Join(dir, e))
		}
		res := runPreview(t, sc, filepath.Join(dir, "template.yaml"), envs, v.Params)
		if offlineStop(v) {
			continue
		}
		if v.Error != nil || len(v.ClientErrors) > 0 {
			refused++
			if len(res.Problems) == 0 {
				missed++
				t.Logf("%s: Heat refuses it (%s %v); the preview and check's errors do not", v.Template, strOr(v.Error), v.ClientErrors)
			}
			continue
		}
		got := compare(res, v)
		total.compared += got.compared
		total.agreed += got.agreed
		total.unknown += got.unknown
		if class, ok := documented[v.Template]; ok {
			if len(got.diffs) == 0 {
				t.Errorf("%s agrees with Heat now; remove it from heat-cases-differences.txt", v.Template)
			}
			classes[class] += len(got.diffs)
			continue
		}
		for _, d := range got.diffs {
			t.Errorf("%s: %s", v.Template, d)
		}
	}
	t.Logf("check's oracle cases: %d Heat accepts: %d of %d compared values agree (%d unknown offline; documented differences %v); %d Heat refuses, %d of them with no problem from the preview (left to heat-ls check)",
		len(rows)-refused, total.agreed, total.compared, total.unknown, classes, refused, missed)
}

// ourMember matches heat-ls's names of scaling group members.
var ourMember = regexp.MustCompile(`^member-[0-9]+$`)

// canonicalMembers renames the members of scaling groups "#0", "#1"...
// in the order of their names under each group, so that heat-ls's
// member-N and Heat's random ids meet. Our members are known by name;
// Heat's are the children of the groups ours were found in (a random id
// may be any twelve letters and digits, as a resource's name may be).
func canonicalMembers[V, W any](ours map[string]V, heat map[string]W) (map[string]V, map[string]W) {
	groups := map[string]bool{}
	ours = canonicalUnder(ours, func(dir, name string) bool {
		if ourMember.MatchString(name) {
			groups[dir] = true
			return true
		}
		return false
	})
	heat = canonicalUnder(heat, func(dir, _ string) bool { return groups[dir] })
	return ours, heat
}

// canonicalUnder renames, level by level from the top, every path
// component isMember picks to "#i" by its order among its siblings; a
// member's dir is already canonical when it is asked about.
func canonicalUnder[V any](m map[string]V, isMember func(dir, name string) bool) map[string]V {
	for level := 0; ; level++ {
		siblings := map[string][]string{}
		deeper := false
		for p := range m {
			parts := strings.Split(p, "/")
			if len(parts) <= level {
				continue
			}
			deeper = true
			dir := strings.Join(parts[:level], "/") + "/"
			if isMember(dir, parts[level]) && !slices.Contains(siblings[dir], parts[level]) {
				siblings[dir] = append(siblings[dir], parts[level])
			}
		}
		if !deeper {
			return m
		}
		if len(siblings) == 0 {
			continue
		}
		rename := map[string]string{}
		for dir, names := range siblings {
			slices.Sort(names)
			for i, n := range names {
				rename[dir+n] = "#" + strconv.Itoa(i)
			}
		}
		out := make(map[string]V, len(m))
		for p, v := range m {
			parts := strings.Split(p, "/")
			if len(parts) > level {
				if nu, ok := rename[strings.Join(parts[:level], "/")+"/"+parts[level]]; ok {
					parts[level] = nu
				}
			}
			out[strings.Join(parts, "/")] = v
		}
		m = out
	}
}

// TestHeatRandom replays Heat's recorded outputs of seeded random
// compositions of the functions (testdata/preview/random/gen.py).
func TestHeatRandom(t *testing.T) {
	replayRuns(t, "random", "random.json", "../../testdata/preview/random/templates", "random-differences.txt")
}

// TestHeatRandomEnvironments replays Heat's previews of seeded random
// stacks of environment files (testdata/preview/random/env_gen.py):
// every merge strategy over every parameter type, refusals included.
func TestHeatRandomEnvironments(t *testing.T) {
	replayCases(t, "../../testdata/preview/random-env")
}

// TestHeatRandomRegistries replays Heat's previews of seeded random
// resource registries (testdata/preview/random/registry_gen.py): exact
// names, globs, chains, per-resource sections and templates.
func TestHeatRandomRegistries(t *testing.T) {
	replayCases(t, "../../testdata/preview/random-registry")
}

// TestHeatRandomConditions replays Heat's previews of seeded random
// conditions deciding resources, outputs and if branches
// (testdata/preview/random/condition_gen.py).
func TestHeatRandomConditions(t *testing.T) {
	replayCases(t, "../../testdata/preview/random-conditions")
}

// TestHeatRandomNesting replays Heat's previews of seeded random nested
// stacks (testdata/preview/random/nesting_gen.py): template resources and
// groups two levels deep, properties, index_var and parameter_defaults
// handed down.
func TestHeatRandomNesting(t *testing.T) {
	replayCases(t, "../../testdata/preview/random-nesting")
}

// TestHeatRandomParameters replays Heat's previews of seeded random
// parameters, constraints, defaults and -P values
// (testdata/preview/random/parameter_gen.py).
func TestHeatRandomParameters(t *testing.T) {
	replayCases(t, "../../testdata/preview/random-parameters")
}
