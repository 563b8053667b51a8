package lsp

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"heat-ls/analysis/config"
	"heat-ls/analysis/source"
	"heat-ls/lsp/store"
	"heat-ls/schema"
)

// Server is one language-server session: it serves a single connection
// (Serve may be called once) and holds that session's documents, client
// abilities and settings.
type Server struct {
	log     *zap.Logger
	level   *zap.AtomicLevel
	schemas schemaState // embedded + user schemas (userschema.go)
	version string
	// debounce is a pause before each diagnostics run; none by default.
	debounce time.Duration
	// profileDir is where heat-ls/debug may write heap profiles; empty
	// (the default) refuses them.
	profileDir string
	// diagnosticsCheck replaces the diagnostics computation (tests).
	diagnosticsCheck func(ctx context.Context, doc *store.Document) []source.Diagnostic
	// pullTimeout bounds the wait for an answer to workspace/configuration.
	pullTimeout time.Duration
	extra       []route

	store *store.Store
	ws    workspaceState // multi-file index (workspace.go)
	// gc owns the collector's percent: the headroom given to a small
	// heap and the lower setting while indexing (gc_policy.go).
	gc         gcPolicy
	gcHeadroom bool // apply the headroom while serving (WithGCHeadroom)
	// projects keeps the parsed .heat-ls.yaml files (projectconfig.go).
	projects config.Cache
	// eff keeps active environment sets and what they make of each
	// template (effective.go).
	eff    effectiveState
	routes map[string]route
	// symbolSource lists the documents workspace/symbol searches (nil:
	// the open ones; see symbols.go).
	symbolSource SymbolSource

	out   *outbox
	queue *orderedQueue
	diags *diagnostics
	// idle gives memory back once no diagnostics run and no request is
	// left (idle_memory.go).
	idle idleRelease

	life     lifecycle
	client   atomic.Pointer[ClientCapabilities]
	settings atomic.Pointer[Settings]

	reqMu    sync.Mutex
	inflight map[idKey]*inflightRequest

	calls outgoing

	tokens tokenCache // semantic tokens sent, for deltas (semantic_delta.go)
	// encoded keeps whole-document semantic tokens in protocol numbers
	// per version (semantic_encoded.go).
	encoded encodedTokens

	// work counts goroutines started for requests and configuration pulls,
	// so Serve can wait for them before returning.
	work sync.WaitGroup
}

// Option configures a Server.
type Option func(*Server)

// WithLogger sets the logger; the default discards everything.
func WithLogger(l *zap.Logger) Option { return func(s *Server) { s.log = l } }

// WithLogLevel lets the heat-ls.logLevel setting change the level of the
// logger given with WithLogger.
func WithLogLevel(l *zap.AtomicLevel) Option { return func(s *Server) { s.level = l } }

// WithSchema sets the embedded schema every check and feature uses; the
// heat-ls.schemaPaths setting lays the user's resource types over it.
func WithSchema(sc *schema.Schema) Option { return func(s *Server) { s.schemas.base = sc } }

// WithVersion sets the version reported in serverInfo.
func WithVersion(v string) Option { return func(s *Server) { s.version = v } }

// WithDiagnosticsDelay sets a pause before each diagnostics run. The
// default is none: a run starts as soon as its version is parsed, and
// bursts of typing are folded into one version before that.
func WithDiagnosticsDelay(d time.Duration) Option { return func(s *Server) { s.debounce = d } }

// WithProfileDir lets the heat-ls/debug request write heap profiles, by
// plain file name, into dir (which must exist). Without it, a request for
// a profile is refused: a client never chooses where the server writes.
func WithProfileDir(dir string) Option { return func(s *Server) { s.profileDir = dir } }

// WithGCHeadroom lets the server set the garbage collector's percent
// while it serves, so that a small heap is not collected every few
// keystrokes (gc_policy.go); unless GOGC or GOMEMLIMIT is set. The
// percent is the whole process's: only a process that runs one server
// (the heat-ls binary) should ask for it.
func WithGCHeadroom() Option { return func(s *Server) { s.gcHeadroom = true } }

// WithProcessorFlush lets each return of memory (the idle release, the
// end of the first scan, heat-ls/debug's collect) empty the Go runtime's
// per-processor caches first by lowering GOMAXPROCS to one and raising it
// again (flush_processors.go). GOMAXPROCS is the whole process's: only a
// process that runs one server (the heat-ls binary) should ask for it.
func WithProcessorFlush() Option { return func(s *Server) { s.idle.flushProcessors = true } }

// withRoute registers an extra route; tests use it to inject handlers
// (one that panics, one that waits for cancellation).
func withRoute(r route) Option { return func(s *Server) { s.extra = append(s.extra, r) } }

// withDiagnosticsCheck replaces what a diagnostics run computes; tests
// use it to hold a run and watch it being cancelled.
func withDiagnosticsCheck(f func(ctx context.Context, doc *store.Document) []source.Diagnostic) Option {
	return func(s *Server) { s.diagnosticsCheck = f }
}

// withPullTimeout shortens the wait for workspace/configuration answers;
// tests use it to watch an unanswered pull give up.
func withPullTimeout(d time.Duration) Option { return func(s *Server) { s.pullTimeout = d } }

// New builds a server ready to Serve one connection.
func New(opts ...Option) *Server {
	s := &Server{
		log:     zap.NewNop(),
		version: "devel",
		// A client that offers workspace/configuration but never answers
		// must not pile up one waiting goroutine per settings change.
		pullTimeout: 30 * time.Second,
		store:       store.New(),
		inflight:    make(map[idKey]*inflightRequest),
	}
	for _, o := range opts {
		o(s)
	}
	if s.schemas.base == nil {
		s.schemas.base, _ = schema.Load()
	}
	s.routes = make(map[string]route)
	for _, r := range append(s.routeTable(), s.extra...) {
		s.routes[r.method] = r
	}
	s.client.Store(&ClientCapabilities{})
	s.settings.Store(&Settings{})
	s.idle.compact = s.compactIndex
	return s
}

// Store exposes the session's documents (read-only use: features and
// tests). Changes go through the protocol.
func (s *Server) Store() *store.Store { return s.store }
