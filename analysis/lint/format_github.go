package lint

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"heat-ls/analysis/source"
)

// writeGitHub prints one GitHub Actions workflow command per problem,
//
//	::error file=dir/a.yaml,line=3,col=7,endLine=3,endColumn=12,title=undefined-parameter::message
//
// which the Actions runner turns into an annotation on the file and line in
// the job's summary and in a pull request's diff. Paths are relative to the
// working directory (the checkout, in a workflow) with forward slashes.
func writeGitHub(w io.Writer, rep *Report, _ string) error {
	for _, p := range rep.Problems {
		title := p.Rule
		if title == "" {
			title = "heat-ls"
		}
		props := []string{
			"file=" + escapeGitHubProperty(filepath.ToSlash(relPath(absPath(p.Path)))),
			"line=" + strconv.Itoa(p.Line),
			"col=" + strconv.Itoa(p.Column),
			"endLine=" + strconv.Itoa(p.EndLine),
			"endColumn=" + strconv.Itoa(p.EndColumn),
			"title=" + escapeGitHubProperty(title),
		}
		if _, err := fmt.Fprintf(w, "::%s %s::%s\n", githubCommand(p.Severity), strings.Join(props, ","), escapeGitHubData(p.Message)); err != nil {
			return err
		}
	}
	return nil
}

// githubCommand maps a severity to the workflow command of its annotation
// level.
func githubCommand(s source.Severity) string {
	switch s {
	case source.SeverityError:
		return "error"
	case source.SeverityWarning:
		return "warning"
	}
	return "notice"
}

// escapeGitHubData escapes a command's message as the runner unescapes it:
// "%" first, then the line breaks that would end the command.
func escapeGitHubData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeGitHubProperty escapes a property value: as a message, plus ":"
// and "," which would end the value.
func escapeGitHubProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
