package lsp

import (
	"context"
	"sync"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// phase is where a session is in the protocol's lifecycle.
type phase int

const (
	phaseNew      phase = iota // before initialize
	phaseRunning               // after initialize answered
	phaseShutDown              // after shutdown answered
	phaseExited                // exit received
)

// lifecycle is the session's state machine. Transitions happen on the
// reading loop (initialize, shutdown and exit are inline routes), so every
// later message sees them.
type lifecycle struct {
	mu    sync.Mutex
	phase phase
	// shutDown remembers that shutdown came before exit (exit status 0).
	shutDown bool
}

// gate says whether a message may run now. Requests get the error the
// protocol prescribes; notifications that fail the gate are dropped.
func (l *lifecycle) gate(method string, isCall bool) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if method == protocol.MethodExit {
		return nil
	}
	switch l.phase {
	case phaseNew:
		if method == protocol.MethodInitialize {
			return nil
		}
		return errNotInitialized
	case phaseRunning:
		if method == protocol.MethodInitialize {
			return errInitializedTwice
		}
		return nil
	default:
		return errShutDown
	}
}

func (l *lifecycle) to(p phase) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if p == phaseShutDown {
		l.shutDown = true
	}
	l.phase = p
}

func (l *lifecycle) exited() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.phase == phaseExited
}

// exitCode is 0 when shutdown was received, 1 otherwise.
func (l *lifecycle) exitCode() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.shutDown {
		return 0
	}
	return 1
}

// initialize records what the client can do, picks the position encoding,
// reads initializationOptions, and answers with the capabilities of the
// registered routes.
func (s *Server) initialize(_ context.Context, p *protocol.InitializeParams) (*protocol.InitializeResult, error) {
	cl := readClientCapabilities(p)
	s.client.Store(&cl)
	s.setupWorkspace(p)
	if len(p.InitializationOptions) > 0 {
		s.applySettings(parseSettings(p.InitializationOptions, *s.settings.Load()))
	}
	// The folder's .heat-ls.yaml may name the Heat release (release.go).
	s.reloadSchema(s.Settings().SchemaPaths)
	s.log.Info("initialize",
		zap.String("client", cl.Name),
		zap.String("positionEncoding", string(encodingKind(cl.PositionEncoding))))

	caps := protocol.ServerCapabilities{PositionEncoding: encodingKind(cl.PositionEncoding)}
	for _, rt := range s.routes {
		if rt.advertise != nil {
			rt.advertise(&caps, cl)
		}
	}
	s.life.to(phaseRunning)
	return &protocol.InitializeResult{
		Capabilities: caps,
		ServerInfo:   protocol.ServerInfo{Name: "heat-ls", Version: protocol.NewOptional(s.version)},
	}, nil
}

// initialized starts the first pull of workspace settings when the client
// supports it.
func (s *Server) initialized(context.Context, *protocol.InitializedParams) error {
	s.pullSettings()
	s.startWorkspace()
	return nil
}

// shutdown accepts any params (null, absent or {}) and answers null.
// From then on the server asks the client nothing (refreshes, settings):
// the client may exit as soon as it reads the answer, and a request
// written after it would meet a closed pipe.
func (s *Server) shutdown(context.Context, []byte) (any, error) {
	s.life.to(phaseShutDown)
	s.calls.abandon()
	s.stopWorkspace()
	s.log.Info("shutdown")
	return nil, nil
}

// exit ends the reading loop; Serve then returns the exit status.
func (s *Server) exit(context.Context, []byte) (any, error) {
	s.log.Info("exit", zap.Int("status", s.life.exitCode()))
	s.life.to(phaseExited)
	return nil, nil
}
