package main

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"heat-ls/schema/internal/wire"
)

// releaseFile names one dump in shared/heat/releases and the release it
// speaks for, oldest first.
type releaseFile struct {
	file, name, codename string
	heat                 int
	development          bool
}

var releaseFiles = []releaseFile{
	{"19.0.0", "2022.2", "Zed", 19, false},
	{"2023.1", "2023.1", "Antelope", 20, false},
	{"2023.2", "2023.2", "Bobcat", 21, false},
	{"2024.1", "2024.1", "Caracal", 22, false},
	{"2024.2", "2024.2", "Dalmatian", 23, false},
	{"2025.1", "2025.1", "Epoxy", 24, false},
	{"2025.2", "2025.2", "Flamingo", 25, false},
	{"2026.1", "2026.1", "Gazpacho", 26, false},
	{"master", "2026.2", "", 27, true},
}

// constraintsTxt lists the custom constraint names each release's plugins
// register (the heat.constraints entry points of its setup.cfg), which the
// type dumps do not carry: the first line the whole list of the first
// release, each later line the names a release added (+) or removed (-).
//
//go:embed constraints.txt
var constraintsTxt string

// convertReleases writes every release as its differences from the one
// before, the first from the base (idx, body). A type is written whole
// when its header or body changed.
func convertReleases(dir string, idx *wire.Index, body []byte) (*wire.Releases, []byte, error) {
	type entry struct {
		h wire.Header
		b []byte
	}
	state := map[string]entry{}
	for _, h := range idx.Types {
		b := body[h.Offset : h.Offset+h.Length]
		h.Offset, h.Length = 0, 0
		state[h.Name] = entry{h, b}
	}
	base, deltas, err := parseConstraints(constraintsTxt)
	if err != nil {
		return nil, nil, err
	}
	out := &wire.Releases{Constraints: base}
	var relBody bytes.Buffer
	for _, rf := range releaseFiles {
		path := filepath.Join(dir, rf.file+".json")
		raw, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, err
		}
		var in struct {
			HeatVersion string             `json:"heat_version"`
			Aliases     map[string]inAlias `json:"aliases"`
			Types       map[string]*inType `json:"types"`
		}
		if err := json.Unmarshal(raw, &in); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		if err := sameAliases(in.Aliases, idx); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		rel := wire.Release{Name: rf.name, Codename: rf.codename, Heat: rf.heat, HeatVersion: in.HeatVersion, Development: rf.development}
		names := make([]string, 0, len(in.Types))
		for n := range in.Types {
			names = append(names, n)
		}
		sort.Strings(names)
		if len(names) < len(state) {
			return nil, nil, fmt.Errorf("%s: has fewer types than the release before; removed types are not supported", path)
		}
		for _, n := range names {
			h, b, err := typeEntry(n, in.Types[n])
			if err != nil {
				return nil, nil, err
			}
			if prev, ok := state[n]; ok && reflect.DeepEqual(prev.h, h) && bytes.Equal(prev.b, b) {
				continue
			}
			state[n] = entry{h, b}
			h.Offset, h.Length = relBody.Len(), len(b)
			relBody.Write(b)
			relBody.WriteByte('\n')
			rel.Types = append(rel.Types, h)
		}
		d := deltas[rf.name]
		rel.ConstraintsAdded, rel.ConstraintsRemoved = d.added, d.removed
		delete(deltas, rf.name)
		out.Releases = append(out.Releases, rel)
	}
	for name := range deltas {
		return nil, nil, fmt.Errorf("constraints.txt: unknown release %s", name)
	}
	return out, relBody.Bytes(), nil
}

// sameAliases makes sure a release's aliases are the base's: the format
// stores them once.
func sameAliases(in map[string]inAlias, idx *wire.Index) error {
	n := len(idx.Aliases)
	for _, g := range idx.Globs {
		_ = g
		n++
	}
	if len(in) != n {
		return fmt.Errorf("aliases differ from the base release's")
	}
	for name, a := range in {
		if a.Kind == "MapResourceInfo" && idx.Aliases[name] != a.Target {
			return fmt.Errorf("alias %s differs from the base release's", name)
		}
	}
	return nil
}

type constraintDelta struct{ added, removed []string }

// parseConstraints reads constraints.txt: "# comments", then
// "RELEASE name name…" for the first release and "RELEASE +name -name…"
// for later ones.
func parseConstraints(txt string) ([]string, map[string]constraintDelta, error) {
	var base []string
	deltas := map[string]constraintDelta{}
	sc := bufio.NewScanner(strings.NewReader(txt))
	first := true
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		rel, names := fields[0], fields[1:]
		if first {
			base, first = names, false
			sort.Strings(base)
			continue
		}
		var d constraintDelta
		for _, n := range names {
			switch n[0] {
			case '+':
				d.added = append(d.added, n[1:])
			case '-':
				d.removed = append(d.removed, n[1:])
			default:
				return nil, nil, fmt.Errorf("constraints.txt: %s: %q needs + or -", rel, n)
			}
		}
		deltas[rel] = d
	}
	return base, deltas, sc.Err()
}
