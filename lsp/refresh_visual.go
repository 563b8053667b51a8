package lsp

import (
	"context"

	"go.uber.org/zap"
)

// refreshViews asks the client to request inlay hints, code lenses and
// semantic tokens again (each when it accepts the refresh request), for
// when something other than the document's own text changed them: another
// file of the workspace (an environment's values, a nested template's
// outputs), the schema, or the settings. It runs off the reading loop and
// the document queue, since the answers come back through the loop.
func (s *Server) refreshViews() {
	v := s.Client().Visual
	var methods []string
	if v.InlayHintRefresh {
		methods = append(methods, "workspace/inlayHint/refresh")
	}
	if v.CodeLensRefresh {
		methods = append(methods, "workspace/codeLens/refresh")
	}
	if v.SemanticTokensRefresh {
		methods = append(methods, "workspace/semanticTokens/refresh")
	}
	if len(methods) == 0 {
		return
	}
	s.work.Add(1)
	go func() {
		defer s.work.Done()
		for _, m := range methods {
			ctx, cancel := context.WithTimeout(context.Background(), s.pullTimeout)
			if err := s.call(ctx, m, nil, nil); err != nil {
				s.log.Debug("refresh request failed", zap.String("method", m), zap.Error(err))
			}
			cancel()
		}
	}()
}
