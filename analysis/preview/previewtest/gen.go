package previewtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BigTemplate writes a template of about lines lines: parameters of every
// type and resources whose properties use the common functions, some
// under a condition, some in resource groups.
func BigTemplate(lines int) string {
	var b strings.Builder
	b.WriteString("heat_template_version: 2021-04-16\nparameters:\n")
	b.WriteString("  env: {type: string, default: prod}\n  names: {type: comma_delimited_list, default: 'a,b,c'}\n")
	b.WriteString("  cfg: {type: json, default: {k: [1, 2], m: {x: y}}}\n  size: {type: number, default: 3}\n")
	b.WriteString("conditions:\n  prod: {equals: [{get_param: env}, prod]}\n  dev: {not: prod}\nresources:\n")
	for i := 0; strings.Count(b.String(), "\n") < lines; i++ {
		fmt.Fprintf(&b, `  cfg%d:
    type: OS::Heat::SoftwareConfig
    condition: %s
    properties:
      group: script
      config:
        str_replace:
          template: |
            #!/bin/sh
            echo $name $zone > /tmp/out-%d
            echo $list
          params:
            $name: {list_join: ["-", [{get_param: "OS::stack_name"}, n%d]]}
            $zone: {if: [prod, {get_param: [cfg, m, x]}, none]}
            $list: {list_join: [",", {get_param: names}, {repeat: {for_each: {"%%i": ["1", "2"]}, template: "x%%i"}}]}
      inputs:
        - name: in%d
          default: {map_merge: [{a: 1}, {b: {get_param: size}}]}
  grp%d:
    type: OS::Heat::ResourceGroup
    properties:
      count: 2
      resource_def:
        type: OS::Heat::RandomString
        properties:
          salt: {str_replace: {template: "s-%%index%%-$c", params: {$c: {get_attr: [cfg%d, config]}}}}
`, i, map[bool]string{true: "prod", false: "dev"}[i%3 != 0], i, i, i, i, i)
	}
	return b.String()
}

// NestedTree writes a tree of templates (a root, 15 children, each with
// 19 grandchildren: 300 templates) mapped to types by 20 environment
// files that also set parameter_defaults, and returns the root and the
// environments.
func NestedTree(tb testing.TB, dir string) (string, []string) {
	const envs, kids, grandkids = 20, 15, 19
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			tb.Fatal(err)
		}
		return p
	}
	leaf := func(i, j int) string {
		return fmt.Sprintf(`heat_template_version: 2018-08-31
parameters:
  idx: {type: string}
  shared%d: {type: string, default: none}
resources:
  r:
    type: OS::Heat::RandomString
    properties:
      salt: {list_join: ["-", [{get_param: idx}, {get_param: shared%d}, "%d-%d"]]}
  v:
    type: OS::Heat::Value
    properties:
      value: {str_replace: {template: "leaf $i", params: {$i: {get_param: idx}}}}
outputs:
  o: {value: {get_attr: [r, value]}}
`, (i*grandkids+j)%envs, (i*grandkids+j)%envs, i, j)
	}
	var regs [envs]strings.Builder
	var root strings.Builder
	root.WriteString("heat_template_version: 2018-08-31\nresources:\n")
	for i := 0; i < kids; i++ {
		var mid strings.Builder
		fmt.Fprintf(&mid, "heat_template_version: 2018-08-31\nparameters:\n  idx: {type: string}\nresources:\n")
		for j := 0; j < grandkids; j++ {
			name := fmt.Sprintf("leaf_%d_%d.yaml", i, j)
			write(name, leaf(i, j))
			typ := fmt.Sprintf("Tree::Leaf%d_%d", i, j)
			fmt.Fprintf(&regs[(i*grandkids+j)%envs], "  %s: %s\n", typ, name)
			fmt.Fprintf(&mid, "  l%d:\n    type: %s\n    properties: {idx: {str_replace: {template: \"$p-%d\", params: {$p: {get_param: idx}}}}}\n", j, typ, j)
		}
		name := fmt.Sprintf("mid_%d.yaml", i)
		write(name, mid.String())
		typ := fmt.Sprintf("Tree::Mid%d", i)
		fmt.Fprintf(&regs[i%envs], "  %s: %s\n", typ, name)
		fmt.Fprintf(&root, "  m%d:\n    type: %s\n    properties: {idx: m%d}\n", i, typ, i)
	}
	var envPaths []string
	for e := 0; e < envs; e++ {
		text := fmt.Sprintf("parameter_defaults:\n  shared%d: from-env-%d\nresource_registry:\n%s", e, e, regs[e].String())
		envPaths = append(envPaths, write(fmt.Sprintf("env%02d.yaml", e), text))
	}
	return write("root.yaml", root.String()), envPaths
}
