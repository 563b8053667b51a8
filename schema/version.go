package schema

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"heat-ls/schema/internal/wire"

	"heat-ls/schema/spell"
)

// Version is one HOT template version with Heat's exact sets for it. The
// slices keep Heat's own order and must not be modified; the Has… methods
// answer membership in O(1).
type Version struct {
	// Name is the date form, e.g. "2016-10-14".
	Name string
	// Aliases are release names that mean this version, e.g. "newton".
	Aliases []string
	// Index is the position in Versions(), 0 being the oldest.
	Index int
	// Description says in a few words what the version brought.
	Description string

	Functions           []string // intrinsic functions that work here
	RemovedFunctions    []string // names that are an error here ("not supported in this version")
	ConditionFunctions  []string // what the conditions section accepts
	InvalidInConditions []string // functions Heat rejects inside conditions
	RemovedInConditions []string // removed names that are also rejected inside conditions
	Sections            []string // real top-level sections
	// UndefinedSectionAccepted records a Heat quirk: a top-level
	// "__undefined__" key passes Heat's validation though it means nothing.
	UndefinedSectionAccepted bool
	ResourceKeys             []string
	OutputKeys               []string
	DeletionPolicies         []string
	ParameterKeys            []string
	ParameterTypes           []string
	// ConstraintKeys are the keys a parameter constraint entry may hold
	// (including "description"); ConstraintKinds are those that do
	// constrain in this version.
	ConstraintKeys  []string
	ConstraintKinds []string
	// RejectedConstraintKinds are constraint keys Heat parses but refuses
	// in this version, with the gist of Heat's complaint.
	RejectedConstraintKinds map[string]string
	PseudoParameters        []string
	HasConditions           bool

	functions, removed, condFuncs, invalidInCond, sections, resourceKeys,
	outputKeys, deletionPolicies, parameterKeys, parameterTypes,
	constraintKinds, pseudoParams set
	features [featureCount]bool
}

type set map[string]struct{}

func newSet(items []string) set {
	s := make(set, len(items))
	for _, i := range items {
		s[i] = struct{}{}
	}
	return s
}

func (s set) has(k string) bool { _, ok := s[k]; return ok }

// HasFunction reports whether name is an intrinsic function in this version.
func (v *Version) HasFunction(name string) bool { return v.functions.has(name) }

// IsRemovedFunction reports whether name is a function this version rejects.
func (v *Version) IsRemovedFunction(name string) bool { return v.removed.has(name) }

// IsConditionFunction reports whether name may be used in the conditions section.
func (v *Version) IsConditionFunction(name string) bool { return v.condFuncs.has(name) }

// IsInvalidInConditions reports whether Heat rejects name inside conditions.
func (v *Version) IsInvalidInConditions(name string) bool { return v.invalidInCond.has(name) }

// HasSection reports whether name is a real top-level section.
func (v *Version) HasSection(name string) bool { return v.sections.has(name) }

// HasResourceKey reports whether name may appear in a resource definition.
func (v *Version) HasResourceKey(name string) bool { return v.resourceKeys.has(name) }

// HasOutputKey reports whether name may appear in an output definition.
func (v *Version) HasOutputKey(name string) bool { return v.outputKeys.has(name) }

// HasDeletionPolicy reports whether name is an accepted deletion_policy value.
func (v *Version) HasDeletionPolicy(name string) bool { return v.deletionPolicies.has(name) }

// HasParameterKey reports whether name may appear in a parameter definition.
func (v *Version) HasParameterKey(name string) bool { return v.parameterKeys.has(name) }

// HasParameterType reports whether name is a parameter type.
func (v *Version) HasParameterType(name string) bool { return v.parameterTypes.has(name) }

// HasConstraintKind reports whether name is a working parameter constraint here.
func (v *Version) HasConstraintKind(name string) bool { return v.constraintKinds.has(name) }

// IsPseudoParameter reports whether name is a parameter Heat always provides.
func (v *Version) IsPseudoParameter(name string) bool { return v.pseudoParams.has(name) }

// Supports reports whether this version has the behaviour f.
func (v *Version) Supports(f Feature) bool {
	return f >= 0 && int(f) < len(v.features) && v.features[f]
}

// String is the version's date form.
func (v *Version) String() string { return v.Name }

