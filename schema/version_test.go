package schema

import (
	"reflect"
	"slices"
	"testing"
)

// sharedVersion is the part of shared/heat/versions.json the tests compare.
type sharedVersion struct {
	Version            string   `json:"version"`
	Aliases            []string `json:"aliases"`
	Functions          []string `json:"functions"`
	RemovedFunctions   []string `json:"removed_functions"`
	ConditionFunctions []string `json:"condition_functions"`
	ConditionParser    struct {
		Accepted            []string `json:"accepted"`
		InvalidInConditions []string `json:"invalid_in_conditions"`
		Removed             []string `json:"removed"`
	} `json:"condition_parser"`
	Sections                []string          `json:"sections"`
	SectionsRaw             []string          `json:"sections_raw"`
	ResourceKeys            []string          `json:"resource_keys"`
	OutputKeys              []string          `json:"output_keys"`
	DeletionPolicies        []string          `json:"deletion_policies"`
	ParameterKeys           []string          `json:"parameter_keys"`
	ParameterTypes          []string          `json:"parameter_types"`
	ConstraintKeys          []string          `json:"parameter_constraint_keys"`
	ConstraintKinds         []string          `json:"parameter_constraint_kinds"`
	ConstraintKindsRejected map[string]string `json:"parameter_constraint_kinds_rejected"`
	PseudoParameters        []string          `json:"pseudo_parameters"`
	HasConditionsSection    bool              `json:"has_conditions_section"`
}

func sharedVersions(t *testing.T) []sharedVersion {
	var doc struct {
		HOT []sharedVersion `json:"hot_versions"`
	}
	readSharedJSON(t, "heat/versions.json", &doc)
	return doc.HOT
}

func sameSet(a, b []string) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(slices.Compact(x), slices.Compact(y)) && len(a) == len(b)
}

