package hot

import (
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// Parse parses src and builds its model. It never fails: a text that is
// not YAML still yields a Document whose Syntax holds the problems, and
// whose Kind is guessed from the text so a half-typed template keeps its
// syntax diagnostics while other YAML stays silent. A broken text is read
// tolerantly (syntax.ParseAfter), so the features keep a tree of it. A text
// that is not YAML only because of Jinja2 constructs, and becomes YAML once
// they are blanked, is read as a Jinja2 source (jinja.go).
func Parse(src []byte) *Document { return parse(src, nil, false, nil) }

// ParseNamed is Parse for a file whose name is known: a name marking a
// Jinja2 source (IsJinjaName) makes any text holding Jinja2 constructs one,
// even when it happens to be valid YAML.
func ParseNamed(name string, src []byte) *Document { return parse(src, nil, IsJinjaName(name), nil) }

// ParseNamedIn is ParseNamed with the syntax tree's nodes taken from a
// (see syntax.Arena): the document must not be used after a.Reset.
func ParseNamedIn(name string, src []byte, a *syntax.Arena) *Document {
	return parse(src, nil, IsJinjaName(name), a)
}

// ParseAfter is Parse for a new version of a document whose last version
// that parsed is lastGood (nil: none): while src is broken, the keys being
// typed keep the names they had there (see syntax.ParseAfter).
func ParseAfter(src []byte, lastGood *Document) *Document { return parse(src, lastGood, false, nil) }

// ParseNamedAfter is ParseAfter for a file whose name is known (see
// ParseNamed).
func ParseNamedAfter(name string, src []byte, lastGood *Document) *Document {
	return parse(src, lastGood, IsJinjaName(name), nil)
}

func parse(src []byte, lastGood *Document, jinjaName bool, a *syntax.Arena) *Document {
	var old []byte
	if lastGood != nil && !lastGood.Jinja {
		old = lastGood.Src
	}
	f := syntax.ParseAfterIn(src, old, a)
	if (f.Broken || jinjaName) && hasJinja(src) {
		if d := parseJinja(src, jinjaName); d != nil {
			return d
		}
	}
	return fromSyntax(src, f)
}

// fromSyntax builds the document model of src over its syntax tree f.
func fromSyntax(src []byte, f *syntax.File) *Document {
	return build(&Document{Src: src, Mapper: source.NewMapper(src), Syntax: f}, src, nil)
}

// parseJinja reads a Jinja2 source with its constructs blanked. Its
// syntax problems are dropped: they are the Jinja2's, not the template's.
// Without a name saying so, the text counts as Jinja2 only when blanking
// the constructs makes it YAML, so that a template being typed, with
// "{{ }}" in a script, keeps its syntax errors; nil then.
func parseJinja(src []byte, named bool) *Document {
	blank := blankJinja(src)
	f := syntax.Parse(blank)
	if f.Broken && !named {
		return nil
	}
	f.Problems = nil
	return build(&Document{Src: src, Mapper: source.NewMapper(src), Syntax: f, Jinja: true}, blank, nil)
}

// build decides the kind and builds the model of d from its parse; text is
// what was parsed. prev is the model of the previous version when d's tree
// was spliced from its tree (nil otherwise): a template's model then
// follows the splice (see buildTemplateAfter).
func build(d *Document, text []byte, prev *Document) *Document {
	f := d.Syntax
	root := f.Root().Resolve()
	d.Kind = detectKind(root, text, f.Broken)
	if root == nil || root.Kind != syntax.MappingNode {
		return d
	}
	switch d.Kind {
	case KindTemplate:
		var was *Template
		if prev != nil {
			was = prev.Template
		}
		d.Template = buildTemplateAfter(root, was)
	case KindEnvironment:
		d.Env = buildEnvironment(root)
	}
	return d
}
