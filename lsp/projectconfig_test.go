package lsp

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProjectConfigInDiagnostics checks that the server honours ignore
// comments and .heat-ls.yaml like heat-ls check does.
func TestProjectConfigInDiagnostics(t *testing.T) {
	const badVersion = "heat_template_version: 2018-08-13\nresources: {}\n"
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	fileURI := func(name string) string {
		return (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(dir, name))}).String()
	}
	tests := []struct {
		name, config, text string
		want, wantNot      string
	}{
		{name: "no config", text: badVersion, want: "unknown-version"},
		{name: "ignore comment", text: "# heat-ls: ignore unknown-version\n" + badVersion, wantNot: "unknown-version"},
		{name: "disabled", config: "disable: [unknown-version]\n", text: badVersion, wantNot: "unknown-version"},
		{name: "raised to hint", config: "severity: {unknown-version: hint}\n", text: badVersion, want: `"severity":4`},
		{name: "malformed", config: "disable: [\n", text: badVersion, want: "invalid-config"},
		{name: "unknown rule id", config: "disable: [unknown-versoin, duplicate-key]\n", text: badVersion, want: `did you mean \"unknown-version\"?`, wantNot: "defaults apply"},
		{name: "ignored path", config: "ignore: ['*.yaml']\n", text: badVersion, want: "[]", wantNot: "unknown-version"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sub := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-"))
			if err := os.Mkdir(sub, 0o755); err != nil {
				t.Fatal(err)
			}
			if tt.config != "" {
				if err := os.WriteFile(filepath.Join(sub, ".heat-ls.yaml"), []byte(tt.config), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			c := startServer(t)
			c.initialize(`{}`)
			uri := fileURI(filepath.Join(filepath.Base(sub), "t.yaml"))
			openDoc(c, uri, i+1, tt.text)
			_, raw := publish(t, c.notification("textDocument/publishDiagnostics"))
			if tt.want != "" && !strings.Contains(raw, tt.want) {
				t.Errorf("diagnostics %s lack %q", raw, tt.want)
			}
			if tt.wantNot != "" && strings.Contains(raw, tt.wantNot) {
				t.Errorf("diagnostics %s hold %q", raw, tt.wantNot)
			}
		})
	}
}
