package lint

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"heat-ls/analysis/source"
)

// TestGitHubFormat: each problem becomes one workflow command whose level,
// location and title GitHub reads, with GitHub's escaping of the message
// and of property values.
func TestGitHubFormat(t *testing.T) {
	tests := []struct {
		name string
		p    Problem
		want string
	}{
		{"error",
			Problem{Path: "dir/a.yaml", Line: 3, Column: 7, EndLine: 3, EndColumn: 12, Severity: source.SeverityError, Rule: "unknown-function", Message: "unknown function get_parm"},
			"::error file=dir/a.yaml,line=3,col=7,endLine=3,endColumn=12,title=unknown-function::unknown function get_parm"},
		{"warning",
			Problem{Path: "b.yml", Line: 1, Column: 1, EndLine: 2, EndColumn: 4, Severity: source.SeverityWarning, Rule: "deprecated-type", Message: "x"},
			"::warning file=b.yml,line=1,col=1,endLine=2,endColumn=4,title=deprecated-type::x"},
		{"info is a notice",
			Problem{Path: "c.yaml", Line: 9, Column: 2, EndLine: 9, EndColumn: 3, Severity: source.SeverityInfo, Rule: "r", Message: "m"},
			"::notice file=c.yaml,line=9,col=2,endLine=9,endColumn=3,title=r::m"},
		{"message escapes percent and line breaks, keeps colons and commas",
			Problem{Path: "d.yaml", Line: 1, Column: 1, EndLine: 1, EndColumn: 1, Severity: source.SeverityError, Rule: "r", Message: "100% sure:\r\nfirst, second\nthird %0A"},
			"::error file=d.yaml,line=1,col=1,endLine=1,endColumn=1,title=r::100%25 sure:%0D%0Afirst, second%0Athird %250A"},
		{"property escapes comma, colon, percent and line breaks",
			Problem{Path: "we,ird:name%\n.yaml", Line: 1, Column: 1, EndLine: 1, EndColumn: 1, Severity: source.SeverityError, Rule: "a:b,c", Message: "m"},
			"::error file=we%2Cird%3Aname%25%0A.yaml,line=1,col=1,endLine=1,endColumn=1,title=a%3Ab%2Cc::m"},
		{"a problem without a rule is titled heat-ls",
			Problem{Path: "e.yaml", Line: 2, Column: 1, EndLine: 2, EndColumn: 5, Severity: source.SeverityError, Message: "cannot read"},
			"::error file=e.yaml,line=2,col=1,endLine=2,endColumn=5,title=heat-ls::cannot read"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := writeGitHub(&out, &Report{Problems: []Problem{tc.p}}, ""); err != nil {
				t.Fatal(err)
			}
			if got := out.String(); got != tc.want+"\n" {
				t.Errorf("got  %q\nwant %q", got, tc.want+"\n")
			}
		})
	}
}

// TestGitHubFormatRun: through Run, one line per problem, paths relative
// to the working directory, columns in characters, exit status as for the
// other formats.
func TestGitHubFormatRun(t *testing.T) {
	sc := loadSchema(t)
	dir := tree(t, map[string]string{
		"sub/t.yaml": "heat_template_version: 2018-08-31\ndescription: \"😀\"\nparameters:\n  p: {type: string, type: number}\n",
		"sub/u.yaml": badVersion,
	})
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	status, out, _ := run(t, Options{Schema: sc, Paths: []string{"."}, Format: "github"})
	if status != ExitProblems {
		t.Errorf("status %d, want %d", status, ExitProblems)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for _, l := range lines {
		if !strings.HasPrefix(l, "::error file=sub/") && !strings.HasPrefix(l, "::warning file=sub/") && !strings.HasPrefix(l, "::notice file=sub/") {
			t.Errorf("line %q is not an annotation on a file under sub/", l)
		}
	}
	// "  p: {type: string, type: number}": the repeated "type" starts at
	// character 21 of line 4 (the emoji on line 2 is one character).
	for _, want := range []string{
		"::warning file=sub/t.yaml,line=4,col=21,endLine=4,endColumn=25,title=duplicate-key::",
		"::error file=sub/u.yaml,line=1,",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no annotation %q in\n%s", want, out)
		}
	}
}
