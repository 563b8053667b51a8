package hot_test

import (
	"os"
	"path/filepath"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/hot/edittest"
)

// TestParseForEvaluationLeavesOutOnlyCalls: the model ParseForEvaluation
// makes is the one ParseNamed makes, its list of calls left out, for every
// template of the preview cases and the workspace fixtures (Jinja2 ones
// included). The two models' trees are built apart: edittest.Equal
// compares them node by node.
func TestParseForEvaluationLeavesOutOnlyCalls(t *testing.T) {
	var paths []string
	for _, glob := range []string{"preview/cases/*/*.yaml", "preview/cases/*/*/*.yaml", "workspace/*/*.yaml", "workspace/*.yaml", "workspace/*/*.j2"} {
		more, _ := filepath.Glob(filepath.Join("..", "..", "testdata", filepath.FromSlash(glob)))
		paths = append(paths, more...)
	}
	templates := 0
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		whole, eval := hot.ParseNamed(p, src), hot.ParseForEvaluation(p, src)
		if whole.Template == nil {
			if !edittest.Equal(whole, eval) {
				t.Errorf("%s: the documents differ", p)
			}
			continue
		}
		templates++
		if eval.Template.Calls != nil {
			t.Errorf("%s: %d calls listed", p, len(eval.Template.Calls))
		}
		whole.Template.Calls = nil
		if !edittest.Equal(whole, eval) {
			t.Errorf("%s: the models differ beyond the calls", p)
		}
	}
	if templates < 50 {
		t.Errorf("only %d templates compared (of %d files)", templates, len(paths))
	}
	t.Logf("%d templates and %d other files compared", templates, len(paths)-templates)
}
