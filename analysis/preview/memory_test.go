package preview

import (
	"errors"
	"testing"

	"heat-ls/analysis/environ"
	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
)

// TestPreviewFromMemory previews from documents held in memory, as the
// language server will from its open buffers and workspace index: the
// preview reads nothing but what Options hands it.
func TestPreviewFromMemory(t *testing.T) {
	docs := map[string]*hot.Document{
		"/p/top.yaml":  hot.Parse([]byte("heat_template_version: 2018-08-31\nparameters:\n  n: {type: number, default: 1}\nresources:\n  a:\n    type: My::Box\n    properties: {size: {get_param: n}}\n")),
		"/p/box.yaml":  hot.Parse([]byte("heat_template_version: 2018-08-31\nparameters:\n  size: {type: number}\nresources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: {str_replace: {template: \"$s x $f\", params: {$s: {get_param: size}, $f: {get_file: note.txt}}}}\n")),
		"/p/env.yaml":  hot.Parse([]byte("parameters:\n  n: 3\nresource_registry:\n  My::Box: box.yaml\n")),
		"/p/note.txt":  nil,
		"/p/other.txt": nil,
	}
	texts := map[string]string{"/p/note.txt": "from the buffer"}
	res := Preview("/p/top.yaml", docs["/p/top.yaml"], Options{
		Schema: loadSchema(t),
		Envs:   []environ.File{{Path: "/p/env.yaml", Doc: docs["/p/env.yaml"]}},
		Load: func(p string) (*hot.Document, error) {
			if d := docs[p]; d != nil {
				return d, nil
			}
			return nil, errors.New("not open")
		},
		ReadFile: func(p string) (string, error) {
			if s, ok := texts[p]; ok {
				return s, nil
			}
			return "", eval.ErrNotRead
		},
		Exists: func(p string) bool { _, ok := docs[p]; return ok },
	})
	if len(res.Problems) > 0 {
		t.Fatalf("problems: %+v", res.Problems)
	}
	flat := map[string]*Resource{}
	flatResources(res.Stack, "", flat)
	v, _ := flat["a/v"].Properties.Get("value")
	if v.S != "3 x from the buffer" {
		t.Errorf("value %q", v.S)
	}
}
