package schema

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestFeaturesAgainstCases pins the version-gated behaviours to what Heat
// said about the small probe templates in shared/heat/cases. Usually Heat
// accepts a case exactly when its version has the feature; two cases show
// Heat silently ignoring a key its version lacks (permutations before
// 2017-09-01, an output condition before 2016-10-14): the feature is still
// absent there, so checks should warn that the key has no effect.
func TestFeaturesAgainstCases(t *testing.T) {
	s := mustLoad(t)
	dir := filepath.Join(sharedDir(t), "heat", "cases")
	versionRE := regexp.MustCompile(`(?m)^heat_template_version:\s*['"]?([\w-]+)`)
	tests := []struct {
		name    string
		f       Feature
		ignored bool // Heat accepts the case although the version lacks f
	}{
		{"fn-get-attr-all-attributes-before-liberty", FeatureGetAttrAllAttributes, false},
		{"fn-list-join-multiple-lists-before-liberty", FeatureListJoinMultipleLists, false},
		{"fn-repeat-permutations-before-pike", FeatureRepeatPermutations, true},
		{"fn-repeat-permutations-pike-ok", FeatureRepeatPermutations, false},
		{"version-alias-wallaby-if-null-true-ok", FeatureIfTwoArguments, false},
		{"param-modulo-before-ocata", FeatureModuloConstraint, false},
		{"param-modulo-ocata-ok", FeatureModuloConstraint, false},
		{"param-tags-before-queens", FeatureParameterTags, false},
		{"param-tags-queens-ok", FeatureParameterTags, false},
		{"output-condition-before-newton", FeatureOutputCondition, true},
		{"resource-external-id-before-newton", FeatureExternalID, false},
		{"resource-external-id-newton", FeatureExternalID, false},
	}
	for _, tt := range tests {
		tmpl, err := os.ReadFile(filepath.Join(dir, tt.name, "template.yaml"))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		raw, err := os.ReadFile(filepath.Join(dir, tt.name, "heat.json"))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		var verdict struct {
			Summary struct {
				Create string `json:"create"`
			} `json:"summary"`
		}
		if err := json.Unmarshal(raw, &verdict); err != nil {
			t.Fatal(err)
		}
		m := versionRE.FindSubmatch(tmpl)
		if m == nil {
			t.Errorf("%s: no version", tt.name)
			continue
		}
		v, ok := s.Version(string(m[1]))
		if !ok {
			t.Errorf("%s: unknown version %s", tt.name, m[1])
			continue
		}
		accepted := verdict.Summary.Create == "ok"
		if v.Supports(tt.f) != (accepted && !tt.ignored) || (tt.ignored && !accepted) {
			t.Errorf("%s: %s Supports(%s) = %v but Heat's create said %q", tt.name, v.Name, tt.f, v.Supports(tt.f), verdict.Summary.Create)
		}
	}
}
