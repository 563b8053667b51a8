package difftest

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
)

// Report is the outcome of a differential run.
type Report struct {
	Variants   int // variants generated
	Judged     []Judged
	Agreed     int
	BothError  int
	BothClean  int
	Located    int                  // of BothError, heat-ls has an error where Heat's points
	Masked     int                  // Heat's create stopped at an artifact of the oracle
	Documented map[string][]*Judged // known class id -> disagreements
	// Uncounted are the pairs left out of every count above (uncounted.go),
	// by kind: Heat's verdict there is not Heat's alone.
	Uncounted map[string][]*Judged
	Open      map[string][]*Judged // class key -> disagreements no known class explains
}

// Load reads a run's files: the manifest under root, Heat's batch output
// and heat-ls's JSON reports (one per directory checked).
func Load(root, heatFile string, lsFiles []string) (*Report, error) {
	var vs []Variant
	if err := readJSON(filepath.Join(root, "variants.json"), &vs); err != nil {
		return nil, err
	}
	heat := map[string]HeatRow{}
	if err := readJSON(heatFile, &heat); err != nil {
		return nil, err
	}
	var problems []LSProblem
	for _, f := range lsFiles {
		var r LSReport
		if err := readJSON(f, &r); err != nil {
			return nil, err
		}
		problems = append(problems, r.Problems...)
	}
	text := func(rel string) []byte {
		b, _ := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		return b
	}
	return Summarise(len(vs), Judge(vs, heat, problems, root, text)), nil
}

// Summarise counts agreement and sorts disagreements into classes.
func Summarise(variants int, js []Judged) *Report {
	r := &Report{Variants: variants, Judged: js, Documented: map[string][]*Judged{}, Open: map[string][]*Judged{}, Uncounted: map[string][]*Judged{}}
	known := KnownClasses()
	for i := range js {
		j := &js[i]
		if j.Uncounted != "" {
			k := UncountedKind(j.Uncounted)
			r.Uncounted[k] = append(r.Uncounted[k], j)
			continue
		}
		if j.Masked {
			r.Masked++
		}
		if j.Agree() {
			r.Agreed++
			switch {
			case j.HeatSays():
				r.BothError++
				if j.Located {
					r.Located++
				}
			default:
				r.BothClean++
			}
			continue
		}
		if k := Classify(known, j); k != nil {
			r.Documented[k.ID] = append(r.Documented[k.ID], j)
			continue
		}
		key := ClassKey(j)
		r.Open[key] = append(r.Open[key], j)
	}
	return r
}

// Classify returns the known class explaining a disagreement, or nil.
func Classify(known []Known, j *Judged) *Known {
	for i := range known {
		if known[i].Match(j) {
			return &known[i]
		}
	}
	return nil
}

func pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}

// Print writes the figure and the classes.
func (r *Report) Print(w io.Writer, examples int) {
	uncounted := 0
	for _, js := range r.Uncounted {
		uncounted += len(js)
	}
	n := len(r.Judged) - uncounted
	fmt.Fprintf(w, "variants: %d generated, %d judged by Heat and heat-ls, %d of them counted\n", r.Variants, len(r.Judged), n)
	for _, k := range []string{UncountedCloud, UncountedStubs, UncountedHost} {
		if js := r.Uncounted[k]; len(js) > 0 {
			fmt.Fprintf(w, "  not counted (%s): %d; %s\n", k, len(js), js[0].Uncounted)
		}
	}
	fmt.Fprintf(w, "agreement on error/no-error: %d/%d (%.2f%%)\n", r.Agreed, n, pct(r.Agreed, n))
	fmt.Fprintf(w, "  both error: %d (heat-ls's error where Heat's first error points: %d, %.1f%%); both clean: %d\n",
		r.BothError, r.Located, pct(r.Located, r.BothError), r.BothClean)
	fmt.Fprintf(w, "  (Heat's create stopped at an artifact of the oracle in %d; those are judged on validate and on create up to that point)\n", r.Masked)
	doc := 0
	for _, js := range r.Documented {
		doc += len(js)
	}
	open := 0
	for _, js := range r.Open {
		open += len(js)
	}
	fmt.Fprintf(w, "agreement outside documented classes: %d/%d (%.2f%%)\n", r.Agreed+doc, n, pct(r.Agreed+doc, n))
	fmt.Fprintf(w, "disagreements: %d documented, %d open\n", doc, open)
	known := KnownClasses()
	for _, k := range known {
		if js := r.Documented[k.ID]; len(js) > 0 {
			fmt.Fprintf(w, "  %5d  %s [%s]: %s\n", len(js), k.ID, k.Verdict, k.Reason)
			printExamples(w, js, examples)
		}
	}
	var keys []string
	for k := range r.Open {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool {
		if len(r.Open[keys[a]]) != len(r.Open[keys[b]]) {
			return len(r.Open[keys[a]]) > len(r.Open[keys[b]])
		}
		return keys[a] < keys[b]
	})
	for _, k := range keys {
		fmt.Fprintf(w, "  %5d  OPEN %s\n", len(r.Open[k]), k)
		printExamples(w, r.Open[k], examples)
	}
}

func printExamples(w io.Writer, js []*Judged, n int) {
	for i, j := range js {
		if i == n {
			break
		}
		line := j.File + " (" + j.Op + ": " + j.Detail + ")"
		if j.HeatSays() {
			e := j.HeatErrors[0]
			line += fmt.Sprintf(" heat %s %v: %.120s", e.Kind, e.Path, e.Message)
		}
		for _, p := range j.LSErrors {
			line += fmt.Sprintf(" | %s %d:%d %.100s", p.Rule, p.Line, p.Column, p.Message)
		}
		fmt.Fprintf(w, "           %s\n", line)
	}
}
