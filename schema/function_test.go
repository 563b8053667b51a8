package schema

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestEveryFunctionIsDocumented(t *testing.T) {
	s := mustLoad(t)
	names := map[string]bool{}
	for _, v := range s.Versions() {
		for _, list := range [][]string{v.Functions, v.RemovedFunctions, v.ConditionFunctions, v.InvalidInConditions} {
			for _, n := range list {
				names[n] = true
			}
		}
	}
	if len(names) < 30 {
		t.Fatalf("only %d function names in the versions", len(names))
	}
	for n := range names {
		f, ok := s.Function(n)
		if !ok {
			t.Errorf("function %s is not documented", n)
			continue
		}
		if f.Description == "" || len(f.Forms) == 0 || f.Example == "" || f.Snippet == "" {
			t.Errorf("function %s lacks description, forms, example or snippet", n)
		}
		if f.Since == nil || f.Since != s.FirstVersionWithFunction(n) {
			t.Errorf("function %s: Since = %v", n, f.Since)
		}
		if f.RemovedIn != nil && f.Replacement == "" {
			t.Errorf("function %s is removed in %s but names no replacement", n, f.RemovedIn)
		}
	}
	if len(s.Functions()) != len(names) {
		t.Errorf("%d documented functions, versions know %d names", len(s.Functions()), len(names))
	}
}

func TestFunctionFacts(t *testing.T) {
	s := mustLoad(t)
	tests := []struct {
		name, since, removed string
		cond, condOnly       bool
	}{
		{"get_attr", "2013-05-23", "", false, false},
		{"Fn::Select", "2013-05-23", "2015-10-15", false, false},
		{"Ref", "2013-05-23", "2014-10-16", false, false},
		{"repeat", "2015-04-30", "", false, false},
		{"str_split", "2015-10-15", "", false, false},
		{"if", "2016-10-14", "", false, false},
		{"equals", "2016-10-14", "", true, true},
		{"get_param", "2013-05-23", "", true, false},
		{"contains", "2017-09-01", "", true, false},
		{"yaql", "2016-10-14", "", true, false},
		{"make_url", "2017-09-01", "", false, false},
		{"filter", "2017-02-24", "", false, false},
	}
	for _, tt := range tests {
		f, ok := s.Function(tt.name)
		if !ok {
			t.Errorf("%s missing", tt.name)
			continue
		}
		removed := ""
		if f.RemovedIn != nil {
			removed = f.RemovedIn.Name
		}
		if f.Since.Name != tt.since || removed != tt.removed || f.ConditionFunction != tt.cond || f.ConditionOnly != tt.condOnly {
			t.Errorf("%s: since %s removed %q cond %v only %v; want %s %q %v %v", tt.name, f.Since, removed, f.ConditionFunction, f.ConditionOnly, tt.since, tt.removed, tt.cond, tt.condOnly)
		}
	}
	if f, _ := s.Function("Fn::Select"); !strings.Contains(f.Replacement, "get_attr") {
		t.Errorf("Fn::Select replacement = %q", f.Replacement)
	}
	if s.FirstVersionWithFunction("no_such") != nil {
		t.Error("unknown function has a first version")
	}
	if got := s.NearestFunctions("get_atr", 2, 2); len(got) == 0 || got[0] != "get_attr" {
		t.Errorf("NearestFunctions(get_atr) = %v", got)
	}
	if f, _ := s.Function("repeat"); !slices.Equal(f.ArgKeys, []string{"template", "for_each", "permutations"}) {
		t.Errorf("repeat ArgKeys = %v", f.ArgKeys)
	}
}

// The digest algorithms and make_url keys are facts from the spec.
func TestSpecLists(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(sharedDir(t), "spec", "hot-spec.rst"))
	if err != nil {
		t.Fatal(err)
	}
	spec := string(raw)
	for _, a := range DigestAlgorithms() {
		if !strings.Contains(spec, a+",") && !strings.Contains(spec, a+")") && !strings.Contains(spec, "and "+a) {
			t.Errorf("digest algorithm %s not in the spec's list", a)
		}
	}
	i := strings.Index(spec, "make_url:\nscheme:")
	if i < 0 {
		t.Fatal("make_url syntax block not found in spec")
	}
	block := spec[i : i+300]
	for _, k := range MakeURLKeys() {
		if !strings.Contains(block, "\n"+k+":") {
			t.Errorf("make_url key %s not in the spec's syntax block", k)
		}
	}
}
