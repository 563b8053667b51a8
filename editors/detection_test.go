package editors

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"heat-ls/analysis/hot"
)

// detectionCase is one entry of testdata/editors/detection.json, the cases
// every editor's content detection is tested on.
type detectionCase struct {
	Name       string `json:"name"`
	Text       string `json:"text"`
	Kind       string `json:"kind"`
	ServerKind string `json:"server_kind"`
}

// TestDetectionCasesAgreeWithServer keeps the editors' content detection
// and heat-ls's own (analysis/hot) in step: the editors test themselves on
// detection.json, and this test checks that table against the server.
func TestDetectionCasesAgreeWithServer(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "editors", "detection.json"))
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Cases []detectionCase `json:"cases"`
	}
	if err := json.Unmarshal(raw, &table); err != nil {
		t.Fatalf("detection.json: %v", err)
	}
	if len(table.Cases) == 0 {
		t.Fatal("detection.json holds no cases")
	}
	names := map[hot.Kind]string{hot.KindTemplate: "template", hot.KindEnvironment: "environment", hot.KindOther: "other"}
	for _, c := range table.Cases {
		t.Run(c.Name, func(t *testing.T) {
			want := c.Kind
			if c.ServerKind != "" {
				want = c.ServerKind
			}
			got, ok := names[hot.Parse([]byte(c.Text)).Kind]
			if !ok {
				t.Fatalf("unknown hot.Kind for %q", c.Text)
			}
			if got != want {
				t.Errorf("heat-ls classifies %q as %s, detection.json says %s", c.Text, got, want)
			}
		})
	}
}
