package lint

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"heat-ls/analysis/source"
)

// writer writes a report in one format.
type writer func(w io.Writer, rep *Report, version string) error

// writers returns the writer of a format name ("" is text).
func writers(format string) (writer, bool) {
	switch format {
	case "", "text":
		return writeText, true
	case "json":
		return writeJSON, true
	case "sarif":
		return writeSARIF, true
	case "github":
		return writeGitHub, true
	}
	return nil, false
}

func writeText(w io.Writer, rep *Report, _ string) error {
	for _, p := range rep.Problems {
		rule := ""
		if p.Rule != "" {
			rule = " [" + p.Rule + "]"
		}
		if _, err := fmt.Fprintf(w, "%s:%d:%d: %s: %s%s\n", p.Path, p.Line, p.Column, p.Severity, oneLine(p.Message), rule); err != nil {
			return err
		}
	}
	return nil
}

// oneLine keeps a text report at one line per problem.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

type jsonReport struct {
	Version  int           `json:"version"`
	Files    int           `json:"files"`
	Problems []jsonProblem `json:"problems"`
}

type jsonProblem struct {
	Path      string `json:"path"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
	Severity  string `json:"severity"`
	Rule      string `json:"rule"`
	Message   string `json:"message"`
	// Releases: the Heat releases the problem occurs in, when not all of
	// those judged for (--heat-release with several).
	Releases []string `json:"releases,omitempty"`
}

func writeJSON(w io.Writer, rep *Report, _ string) error {
	out := jsonReport{Version: 1, Files: rep.Files, Problems: make([]jsonProblem, 0, len(rep.Problems))}
	for _, p := range rep.Problems {
		out.Problems = append(out.Problems, jsonProblem{
			Path: filepath.ToSlash(p.Path), Line: p.Line, Column: p.Column, EndLine: p.EndLine, EndColumn: p.EndColumn,
			Severity: p.Severity.String(), Rule: p.Rule, Message: p.Message, Releases: p.Releases,
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// sarifLevel maps a severity to a SARIF result level.
func sarifLevel(s source.Severity) string {
	switch s {
	case source.SeverityError:
		return "error"
	case source.SeverityWarning:
		return "warning"
	}
	return "note"
}

// The SARIF types hold the subset of SARIF 2.1.0 heat-ls writes.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool    sarifTool     `json:"tool"`
		Results []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name    string      `json:"name"`
		Version string      `json:"version,omitempty"`
		Rules   []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string       `json:"id"`
		ShortDescription     sarifMessage `json:"shortDescription"`
		DefaultConfiguration struct {
			Level string `json:"level"`
		} `json:"defaultConfiguration"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID    string          `json:"ruleId"`
		RuleIndex int             `json:"ruleIndex"`
		Level     string          `json:"level"`
		Message   sarifMessage    `json:"message"`
		Locations []sarifLocation `json:"locations"`
	}
	sarifLocation struct {
		PhysicalLocation struct {
			ArtifactLocation struct {
				URI string `json:"uri"`
			} `json:"artifactLocation"`
			Region sarifRegion `json:"region"`
		} `json:"physicalLocation"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
		EndLine     int `json:"endLine"`
		EndColumn   int `json:"endColumn"`
	}
)

// sarifSchema is the schema address GitHub code scanning expects.
const sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

func writeSARIF(w io.Writer, rep *Report, version string) error {
	driver := sarifDriver{Name: "heat-ls", Version: version, Rules: []sarifRule{}}
	index := make(map[string]int)
	results := make([]sarifResult, 0, len(rep.Problems))
	for _, p := range rep.Problems {
		id := p.Rule
		if id == "" {
			id = "heat-ls"
		}
		i, ok := index[id]
		if !ok {
			i = len(driver.Rules)
			index[id] = i
			r := sarifRule{ID: id, ShortDescription: sarifMessage{Text: describeRule(id)}}
			r.DefaultConfiguration.Level = sarifLevel(p.Severity)
			driver.Rules = append(driver.Rules, r)
		}
		res := sarifResult{RuleID: id, RuleIndex: i, Level: sarifLevel(p.Severity), Message: sarifMessage{Text: p.Message}}
		var loc sarifLocation
		loc.PhysicalLocation.ArtifactLocation.URI = artifactURI(p.Path)
		loc.PhysicalLocation.Region = sarifRegion{StartLine: p.Line, StartColumn: p.Column16, EndLine: p.EndLine, EndColumn: p.EndColumn16}
		res.Locations = []sarifLocation{loc}
		results = append(results, res)
	}
	log := sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{{Tool: sarifTool{Driver: driver}, Results: results}}}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

// describeRule turns a rule id into a short title: "undefined-parameter"
// becomes "Undefined parameter".
func describeRule(id string) string {
	words := strings.ReplaceAll(id, "-", " ")
	if words == "" {
		return id
	}
	return strings.ToUpper(words[:1]) + words[1:]
}

// artifactURI is a file's SARIF location: relative to the working
// directory with forward slashes when it lies below it (what code scanning
// resolves against the repository), a file URI otherwise.
func artifactURI(path string) string {
	rel := filepath.ToSlash(relPath(absPath(path)))
	if filepath.IsAbs(rel) {
		return (&url.URL{Scheme: "file", Path: rel}).String()
	}
	return (&url.URL{Path: rel}).EscapedPath()
}
