package syntax

import (
	"errors"
	"strconv"
	"strings"

	"heat-ls/analysis/source"
)

// decodeProblem turns an error from yaml.v3 into a diagnostic with a span.
func (c *converter) decodeProblem(err error) source.Diagnostic {
	var pe *panicError
	if errors.As(err, &pe) {
		return source.Diagnostic{
			Span: source.Span{Start: 0, End: 0}, Severity: source.SeverityError, Code: CodeParserPanic,
			Message: "the YAML parser failed unexpectedly on this text (" + pe.Error() + "); please report it",
		}
	}
	line, reason := splitYAMLError(err.Error())
	span := c.locateError(line, reason)
	return source.Diagnostic{
		Span: span, Severity: source.SeverityError, Code: CodeSyntax,
		Message: "invalid YAML: " + reason,
	}
}

// splitYAMLError splits "yaml: line 3: reason" into 3 and "reason"; line is
// 0 when yaml.v3 gave none.
func splitYAMLError(msg string) (line int, reason string) {
	msg = strings.TrimPrefix(msg, "yaml: ")
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if i := strings.Index(rest, ": "); i > 0 {
			if n, err := strconv.Atoi(rest[:i]); err == nil {
				return n, rest[i+2:]
			}
		}
	}
	return 0, msg
}

// locateError picks the span a syntax error is shown on.
func (c *converter) locateError(line int, reason string) source.Span {
	if line < 1 {
		line = 1
	}
	off := c.base + c.lines.lineStart(line)
	end := off
	for end < len(c.src) && isBlank(c.src[end]) {
		end++
	}
	off = end
	for end < len(c.src) && c.src[end] != '\n' && c.src[end] != '\r' {
		end++
	}
	return source.Span{Start: off, End: end}
}
