package preview

import (
	"strings"
)

// Text writes a preview as "heat-ls preview" prints it, in format "yaml"
// or "json", the paths under dir shown relative to it ("" keeps them
// absolute). It changes res.Stack's paths.
func Text(res *Result, format, dir string) string {
	if dir != "" {
		relativize(res.Stack, dir, 0)
	}
	var b strings.Builder
	if format == "json" {
		WriteJSON(&b, res.Stack.Value())
	} else {
		WriteYAML(&b, res.Stack.Value())
	}
	return b.String()
}
