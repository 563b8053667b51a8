package schema

// Feature is a behaviour that some HOT versions have and others lack. Checks
// ask v.Supports(f) instead of comparing version dates themselves.
type Feature int

// The version-gated behaviours. Those marked "data" are read from Heat's
// sets for each version; the others are behaviour inside a function that
// the sets cannot show, taken from what Heat's engine does (see
// shared/heat/README.md) and pinned by tests.
const (
	// FeatureGetAttrPath: get_attr may take a path after the attribute name.
	FeatureGetAttrPath Feature = iota
	// FeatureGetAttrAllAttributes: get_attr: [resource] alone yields every attribute.
	FeatureGetAttrAllAttributes
	// FeatureListJoinMultipleLists: list_join may join several lists.
	FeatureListJoinMultipleLists
	// FeatureNonStringJoinReplace: list_join and str_replace accept
	// non-string values and serialise them as JSON.
	FeatureNonStringJoinReplace
	// FeatureRepeatMapForEach: repeat's for_each may loop over a map's keys.
	FeatureRepeatMapForEach
	// FeatureRepeatPermutations: repeat takes the permutations flag.
	FeatureRepeatPermutations
	// FeatureIfTwoArguments: if may omit the false branch.
	FeatureIfTwoArguments
	// FeatureConditionsSection: the top-level conditions section (data).
	FeatureConditionsSection
	// FeatureResourceCondition: the resource key condition (data).
	FeatureResourceCondition
	// FeatureExternalID: the resource key external_id (data).
	FeatureExternalID
	// FeatureOutputCondition: the output key condition (data).
	FeatureOutputCondition
	// FeatureLowercaseDeletionPolicies: delete/retain/snapshot in lower case (data).
	FeatureLowercaseDeletionPolicies
	// FeatureModuloConstraint: the modulo parameter constraint (data).
	FeatureModuloConstraint
	// FeatureParameterTags: the parameter key tags (data).
	FeatureParameterTags

	featureCount = iota
)

// featureRule says how to tell whether a version has a feature: either a
// first version date (behaviour facts) or a test on the version's sets.
type featureRule struct {
	name  string
	since string
	has   func(*Version) bool
}

func featureRules() [featureCount]featureRule {
	return [featureCount]featureRule{
		FeatureGetAttrPath:               {name: "get_attr path", since: "2014-10-16"},
		FeatureGetAttrAllAttributes:      {name: "get_attr of all attributes", since: "2015-10-15"},
		FeatureListJoinMultipleLists:     {name: "list_join of several lists", since: "2015-10-15"},
		FeatureNonStringJoinReplace:      {name: "non-string values in list_join and str_replace", since: "2015-10-15"},
		FeatureRepeatMapForEach:          {name: "repeat over a map", since: "2016-10-14"},
		FeatureRepeatPermutations:        {name: "repeat permutations", since: "2017-09-01"},
		FeatureIfTwoArguments:            {name: "if without a false branch", since: "2021-04-16"},
		FeatureConditionsSection:         {name: "conditions section", has: func(v *Version) bool { return v.HasConditions }},
		FeatureResourceCondition:         {name: "resource condition", has: func(v *Version) bool { return v.HasResourceKey("condition") }},
		FeatureExternalID:                {name: "resource external_id", has: func(v *Version) bool { return v.HasResourceKey("external_id") }},
		FeatureOutputCondition:           {name: "output condition", has: func(v *Version) bool { return v.HasOutputKey("condition") }},
		FeatureLowercaseDeletionPolicies: {name: "lower-case deletion policies", has: func(v *Version) bool { return v.HasDeletionPolicy("delete") }},
		FeatureModuloConstraint:          {name: "modulo constraint", has: func(v *Version) bool { return v.HasConstraintKind("modulo") }},
		FeatureParameterTags:             {name: "parameter tags", has: func(v *Version) bool { return v.HasParameterKey("tags") }},
	}
}

// String names the feature in words fit for a message.
func (f Feature) String() string {
	if f < 0 || f >= featureCount {
		return "unknown feature"
	}
	return featureRules()[f].name
}

// Features lists every Feature constant.
func Features() []Feature {
	out := make([]Feature, featureCount)
	for i := range out {
		out[i] = Feature(i)
	}
	return out
}

// markFeatures fills each version's feature table once, at load.
func (s *Schema) markFeatures() {
	rules := featureRules()
	for _, v := range s.versions {
		for f, r := range rules {
			if r.has != nil {
				v.features[f] = r.has(v)
			} else {
				v.features[f] = v.Name >= r.since // dates compare as text
			}
		}
	}
}

// FeatureSince is the oldest version that has f, or nil if none does.
func (s *Schema) FeatureSince(f Feature) *Version {
	for _, v := range s.versions {
		if v.Supports(f) {
			return v
		}
	}
	return nil
}

// FirstVersionWithFunction is the oldest version in which name is a
// function (in the body or in conditions), or nil.
func (s *Schema) FirstVersionWithFunction(name string) *Version {
	for _, v := range s.versions {
		if v.HasFunction(name) || v.IsConditionFunction(name) {
			return v
		}
	}
	return nil
}
