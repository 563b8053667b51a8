package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"heat-ls/analysis/rules"
)

// TestRulesCommand: heat-ls rules and check --list-rules print the same
// table, as text and as JSON, and refuse other formats.
func TestRulesCommand(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		wantCode int
		want     string // a substring of stdout
	}{
		{"text", []string{"rules"}, 0, "undefined-parameter"},
		{"json", []string{"rules", "--format", "json"}, 0, `"id": "undefined-parameter"`},
		{"check text", []string{"check", "--list-rules"}, 0, "HEAT REFUSES AT"},
		{"check json", []string{"check", "--list-rules", "--format", "json"}, 0, `"phase": "validate"`},
		{"bad format", []string{"rules", "--format", "sarif"}, 2, ""},
		{"check bad format", []string{"check", "--list-rules", "--format", "github"}, 2, ""},
		{"stray argument", []string{"rules", "x.yaml"}, 2, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(tt.args, strings.NewReader(""), &out, &errb)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d (stderr %q)", code, tt.wantCode, errb.String())
			}
			if !strings.Contains(out.String(), tt.want) {
				t.Errorf("stdout lacks %q:\n%.400s", tt.want, out.String())
			}
			if tt.wantCode == 0 && strings.Contains(strings.Join(tt.args, " "), "json") {
				var table []map[string]any
				if err := json.Unmarshal(out.Bytes(), &table); err != nil || len(table) < 100 {
					t.Errorf("JSON table: %d rules, err %v", len(table), err)
				}
				// The context the text table states once under it is
				// listed on each rule it applies to (undefined-parameter:
				// Heat refuses it; yaml-syntax: the reader's own).
				for _, r := range table {
					ctx, _ := json.Marshal(r["contexts"])
					replaced := strings.Contains(string(ctx), rules.ReplacedEntry)
					switch r["id"] {
					case "undefined-parameter":
						if !replaced {
							t.Errorf("undefined-parameter does not list the context %q: %s", rules.ReplacedEntry, ctx)
						}
					case "yaml-syntax":
						if replaced {
							t.Errorf("yaml-syntax lists the context %q", rules.ReplacedEntry)
						}
					}
				}
			}
		})
	}
}