func TestVersionsMatchHeat(t *testing.T) {
	s := mustLoad(t)
	want := sharedVersions(t)
	if len(s.Versions()) != len(want) {
		t.Fatalf("got %d versions, Heat has %d", len(s.Versions()), len(want))
	}
	for i, w := range want {
		v := s.Versions()[i]
		if v.Name != w.Version || v.Index != i {
			t.Fatalf("version %d: got %s (index %d), want %s", i, v.Name, v.Index, w.Version)
		}
		sets := []struct {
			name      string
			got, want []string
		}{
			{"aliases", v.Aliases, w.Aliases},
			{"functions", v.Functions, w.Functions},
			{"removed functions", v.RemovedFunctions, w.RemovedFunctions},
			{"condition functions", v.ConditionFunctions, w.ConditionFunctions},
			{"condition parser accepted", v.ConditionFunctions, w.ConditionParser.Accepted},
			{"invalid in conditions", v.InvalidInConditions, w.ConditionParser.InvalidInConditions},
			{"removed in conditions", v.RemovedInConditions, w.ConditionParser.Removed},
			{"sections", v.Sections, w.Sections},
			{"resource keys", v.ResourceKeys, w.ResourceKeys},
			{"output keys", v.OutputKeys, w.OutputKeys},
			{"deletion policies", v.DeletionPolicies, w.DeletionPolicies},
			{"parameter keys", v.ParameterKeys, w.ParameterKeys},
			{"parameter types", v.ParameterTypes, w.ParameterTypes},
			{"constraint keys", v.ConstraintKeys, w.ConstraintKeys},
			{"constraint kinds", v.ConstraintKinds, w.ConstraintKinds},
			{"pseudo parameters", v.PseudoParameters, w.PseudoParameters},
		}
		for _, c := range sets {
			if !sameSet(c.got, c.want) {
				t.Errorf("%s %s: got %v, Heat has %v", v.Name, c.name, c.got, c.want)
			}
		}
		// The O(1) membership tests must agree with the lists.
		members := []struct {
			name  string
			list  []string
			has   func(string) bool
			other string
		}{
			{"HasFunction", w.Functions, v.HasFunction, "get_attrs"},
			{"IsRemovedFunction", w.RemovedFunctions, v.IsRemovedFunction, "get_attr"},
			{"IsConditionFunction", w.ConditionFunctions, v.IsConditionFunction, "get_attr"},
			{"IsInvalidInConditions", w.ConditionParser.InvalidInConditions, v.IsInvalidInConditions, "equals"},
			{"HasSection", w.Sections, v.HasSection, "__undefined__"},
			{"HasResourceKey", w.ResourceKeys, v.HasResourceKey, "Type"},
			{"HasOutputKey", w.OutputKeys, v.HasOutputKey, "Value"},
			{"HasDeletionPolicy", w.DeletionPolicies, v.HasDeletionPolicy, "DELETE"},
			{"HasParameterKey", w.ParameterKeys, v.HasParameterKey, "Type"},
			{"HasParameterType", w.ParameterTypes, v.HasParameterType, "list"},
			{"HasConstraintKind", w.ConstraintKinds, v.HasConstraintKind, "description"},
			{"IsPseudoParameter", w.PseudoParameters, v.IsPseudoParameter, "OS::stack"},
		}
		for _, m := range members {
			for _, n := range m.list {
				if !m.has(n) {
					t.Errorf("%s %s(%q) = false", v.Name, m.name, n)
				}
			}
			if m.has(m.other) {
				t.Errorf("%s %s(%q) = true", v.Name, m.name, m.other)
			}
		}
		rejected := w.ConstraintKindsRejected
		if len(rejected) == 0 {
			rejected = nil
		}
		if !reflect.DeepEqual(v.RejectedConstraintKinds, rejected) {
			t.Errorf("%s rejected constraint kinds: got %v, Heat has %v", v.Name, v.RejectedConstraintKinds, rejected)
		}
		if v.HasConditions != w.HasConditionsSection {
			t.Errorf("%s has conditions: got %v", v.Name, v.HasConditions)
		}
		if want := slices.Contains(w.SectionsRaw, "__undefined__"); v.UndefinedSectionAccepted != want {
			t.Errorf("%s UndefinedSectionAccepted = %v, want %v", v.Name, v.UndefinedSectionAccepted, want)
		}
		if v.Description == "" {
			t.Errorf("%s has no description", v.Name)
		}
	}
}

