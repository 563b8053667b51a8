package lsp

import (
	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"heat-ls/analysis/source"
)

// logMessage sends window/logMessage (the editor's output log, not a
// popup); a failure is only logged.
func (s *Server) logMessage(kind protocol.MessageType, text string) {
	if s.out == nil {
		return
	}
	if err := s.notify(protocol.MethodWindowLogMessage, &protocol.LogMessageParams{Type: kind, Message: echo(text, maxEchoedMessage)}); err != nil {
		s.log.Info("cannot log a message to the client", zap.Error(err))
	}
}

// maxEchoedMessage bounds a message that repeats what the client sent.
const maxEchoedMessage = 1000

// echo makes client-supplied text safe to send back (source.Clip).
func echo(s string, max int) string { return source.Clip(s, max) }

// reportIndexBudget tells the user when the last scan of the workspace
// stopped within its budget: cross-file features then see only part of
// the folders, which would otherwise look like missing templates.
func (s *Server) reportIndexBudget(idx interface{ Stopped() string }) {
	why := idx.Stopped()
	if why == "" {
		return
	}
	s.log.Warn("workspace indexing stopped early", zap.String("reason", why))
	s.showMessage(protocol.MessageTypeWarning, "heat-ls: indexing stopped early because "+why+
		"; templates beyond that are not indexed, so cross-file checks and navigation see only part of the workspace. Open a smaller folder to index it whole.")
}
