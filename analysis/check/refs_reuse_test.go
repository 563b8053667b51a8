package check

import (
	"context"
	"math/rand"
	"os"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/hot/edittest"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// faultyRefs has findings of CheckReferences that depend on other
// resources than the call's own: a get_resource of a resource its
// condition may leave out, an external_id get_attr of an attribute no
// other resource reads, a group member's attribute, and plain misses
// (parameters, resources, conditions, depends_on), in resources, an
// output and the conditions section.
const faultyRefs = `heat_template_version: 2018-08-31
parameters:
  env:
    type: string
    default: dev
conditions:
  prod: {equals: [{get_param: env}, prod]}
  odd: {not: prd}
  used: {equals: [{get_param: enz}, x]}
resources:
  maybe:
    type: OS::Heat::None
    condition: prod
  user:
    type: OS::Heat::Value
    condition: used
    properties:
      value: {get_resource: maybe}
  srv:
    type: OS::Nova::Server
    properties:
      image: cirros
      flavor: m1.small
  ext:
    type: OS::Heat::None
    external_id: {get_attr: [srv, networks]}
  reader:
    type: OS::Heat::Value
    properties:
      value: {get_attr: [srv, first_address]}
  group:
    type: OS::Heat::ResourceGroup
    properties:
      count: 1
      resource_def:
        type: OS::Nova::Server
        properties:
          image: cirros
          flavor: m1.small
  members:
    type: OS::Heat::Value
    depends_on: [reader, nobody, members]
    properties:
      value: [{get_attr: [group, resource.0.nope]}, {get_param: missing}, {get_attr: [maybe, show]}]
outputs:
  out:
    value: {get_attr: [srv, name]}
  bad:
    value: [{get_resource: nothing}, {if: [nocond, 1, 2]}]
`

// TestReferencesReuseEqualsFullRun is TestEntryReuseEqualsFullRun for
// CheckReferences, whose findings read other resources' conditions,
// bodies and, for a get_attr in external_id, what every resource reads:
// seeded random edits of faultyRefs (half the bursts) and of the other
// texts, each run that takes findings over compared with a full run.
func TestReferencesReuseEqualsFullRun(t *testing.T) {
	sc := testSchema(t)
	texts := append(edittest.Texts(t), []byte(faultyResources))
	rnd := rand.New(rand.NewSource(35))
	edits := 400 // in the test command, under the race detector; 2,400 with HEAT_LS_LONG
	if os.Getenv("HEAT_LS_LONG") != "" && !testing.Short() {
		edits = 2400
	}
	took := 0
	for i := 0; i < edits; {
		src := []byte(faultyRefs)
		if rnd.Intn(2) == 0 {
			src = texts[rnd.Intn(len(texts))]
		}
		opts := Options{Schema: sc}
		prev := hot.Parse(src)
		Run(context.Background(), prev, opts)
		for range 1 + rnd.Intn(20) {
			next := edittest.EditAt(rnd, prev.Src, editPlace(rnd, prev.Src))
			doc, sp := hot.ReparseSplice(prev, next, nil)
			if runBoth(t, doc, sp, opts, "edit") {
				took++
			}
			prev = doc
			if len(doc.Syntax.Problems) > 0 {
				prev = hot.Parse(src)
				Run(context.Background(), prev, opts)
			}
			i++
		}
	}
	if took < edits/4 {
		t.Fatalf("only %d of %d runs took findings over", took, edits)
	}
	t.Logf("%d of %d runs took findings over", took, edits)
}

// TestReferencesFollowOtherResources: each edit changes what another
// resource's finding depends on (the condition of the resource it reads,
// an attribute another resource reads, a group's member type); the run
// that takes findings over must give a full run's diagnostics, and the
// finding must indeed change.
func TestReferencesFollowOtherResources(t *testing.T) {
	sc := testSchema(t)
	cases := []struct {
		name, from, to, id string
	}{
		{"the condition of the resource read", "    condition: prod\n", "", rules.UndefinedResource},
		{"another resource reads the attribute", "value: {get_attr: [srv, first_address]}", "value: {get_attr: [srv, networks]}", rules.UnknownAttribute},
		{"the group's member type", "        type: OS::Nova::Server\n        properties:\n          image", "        type: OS::Heat::None\n        properties:\n          image", rules.UnknownAttribute},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(faultyRefs, tc.from) {
				t.Fatalf("%q is not in the template", tc.from)
			}
			opts := Options{Schema: sc}
			prev := hot.Parse([]byte(faultyRefs))
			before := countCode(Run(context.Background(), prev, opts), tc.id)
			doc, sp := hot.ReparseSplice(prev, []byte(strings.Replace(faultyRefs, tc.from, tc.to, 1)), nil)
			if !runBoth(t, doc, sp, opts, tc.name) {
				t.Fatal("the run judged every resource: the edit does not test taking findings over")
			}
			if after := countCode(Run(context.Background(), hot.Parse(doc.Src), opts), tc.id); after == before {
				t.Fatalf("%s findings: %d before and after the edit", tc.id, before)
			}
		})
	}
}

func countCode(ds []source.Diagnostic, id string) int {
	n := 0
	for _, d := range ds {
		if d.Code == id {
			n++
		}
	}
	return n
}
