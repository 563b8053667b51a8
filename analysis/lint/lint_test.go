package lint

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"heat-ls/analysis/limits"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

// Texts whose diagnostics are known: an unknown version is an error, a
// duplicate key a warning.
const (
	badVersion = "heat_template_version: 2018-08-13\nresources: {}\n"
	dupKey     = "heat_template_version: 2018-08-31\nparameters:\n  p:\n    type: string\n    type: string\nresources: {}\n"
	clean      = "heat_template_version: 2018-08-31\nresources: {}\n"
	notHOT     = "name: ci\non: [push]\n"
)

func loadSchema(t testing.TB) *schema.Schema {
	t.Helper()
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// tree writes files (path → text) below a fresh directory and returns it.
func tree(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func run(t *testing.T, opts Options) (status int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	opts.Stdout, opts.Stderr = &out, &errOut
	status = Run(context.Background(), opts)
	return status, out.String(), errOut.String()
}

func TestRunStatusAndText(t *testing.T) {
	sc := loadSchema(t)
	dir := tree(t, map[string]string{
		".git/HEAD":               "ref: x\n",
		"a/bad.yaml":              badVersion,
		"a/dup.yml":               dupKey,
		"b/clean.template":        clean,
		"ci.yaml":                 notHOT,
		"node_modules/x/bad.yaml": badVersion,
		".hidden/bad.yaml":        badVersion,
		"suppressed/inline.yaml":  "heat_template_version: 2018-08-13 # heat-ls: ignore unknown-version\nresources: {}\n",
		"suppressed/above.yaml":   "# heat-ls: ignore unknown-version\nheat_template_version: 2018-08-13\nresources: {}\n",
		"quiet/.heat-ls.yaml":     "disable: [unknown-version]\nseverity:\n  duplicate-key: error\n",
		"quiet/bad.yaml":          badVersion,
		"quiet/dup.yaml":          dupKey,
		"skipped/.heat-ls.yaml":   "ignore: ['old/**']\n",
		"skipped/old/x/bad.yaml":  badVersion,
		"skipped/new.yaml":        clean,
		"broken/.heat-ls.yaml":    "disable: [unknown-version\n",
		"broken/bad.yaml":         badVersion,
		"typo/.heat-ls.yaml":      "disable: [unknown-versoin]\n",
		"typo/bad.yaml":           badVersion,
		"notes.txt":               badVersion,
	})
	in := func(p string) string { return filepath.Join(dir, filepath.FromSlash(p)) }
	tests := []struct {
		name      string
		paths     []string
		threshold source.Severity
		status    int
		want      []string // lines expected in this order (substrings)
		wantNot   []string
	}{
		{name: "error fails", paths: []string{in("a/bad.yaml")}, status: 1,
			want: []string{in("a/bad.yaml") + ":1:24: error: ", "[unknown-version]"}},
		{name: "warning below default threshold", paths: []string{in("a/dup.yml")}, status: 0,
			want: []string{in("a/dup.yml") + ":5:5: warning: ", "[duplicate-key]"}},
		{name: "warning at threshold", paths: []string{in("a/dup.yml")}, threshold: source.SeverityWarning, status: 1},
		{name: "clean", paths: []string{in("b")}, threshold: source.SeverityInfo, status: 0},
		{name: "walk skips other YAML, hidden and node_modules", paths: []string{in("a"), in("b"), in("ci.yaml")}, status: 1,
			want: []string{"a/bad.yaml:1:24", "a/dup.yml:5:5"}, wantNot: []string{"node_modules", ".hidden", "ci.yaml"}},
		{name: "inline and line-above suppression", paths: []string{in("suppressed")}, status: 0, wantNot: []string{"unknown-version"}},
		{name: "project file disables and raises", paths: []string{in("quiet")}, status: 1,
			want: []string{"dup.yaml:5:5: error: "}, wantNot: []string{"unknown-version"}},
		{name: "project file ignores paths", paths: []string{in("skipped")}, status: 0, wantNot: []string{"bad.yaml"}},
		{name: "malformed project file", paths: []string{in("broken")}, status: 1,
			want: []string{"[invalid-config]", "bad.yaml:1:24: error: "}},
		{name: "project file naming no rule", paths: []string{in("typo")}, threshold: source.SeverityError, status: 1,
			want:    []string{".heat-ls.yaml:1:11: warning: ", `did you mean "unknown-version"?`, "[config-unknown-rule]", "bad.yaml:1:24: error: "},
			wantNot: []string{"defaults apply"}},
		{name: "missing path", paths: []string{in("nope.yaml")}, status: 2},
		{name: "missing path still checks the others", paths: []string{in("nope"), in("a/bad.yaml")}, status: 2, want: []string{"[unknown-version]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, out, stderr := run(t, Options{Paths: tt.paths, Schema: sc, Threshold: tt.threshold})
			if status != tt.status {
				t.Fatalf("status %d, want %d\nstdout:\n%s\nstderr:\n%s", status, tt.status, out, stderr)
			}
			rest := out
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("output lacks %q (in order)\n%s", w, out)
				}
				rest = rest[i+len(w):]
			}
			for _, w := range tt.wantNot {
				if strings.Contains(out, w) {
					t.Errorf("output holds %q\n%s", w, out)
				}
			}
			if tt.status == 0 && tt.threshold == source.SeverityInfo && out != "" {
				t.Errorf("clean run printed\n%s", out)
			}
		})
	}
}

