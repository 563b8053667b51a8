package editors

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// manifestSetting is one setting the VS Code extension contributes.
type manifestSetting struct {
	name string
	// def is its default as compact JSON.
	def string
}

// manifestSettings reads contributes.configuration.properties of
// editors/vscode/package.json in the order written.
func manifestSettings(t *testing.T, manifest []byte) []manifestSetting {
	t.Helper()
	var m struct {
		Contributes struct {
			Configuration struct {
				Properties json.RawMessage `json:"properties"`
			} `json:"configuration"`
		} `json:"contributes"`
	}
	if err := json.Unmarshal(manifest, &m); err != nil {
		t.Fatalf("package.json: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(m.Contributes.Configuration.Properties))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("package.json: contributes.configuration.properties is not an object (%v)", err)
	}
	var out []manifestSetting
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		var prop struct {
			Default json.RawMessage `json:"default"`
		}
		if err := dec.Decode(&prop); err != nil {
			t.Fatal(err)
		}
		var def bytes.Buffer
		if err := json.Compact(&def, prop.Default); err != nil {
			t.Fatalf("%v: default: %v", tok, err)
		}
		out = append(out, manifestSetting{name: tok.(string), def: def.String()})
	}
	return out
}

// settingRow is a row of a Markdown settings table: "| `heat-ls.x` | ...".
var settingRow = regexp.MustCompile("(?m)^\\|\\s*`(heat-ls\\.[A-Za-z.]+)`\\s*\\|\\s*([^|]*?)\\s*\\|")

// TestVSCodeSettingsDocumented holds the extension's documentation to its
// manifest: the settings table of editors/vscode/README.md (what the
// Marketplace and the Extensions view show) lists every setting of
// package.json's contributes.configuration, in the same order, with its
// default as JSON; editors/README.md's table names the same settings.
// package.json itself is written as JSON.stringify(…, null, 2) writes it,
// so a hand edit cannot leave a block mis-indented.
func TestVSCodeSettingsDocumented(t *testing.T) {
	root := moduleRoot(t)
	manifest, err := os.ReadFile(filepath.Join(root, "editors", "vscode", "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	var compact, indented bytes.Buffer
	if err := json.Compact(&compact, manifest); err != nil {
		t.Fatal(err)
	}
	if err := json.Indent(&indented, compact.Bytes(), "", "  "); err != nil {
		t.Fatal(err)
	}
	indented.WriteByte('\n')
	if !bytes.Equal(indented.Bytes(), manifest) {
		got, want := strings.Split(string(manifest), "\n"), strings.Split(indented.String(), "\n")
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Errorf("editors/vscode/package.json:%d is not indented as two-space JSON:\n got %q\nwant %q", i+1, got[i], want[i])
				break
			}
		}
	}
	settings := manifestSettings(t, manifest)
	if len(settings) == 0 {
		t.Fatal("package.json contributes no settings")
	}
	var names []string
	for _, s := range settings {
		names = append(names, s.name)
	}

	readme, err := os.ReadFile(filepath.Join(root, "editors", "vscode", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := settingRow.FindAllStringSubmatch(string(readme), -1)
	var documented []string
	for _, r := range rows {
		documented = append(documented, r[1])
	}
	if !slices.Equal(documented, names) {
		t.Errorf("editors/vscode/README.md's settings table lists %v; package.json contributes %v (same order)", documented, names)
	}
	for _, r := range rows {
		i := slices.Index(names, r[1])
		if i < 0 {
			continue
		}
		if want := "`" + settings[i].def + "`"; r[2] != want {
			t.Errorf("editors/vscode/README.md: %s's default reads %s; package.json says %s", r[1], r[2], want)
		}
	}

	guide, err := os.ReadFile(filepath.Join(root, "editors", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var inGuide []string
	for _, r := range settingRow.FindAllStringSubmatch(string(guide), -1) {
		inGuide = append(inGuide, r[1])
	}
	slices.Sort(inGuide)
	sorted := slices.Sorted(slices.Values(names))
	if !slices.Equal(inGuide, sorted) {
		t.Errorf("editors/README.md's VS Code settings table names %v; package.json contributes %v", inGuide, sorted)
	}
}
