package lint

import (
	"fmt"
	"strings"
	"sync"

	"heat-ls/schema"
)

// releaseSchemas hands out the schema of each Heat release a run judges
// for, each with the user's schema directories laid over it, loading a
// release the first time a file asks for it.
type releaseSchemas struct {
	base *schema.Schema // the run's schema, user types included
	dirs []string

	mu     sync.Mutex
	loaded map[string]*schema.Schema
}

func newReleaseSchemas(base *schema.Schema, dirs []string) *releaseSchemas {
	return &releaseSchemas{base: base, dirs: dirs, loaded: map[string]*schema.Schema{}}
}

// get returns the schema of release ("" is the base's). A release that
// cannot load (never, as every embedded release is tested) gives the base.
func (r *releaseSchemas) get(release string) *schema.Schema {
	if release == "" || r.base == nil || (r.base.Release() != nil && r.base.Release().Name == release) {
		return r.base
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if sc, ok := r.loaded[release]; ok {
		return sc
	}
	sc, err := schema.LoadRelease(release)
	if err != nil {
		return r.base
	}
	if len(r.dirs) > 0 {
		sc, _ = sc.WithUserSchemas(r.dirs) // their problems were reported for the base
	}
	r.loaded[release] = sc
	return sc
}

// ParseReleases reads the --heat-release list ("2024.1,epoxy,26"): each
// name as schema.ParseRelease reads it, returned as canonical names,
// oldest first, without repeats. An empty item ("2024.1,,2026.1") is an
// error rather than skipped: in a CI line it is most often a release that
// was meant to be there and got lost in an edit.
func ParseReleases(list string) ([]string, error) {
	var rels []*schema.Release
	parts := strings.Split(list, ",")
	for i, part := range parts {
		if strings.TrimSpace(part) == "" {
			if len(parts) == 1 {
				break
			}
			return nil, fmt.Errorf("item %d of %q is empty; name a release there or drop the comma", i+1, list)
		}
		rel, err := schema.ParseRelease(part)
		if err != nil {
			return nil, err
		}
		dup := false
		for _, r := range rels {
			dup = dup || r.Name == rel.Name
		}
		if !dup {
			rels = append(rels, rel)
		}
	}
	if len(rels) == 0 {
		return nil, fmt.Errorf("no Heat release named in %q", list)
	}
	for i := 1; i < len(rels); i++ {
		for j := i; j > 0 && rels[j].Index < rels[j-1].Index; j-- {
			rels[j], rels[j-1] = rels[j-1], rels[j]
		}
	}
	names := make([]string, len(rels))
	for i, r := range rels {
		names[i] = r.Name
	}
	return names, nil
}

// problemKey identifies a problem across releases: the same rule at the
// same place with the same severity is the same problem, even where its
// message names a different release. n tells repeats in one release apart.
type problemKey struct {
	line, col, endLine, endCol int
	rule                       string
	sev                        int
	n                          int
}

// mergeReleases joins the problems each release found in one file (the
// releases oldest first). A problem every release has is reported once, as
// is; any other is reported once, naming the releases it occurs in and,
// when it appears from some release on, that it is new there, or, when it
// goes away, in which release. With one release the problems are as found.
func mergeReleases(releases []string, per [][]Problem) []Problem {
	if len(releases) == 1 {
		return per[0]
	}
	type seen struct {
		p  Problem
		in []bool
	}
	byKey := map[problemKey]*seen{}
	var order []problemKey
	for i, problems := range per {
		count := map[problemKey]int{}
		for _, p := range problems {
			k := problemKey{p.Line, p.Column, p.EndLine, p.EndColumn, p.Rule, int(p.Severity), 0}
			k.n = count[k]
			count[k]++
			s, ok := byKey[k]
			if !ok {
				s = &seen{in: make([]bool, len(releases))}
				byKey[k] = s
				order = append(order, k)
			}
			s.p = p // the newest release's wording
			s.in[i] = true
		}
	}
	out := make([]Problem, 0, len(order))
	for _, k := range order {
		s := byKey[k]
		if tag := releaseTag(releases, s.in); tag != "" {
			s.p.Message = tag + " " + s.p.Message
			for i, in := range s.in {
				if in {
					s.p.Releases = append(s.p.Releases, releases[i])
				}
			}
		}
		out = append(out, s.p)
	}
	return out
}

// releaseTag names where a problem occurs when not in every release:
// "[new in Heat 2026.1]", "[Heat 2024.1 only; gone in 2025.1]",
// "[Heat 2024.1, 2026.1 only]". Empty when it occurs in all.
func releaseTag(releases []string, in []bool) string {
	first, last, count := -1, -1, 0
	for i, ok := range in {
		if ok {
			if first < 0 {
				first = i
			}
			last = i
			count++
		}
	}
	switch {
	case count == len(in):
		return ""
	case last == len(in)-1 && count == len(in)-first:
		return "[new in Heat " + releases[first] + "]"
	case first == 0 && count == last+1:
		return "[Heat " + strings.Join(releases[:last+1], ", ") + " only; gone in " + releases[last+1] + "]"
	}
	var names []string
	for i, ok := range in {
		if ok {
			names = append(names, releases[i])
		}
	}
	return "[Heat " + strings.Join(names, ", ") + " only]"
}