func TestRunUsageErrors(t *testing.T) {
	sc := loadSchema(t)
	dir := tree(t, map[string]string{"a.yaml": clean})
	for name, opts := range map[string]Options{
		"no paths":           {Schema: sc},
		"bad format":         {Schema: sc, Paths: []string{dir}, Format: "xml"},
		"hint threshold":     {Schema: sc, Paths: []string{dir}, Threshold: source.SeverityHint},
		"missing schema dir": {Schema: sc, Paths: []string{dir}, SchemaDirs: []string{filepath.Join(dir, "none")}},
	} {
		t.Run(name, func(t *testing.T) {
			if status, _, stderr := run(t, opts); status != 2 || stderr == "" {
				t.Errorf("status %d stderr %q, want 2 and a message", status, stderr)
			}
		})
	}
}

func TestUserSchemaDir(t *testing.T) {
	sc := loadSchema(t)
	dir := tree(t, map[string]string{
		"t.yaml":           "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: My::Own::Thing\n    properties: {size: 1}\n",
		"schemas/x.txt":    "not read",
		"schemas/own.json": `{"resource_type": "My::Own::Thing", "properties": {"size": {"type": "integer", "required": false, "update_allowed": true, "immutable": false, "description": "How big."}}, "attributes": {}}`,
		"schemas/bad.json": `{"resource_type": `,
	})
	file := filepath.Join(dir, "t.yaml")
	_, out, _ := run(t, Options{Schema: sc, Paths: []string{file}, Threshold: source.SeverityInfo})
	if !strings.Contains(out, "My::Own::Thing") {
		t.Fatalf("without the user schema the custom type is not mentioned:\n%s", out)
	}
	status, out, stderr := run(t, Options{Schema: sc, Paths: []string{file}, Threshold: source.SeverityInfo, SchemaDirs: []string{filepath.Join(dir, "schemas")}})
	if status != 0 || out != "" {
		t.Errorf("with the user schema: status %d\n%s", status, out)
	}
	if !strings.Contains(stderr, "bad.json") {
		t.Errorf("the broken schema file is not reported on stderr: %q", stderr)
	}
}

// TestDeterministicOrder checks that parallel runs print the same report,
// sorted by path then position.
func TestDeterministicOrder(t *testing.T) {
	sc := loadSchema(t)
	files := map[string]string{}
	for i := range 40 {
		files[filepath.Join("d", string(rune('a'+i%26))+strings.Repeat("x", i/26), "t.yaml")] = badVersion + "parameters:\n  p: {type: string, type: number}\n"
	}
	dir := tree(t, files)
	var first string
	for _, jobs := range []int{1, 8, 3} {
		rep := Check(context.Background(), Options{Paths: []string{dir}, Schema: sc, Jobs: jobs})
		var buf bytes.Buffer
		if err := writeText(&buf, rep, ""); err != nil {
			t.Fatal(err)
		}
		if rep.Files != 40 {
			t.Fatalf("checked %d files, want 40", rep.Files)
		}
		for i := 1; i < len(rep.Problems); i++ {
			if compareProblems(rep.Problems[i-1], rep.Problems[i]) > 0 {
				t.Fatalf("problems out of order at %d: %+v then %+v", i, rep.Problems[i-1], rep.Problems[i])
			}
		}
		if first == "" {
			first = buf.String()
		} else if buf.String() != first {
			t.Fatalf("jobs=%d printed a different report", jobs)
		}
	}
}

