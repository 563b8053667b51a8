package check

import (
	"bytes"
	"context"
	"math/rand"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/hot/edittest"
	"heat-ls/schema"
)

// mappedView is a workspace whose environments map the custom types in
// mapped; every other question has the empty answer.
type mappedView struct{ mapped map[string]bool }

func (v mappedView) TypeMapped(name string) bool { return v.mapped[name] }
func (v mappedView) NestedTemplates(_, _, name string) NestedTypes {
	return NestedTypes{Mapped: v.mapped[name], Opaque: v.mapped[name]}
}
func (mappedView) FileState(string, string) FileState    { return FileFound }
func (mappedView) ParameterDefaulted(string) bool        { return false }
func (mappedView) AppliedParameters() []AppliedParameter { return nil }
func (mappedView) EnvironmentsApplied() bool             { return false }
func (mappedView) TemplateParameters() []string          { return nil }
func (mappedView) TopLevelParameters() []string          { return nil }
func (mappedView) UsedAsNested(string) bool              { return false }

// faultyResources is a template whose resources have findings of the
// entry-local rules (unknown and misspelt properties, bad values, release
// plugin checks, custom types a workspace may map), so edits move and
// replace findings rather than nothing.
const faultyResources = `heat_template_version: 2018-08-31
parameters:
  net:
    type: string
    default: private
  size:
    type: number
resources:
  server:
    type: OS::Nova::Server
    properties:
      flavour: m1.small
      image: cirros
      networks:
        - network: {get_param: net}
  volume:
    type: OS::Cinder::Volume
    properties:
      size: many
      image: cirros
      imageRef: cirros
  custom:
    type: My::Custom::Thing
    properties:
      anything: 1
  subnet:
    type: OS::Neutron::Subnet
    properties:
      network: {get_param: net}
      cidr: 10.0.0.0/24
      gateway_ip: 10.1.0.1
  group:
    type: OS::Heat::ResourceGroup
    properties:
      count: 2
      resource_def:
        type: OS::Nova::Server
        properties:
          flavor: m1.small
          imagee: cirros
    update_policy:
      rolling_update: {max_batch_size: 1}
  other:
    type: OS::Heat::None
    deletion_policy: Snap
    dependson: server
  calls:
    type: OS::Heat::Value
    properties:
      value: {get_attr: server}
      type: {get_parm: size}
      description: {list_join: [",", {get_param: size}]}
  deployment:
    type: OS::Heat::SoftwareDeployment
    properties:
      server: {get_resource: server}
  volumes:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 3
      max_size: 2
      resource:
        type: OS::Cinder::Volume
        properties:
          size: 1
          image: cirros
          imageRef: cirros
outputs:
  ip:
    value: {get_attr: [server, first_address]}
`

// runBoth checks doc (made from its previous version by sp) with the
// previous version's findings, and the same text parsed afresh without
// them, and fails when the diagnostics differ. It returns whether the
// run took findings over.
func runBoth(t *testing.T, doc *hot.Document, sp *hot.Splice, opts Options, what string) bool {
	t.Helper()
	full := opts
	full.Splice = nil
	want := Run(context.Background(), hot.Parse(doc.Src), full)
	opts.Splice = sp
	got := Run(context.Background(), doc, opts)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: diagnostics differ from a full run\ngot  %v\nwant %v\ntext:\n%s", what, got, want, doc.Src)
	}
	v, ok := doc.Known(pass.ResultsKey(opts.Schema, opts.Path))
	return ok && v.(*pass.EntryResults).TookOver
}

// TestEntryReuseEqualsFullRun applies thousands of seeded random edits,
// most inside the resources section, each to the previous version as
// typing does, and checks that the diagnostics of a run that takes the
// previous version's findings over equal those of a full run. Half the
// bursts run with a workspace that maps one custom type, which some
// bursts change half-way. It also checks that many runs took findings
// over, and that some of those findings were not empty.
func TestEntryReuseEqualsFullRun(t *testing.T) {
	sc := testSchema(t)
	texts := append(edittest.Texts(t), []byte(faultyResources))
	rnd := rand.New(rand.NewSource(27))
	// 1,000 seeded edits in the test command (the race detector makes
	// each cost tenfold); the full 4,000 where HEAT_LS_LONG is set, as
	// .ci/run sets it.
	edits := 1000
	if os.Getenv("HEAT_LS_LONG") != "" && !testing.Short() {
		edits = 4000
	}
	took, tookFindings := 0, 0
	for i := 0; i < edits; {
		src := texts[rnd.Intn(len(texts))]
		opts := Options{Schema: sc}
		if rnd.Intn(2) == 0 {
			opts.Workspace = mappedView{map[string]bool{"My::Custom::Thing": true}}
		}
		prev := hot.Parse(src)
		Run(context.Background(), prev, opts)
		burst := 1 + rnd.Intn(20)
		for j := range burst {
			if opts.Workspace != nil && j == burst/2 && rnd.Intn(4) == 0 {
				opts.Workspace = mappedView{map[string]bool{}} // an environment changed
			}
			next := edittest.EditAt(rnd, prev.Src, editPlace(rnd, prev.Src))
			doc, sp := hot.ReparseSplice(prev, next, nil)
			if runBoth(t, doc, sp, opts, "edit") {
				took++
				if v, _ := doc.Known(pass.ResultsKey(sc, "")); hasFindings(v.(*pass.EntryResults)) {
					tookFindings++
				}
			}
			prev = doc
			if len(doc.Syntax.Problems) > 0 {
				prev = hot.Parse(src) // a broken text is always parsed in full: start again
				Run(context.Background(), prev, opts)
			}
			i++
		}
	}
	if took < edits/4 {
		t.Fatalf("only %d of %d runs took findings over", took, edits)
	}
	if tookFindings < edits/20 {
		t.Fatalf("only %d of %d runs took findings over that were not all empty", tookFindings, edits)
	}
	t.Logf("%d of %d runs took findings over, %d with findings", took, edits, tookFindings)
}

