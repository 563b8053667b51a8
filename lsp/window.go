package lsp

import (
	"strings"
	"unicode/utf8"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"
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

// echo makes client-supplied text safe to send back: valid UTF-8 (strict
// JSON decoders reject anything else) and at most max bytes, cut at a
// character boundary and marked with "…".
func echo(s string, max int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

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
