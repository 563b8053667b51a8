package source

// Severity follows the LSP numbering so the lsp layer can convert it
// directly, but it is our own type so analysis stays protocol-free.
type Severity int

const (
	SeverityError   Severity = 1
	SeverityWarning Severity = 2
	SeverityInfo    Severity = 3
	SeverityHint    Severity = 4
)

func (s Severity) String() string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	case SeverityInfo:
		return "info"
	case SeverityHint:
		return "hint"
	}
	return "unknown"
}

// Tag marks diagnostics that editors render specially.
type Tag int

const (
	TagUnnecessary Tag = 1 // greyed out: unused parameters and conditions
	TagDeprecated  Tag = 2 // struck through: deprecated types, properties, functions
)

// Related points at another place that explains a diagnostic, such as the
// first occurrence of a duplicate key. Path is empty for the same document.
type Related struct {
	Path    string
	Span    Span
	Message string
}

// Diagnostic is one problem found in a document.
type Diagnostic struct {
	Span     Span
	Severity Severity
	// Code is the stable rule id (for example "undefined-parameter", declared in analysis/rules); it is
	// sent as the LSP diagnostic code and used for suppression.
	Code    string
	Message string
	Tags    []Tag
	Related []Related
	// Suggestions are replacement texts for Span, best first, which quick
	// fixes offer (the closest names for a misspelling, for example).
	Suggestions []string
	// Data carries rule-specific facts a quick fix needs (for example the
	// guessed type of an undeclared parameter). Keys are rule-defined.
	Data map[string]string
}
