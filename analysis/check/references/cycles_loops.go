package references

import (
	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/schema"
)

// DependencyLoops returns the resources of t that depend on each other in
// loops Heat refuses (the dependency-cycle rule's finding), one slice of
// names per loop, each in source order. The resource graph draws them in
// the error colour from this, so the picture and the diagnostic agree.
// sc may be nil (every function then counts).
func DependencyLoops(t *hot.Template, sc *schema.Schema) [][]string {
	if t == nil {
		return nil
	}
	var v *schema.Version
	if sc != nil && t.VersionText != "" {
		v, _ = sc.Version(t.VersionText)
	}
	g := resourceGraph(t, v, pass.AnyInputOf(t, v, ""))
	var out [][]string
	for _, comp := range g.components() {
		seen := make(map[int]bool, len(comp))
		for _, i := range comp {
			seen[i] = true
		}
		var names []string
		for i, n := range g.names {
			if seen[i] {
				names = append(names, n)
			}
		}
		out = append(out, names)
	}
	return out
}
