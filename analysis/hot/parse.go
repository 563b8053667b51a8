package hot

import (
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// Parse parses src and builds its model.
func Parse(src []byte) *Document {
	f := syntax.Parse(src)
	d := &Document{Src: src, Mapper: source.NewMapper(src), Syntax: f}
	return d
}
