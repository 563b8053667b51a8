package source

// Span is a half-open range [Start, End) of byte offsets into a document's
// text. All analysis works on byte offsets; conversion to LSP positions or
// yaml.v3 line/column happens only in the Mapper.
type Span struct {
	Start int
	End   int
}

// Len is the number of bytes the span covers.
func (s Span) Len() int { return s.End - s.Start }

// Contains reports whether offset lies inside the span. The end is
// included, so a cursor just after the last character still counts as
// "in" the span, which is what completion and hover want.
func (s Span) Contains(offset int) bool { return s.Start <= offset && offset <= s.End }

// Valid reports whether the span is well formed.
func (s Span) Valid() bool { return 0 <= s.Start && s.Start <= s.End }
