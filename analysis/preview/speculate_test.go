package preview

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"heat-ls/analysis/environ"
	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/preview/previewtest"
	"heat-ls/schema"
)

// TestEvaluateAheadSame previews every template under testdata/preview
// (the cases and the random runs, with their environment files and
// parameters) and large generated templates with resources evaluated
// ahead on one to three workers, from stacks of one resource up: the
// text (YAML and JSON) and the problems are those of the preview without
// workers.
func TestEvaluateAheadSame(t *testing.T) {
	sc := loadSchema(t)
	var tmpls []string
	err := filepath.WalkDir("../../testdata/preview", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (d.Name() == "template.yaml" || filepath.Base(filepath.Dir(p)) == "templates") {
			tmpls = append(tmpls, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(tmpls) < 100 {
		t.Fatalf("only %d templates found", len(tmpls))
	}
	for _, p := range tmpls {
		o := caseOptions(t, sc, p)
		abs, doc, err := readTemplate(p)
		if err != nil {
			t.Fatal(err)
		}
		sameAhead(t, p, abs, doc, o)
	}
	problems := hot.Parse([]byte(problemsTemplate(12)))
	sameAhead(t, "problems", "/problems.yaml", problems, Options{Schema: sc, StackName: "s"})
	if res := Preview("/problems.yaml", problems, Options{Schema: sc, StackName: "s"}); len(res.Problems) < 40 {
		t.Fatalf("the template with problems has %d", len(res.Problems))
	}
	dir := t.TempDir()
	member := filepath.Join(dir, "member.yaml")
	if err := os.WriteFile(member, []byte("heat_template_version: 2021-04-16\nparameters:\n  i: {type: string}\nresources:\n  r: {type: OS::Heat::Value, properties: {value: {get_param: i}}}\noutputs:\n  o: {value: {get_attr: [r, value]}}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	groups := filepath.Join(dir, "groups.yaml")
	if err := os.WriteFile(groups, []byte(groupsTemplate(member)), 0o644); err != nil {
		t.Fatal(err)
	}
	env := filepath.Join(dir, "env.yaml")
	if err := os.WriteFile(env, []byte("resource_registry:\n  My::Thing: OS::Heat::None\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	envs, err := readEnvs([]string{env})
	if err != nil {
		t.Fatal(err)
	}
	gabs, gdoc, err := readTemplate(groups)
	if err != nil {
		t.Fatal(err)
	}
	sameAhead(t, "groups", gabs, gdoc, Options{Schema: sc, Envs: envs, StackName: "s", Load: loadTemplate, ReadFile: readText, Exists: exists})
	for _, lines := range []int{300, 3000} {
		o := Options{Schema: sc, StackName: "s", Load: loadTemplate, ReadFile: readText, Exists: exists}
		sameAhead(t, fmt.Sprint("big ", lines), "/big.yaml", hot.Parse([]byte(previewtest.BigTemplate(lines))), o)
	}
}

// caseOptions are the options the judge's replay previews a case with.
func caseOptions(t *testing.T, sc *schema.Schema, tmpl string) Options {
	t.Helper()
	envs, _ := filepath.Glob(filepath.Join(filepath.Dir(tmpl), "env*.yaml"))
	slices.Sort(envs)
	files, err := readEnvs(envs)
	if err != nil {
		files = nil
	}
	var cli []environ.CLIParam
	if raw, err := os.ReadFile(filepath.Join(filepath.Dir(tmpl), "params.json")); err == nil {
		params := map[string]string{}
		if err := json.Unmarshal(raw, &params); err != nil {
			t.Fatalf("%s: %v", tmpl, err)
		}
		for _, k := range slices.Sorted(maps.Keys(params)) {
			cli = append(cli, environ.CLIParam{Name: k, Value: eval.StringValue(params[k]), Source: "-P"})
		}
	}
	return Options{Schema: sc, Envs: files, CLI: cli, Depth: MaxDepth, StackName: "preview_stack",
		ProjectID: "oracle-project", Load: loadTemplate, ReadFile: readText, Exists: exists}
}

// sameAhead previews doc without workers and with them, and compares.
func sameAhead(t *testing.T, name, path string, doc *hot.Document, o Options) {
	t.Helper()
	want := Preview(path, doc, o)
	wantYAML, wantJSON := Text(want, "yaml", ""), Text(want, "json", "")
	for _, workers := range []int{1, 3} {
		o.Workers, o.aheadMin, o.aheadAll = workers, 1, workers == 1
		got := Preview(path, doc, o)
		if y := Text(got, "yaml", ""); y != wantYAML {
			t.Fatalf("%s, %d workers: the YAML differs\n%s\n-- want --\n%s", name, workers, y, wantYAML)
		}
		if j := Text(got, "json", ""); j != wantJSON {
			t.Fatalf("%s, %d workers: the JSON differs", name, workers)
		}
		if !reflect.DeepEqual(got.Problems, want.Problems) {
			t.Fatalf("%s, %d workers: problems\n%v\n-- want --\n%v", name, workers, got.Problems, want.Problems)
		}
	}
}

// TestEvaluateAheadAtTheBound previews a stack whose evaluation reaches
// the evaluator's bound of steps partway (each resource's repeat takes
// a tenth of it): without workers the later resources are "too large",
// and evaluated ahead, where each piece alone stays under the bound, the
// preview is done again without workers to give the same.
func TestEvaluateAheadAtTheBound(t *testing.T) {
	var b strings.Builder
	b.WriteString("heat_template_version: 2021-04-16\nparameters:\n  xs:\n    type: comma_delimited_list\n    default: 'a,b,c,d,e,f,g,h,i,j'\nresources:\n")
	for i := range 20 {
		fmt.Fprintf(&b, "  r%d:\n    type: OS::Heat::Value\n    properties:\n      value: {repeat: {for_each: {<%%a>: {get_param: xs}, <%%b>: {get_param: xs}}, template: <%%a>-<%%b>}}\n", i)
	}
	doc := hot.Parse([]byte(b.String()))
	o := Options{Schema: loadSchema(t), StackName: "s", maxSteps: 2000}
	want := Text(Preview("/t.yaml", doc, o), "yaml", "")
	if !strings.Contains(want, "too large to preview") || !strings.Contains(want, "j-j") {
		t.Fatalf("the template does not reach the bound partway:\n%.2000s", want)
	}
	sameAhead(t, "at the bound", "/t.yaml", doc, o)
	o.Workers, o.aheadMin = 1, 1
	if _, redo := previewOnce("/t.yaml", doc, o); !redo {
		t.Error("evaluated ahead, the stack at the bound is not done again")
	}
}

// problemsTemplate has n rounds of resources with problems of every
// kind a resource's evaluation and its schema give, some alike (reported
// once), under conditions: a property Heat does not know, a value of the
// wrong type, a parameter and a condition the template lacks, a function
// given the wrong arguments, a group whose members have problems.
func problemsTemplate(n int) string {
	var b strings.Builder
	b.WriteString("heat_template_version: 2021-04-16\nparameters:\n  p: {type: string, default: x}\nconditions:\n  yes: {equals: [{get_param: p}, x]}\n  bad: {equals: [{get_param: nope}, x]}\nresources:\n")
	for i := range n {
		fmt.Fprintf(&b, `  s%d:
    type: OS::Heat::RandomString
    properties: {length: abc%d, colour: red, salt: {get_param: missing%d}}
  t%d:
    type: OS::Heat::RandomString
    condition: bad
    properties: {length: {list_join: [",", x]}, sequence: {get_param: nope}}
  u%d:
    type: OS::Heat::SoftwareConfig
    condition: yes
    properties: {config: {str_replace: {template: 1, params: 2}}, inputs: [{name: a, type: wrong, wrong: 1}]}
  g%d:
    type: OS::Heat::ResourceGroup
    properties:
      count: 2
      resource_def: {type: OS::Heat::RandomString, properties: {length: "%%index%%x", extra: 1}}
`, i, i, i, i, i, i)
	}
	return b.String()
}

// groupsTemplate has resource groups of every shape a worker drafts or
// leaves to the builder: members of a type Heat has, of a template (at
// member), of a type the environment maps (My::Thing), with names
// removed, another index_var, a count given by a parameter, unknown
// counts and one past the bound of members.
func groupsTemplate(member string) string {
	return `heat_template_version: 2021-04-16
parameters:
  n: {type: number, default: 3}
resources:
  plain: {type: OS::Heat::ResourceGroup, properties: {count: {get_param: n}, resource_def: {type: OS::Heat::RandomString, properties: {salt: "s-%index%", length: 8}}}}
  nested: {type: OS::Heat::ResourceGroup, properties: {count: 2, resource_def: {type: ` + member + `, properties: {i: "m-%index%"}}}}
  skipped: {type: OS::Heat::ResourceGroup, properties: {count: 3, removal_policies: [{resource_list: ["1"]}], index_var: "@", resource_def: {type: OS::Heat::Value, properties: {value: "v-@"}, metadata: {at: "@"}}}}
  unknown: {type: OS::Heat::ResourceGroup, properties: {count: {get_attr: [plain, refs_map]}, resource_def: {type: OS::Heat::None}}}
  value: {type: OS::Heat::Value, properties: {value: 2}}
  later: {type: OS::Heat::ResourceGroup, properties: {count: {get_attr: [value, value]}, resource_def: {type: My::Thing}}}
  mapped: {type: OS::Heat::ResourceGroup, properties: {count: 2, resource_def: {type: My::Thing, properties: {a: "%index%"}}}}
  many: {type: OS::Heat::ResourceGroup, properties: {count: 1001, resource_def: {type: OS::Heat::None}}}
  reads: {type: OS::Heat::Value, properties: {value: {get_attr: [nested, resource.0.o]}}}
`
}
