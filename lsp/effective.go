package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"

	"heat-ls/analysis/config"
	"heat-ls/analysis/effective"
	"heat-ls/analysis/environ"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/schema"
)

// effectiveState keeps, per template, what its active environment set
// makes of its parameters and conditions, so hovers and hints after a
// keystroke do not merge the environments again. Entries are checked
// against what they were computed from (the parse, the environment
// files' parses, the schema); active sets are found again when settings,
// watched files or workspace folders change (gen).
type effectiveState struct {
	mu   sync.Mutex
	gen  uint64
	sets map[string]cachedSet
	vals map[string]cachedValues
	disk map[string]diskEnv
	full map[string]indexedEnv // effective_indexed.go
}

type cachedSet struct {
	gen  uint64
	set  activeSet
	proj *config.Config
}

type cachedValues struct {
	doc    *hot.Document
	sc     *schema.Schema
	envs   []*hot.Document
	active bool
	vals   *effective.Values
}

// diskEnv is an environment file read from the disk, kept while its size
// and modification time stay the same. They are looked at again only
// after diskRecheck, or at once after a change the client reports (gen):
// a hover must not wait for twenty file system calls.
type diskEnv struct {
	size    int64
	mod     time.Time
	doc     *hot.Document
	gen     uint64
	checked time.Time
}

// diskRecheck is how long an environment file's size and time are
// trusted when the client reports no change.
const diskRecheck = time.Second

// maxEffectiveEntries bounds each map of effectiveState; a full map is
// cleared.
const maxEffectiveEntries = 256

// environmentsChanged makes every template's active set be found again.
func (s *Server) environmentsChanged() {
	s.eff.mu.Lock()
	s.eff.gen++
	s.eff.mu.Unlock()
}

// cachedActiveSet is activeEnvironments, found again only after a change
// (or when the project file governing the template changed on disk).
func (s *Server) cachedActiveSet(path string) activeSet {
	var proj *config.Config
	if s.Settings().Environments == nil {
		if file := config.Find(filepath.Dir(path), s.folderOf(path)); file != "" {
			proj, _ = s.projects.Load(file)
		}
	}
	s.eff.mu.Lock()
	c, ok := s.eff.sets[path]
	gen := s.eff.gen
	s.eff.mu.Unlock()
	if ok && c.gen == gen && c.proj == proj {
		return c.set
	}
	set := s.activeEnvironments(path)
	s.eff.mu.Lock()
	defer s.eff.mu.Unlock()
	if s.openAt(path) == nil {
		return set
	}
	if s.eff.sets == nil || len(s.eff.sets) >= maxEffectiveEntries {
		s.eff.sets = map[string]cachedSet{}
	}
	s.eff.sets[path] = cachedSet{gen: gen, set: set, proj: proj}
	return set
}

// effectiveValues is what the active set makes of the template doc at
// path (its defaults alone when it has no set).
func (s *Server) effectiveValues(path string, doc *hot.Document) *effective.Values {
	set := s.cachedActiveSet(path)
	envs, _ := s.loadEnvironments(set.Paths)
	active := set.From != ""
	sc := s.currentSchema()
	docs := make([]*hot.Document, len(envs))
	for i, e := range envs {
		docs[i] = e.Doc
	}
	s.eff.mu.Lock()
	c, ok := s.eff.vals[path]
	s.eff.mu.Unlock()
	sameInputs := ok && c.active == active && samePointers(c.envs, docs)
	if sameInputs && c.doc == doc && c.sc == sc {
		return c.vals
	}
	var prev *effective.Values
	if sameInputs {
		prev = c.vals // its parameters' values carry over (effective.ComputeAfter)
	}
	vals := s.computeEffective(prev, doc, path, envs, active, sc)
	s.eff.mu.Lock()
	defer s.eff.mu.Unlock()
	if s.openAt(path) == nil {
		return vals
	}
	if s.eff.vals == nil || len(s.eff.vals) >= maxEffectiveEntries {
		s.eff.vals = map[string]cachedValues{}
	}
	s.eff.vals[path] = cachedValues{doc: doc, sc: sc, envs: docs, active: active, vals: vals}
	return vals
}

