package lsp

import (
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"heat-ls/schema"
)

// maxSchemaMessages bounds the pop-ups one schema reload shows; the rest
// are summarised in one more message and all of them are logged.
const maxSchemaMessages = 5

// schemaState holds the schema every check and feature uses: the embedded
// one of the target Heat release (base, or another release chosen by
// heat-ls.heatRelease; release.go) with the user's resource types from
// heat-ls.schemaPaths laid over it. The current value is immutable and swapped atomically, so a
// diagnostics run or a hover that started with one value finishes with it
// while a reload installs the next.
type schemaState struct {
	base    *schema.Schema
	current atomic.Pointer[schema.Schema]

	// mu serialises reloads; dirs are the resolved directories the current
	// value was loaded from (nil: the base alone), release the Heat release
	// it is of ("": base's).
	mu      sync.Mutex
	dirs    []string
	release string
}

// currentSchema is the schema to use now.
func (s *Server) currentSchema() *schema.Schema {
	if sc := s.schemas.current.Load(); sc != nil {
		return sc
	}
	return s.schemas.base
}

// resolveSchemaPaths makes the user's schema paths absolute: relative ones
// are taken from the first workspace folder (or, without one, the server's
// working directory). Empty entries are dropped.
func resolveSchemaPaths(paths, folders []string) []string {
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		if p == "" {
			continue
		}
		if !filepath.IsAbs(p) && len(folders) > 0 {
			p = filepath.Join(folders[0], p)
		}
		out = append(out, filepath.Clean(p))
	}
	return out
}

// reloadSchema loads the user's schema directories over the embedded
// schema when they differ from the ones loaded, installs the result,
// tells the user about every file that could not be loaded (once per
// change: window/showMessage and the log), and re-checks the open
// documents. It reports whether a new schema was installed.
func (s *Server) reloadSchema(paths []string) bool {
	release := s.targetRelease()
	st := &s.schemas
	st.mu.Lock()
	var folders []string
	if first := s.firstFolder(); first != "" {
		folders = []string{first}
	}
	dirs := resolveSchemaPaths(paths, folders)
	if slices.Equal(dirs, st.dirs) && release == st.release {
		st.mu.Unlock()
		return false
	}
	base := s.releaseBase(release)
	next, problems := base, []schema.LoadProblem(nil)
	if len(dirs) > 0 {
		next, problems = base.WithUserSchemas(dirs)
	}
	st.dirs, st.release = dirs, release
	st.current.Store(next)
	st.mu.Unlock()

	s.log.Info("resource type schemas loaded", zap.Strings("schemaPaths", dirs), zap.String("heatRelease", next.HeatVersion()), zap.Int("problems", len(problems)))
	s.reportSchemaProblems(problems)
	s.recheckOpenDocuments()
	return true
}

// reportSchemaProblems logs every problem and shows the first few to the
// user as warnings naming the file.
func (s *Server) reportSchemaProblems(problems []schema.LoadProblem) {
	for i, p := range problems {
		s.log.Warn("resource type schema not loaded", zap.String("file", p.File), zap.String("problem", p.Message))
		if i < maxSchemaMessages {
			s.showMessage(protocol.MessageTypeWarning, fmt.Sprintf("heat-ls: schema %s: %s", p.File, p.Message))
		}
	}
	if extra := len(problems) - maxSchemaMessages; extra > 0 {
		s.showMessage(protocol.MessageTypeWarning, fmt.Sprintf("heat-ls: %d more problems in the resource type schemas of heat-ls.schemaPaths; the log lists them all", extra))
	}
}

// showMessage sends window/showMessage; a failure is only logged.
func (s *Server) showMessage(kind protocol.MessageType, text string) {
	if s.out == nil {
		return
	}
	if err := s.notify(protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{Type: kind, Message: text}); err != nil {
		s.log.Info("cannot show a message", zap.Error(err))
	}
}
