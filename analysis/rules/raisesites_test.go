package rules

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

//go:generate sh ../../testdata/heat-raise-sites/regen.sh

// raiseSitesDir holds the tables of every place Heat's engine raises (one
// per release, made by list_raise_sites.py) and mapping.tsv, which says
// for each site the rule and case that answer it or why no template
// reaches it offline (docs/heat-checks.md).
var raiseSitesDir = filepath.Join("..", "..", "testdata", "heat-raise-sites")

// unmappedBaseline is the number of sites per release that neither the
// mapping nor the table's own mechanical reason accounts for. The test
// fails when the count grows; when it shrinks, lower the number here and
// the figure in docs/heat-checks.md.
var unmappedBaseline = map[string]int{
	"19.0.0": 0,
	"2026.1": 0,
}

// raiseReasons are the only reasons a site may be out of a template's
// offline reach.
var raiseReasons = map[string]bool{
	"runtime-only":                true, // handle_*/check_*_complete and what only they call
	"needs-live-stack":            true, // reads a stack or resource that exists on a cloud
	"needs-service-api":           true, // decided by what a service answers
	"operator-config":             true, // an operator's setting (heat.conf, policy)
	"internal-invariant":          true, // Heat's own programming error or plugin contract
	"not-reachable-from-template": true, // no template or environment text leads there
	"create-input":                true, // decided by what is given at create (parameter values, the date)
	"not-hot":                     true, // only a CloudFormation-format template reaches it
	"pass-through":                true, // re-raises what it caught; the check is its own site
}

// raiseSite is one row of a release table.
type raiseSite struct {
	site, area, line, auto string
}

// siteMapping is one row of mapping.tsv.
type siteMapping struct {
	status, rules, cases, note string
	line                       int
}

// readTSV reads a tab-separated file with a header, giving each row as
// its fields and its 1-based line.
func readTSV(t *testing.T, path string, cols int) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		if n == 1 || strings.HasPrefix(sc.Text(), "#") || sc.Text() == "" {
			continue
		}
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != cols {
			t.Fatalf("%s:%d: %d fields, want %d", path, n, len(fields), cols)
		}
		rows = append(rows, append(fields, strconv.Itoa(n)))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// caseDir resolves a case reference of mapping.tsv: hc/NAME
// (testdata/heat-cases), rc/NAME (testdata/release-cases), dt/NAME
// (testdata/difftest) or sh/NAME (../shared/heat/cases; "" when that tree
// is absent, as in a fresh clone).
func caseDir(ref string) (string, bool) {
	prefix, name, ok := strings.Cut(ref, "/")
	if !ok || name == "" {
		return "", false
	}
	switch prefix {
	case "hc":
		return filepath.Join("..", "..", "testdata", "heat-cases", name), true
	case "rc":
		return filepath.Join("..", "..", "testdata", "release-cases", name), true
	case "dt":
		return filepath.Join("..", "..", "testdata", "difftest", name), true
	case "sh":
		root := filepath.Join("..", "..", "..", "shared", "heat", "cases")
		if _, err := os.Stat(root); err != nil {
			return "", true
		}
		return filepath.Join(root, name), true
	}
	return "", false
}

// TestRaiseSitesMapped checks the raise-site tables against the mapping:
// every mapped rule id is declared, every case named exists, every
// mapping row names a site some table lists, and the sites left unmapped
// stay within the baseline.
func TestRaiseSitesMapped(t *testing.T) {
	mapping := readMapping(t)
	seen := map[string]bool{}
	for release, baseline := range unmappedBaseline {
		sites := readSites(t, release)
		for _, s := range sites {
			seen[s.site] = true
		}
		f := tally(sites, mapping)
		t.Logf("%s: %d sites, %d unmapped (baseline %d); mapped by area: %s; by status: %s; unmapped with a gap probe, by area: %s",
			release, len(sites), f.unmapped, baseline, f.byArea, f.byStatus, f.gaps)
		if f.unmapped > baseline {
			t.Errorf("%s: %d sites unmapped, more than the baseline %d: map the new ones in mapping.tsv", release, f.unmapped, baseline)
		}
	}
	for site, m := range mapping {
		if !seen[site] {
			t.Errorf("mapping.tsv:%d: site %q is in no release table (renamed or gone upstream?)", m.line, site)
		}
	}
}

// readMapping reads mapping.tsv, checking each row (checkMapping).
func readMapping(t *testing.T) map[string]siteMapping {
	t.Helper()
	mapping := map[string]siteMapping{}
	for _, r := range readTSV(t, filepath.Join(raiseSitesDir, "mapping.tsv"), 5) {
		line, _ := strconv.Atoi(r[5])
		m := siteMapping{status: r[1], rules: r[2], cases: r[3], note: r[4], line: line}
		if _, dup := mapping[r[0]]; dup {
			t.Errorf("mapping.tsv:%d: site %q mapped twice", line, r[0])
		}
		mapping[r[0]] = m
		checkMapping(t, r[0], m)
	}
	return mapping
}

