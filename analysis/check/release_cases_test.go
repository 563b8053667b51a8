package check

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/schema"
	"heat-ls/schema/refdata"
)

// releaseVerdict is Heat's recorded answer for one release: the errors of
// `template validate` and of stack create (Heat stops at the first).
type releaseVerdict struct {
	Validate []heatError `json:"validate"`
	Create   []heatError `json:"create"`
}

// releaseExpectation is one line of a case's expect.txt: for the releases
// in a range, the exact set of "code:severity" heat-ls reports (errors and
// warnings), or, with "disagree", why heat-ls knowingly differs from the
// recorded verdict there.
type releaseExpectation struct {
	from, to int // release indexes, inclusive
	codes    []string
	disagree string
}

// TestReleaseCases replays Heat's verdicts, recorded from every release's
// engine (testdata/release-cases/*/heat-releases.json, made by record.sh),
// without Heat: for each release, heat-ls judging for that release must
// report an error where that release's Heat refused the template (at the
// place Heat names) and none where it accepted it, and exactly the
// diagnostics the case's expect.txt lists for that release.
func TestReleaseCases(t *testing.T) {
	root, ok := refdata.ModuleRoot()
	if !ok {
		t.Fatal("no module root")
	}
	dir := filepath.Join(root, "testdata", "release-cases")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	rels := schema.Releases()
	schemas := make([]*schema.Schema, len(rels))
	for i, r := range rels {
		if schemas[i], err = schema.LoadRelease(r.Name); err != nil {
			t.Fatal(err)
		}
	}
	cases := 0
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		cases++
		caseDir := filepath.Join(dir, e.Name())
		t.Run(e.Name(), func(t *testing.T) {
			verdicts := readReleaseVerdicts(t, caseDir)
			expects := readReleaseExpectations(t, caseDir, rels)
			src, err := os.ReadFile(filepath.Join(caseDir, "template.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			for i, rel := range rels {
				v, ok := verdicts[rel.Name]
				if !ok {
					t.Errorf("%s: no verdict recorded; run record.sh", rel.Name)
					continue
				}
				exp := expectationFor(expects, i)
				if exp == nil {
					t.Errorf("%s: expect.txt says nothing about this release", rel.Name)
					continue
				}
				doc := hot.Parse(src)
				diags := Run(context.Background(), doc, Options{Schema: schemas[i], Path: filepath.Join(caseDir, "template.yaml")})
				if got := codeSet(diags); !slices.Equal(got, exp.codes) {
					t.Errorf("%s: heat-ls reports %v, expect.txt says %v: %s", rel.Name, got, exp.codes, describe(doc, diags))
				}
				if line := agreeWithVerdict(doc, errorsOnly(diags), v); line != "" && exp.disagree == "" {
					t.Errorf("%s: %s", rel.Name, line)
				} else if line == "" && exp.disagree != "" {
					t.Errorf("%s: expect.txt notes a disagreement with Heat that is gone (%s); remove the note", rel.Name, exp.disagree)
				}
			}
		})
	}
	if cases < 25 {
		t.Errorf("only %d release cases", cases)
	}
}

func readReleaseVerdicts(t *testing.T, dir string) map[string]releaseVerdict {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(dir, "heat-releases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]releaseVerdict
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("heat-releases.json: %v", err)
	}
	return out
}

// readReleaseExpectations parses expect.txt: "RANGE what", where RANGE is
// a release ("2025.1"), "A-B", "A-" (A and later) or "all", and what is
// "none", code:severity items, or "disagree: reason" (a line of its own
// beside the codes of the same range).
func readReleaseExpectations(t *testing.T, dir string, rels []*schema.Release) []releaseExpectation {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "expect.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	index := func(name string) int {
		for i, r := range rels {
			if r.Name == name {
				return i
			}
		}
		t.Fatalf("expect.txt: unknown release %q", name)
		return -1
	}
	var out []releaseExpectation
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rng, what, _ := strings.Cut(line, " ")
		what = strings.TrimSpace(what)
		e := releaseExpectation{from: 0, to: len(rels) - 1}
		if rng != "all" {
			a, b, isRange := strings.Cut(rng, "-")
			switch {
			case !isRange:
				e.from, e.to = index(a), index(a)
			case b == "":
				e.from = index(a)
			default:
				e.from, e.to = index(a), index(b)
			}
		}
		if reason, ok := strings.CutPrefix(what, "disagree:"); ok {
			for i := range out {
				if out[i].from == e.from && out[i].to == e.to {
					out[i].disagree = strings.TrimSpace(reason)
				}
			}
			continue
		}
		if what != "none" {
			e.codes = strings.Fields(what)
			sort.Strings(e.codes)
		}
		out = append(out, e)
	}
	return out
}

func expectationFor(list []releaseExpectation, i int) *releaseExpectation {
	for j := range list {
		if list[j].from <= i && i <= list[j].to {
			return &list[j]
		}
	}
	return nil
}

// codeSet is the sorted, distinct code:severity of the errors and
// warnings.
func codeSet(diags []source.Diagnostic) []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range diags {
		var sev string
		switch d.Severity {
		case source.SeverityError:
			sev = "error"
		case source.SeverityWarning:
			sev = "warning"
		default:
			continue
		}
		k := d.Code + ":" + sev
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// agreeWithVerdict compares heat-ls's errors with one release's verdict,
// as TestHeatCases does: an error at Heat's place when Heat refused the
// template, none when it accepted it. Errors that need a live cloud (the
// oracle's stand-ins say so) do not count.
func agreeWithVerdict(doc *hot.Document, errs []source.Diagnostic, v releaseVerdict) string {
	var heatErrs []heatError
	for _, e := range append(v.Validate, v.Create...) {
		if !needsLiveCloud(e) && !strings.Contains(string(e.Message), "NeedsCloud") {
			heatErrs = append(heatErrs, e)
		}
	}
	if len(heatErrs) == 0 {
		if len(errs) > 0 {
			return fmt.Sprintf("expected no error (Heat accepted it), got %s", describe(doc, errs))
		}
		return ""
	}
	he := heatErrs[0]
	target, where := resolveHeatPath(doc, he.Path)
	for _, d := range errs {
		if overlaps(d.Span, target) {
			return ""
		}
	}
	return fmt.Sprintf("expected an error within %s (Heat %s: %q), got %s", where, he.Kind, he.Message, describe(doc, errs))
}