func TestVersionLookup(t *testing.T) {
	s := mustLoad(t)
	if n := len(s.Versions()); n != 11 {
		t.Errorf("%d versions, want 11", n)
	}
	if got := s.Latest().Name; got != "2021-04-16" {
		t.Errorf("Latest = %s", got)
	}
	aliases := 0
	for _, v := range s.Versions() {
		aliases += len(v.Aliases)
	}
	if aliases != 6 {
		t.Errorf("%d aliases, want 6", aliases)
	}
	tests := []struct {
		name, want string
		ok         bool
	}{
		{"2013-05-23", "2013-05-23", true},
		{"newton", "2016-10-14", true},
		{"ocata", "2017-02-24", true},
		{"pike", "2017-09-01", true},
		{"queens", "2018-03-02", true},
		{"rocky", "2018-08-31", true},
		{"wallaby", "2021-04-16", true},
		{"Wallaby", "", false},
		{" 2016-10-14", "", false},
		{"2016-10-15", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		v, ok := s.Version(tt.name)
		if ok != tt.ok || (ok && v.Name != tt.want) {
			t.Errorf("Version(%q) = %v, %v; want %s, %v", tt.name, v, ok, tt.want, tt.ok)
		}
	}
	if got := len(s.VersionNames()); got != 17 {
		t.Errorf("VersionNames: %d names, want 17", got)
	}
	for i := 1; i < len(s.Versions()); i++ {
		if s.Versions()[i-1].Name >= s.Versions()[i].Name {
			t.Errorf("Versions not oldest first at %d", i)
		}
	}
}

func TestNearestVersions(t *testing.T) {
	s := mustLoad(t)
	tests := []struct {
		in   string
		n    int
		want []string
	}{
		{"2016-10-15", 2, []string{"2016-10-14", "2017-02-24"}},
		{"2018-03-01", 1, []string{"2018-03-02"}},
		{"2013-05-24", 1, []string{"2013-05-23"}},
		{"2030-01-01", 2, []string{"2021-04-16", "2018-08-31"}},
		{"2017/09/01", 1, []string{"2017-09-01"}},
		{"2015-10", 1, []string{"2015-10-15"}},
		{"wallabi", 1, []string{"wallaby"}},
		{"Newton", 1, []string{"newton"}},
		{"quens", 1, []string{"queens"}},
		{"2021-04-1", 1, []string{"2021-04-16"}},
		{"x", 0, nil},
	}
	for _, tt := range tests {
		if got := s.NearestVersions(tt.in, tt.n); !slices.Equal(got, tt.want) {
			t.Errorf("NearestVersions(%q, %d) = %v, want %v", tt.in, tt.n, got, tt.want)
		}
	}
	if got := s.NearestVersions("zzz", 100); len(got) != 17 {
		t.Errorf("NearestVersions with large n returned %d names, want all 17", len(got))
	}
}

func TestFeatures(t *testing.T) {
	s := mustLoad(t)
	want := map[Feature]string{
		FeatureGetAttrPath:               "2014-10-16",
		FeatureGetAttrAllAttributes:      "2015-10-15",
		FeatureListJoinMultipleLists:     "2015-10-15",
		FeatureNonStringJoinReplace:      "2015-10-15",
		FeatureRepeatMapForEach:          "2016-10-14",
		FeatureRepeatPermutations:        "2017-09-01",
		FeatureIfTwoArguments:            "2021-04-16",
		FeatureConditionsSection:         "2016-10-14",
		FeatureResourceCondition:         "2016-10-14",
		FeatureExternalID:                "2016-10-14",
		FeatureOutputCondition:           "2016-10-14",
		FeatureLowercaseDeletionPolicies: "2016-10-14",
		FeatureModuloConstraint:          "2017-02-24",
		FeatureParameterTags:             "2018-03-02",
	}
	if len(want) != len(Features()) {
		t.Fatalf("test covers %d features, there are %d", len(want), len(Features()))
	}
	for _, f := range Features() {
		since := s.FeatureSince(f)
		if since == nil || since.Name != want[f] {
			t.Errorf("FeatureSince(%s) = %v, want %s", f, since, want[f])
			continue
		}
		// Once a version has a feature, every later one has it too.
		for _, v := range s.Versions() {
			if got, exp := v.Supports(f), v.Index >= since.Index; got != exp {
				t.Errorf("%s Supports(%s) = %v, want %v", v.Name, f, got, exp)
			}
		}
		if f.String() == "unknown feature" {
			t.Errorf("feature %d has no name", f)
		}
	}
	if s.Latest().Supports(Feature(-1)) || s.Latest().Supports(Feature(999)) {
		t.Error("out-of-range features must not be supported")
	}
	// The features the README describes also show in functions' arrival:
	// if and repeat must exist wherever their behaviours are claimed.
	for _, c := range []struct {
		f  Feature
		fn string
	}{{FeatureRepeatMapForEach, "repeat"}, {FeatureRepeatPermutations, "repeat"}, {FeatureIfTwoArguments, "if"}, {FeatureListJoinMultipleLists, "list_join"}, {FeatureGetAttrPath, "get_attr"}} {
		for _, v := range s.Versions() {
			if v.Supports(c.f) && !v.HasFunction(c.fn) {
				t.Errorf("%s supports %s but lacks %s", v.Name, c.f, c.fn)
			}
		}
	}
}