// figures are one release's counts, as docs/heat-checks.md gives them.
type figures struct {
	unmapped int
	byArea   string // "area mapped/total, ..."
	byStatus string // "status count, ..." (a reason the script gave counts as that reason)
	gaps     string // "area count, ..." of unmapped sites a kept probe shows Heat refusing
}

// tally counts a release's sites: a site is mapped when mapping.tsv
// gives it a status other than unmapped or, absent from it, the script
// gave it a reason.
func tally(sites []raiseSite, mapping map[string]siteMapping) figures {
	var f figures
	mapped, total := map[string]int{}, map[string]int{}
	statuses, gaps := map[string]int{}, map[string]int{}
	for _, s := range sites {
		m, ok := mapping[s.site]
		status := "unmapped"
		switch {
		case ok:
			status = m.status
		case s.auto != "":
			status, _, _ = strings.Cut(s.auto, ":")
		}
		statuses[status]++
		total[s.area]++
		if status != "unmapped" {
			mapped[s.area]++
			continue
		}
		f.unmapped++
		if ok && strings.HasPrefix(m.note, "GAP") {
			gaps[s.area]++
		}
	}
	f.byArea = joinCounts(total, func(a string, n int) string { return a + " " + strconv.Itoa(mapped[a]) + "/" + strconv.Itoa(n) })
	f.byStatus = joinCounts(statuses, nil)
	f.gaps = joinCounts(gaps, nil)
	return f
}

