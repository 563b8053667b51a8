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