// editPlace picks where an edit goes: mostly inside the resources
// section, where findings are taken over, else anywhere.
func editPlace(rnd *rand.Rand, src []byte) int {
	at := bytes.Index(src, []byte("\nresources:"))
	if at < 0 || rnd.Intn(4) == 0 {
		return rnd.Intn(len(src) + 1)
	}
	end := len(src)
	if next := bytes.Index(src[at+1:], []byte("\noutputs:")); next >= 0 {
		end = at + 1 + next
	}
	return at + len("\nresources:") + rnd.Intn(end-at-len("\nresources:")+1)
}

func hasFindings(r *pass.EntryResults) bool {
	for _, l := range r.Loops {
		for _, f := range l.Found {
			if len(f.Diags) > 0 {
				return true
			}
		}
	}
	return false
}

// TestEntryReuseFallsBack: an edit inside one resource takes the other
// resources' findings over; an edit that may change what they depend on
// (a parameter, a resource's name or type, the version, the workspace's
// answers, the schema) judges every resource again. Either way the result
// equals a full run's.
func TestEntryReuseFallsBack(t *testing.T) {
	sc := testSchema(t)
	other, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	mapped := mappedView{map[string]bool{"My::Custom::Thing": true}}
	cases := []struct {
		name     string
		from, to string // the edit: the first from in the text becomes to
		before   Options
		after    Options
		took     bool
	}{
		{"a property value", "size: many", "size: lots", Options{Schema: sc}, Options{Schema: sc}, true},
		{"a misspelt property fixed", "flavour: m1.small", "flavor: m1.small", Options{Schema: sc}, Options{Schema: sc}, true},
		{"a line added", "      imageRef: cirros\n", "      imageRef: cirros\n      description: x\n", Options{Schema: sc}, Options{Schema: sc}, true},
		{"the same workspace answers", "anything: 1", "anything: 2", Options{Schema: sc, Workspace: mapped}, Options{Schema: sc, Workspace: mapped}, true},
		{"the server a deployment reads", "      image: cirros\n      networks:", "      image: cirros\n      user_data_format: SOFTWARE_CONFIG\n      networks:", Options{Schema: sc}, Options{Schema: sc}, true},
		{"another resource's call", "{get_attr: server}", "{get_attr: [server]}", Options{Schema: sc}, Options{Schema: sc}, true},
		{"a parameter", "default: private", "default: public", Options{Schema: sc}, Options{Schema: sc}, false},
		{"a resource renamed", "  volume:\n", "  volumes:\n", Options{Schema: sc}, Options{Schema: sc}, false},
		{"a resource's type", "type: OS::Heat::None", "type: OS::Heat::Value", Options{Schema: sc}, Options{Schema: sc}, false},
		{"the version", "2018-08-31", "2021-04-16", Options{Schema: sc}, Options{Schema: sc}, false},
		{"an output", "first_address", "networks", Options{Schema: sc}, Options{Schema: sc}, false},
		{"the workspace's answers", "anything: 1", "anything: 2", Options{Schema: sc, Workspace: mapped}, Options{Schema: sc, Workspace: mappedView{}}, false},
		{"a workspace where there was none", "anything: 1", "anything: 2", Options{Schema: sc}, Options{Schema: sc, Workspace: mapped}, false},
		{"another schema", "size: many", "size: lots", Options{Schema: sc}, Options{Schema: other}, false},
		{"another path", "size: many", "size: lots", Options{Schema: sc}, Options{Schema: sc, Path: "/x.yaml"}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(faultyResources, tc.from) {
				t.Fatalf("%q is not in the template", tc.from)
			}
			prev := hot.Parse([]byte(faultyResources))
			Run(context.Background(), prev, tc.before)
			doc, sp := hot.ReparseSplice(prev, []byte(strings.Replace(faultyResources, tc.from, tc.to, 1)), nil)
			prev = nil
			runtime.GC() // the findings come with the splice, not with the previous document
			if got := runBoth(t, doc, sp, tc.after, tc.name); got != tc.took {
				t.Fatalf("took findings over = %v, want %v", got, tc.took)
			}
		})
	}
}