func TestJSONFormat(t *testing.T) {
	sc := loadSchema(t)
	dir := tree(t, map[string]string{"t.yaml": badVersion, "u.yaml": clean})
	status, out, _ := run(t, Options{Schema: sc, Paths: []string{dir}, Format: "json"})
	var rep struct {
		Version  int `json:"version"`
		Files    int `json:"files"`
		Problems []struct {
			Path                             string
			Line, Column, EndLine, EndColumn int
			Severity, Rule, Message          string
		} `json:"problems"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if status != 1 || rep.Version != 1 || rep.Files != 2 || len(rep.Problems) != 1 {
		t.Fatalf("status %d report %+v", status, rep)
	}
	p := rep.Problems[0]
	if !strings.HasSuffix(p.Path, "/t.yaml") || p.Line != 1 || p.Column != 24 || p.EndLine != 1 || p.EndColumn != 34 ||
		p.Severity != "error" || p.Rule != "unknown-version" || p.Message == "" {
		t.Errorf("problem %+v", p)
	}
	// A clean run still writes a report with an empty list.
	_, out, _ = run(t, Options{Schema: sc, Paths: []string{filepath.Join(dir, "u.yaml")}, Format: "json"})
	if !strings.Contains(out, `"problems": []`) {
		t.Errorf("clean JSON report %s", out)
	}
}

// TestSARIFFormat checks the fields GitHub code scanning requires, and
// that columns count UTF-16 code units.
func TestSARIFFormat(t *testing.T) {
	sc := loadSchema(t)
	dir := tree(t, map[string]string{
		"sub dir/t.yaml": "heat_template_version: 2018-08-31\ndescription: \"😀\"\nparameters:\n  p: {type: string, type: number}\n",
		"u.yaml":         badVersion,
	})
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	_, out, _ := run(t, Options{Schema: sc, Paths: []string{"."}, Format: "sarif", Version: "1.2.3"})
	var log struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name, Version string
					Rules         []struct {
						ID                   string
						ShortDescription     struct{ Text string }
						DefaultConfiguration struct{ Level string }
					}
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex int
				Level     string
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn, EndLine, EndColumn int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if log.Version != "2.1.0" || !strings.Contains(log.Schema, "sarif-2.1.0") || len(log.Runs) != 1 {
		t.Fatalf("header %q %q runs %d", log.Version, log.Schema, len(log.Runs))
	}
	run := log.Runs[0]
	if run.Tool.Driver.Name != "heat-ls" || run.Tool.Driver.Version != "1.2.3" {
		t.Errorf("driver %+v", run.Tool.Driver)
	}
	byURI := map[string]int{}
	for _, r := range run.Results {
		if r.RuleIndex < 0 || r.RuleIndex >= len(run.Tool.Driver.Rules) || run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %s has rule index %d", r.RuleID, r.RuleIndex)
		}
		if r.Level != "error" && r.Level != "warning" && r.Level != "note" || r.Message.Text == "" || len(r.Locations) != 1 {
			t.Errorf("result %+v", r)
		}
		loc := r.Locations[0].PhysicalLocation
		byURI[loc.ArtifactLocation.URI]++
		if strings.Contains(loc.ArtifactLocation.URI, "\\") || strings.HasPrefix(loc.ArtifactLocation.URI, "/") {
			t.Errorf("uri %q is not relative with forward slashes", loc.ArtifactLocation.URI)
		}
		if loc.ArtifactLocation.URI == "sub%20dir/t.yaml" && r.RuleID == "duplicate-key" {
			// Line 4 is "  p: {type: string, type: number}": the second
			// "type" starts at character 21 (1-based) whatever line 2 holds.
			if loc.Region.StartLine != 4 || loc.Region.StartColumn != 21 || loc.Region.EndColumn <= loc.Region.StartColumn {
				t.Errorf("region %+v", loc.Region)
			}
		}
	}
	if byURI["sub%20dir/t.yaml"] == 0 || byURI["u.yaml"] != 1 {
		t.Errorf("results by uri %v\n%s", byURI, out)
	}
	for _, r := range run.Tool.Driver.Rules {
		if r.ID == "" || r.ShortDescription.Text == "" || r.DefaultConfiguration.Level == "" {
			t.Errorf("rule %+v", r)
		}
	}
}

func TestSARIFColumnsCountUTF16(t *testing.T) {
	src := []byte("a: \"😀\" x\n")
	m := source.NewMapper(src)
	at := bytes.IndexByte(src, 'x')
	p := problemOf("f", m, source.Diagnostic{Span: source.Span{Start: at, End: at + 1}})
	if p.Column != 8 || p.Column16 != 9 || p.EndColumn16 != 10 {
		t.Errorf("columns %d (characters) %d..%d (UTF-16), want 8, 9..10", p.Column, p.Column16, p.EndColumn16)
	}
}

func TestTooLargeFiles(t *testing.T) {
	sc := loadSchema(t)
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	text := "heat_template_version: 2018-08-13\n" + strings.Repeat("# padding padding padding padding\n", limits.File/34+1)
	if err := os.WriteFile(big, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	status, out, _ := run(t, Options{Schema: sc, Paths: []string{big}, Threshold: source.SeverityInfo})
	if status != 1 || !strings.Contains(out, "[document-too-large]") || strings.Contains(out, "unknown-version") {
		t.Errorf("named big file: status %d\n%s", status, out)
	}
	status, out, _ = run(t, Options{Schema: sc, Paths: []string{dir}, Threshold: source.SeverityInfo})
	if status != 0 || out != "" {
		t.Errorf("walked big file: status %d\n%s", status, out)
	}
}
