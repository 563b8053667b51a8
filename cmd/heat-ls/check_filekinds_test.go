package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestCheckFileKinds runs check over testdata/filekinds, by directory walk
// (which finds *.j2 files too) and by naming Jinja2 files: Jinja2 sources
// get one note each and no syntax error, the misspelt environment section
// and version key their errors.
func TestCheckFileKinds(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "filekinds")
	for _, args := range [][]string{
		{"check", "--format", "json", dir},
		{"check", "--format", "json", filepath.Join(dir, "jinja2", "net.yaml.j2"), filepath.Join(dir, "jinja2", "roles.j2.yaml")},
	} {
		var out, errOut bytes.Buffer
		status := run(args, strings.NewReader(""), &out, &errOut)
		var rep struct {
			Problems []struct {
				Path, Rule, Severity string
			}
		}
		if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
			t.Fatalf("%v: %v\n%s%s", args, err, out.String(), errOut.String())
		}
		var got []string
		for _, p := range rep.Problems {
			got = append(got, filepath.Base(p.Path)+" "+p.Severity+" "+p.Rule)
		}
		sort.Strings(got)
		want := []string{"net.yaml.j2 info jinja2-source", "roles.j2.yaml info jinja2-source"}
		wantStatus := 0
		if len(args) == 4 {
			want = []string{"broken_typing.yaml error yaml-syntax", "env.yaml error env-section-unknown",
				"net.yaml.j2 info jinja2-source", "roles.j2.yaml info jinja2-source", "roles_data.yaml info jinja2-source",
				"template.yaml error unknown-section"}
			wantStatus = 1
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") || status != wantStatus {
			t.Errorf("%v: status %d, problems:\n%s\nwant status %d:\n%s", args, status, strings.Join(got, "\n"), wantStatus, strings.Join(want, "\n"))
		}
	}
}
