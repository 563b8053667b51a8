package synthtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Workspace sizes of a large real project: the memory benchmarks index
// and open a generated workspace of this shape.
const (
	WorkspaceTemplates    = 321
	WorkspaceEnvironments = 265
)

// WriteWorkspace writes a project of templates and environment files.
// templates/ holds the templates in sixteen folders, from 100 to about 400
// lines (250 on average); environments/ holds environment files of about
// 30 lines, each mapping ten custom types to templates in its
// resource_registry and setting ten parameter_defaults. It returns the
// template paths.
func WriteWorkspace(dir string, templates, environments int) ([]string, error) {
	var paths []string
	for i := range templates {
		sub := filepath.Join(dir, "templates", fmt.Sprintf("svc%02d", i%16))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return nil, err
		}
		p := filepath.Join(sub, fmt.Sprintf("t%03d.yaml", i))
		if err := os.WriteFile(p, GenerateTemplate(100+(i*53)%300), 0o644); err != nil {
			return nil, err
		}
		paths = append(paths, p)
	}
	envDir := filepath.Join(dir, "environments")
	if err := os.MkdirAll(envDir, 0o755); err != nil {
		return nil, err
	}
	for i := range environments {
		var b strings.Builder
		fmt.Fprintf(&b, "# environment %d\nresource_registry:\n", i)
		for k := range 10 {
			t := (i*7 + k*13) % max(templates, 1)
			fmt.Fprintf(&b, "  OS::Project::Service%d::Part%d: ../templates/svc%02d/t%03d.yaml\n", i, k, t%16, t)
		}
		b.WriteString("\nparameter_defaults:\n")
		for k := range 10 {
			fmt.Fprintf(&b, "  Service%dSetting%d: value-%d-%d\n", i, k, i, k)
		}
		b.WriteString("  flavor: m1.large\n  image: cirros-0.6.2\n")
		if err := os.WriteFile(filepath.Join(envDir, fmt.Sprintf("env%03d.yaml", i)), []byte(b.String()), 0o644); err != nil {
			return nil, err
		}
	}
	return paths, nil
}
