package check

import (
	"context"
	"math/rand"
	"os"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/hot/edittest"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// nestedChild is the template My::Custom::Thing stands for in
// childView: a parameter without a default, one with, and an output.
const nestedChild = `heat_template_version: 2018-08-31
parameters:
  size:
    type: number
  label:
    type: string
    default: x
resources:
  inner:
    type: OS::Heat::None
outputs:
  address:
    value: 1
`

// childView is a workspace in which My::Custom::Thing stands for the
// template nestedChild at /ws/child.yaml (only for the resource named
// only, when set), My::Loop for the checked template itself, and
// get_file of missing.sh finds no file; every other question has the
// empty answer. child is the parse its answers hand out.
type childView struct {
	child *hot.Document
	only  string
}

func (v childView) TypeMapped(name string) bool {
	return name == "My::Custom::Thing" || name == "My::Loop"
}

func (v childView) NestedTemplates(_, resource, name string) NestedTypes {
	switch {
	case name == "My::Custom::Thing" && (v.only == "" || v.only == resource):
		return NestedTypes{Mapped: true, Templates: []NestedTemplate{{Path: "/ws/child.yaml", Outline: v.child.Outline(), Src: v.child.Src,
			Full: func() *hot.Document { return v.child }, Via: "/ws/env.yaml"}}}
	case name == "My::Loop":
		return NestedTypes{Mapped: true, Templates: []NestedTemplate{{Path: "/ws/main.yaml", Outline: v.child.Outline(), Via: "/ws/env.yaml"}}}
	}
	return NestedTypes{}
}

func (childView) FileState(_, ref string) FileState {
	if ref == "missing.sh" {
		return FileMissing
	}
	return FileFound
}
func (childView) ParameterDefaulted(string) bool        { return false }
func (childView) AppliedParameters() []AppliedParameter { return nil }
func (childView) EnvironmentsApplied() bool             { return false }
func (childView) TemplateParameters() []string          { return nil }
func (childView) TopLevelParameters() []string          { return nil }
func (childView) UsedAsNested(string) bool              { return false }

// faultyNested has findings of the nested-template rules in several
// resources and an output: properties the nested template lacks or
// misses, attributes it has no output for, get_file of a missing file, a
// type that nests the template itself, a group whose members are nested.
const faultyNested = `heat_template_version: 2018-08-31
parameters:
  net:
    type: string
    default: private
resources:
  custom:
    type: My::Custom::Thing
    properties:
      anything: 1
  given:
    type: My::Custom::Thing
    properties:
      size: 3
      label: {get_file: missing.sh}
  loop:
    type: My::Loop
  group:
    type: OS::Heat::ResourceGroup
    properties:
      count: 2
      resource_def:
        type: My::Custom::Thing
        properties:
          sise: 1
  reader:
    type: OS::Heat::Value
    properties:
      value:
        list_join:
          - ','
          - - {get_attr: [custom, address]}
            - {get_attr: [given, adress]}
            - {get_attr: [group, resource.0.nope]}
            - {get_file: missing.sh}
            - {get_file: present.sh}
  plain:
    type: OS::Heat::None
outputs:
  out:
    value: {get_attr: [custom, nope]}
  script:
    value: {get_file: missing.sh}
`

// TestNestedReuseEqualsFullRun is TestEntryReuseEqualsFullRun for the
// nested-template rules, which judge each resource and each call alone:
// seeded random edits of faultyNested (half the bursts) and of the
// other texts under a
// workspace that maps types to a real nested template, each run that
// takes the previous version's findings over compared with a full run.
// Some bursts change the workspace half-way (the type then maps for one
// resource only), which must judge everything again.
func TestNestedReuseEqualsFullRun(t *testing.T) {
	sc := testSchema(t)
	child := hot.Parse([]byte(nestedChild))
	texts := append(edittest.Texts(t), []byte(faultyResources))
	rnd := rand.New(rand.NewSource(33))
	edits := 400 // in the test command, under the race detector; 2,400 with HEAT_LS_LONG
	if os.Getenv("HEAT_LS_LONG") != "" && !testing.Short() {
		edits = 2400
	}
	took, tookNested := 0, 0
	for i := 0; i < edits; {
		src := []byte(faultyNested) // half the bursts
		if rnd.Intn(2) == 0 {
			src = texts[rnd.Intn(len(texts))]
		}
		opts := Options{Schema: sc, Path: "/ws/main.yaml", Workspace: childView{child: child}}
		if rnd.Intn(4) == 0 {
			opts.Workspace = childView{child: child, only: "given"}
		}
		prev := hot.Parse(src)
		Run(context.Background(), prev, opts)
		burst := 1 + rnd.Intn(20)
		for j := range burst {
			if j == burst/2 && rnd.Intn(4) == 0 {
				opts.Workspace = childView{child: child, only: "custom"} // an environment changed
			}
			next := edittest.EditAt(rnd, prev.Src, editPlace(rnd, prev.Src))
			doc, sp := hot.ReparseSplice(prev, next, nil)
			if runBoth(t, doc, sp, opts, "edit") {
				took++
				if hasNestedFindings(Run(context.Background(), doc, Options{Schema: sc, Path: opts.Path, Workspace: opts.Workspace})) {
					tookNested++
				}
			}
			prev = doc
			if len(doc.Syntax.Problems) > 0 {
				prev = hot.Parse(src)
				Run(context.Background(), prev, opts)
			}
			i++
		}
	}
	if took < edits/4 || tookNested < edits/20 {
		t.Fatalf("%d of %d runs took findings over, %d with nested-template findings", took, edits, tookNested)
	}
	t.Logf("%d of %d runs took findings over, %d with nested-template findings", took, edits, tookNested)
}

// TestNestedFindingsOfFaultyNested: the template of the test above has a
// finding of each nested-template rule it means to follow, so the
// equality it checks is not between two empty lists.
func TestNestedFindingsOfFaultyNested(t *testing.T) {
	sc := testSchema(t)
	child := hot.Parse([]byte(nestedChild))
	got := map[string]int{}
	for _, d := range Run(context.Background(), hot.Parse([]byte(faultyNested)), Options{Schema: sc, Path: "/ws/main.yaml", Workspace: childView{child: child}}) {
		got[d.Code]++
	}
	for _, id := range []string{rules.NestedUnknownProperty, rules.NestedMissingProperty, rules.NestedUnknownAttribute, rules.GetFileMissing, rules.NestedTemplateRecursive} {
		if got[id] == 0 {
			t.Errorf("no %s finding in faultyNested (found %v)", id, got)
		}
	}
	if got[rules.GetFileMissing] != 3 {
		t.Errorf("%d get-file-missing findings, want 3", got[rules.GetFileMissing])
	}
}

// hasNestedFindings reports whether ds holds a finding of a rule that
// reads the nested templates or get_file paths.
func hasNestedFindings(ds []source.Diagnostic) bool {
	for _, d := range ds {
		switch d.Code {
		case rules.NestedUnknownProperty, rules.NestedMissingProperty, rules.NestedUnknownAttribute, rules.GetFileMissing, rules.NestedTemplateRecursive:
			return true
		}
	}
	return false
}