func (s *Schema) loadVersions() error {
	var w wire.Versions
	if err := json.Unmarshal(versionsJSON, &w); err != nil {
		return fmt.Errorf("schema: embedded versions: %w", err)
	}
	s.heatVersion = w.HeatVersion
	s.versionByName = make(map[string]*Version, 2*len(w.Versions))
	docs := versionDescriptions()
	for i, wv := range w.Versions {
		v := &Version{
			Name: wv.Name, Aliases: wv.Aliases, Index: i, Description: docs[wv.Name],
			Functions: wv.Functions, RemovedFunctions: wv.RemovedFunctions,
			ConditionFunctions: wv.ConditionFunctions, InvalidInConditions: wv.InvalidInConditions,
			RemovedInConditions: wv.RemovedInConditions, Sections: wv.Sections,
			UndefinedSectionAccepted: wv.UndefinedSectionAccepted,
			ResourceKeys:             wv.ResourceKeys, OutputKeys: wv.OutputKeys,
			DeletionPolicies: wv.DeletionPolicies, ParameterKeys: wv.ParameterKeys,
			ParameterTypes: wv.ParameterTypes, ConstraintKeys: wv.ConstraintKeys,
			ConstraintKinds: wv.ConstraintKinds, RejectedConstraintKinds: wv.RejectedConstraintKinds,
			PseudoParameters: wv.PseudoParameters, HasConditions: wv.HasConditions,
		}
		v.functions = newSet(v.Functions)
		v.removed = newSet(v.RemovedFunctions)
		v.condFuncs = newSet(v.ConditionFunctions)
		v.invalidInCond = newSet(v.InvalidInConditions)
		v.sections = newSet(v.Sections)
		v.resourceKeys = newSet(v.ResourceKeys)
		v.outputKeys = newSet(v.OutputKeys)
		v.deletionPolicies = newSet(v.DeletionPolicies)
		v.parameterKeys = newSet(v.ParameterKeys)
		v.parameterTypes = newSet(v.ParameterTypes)
		v.constraintKinds = newSet(v.ConstraintKinds)
		v.pseudoParams = newSet(v.PseudoParameters)
		s.versions = append(s.versions, v)
		s.versionByName[v.Name] = v
		for _, a := range v.Aliases {
			s.versionByName[a] = v
		}
	}
	if len(s.versions) == 0 {
		return fmt.Errorf("schema: embedded versions: none")
	}
	s.markFeatures()
	return nil
}

// Versions lists every HOT version, oldest first. Do not modify the slice.
func (s *Schema) Versions() []*Version { return s.versions }

// Latest is the newest HOT version.
func (s *Schema) Latest() *Version { return s.versions[len(s.versions)-1] }

// Version looks a version up by its date ("2016-10-14") or its alias
// ("newton"). Heat matches both exactly, so no trimming or case folding.
func (s *Schema) Version(name string) (*Version, bool) {
	v, ok := s.versionByName[name]
	return v, ok
}

// VersionNames lists every accepted version name: dates then aliases, each
// group in version order. Handy for completion.
func (s *Schema) VersionNames() []string {
	out := make([]string, 0, len(s.versionByName))
	for _, v := range s.versions {
		out = append(out, v.Name)
	}
	for _, v := range s.versions {
		out = append(out, v.Aliases...)
	}
	return out
}

// NearestVersions suggests up to n known version names for an unknown one:
// by distance in days when name looks like a date, otherwise by edit
// distance to dates and aliases. Ties keep the newer version first.
func (s *Schema) NearestVersions(name string, n int) []string {
	if n <= 0 {
		return nil
	}
	type cand struct {
		name string
		dist int
		idx  int
	}
	var cands []cand
	if d, ok := parseLooseDate(name); ok {
		for _, v := range s.versions {
			vd, _ := time.Parse("2006-01-02", v.Name)
			days := int(vd.Sub(d).Hours() / 24)
			if days < 0 {
				days = -days
			}
			cands = append(cands, cand{v.Name, days, v.Index})
		}
	} else {
		lower := strings.ToLower(strings.TrimSpace(name))
		for _, v := range s.versions {
			cands = append(cands, cand{v.Name, spell.Distance(lower, v.Name), v.Index})
			for _, a := range v.Aliases {
				cands = append(cands, cand{a, spell.Distance(lower, a), v.Index})
			}
		}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].dist != cands[j].dist {
			return cands[i].dist < cands[j].dist
		}
		return cands[i].idx > cands[j].idx
	})
	if n > len(cands) {
		n = len(cands)
	}
	out := make([]string, n)
	for i := range out {
		out[i] = cands[i].name
	}
	return out
}

// parseLooseDate accepts YYYY-MM-DD and a few near forms people type
// (YYYY-M-D, YYYY/MM/DD, YYYY.MM.DD, YYYYMMDD, and with a time suffix).
func parseLooseDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if len(s) > 10 && (s[10] == 'T' || s[10] == ' ') {
		s = s[:10]
	}
	s = strings.NewReplacer("/", "-", ".", "-", "_", "-").Replace(s)
	for _, layout := range []string{"2006-01-02", "2006-1-2", "20060102", "2006-01", "2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