// computeEffective is effective.ComputeAfter, a panic in it logged and
// read as no values: the diagnostics and answers it adds to must not be
// lost.
func (s *Server) computeEffective(prev *effective.Values, doc *hot.Document, path string, envs []environ.File, active bool, sc *schema.Schema) (vals *effective.Values) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("working out effective values panicked", zap.String("path", path), zap.String("panic", fmt.Sprint(p)), zap.ByteString("stack", debug.Stack()))
			vals = effective.Compute(nil, path, nil, active, sc)
		}
	}()
	return effective.ComputeAfter(prev, doc, path, envs, active, sc)
}

func samePointers(a, b []*hot.Document) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// diskEnvironment parses an environment file from the disk, once per
// version of the file.
func (s *Server) diskEnvironment(path string, read func() (*hot.Document, error)) (*hot.Document, error) {
	now := time.Now()
	s.eff.mu.Lock()
	c, ok := s.eff.disk[path]
	gen := s.eff.gen
	s.eff.mu.Unlock()
	if ok && c.gen == gen && now.Sub(c.checked) < diskRecheck {
		return c.doc, nil
	}
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	doc := c.doc
	if !ok || c.size != info.Size() || !c.mod.Equal(info.ModTime()) {
		if doc, err = read(); err != nil {
			return nil, err
		}
	}
	s.eff.mu.Lock()
	defer s.eff.mu.Unlock()
	if len(s.store.All()) == 0 {
		return doc, nil // no document open: see forgetEffective
	}
	if s.eff.disk == nil || len(s.eff.disk) >= maxEffectiveEntries {
		s.eff.disk = map[string]diskEnv{}
	}
	s.eff.disk[path] = diskEnv{size: info.Size(), mod: info.ModTime(), doc: doc, gen: gen, checked: now}
	return doc, nil
}

// effectiveHover adds the parameter's effective value under the active
// set to the hover h (nil: the hover is that value alone).
func (s *Server) effectiveHover(u uri.URI, pos protocol.Position, h *protocol.Hover) *protocol.Hover {
	path := filePath(u)
	if path == "" {
		return h
	}
	q, ok := s.queryAt(u, pos)
	if !ok || q.view.Doc.Template == nil {
		return h
	}
	md := s.Client().HoverMarkdown
	res, ok := s.effectiveValues(path, q.view.Doc).Hover(q.view.Doc, q.offset, md)
	if !ok {
		return h
	}
	if h != nil {
		if mc, ok := h.Contents.(*protocol.MarkupContent); ok {
			merged := *mc
			merged.Value += "\n\n" + res.Text
			out := *h
			out.Contents = &merged
			return &out
		}
		return h
	}
	r, ok := s.rangeOf(q, res.Span)
	if !ok {
		return nil
	}
	kind := protocol.MarkupKindPlainText
	if md {
		kind = protocol.MarkupKindMarkdown
	}
	return &protocol.Hover{Contents: &protocol.MarkupContent{Kind: kind, Value: res.Text}, Range: &r}
}

// effectiveDiagnostics are the hints over resources a false condition
// leaves out, for a template document.
func (s *Server) effectiveDiagnostics(docURI string, doc *hot.Document) []source.Diagnostic {
	path := filePath(uri.URI(docURI))
	if path == "" || doc == nil || doc.Template == nil {
		return nil
	}
	return s.effectiveValues(path, doc).Diagnostics()
}

// conditionLenses are the lenses saying whether each condition holds.
func (s *Server) conditionLenses(q query, path string) []protocol.CodeLens {
	var out []protocol.CodeLens
	for _, l := range s.effectiveValues(path, q.view.Doc).Lenses() {
		r, ok := s.rangeOf(q, l.Span)
		if !ok {
			continue
		}
		out = append(out, protocol.CodeLens{Range: r, Command: protocol.Command{Title: l.Title, Command: ""}})
	}
	return out
}
