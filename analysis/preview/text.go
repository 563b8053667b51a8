package preview

import (
	"runtime"
	"strings"
)

// Text writes a preview as "heat-ls preview" prints it, in format "yaml"
// or "json", the paths under dir shown relative to it ("" keeps them
// absolute). It changes res.Stack's paths.
func Text(res *Result, format, dir string) string {
	return textOn(res, format, dir, runtime.GOMAXPROCS(0))
}

// textOn is Text written on up to procs goroutines.
func textOn(res *Result, format, dir string, procs int) string {
	return strings.Join(textPiecesOf(res, format, dir, procs), "")
}

// textPiecesOf is textOn's text in pieces (textPieces), as the command
// writes it.
func textPiecesOf(res *Result, format, dir string, procs int) []string {
	if dir != "" {
		relativize(res.Stack, dir, 0)
	}
	// The text is about one and a half times the files read; room for
	// twice that is reserved at once, shared among the pieces (pages
	// never written cost nothing), rather than copied at each doubling.
	top, at, fill := res.Stack.shell(0)
	return textPieces(top, format == "json", procs, writePartMin, lazyEntry{at, fill}, 2*res.sourceSize())
}

// sourceSize is the size of the files the preview read, bounded by what
// the command would read of one file.
func (res *Result) sourceSize() int {
	n := 0
	for _, d := range res.Docs {
		if d != nil {
			n += len(d.Src)
		}
	}
	return min(n, 4*MaxFileSize)
}
