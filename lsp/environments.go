package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"go.lsp.dev/uri"

	"heat-ls/analysis/config"
	"heat-ls/analysis/environ"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/limits"
	"heat-ls/analysis/source"
	"heat-ls/analysis/workspace"
	"heat-ls/lsp/store"
)

// This file finds a template's active environment set: the environment
// files applied to it as "openstack stack create -e" applies them, which
// the preview command, effective-value hovers and hints and condition
// lenses use. The heat-ls.environments setting, when it has an entry for
// the template, wins over the environments key of the .heat-ls.yaml
// governing the template.

// parseEnvSetting reads heat-ls.environments: a list of paths or globs,
// or an object mapping template paths or globs to such lists (a single
// string stands for a list of one), its keys kept in the order written.
// null clears the setting; ok is false for any other shape.
func parseEnvSetting(raw json.RawMessage) (*config.EnvSet, bool) {
	raw = bytes.TrimSpace(raw)
	if string(raw) == "null" {
		return nil, true
	}
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		return &config.EnvSet{IsList: true, All: list}, true
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, false
	}
	set := &config.EnvSet{}
	for dec.More() {
		tok, err := dec.Token()
		key, isKey := tok.(string)
		if err != nil || !isKey {
			return nil, false
		}
		var value json.RawMessage
		if dec.Decode(&value) != nil {
			return nil, false
		}
		entry := config.EnvEntry{Template: key, Envs: []string{}}
		var one string
		switch {
		case json.Unmarshal(value, &one) == nil:
			entry.Envs = append(entry.Envs, one)
		case json.Unmarshal(value, &entry.Envs) == nil:
			if entry.Envs == nil {
				entry.Envs = []string{}
			}
		default:
			return nil, false
		}
		set.ByTemplate = append(set.ByTemplate, entry)
	}
	return set, true
}

// activeSet is a template's active environment set.
type activeSet struct {
	// Paths are the files in order (absolute); From says where the set is
	// declared ("the heat-ls.environments setting" or a project file's
	// path), "" when there is none.
	Paths []config.EnvPath
	From  string
}

// activeEnvironments returns the active set of the template at path.
func (s *Server) activeEnvironments(path string) activeSet {
	folder := s.folderOf(path)
	if set := s.Settings().Environments; set != nil {
		if envs, ok := set.For(path, folder); ok {
			return activeSet{Paths: envs, From: "the heat-ls.environments setting"}
		}
	}
	if file := config.Find(filepath.Dir(path), folder); file != "" {
		if cfg, _ := s.projects.Load(file); cfg.Environments != nil {
			if envs, ok := cfg.Environments.For(path, ""); ok {
				return activeSet{Paths: envs, From: file}
			}
		}
	}
	return activeSet{}
}

// folderOf is the workspace folder holding path (the deepest one), else
// path's own directory.
func (s *Server) folderOf(path string) string {
	best := ""
	for _, f := range s.folders() {
		if (path == f || strings.HasPrefix(path, f+string(filepath.Separator))) && len(f) > len(best) {
			best = f
		}
	}
	if best == "" {
		return filepath.Dir(path)
	}
	return best
}

// envProblem is a problem with an environment file of a set.
type envProblem struct {
	Path    string
	Message string
}

// loadEnvironments parses the files of a set: an open document's current
// text, else the disk. A file named outright that cannot be read or is no
// environment file is a problem (and left out); a glob's match that is no
// environment file is skipped.
func (s *Server) loadEnvironments(paths []config.EnvPath) ([]environ.File, []envProblem) {
	var out []environ.File
	var problems []envProblem
	if len(paths) == 0 {
		return nil, nil
	}
	snap := s.workspaceSnapshot()
	for _, p := range paths {
		doc, err := s.parsedFile(snap, p.Path)
		if err != nil {
			if !p.Glob {
				problems = append(problems, envProblem{p.Path, "cannot read the environment file: " + err.Error()})
			}
			continue
		}
		if doc.Kind != hot.KindEnvironment {
			if p.Glob || emptyEnvironment(doc) {
				continue // Heat reads an empty file as an environment that sets nothing
			}
			problems = append(problems, envProblem{p.Path, notAnEnvironment(doc)})
			continue
		}
		out = append(out, environ.File{Path: p.Path, Doc: doc})
	}
	return out, problems
}

// notAnEnvironment says why a file named as an environment is left out: a
// list or a scalar at the top level is what Heat's loader refuses outright
// (rule env-not-mapping in check --env); a mapping of other keys is some
// other YAML file.
func notAnEnvironment(doc *hot.Document) string {
	if doc.Syntax != nil && !doc.Syntax.Broken && len(doc.Syntax.Docs) == 1 {
		if root := doc.Syntax.Root().Resolve(); root != nil && !root.IsMapping() {
			kind := "a scalar"
			if root.IsSequence() {
				kind = "a list"
			}
			return "holds " + kind + " at its top level, and Heat reads an environment only as a mapping of sections; it is left out"
		}
	}
	return "not a Heat environment file (its top-level keys must be environment sections); it is left out"
}

// emptyEnvironment reports whether doc is empty, null or {}.
func emptyEnvironment(doc *hot.Document) bool {
	if doc.Syntax == nil || doc.Syntax.Broken {
		return false
	}
	root := doc.Syntax.Root().Resolve()
	return root == nil || root.IsNull() || root.IsMapping() && root.NumPairs() == 0
}

// parsedFile is the parse of the file at path: the open document's
// current one (the store's, not parsed again), else the workspace
// index's full parse, else a read of the disk.
func (s *Server) parsedFile(snap *workspace.Snapshot, path string) (*hot.Document, error) {
	if d := s.openAt(path); d != nil && d.Doc != nil {
		if d.TooLarge {
			return nil, fmt.Errorf("larger than %d MiB", limits.File>>20)
		}
		return d.Doc, nil
	}
	if f := snap.File(path); f != nil {
		if doc := s.indexedEnvironment(snap, f); doc != nil {
			return doc, nil
		}
	}
	return s.diskEnvironment(path, func() (*hot.Document, error) {
		src, err := source.ReadRegular(path, limits.File)
		if err != nil {
			return nil, err
		}
		return hot.ParseNamed(path, src), nil
	})
}

// openAt is the open document of the file at path, nil when it is not
// open.
func (s *Server) openAt(path string) *store.Document {
	u := uri.File(path)
	if d := s.document(u); d != nil || plainURI(string(u)) {
		return d
	}
	return s.document(documentURI(string(u)))
}

// plainURI reports whether u holds only characters no decoder escapes
// differently, so that it needs no normalising.
func plainURI(u string) bool {
	for _, c := range []byte(u) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("/:._-", c) >= 0) {
			return false
		}
	}
	return true
}
