package hot

import (
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// Parse parses src and builds its model. It never fails: a text that is
// not YAML still yields a Document whose Syntax holds the problems, and
// whose Kind is guessed from the text so a half-typed template keeps its
// syntax diagnostics while other YAML stays silent.
func Parse(src []byte) *Document { return ParseAfter(src, nil) }

// ParseAfter is Parse for a new version of a document whose last version
// that parsed is lastGood (nil: none): while src is broken, the keys being
// typed keep the names they had there (see syntax.ParseAfter).
func ParseAfter(src []byte, lastGood *Document) *Document {
	var old []byte
	if lastGood != nil {
		old = lastGood.Src
	}
	return fromSyntax(src, syntax.ParseAfter(src, old))
}

// fromSyntax builds the document model of src over its syntax tree f.
func fromSyntax(src []byte, f *syntax.File) *Document {
	d := &Document{Src: src, Mapper: source.NewMapper(src), Syntax: f}
	root := f.Root().Resolve()
	d.Kind = detectKind(root, src, f.Broken)
	if root == nil || root.Kind != syntax.MappingNode {
		return d
	}
	switch d.Kind {
	case KindTemplate:
		d.Template = buildTemplate(root)
	case KindEnvironment:
		d.Env = buildEnvironment(root)
	}
	return d
}
