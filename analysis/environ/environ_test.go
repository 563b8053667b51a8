package environ

import (
	"errors"
	"strings"
	"testing"

	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
)

func envFile(t *testing.T, path, src string) File {
	t.Helper()
	doc := hot.Parse([]byte(src))
	if doc.Env == nil {
		t.Fatalf("%s is no environment", path)
	}
	return File{Path: path, Doc: doc}
}

// TestFormatCLI follows the openstack client: one -P is split on ";", a
// repeated name gathers a list, a parameter file replaces a -P value.
func TestFormatCLI(t *testing.T) {
	read := func(p string) (string, error) {
		if p == "missing" {
			return "", errors.New("no such file")
		}
		return "text of " + p, nil
	}
	tests := []struct {
		params, files []string
		want          string
		err           string
	}{
		{params: []string{"a=1;b=2"}, want: `a="1" b="2"`},
		{params: []string{"a=1;b=2", "c=3"}, want: `a="1;b=2" c="3"`},
		{params: []string{"a=1", "a=2", "b=x=y"}, want: `a=["1", "2"] b="x=y"`},
		{params: []string{"a=1"}, files: []string{"a=f", "b=g"}, want: `a="text of f" b="text of g"`},
		{params: []string{"novalue"}, err: "want NAME=VALUE"},
		{files: []string{"a=missing"}, err: "--parameter-file a: no such file"},
	}
	for _, tc := range tests {
		got, err := FormatCLI(tc.params, tc.files, read)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%v %v: error %v, want %q", tc.params, tc.files, err, tc.err)
			}
			continue
		}
		var parts []string
		for _, p := range got {
			parts = append(parts, p.Name+"="+eval.JSON(p.Value))
		}
		if s := strings.Join(parts, " "); s != tc.want {
			t.Errorf("%v %v: %s, want %s", tc.params, tc.files, s, tc.want)
		}
	}
}

// TestResolve follows Heat's registry: the resource's own entry, then
// exact names and globs in path order, type chains followed.
func TestResolve(t *testing.T) {
	f := envFile(t, "/env/e.yaml", `
resource_registry:
  My::Server: OS::Nova::Server
  My::*: OS::Heat::*
  My::Chain: My::Server
  My::Loop: My::Loop2
  My::Loop2: My::Loop
  Other::Tmpl: tmpl/t.yaml
  resources:
    special:
      My::Server: special.yaml
`)
	reg := Merge([]File{f}, Options{}).Registry
	tests := []struct{ typ, res, want string }{
		{"My::Server", "", "type OS::Heat::Server"}, // "My::*" sorts before "My::Server", as in Heat
		{"My::RandomString", "", "type OS::Heat::RandomString"},
		{"My::Server", "special", "template /env/special.yaml"},
		{"Other::Tmpl", "", "template /env/tmpl/t.yaml"},
		{"My::Tmpl", "", "type OS::Heat::Tmpl"},
		{"OS::Nova::Server", "", "type OS::Nova::Server"},
		{"x.yaml", "", "template x.yaml"},
	}
	for _, tc := range tests {
		impl := reg.Resolve(tc.typ, tc.res)
		got := "type " + impl.Type
		if impl.Template != "" {
			got = "template " + impl.Template
		}
		if got != tc.want {
			t.Errorf("%s (%s): %s, want %s", tc.typ, tc.res, got, tc.want)
		}
	}
	if impl := reg.Resolve("My::Loop", ""); !impl.Loop && impl.Type != "OS::Heat::Loop" {
		t.Errorf("My::Loop: %+v", impl)
	}
}

// TestMergeStrategies: overwrite, merge, deep_merge and a conflicting
// strategy, as Heat merges environment files.
func TestMergeStrategies(t *testing.T) {
	types := map[string]string{"s": "string", "l": "comma_delimited_list", "j": "json", "b": "boolean"}
	a := envFile(t, "/a.yaml", "parameter_merge_strategies: {l: merge, j: deep_merge}\nparameter_defaults:\n  s: one\n  l: [x]\n  j: {m: {a: 1}, t: ab}\n")
	b := envFile(t, "/b.yaml", "parameter_merge_strategies: {l: merge, j: deep_merge}\nparameter_defaults:\n  s: two\n  l: [y]\n  j: {m: {b: 2}, t: cd}\n")
	c := envFile(t, "/c.yaml", "parameter_merge_strategies: {l: overwrite}\nparameter_defaults:\n  l: [z]\n")
	env := Merge([]File{a, b}, Options{ParamType: func(n string) (string, bool) { t, ok := types[n]; return t, ok }})
	want := map[string]string{"s": `"two"`, "l": `["x", "y"]`, "j": `{"m": {"a": 1, "b": 2}, "t": "abcd"}`}
	for k, w := range want {
		if got := eval.JSON(env.Defaults[k].Value); got != w {
			t.Errorf("%s = %s, want %s", k, got, w)
		}
	}
	env = Merge([]File{a, c}, Options{ParamType: func(n string) (string, bool) { t, ok := types[n]; return t, ok }})
	if len(env.Problems) != 1 || !strings.Contains(env.Problems[0].Message, "conflicts") {
		t.Errorf("conflicting strategies: %+v", env.Problems)
	}
}