// joinCounts writes counts sorted by key, each as format gives it
// ("key n" when nil).
func joinCounts(counts map[string]int, format func(string, int) string) string {
	var out []string
	for k, n := range counts {
		if format != nil {
			out = append(out, format(k, n))
		} else {
			out = append(out, k+" "+strconv.Itoa(n))
		}
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// readSites reads one release's table.
func readSites(t *testing.T, release string) []raiseSite {
	t.Helper()
	var out []raiseSite
	for _, r := range readTSV(t, filepath.Join(raiseSitesDir, release+".tsv"), 8) {
		out = append(out, raiseSite{site: r[0], area: r[1], line: r[2], auto: r[7]})
	}
	if len(out) == 0 {
		t.Fatalf("%s: no site listed", release)
	}
	return out
}

// checkMapping checks one mapping row: a covered site names declared rule
// ids and existing cases, each case expecting one of those rules; any other
// status is a reason from the fixed list (with a note a reviewer can check)
// or unmapped.
func checkMapping(t *testing.T, site string, m siteMapping) {
	t.Helper()
	for _, problem := range mappingProblems(m, caseDir) {
		t.Errorf("mapping.tsv:%d: site %q: %s", m.line, site, problem)
	}
}

// mappingProblems lists what is wrong with one mapping row; dir resolves
// a case reference (caseDir, or a stand-in in tests).
func mappingProblems(m siteMapping, dir func(string) (string, bool)) []string {
	var out []string
	switch {
	case m.status == "covered":
		if m.rules == "" || m.cases == "" {
			return []string{"a covered site needs rule ids and cases"}
		}
		ids := strings.Split(m.rules, ",")
		for _, id := range ids {
			if _, ok := Lookup(id); !ok {
				out = append(out, "rule "+id+" is not declared")
			}
		}
		for _, ref := range strings.Split(m.cases, ",") {
			d, ok := dir(ref)
			switch {
			case !ok:
				out = append(out, "case "+ref+" is not hc/, rc/, dt/ or sh/NAME")
			case d == "":
				// ../shared is absent
			default:
				if st, err := os.Stat(d); err != nil || !st.IsDir() {
					out = append(out, "case "+ref+": no directory "+d)
				} else if want, known := expectedRules(ref, d); known && !anyOf(ids, want) {
					out = append(out, "case "+ref+" expects none of "+m.rules)
				}
			}
		}
	case raiseReasons[m.status]:
		if m.note == "" || m.rules != "" || m.cases != "" {
			out = append(out, m.status+" needs a note and no rule or case")
		}
	case m.status == "unmapped":
	default:
		out = append(out, "status "+m.status+" is neither covered, unmapped nor a known reason")
	}
	return out
}

// expectedRules reads the rule ids a case expects heat-ls to report, at
// any severity (known is false for a case without expectations: the
// shared cases record Heat's verdict only).
func expectedRules(ref, dir string) (rules map[string]bool, known bool) {
	rules = map[string]bool{}
	switch ref[:2] {
	case "hc":
		var exp map[string][]string
		if b, err := os.ReadFile(filepath.Join(dir, "expect.json")); err != nil || json.Unmarshal(b, &exp) != nil {
			return nil, false
		}
		for _, ds := range exp {
			for _, d := range ds {
				id, _, _ := strings.Cut(d, ":")
				rules[id] = true
			}
		}
	case "dt":
		var exp struct{ Rules []string }
		if b, err := os.ReadFile(filepath.Join(dir, "expected.json")); err != nil || json.Unmarshal(b, &exp) != nil {
			return nil, false
		}
		for _, id := range exp.Rules {
			rules[id] = true
		}
	case "rc":
		b, err := os.ReadFile(filepath.Join(dir, "expect.txt"))
		if err != nil {
			return nil, false
		}
		for _, f := range strings.Fields(string(b)) {
			if id, _, ok := strings.Cut(f, ":"); ok {
				rules[id] = true
			}
		}
	default:
		return nil, false
	}
	return rules, true
}

func anyOf(ids []string, set map[string]bool) bool {
	for _, id := range ids {
		if set[id] {
			return true
		}
	}
	return false
}

// TestRaiseSiteMappingProblems: the checks on one mapping row fail where
// they should.
func TestRaiseSiteMappingProblems(t *testing.T) {
	dir := func(ref string) (string, bool) { return caseDir(ref) }
	for _, tc := range []struct {
		name string
		m    siteMapping
		want string // a fragment of the one problem expected, "" for none
	}{
		{"covered and consistent", siteMapping{status: "covered", rules: "missing-version", cases: "hc/version-missing"}, ""},
		{"undeclared rule", siteMapping{status: "covered", rules: "no-such-rule,missing-version", cases: "hc/version-missing"}, "not declared"},
		{"missing case", siteMapping{status: "covered", rules: "missing-version", cases: "hc/no-such-case"}, "no directory"},
		{"case expecting another rule", siteMapping{status: "covered", rules: "yaml-syntax", cases: "hc/version-missing"}, "expects none of"},
		{"bad case prefix", siteMapping{status: "covered", rules: "missing-version", cases: "xx/version-missing"}, "not hc/"},
		{"covered without case", siteMapping{status: "covered", rules: "missing-version"}, "needs rule ids and cases"},
		{"reason with note", siteMapping{status: "runtime-only", note: "inside handle_create"}, ""},
		{"reason without note", siteMapping{status: "runtime-only"}, "needs a note"},
		{"reason with a rule", siteMapping{status: "operator-config", rules: "yaml-syntax", note: "n"}, "needs a note and no rule"},
		{"unknown status", siteMapping{status: "later", note: "n"}, "neither covered"},
		{"unmapped", siteMapping{status: "unmapped", note: "no case"}, ""},
	} {
		got := mappingProblems(tc.m, dir)
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%s: unexpected problems %q", tc.name, got)
		case tc.want != "" && (len(got) != 1 || !strings.Contains(got[0], tc.want)):
			t.Errorf("%s: problems %q, want one containing %q", tc.name, got, tc.want)
		}
	}
}

// TestRaiseSitesAutoReasons: the reasons the listing script gives on its
// own come from the same fixed list.
func TestRaiseSitesAutoReasons(t *testing.T) {
	for release := range unmappedBaseline {
		for _, s := range readSites(t, release) {
			if s.auto == "" {
				continue
			}
			reason, _, _ := strings.Cut(s.auto, ":")
			if !raiseReasons[reason] {
				t.Errorf("%s %s: reason %q is not in the fixed list", release, s.line, reason)
			}
		}
	}
}

// TestRaiseSiteGapProbes: every probe kept for an unmapped site records a
// refusal by Heat, and the mapping names it.
func TestRaiseSiteGapProbes(t *testing.T) {
	root := filepath.Join(raiseSitesDir, "gaps")
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(raiseSitesDir, "mapping.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		var verdict struct {
			Validate, Create struct {
				Errors []json.RawMessage `json:"errors"`
			}
		}
		raw, err := os.ReadFile(filepath.Join(root, e.Name(), "heat.json"))
		if err != nil || json.Unmarshal(raw, &verdict) != nil {
			t.Errorf("gaps/%s: no readable heat.json", e.Name())
			continue
		}
		if len(verdict.Validate.Errors)+len(verdict.Create.Errors) == 0 {
			t.Errorf("gaps/%s: Heat accepts it; a gap probe records a refusal", e.Name())
		}
		if !regexp.MustCompile(`gaps/` + regexp.QuoteMeta(e.Name()) + `([^a-z0-9-]|$)`).Match(b) {
			t.Errorf("gaps/%s: no mapping.tsv note names it", e.Name())
		}
	}
}

// TestRaiseSiteTally: what counts as mapped.
func TestRaiseSiteTally(t *testing.T) {
	sites := []raiseSite{
		{site: "a", area: "core"}, // in no mapping, no reason: unmapped
		{site: "b", area: "core", auto: "runtime-only: in handle_create"}, // the script's reason
		{site: "c", area: "hot"},                                 // covered by the mapping
		{site: "d", area: "hot", auto: "pass-through: re-raise"}, // the mapping overrides the script
		{site: "e", area: "hot"},                                 // a gap
	}
	mapping := map[string]siteMapping{
		"c": {status: "covered"},
		"d": {status: "unmapped", note: "not traced"},
		"e": {status: "unmapped", note: "GAP: probe"},
	}
	f := tally(sites, mapping)
	want := figures{
		unmapped: 3,
		byArea:   "core 1/2, hot 1/3",
		byStatus: "covered 1, runtime-only 1, unmapped 3",
		gaps:     "hot 1",
	}
	if f != want {
		t.Errorf("tally = %+v, want %+v", f, want)
	}
}
