package schema

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestEveryKeyIsDocumented(t *testing.T) {
	s := mustLoad(t)
	for _, v := range s.Versions() {
		groups := []struct {
			c     Context
			names []string
		}{
			{ContextTopLevel, v.Sections},
			{ContextParameter, v.ParameterKeys},
			{ContextParameterType, v.ParameterTypes},
			{ContextConstraint, v.ConstraintKeys},
			{ContextResource, v.ResourceKeys},
			{ContextOutput, v.OutputKeys},
			{ContextDeletionPolicy, v.DeletionPolicies},
			{ContextPseudoParameter, v.PseudoParameters},
		}
		for _, g := range groups {
			for _, n := range g.names {
				if KeyDoc(g.c, n) == "" {
					t.Errorf("%s: no doc for %q in context %d", v.Name, n, g.c)
				}
			}
		}
	}
	for _, n := range EnvironmentSections() {
		if KeyDoc(ContextEnvironment, n) == "" {
			t.Errorf("no doc for environment section %s", n)
		}
	}
	for _, n := range ParameterGroupKeys() {
		if KeyDoc(ContextParameterGroup, n) == "" {
			t.Errorf("no doc for parameter group key %s", n)
		}
	}
	if KeyDoc(ContextTopLevel, "__undefined__") != "" || KeyDoc(Context(99), "type") != "" {
		t.Error("unknown names must have no doc")
	}
}

// ownWords collects every description heat-ls ships, with a label.
func ownWords(s *Schema) map[string]string {
	out := map[string]string{}
	for _, f := range s.Functions() {
		out["function "+f.Name] = f.Description
		out["replacement of "+f.Name] = f.Replacement
	}
	for _, v := range s.Versions() {
		out["version "+v.Name] = v.Description
		for c := ContextTopLevel; c <= ContextEnvironment; c++ {
			for _, list := range [][]string{v.Sections, v.ParameterKeys, v.ParameterTypes, v.ConstraintKeys, v.ResourceKeys, v.OutputKeys, v.DeletionPolicies, v.PseudoParameters, EnvironmentSections(), ParameterGroupKeys()} {
				for _, n := range list {
					if d := KeyDoc(c, n); d != "" {
						out["key "+n] = d
					}
				}
			}
		}
	}
	for _, n := range s.ResourceTypes() {
		t, _ := s.ResourceType(n)
		out["type "+n] = t.Description
	}
	return out
}

var wordRE = regexp.MustCompile(`[a-z0-9_:]+`)

func words(text string) []string { return wordRE.FindAllString(strings.ToLower(text), -1) }

// No description may share a run of 8 consecutive words with the spec.
func TestDescriptionsAreOwnWords(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(sharedDir(t), "spec", "hot-spec.rst"))
	if err != nil {
		t.Fatal(err)
	}
	const run = 8
	specWords := words(string(raw))
	runs := make(map[string]bool, len(specWords))
	for i := 0; i+run <= len(specWords); i++ {
		runs[strings.Join(specWords[i:i+run], " ")] = true
	}
	s := mustLoad(t)
	for label, d := range ownWords(s) {
		w := words(d)
		for i := 0; i+run <= len(w); i++ {
			if r := strings.Join(w[i:i+run], " "); runs[r] {
				t.Errorf("%s copies the spec: %q", label, r)
			}
		}
	}
}

func TestEveryVisibleTypeHasADescription(t *testing.T) {
	for _, rel := range Releases() {
		s, err := LoadRelease(rel.Name)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range s.ResourceTypes() {
			if rt, _ := s.ResourceType(n); !rt.Hidden() && rt.Description == "" {
				t.Errorf("%s: %s has no description", rel.Name, n)
			}
		}
	}
	s := mustLoadZed(t)
	visible := 0
	for _, n := range s.ResourceTypes() {
		rt, _ := s.ResourceType(n)
		if rt.Hidden() {
			continue
		}
		visible++
		if d := rt.Description; d == "" || !strings.HasSuffix(d, ".") || strings.Count(d, ". ") > 0 {
			t.Errorf("%s: description must be one sentence, got %q", n, d)
		}
	}
	if visible != 185 {
		t.Errorf("%d visible types in 2022.2, want 185", visible)
	}
	// Every described name must be a real type (catches typos in the file).
	newest := mustLoadRelease(t, "2026.2")
	for n := range parseTypeDescriptions(typeDescriptionsTxt) {
		if _, ok := newest.types[n]; !ok {
			t.Errorf("type_descriptions.txt describes unknown type %s", n)
		}
	}
}
