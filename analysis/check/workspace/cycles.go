package workspace

import (
	"sort"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/source"
)

// CheckRegistryCycles reports resource_registry mappings that lead from a
// type back to itself (A: B, B: A, or longer chains). Heat follows
// type-to-type mappings until it reaches a real type or a template, so a
// loop never ends and the environment is refused. Per-resource entries
// under "resources" apply to that resource on every step (they win over
// the global entries of the same name), so they can close a loop too.
// Patterns (names ending in "*") and identity mappings (A: A) are left
// alone: Heat skips a mapping that points back to the same name.
func CheckRegistryCycles(p *pass.Pass) {
	if p.Env == nil {
		return
	}
	global := registryEdges(p.Env.Registry)
	reported := map[source.Span]bool{}
	report := func(loop []registryEdge) {
		names := make([]string, 0, len(loop)+1)
		for _, e := range loop {
			names = append(names, e.from)
		}
		for i, e := range loop {
			if reported[e.key] {
				continue
			}
			reported[e.key] = true
			// Start the listed loop at this entry's own name.
			rot := append(append([]string{}, names[i:]...), names[:i]...)
			rot = append(rot, rot[0])
			d := p.Reportf(e.key, rules.RegistryCycle,
				"The registry mappings form a loop: `%s`. Heat never reaches a real type and refuses the environment; map one of these names to a resource type or a template instead.",
				strings.Join(rot, "` → `"))
			d.Data = map[string]string{"loop": strings.Join(rot, ",")}
		}
	}
	for _, loop := range registryLoops(global, nil) {
		report(loop)
	}
	for _, o := range p.Env.ResourceOverrides {
		local := registryEdges(o.Entries)
		if len(local) == 0 {
			continue
		}
		for _, loop := range registryLoops(global, local) {
			report(loop)
		}
	}
}

// registryEdge is one type-to-type mapping: from is the mapped name, to
// the type it stands for, key the mapped name's span.
type registryEdge struct {
	from, to string
	key      source.Span
	local    bool
}

// registryEdges keeps the exact-name, type-to-type mappings of entries;
// a later entry of the same name replaces an earlier one, as in Heat.
func registryEdges(entries []*hot.RegistryEntry) map[string]registryEdge {
	out := map[string]registryEdge{}
	for _, re := range entries {
		if re.Key == nil || re.Name == "" || strings.HasSuffix(re.Name, "*") || re.Name == "hooks" || re.Name == "restricted_actions" {
			continue
		}
		to, ok := wsString(re.Target)
		to = strings.TrimSpace(to)
		if !ok || to == "" || to == re.Name || wsIsTemplateRef(to) {
			delete(out, re.Name)
			continue
		}
		out[re.Name] = registryEdge{from: re.Name, to: to, key: re.Key.Span()}
	}
	return out
}

// registryLoops finds the loops of the mapping graph where local entries
// (one resource's) win over global ones. With local entries, only loops
// that use at least one of them are returned (the others are global
// loops, found without them). Every name has at most one mapping, so
// following it from each name finds every loop; the walk is bounded by
// the number of names.
func registryLoops(global, local map[string]registryEdge) [][]registryEdge {
	next := func(name string) (registryEdge, bool) {
		if e, ok := local[name]; ok {
			e.local = true
			return e, true
		}
		e, ok := global[name]
		return e, ok
	}
	starts := make([]string, 0, len(global)+len(local))
	for n := range local {
		starts = append(starts, n)
	}
	if local == nil {
		for n := range global {
			starts = append(starts, n)
		}
	}
	sort.Strings(starts)
	seenLoop := map[string]bool{}
	var loops [][]registryEdge
	for _, start := range starts {
		pos := map[string]int{}
		var chain []registryEdge
		name := start
		for steps := 0; steps <= len(global)+len(local); steps++ {
			if i, ok := pos[name]; ok {
				loop := chain[i:]
				id := loopID(loop)
				usesLocal := local == nil
				for _, e := range loop {
					usesLocal = usesLocal || e.local
				}
				if usesLocal && !seenLoop[id] {
					seenLoop[id] = true
					loops = append(loops, loop)
				}
				break
			}
			e, ok := next(name)
			if !ok {
				break
			}
			pos[name] = len(chain)
			chain = append(chain, e)
			name = e.to
		}
	}
	return loops
}

// loopID names a loop independently of where it was entered.
func loopID(loop []registryEdge) string {
	names := make([]string, len(loop))
	for i, e := range loop {
		names[i] = e.from
	}
	sort.Strings(names)
	return strings.Join(names, "\x00")
}
