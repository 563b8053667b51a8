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

// ParseForEvaluation is ParseNamed for a reader that evaluates the
// template once and never asks where its function calls are, as heat-ls
// preview does without check's rules: the model's Calls is left nil.
// Collecting the calls is two thirds of building the model of a large
// template (about 1 ms of the 12,022-line benchmark template's 1.5), on
// one core while the others wait for the model. Its syntax tree is
// parsed for a single reading (syntax.ParseForReading): the same tree,
// its scalars' texts not packed for a long life.
func ParseForEvaluation(name string, src []byte) *Document {
	return parseModel(src, nil, IsJinjaName(name), nil, false)
}

func parse(src []byte, lastGood *Document, jinjaName bool, a *syntax.Arena) *Document {
	return parseModel(src, lastGood, jinjaName, a, true)
}

// parseModel is parse; calls says whether the model lists the
// template's function calls; without them the document is
// ParseForEvaluation's, read once.
func parseModel(src []byte, lastGood *Document, jinjaName bool, a *syntax.Arena, calls bool) *Document {
	var old []byte
	if lastGood != nil && !lastGood.Jinja {
		old = lastGood.Src
	}
	var f *syntax.File
	if calls {
		f = syntax.ParseAfterIn(src, old, a)
	} else {
		f = syntax.ParseForReading(src)
	}
	if (f.Broken || jinjaName) && hasJinja(src) {
		if d := parseJinja(src, jinjaName, calls); d != nil {
			return d
		}
	}
	return buildModel(&Document{Src: src, Mapper: source.NewMapper(src), Syntax: f}, src, nil, calls)
}

// parseJinja reads a Jinja2 source with its constructs blanked. Its
// syntax problems are dropped: they are the Jinja2's, not the template's.
// Without a name saying so, the text counts as Jinja2 only when blanking
// the constructs makes it YAML, so that a template being typed, with
// "{{ }}" in a script, keeps its syntax errors; nil then.
func parseJinja(src []byte, named, calls bool) *Document {
	blank := blankJinja(src)
	f := syntax.Parse(blank)
	if f.Broken && !named {
		return nil
	}
	f.Problems = nil
	return buildModel(&Document{Src: src, Mapper: source.NewMapper(src), Syntax: f, Jinja: true}, blank, nil, calls)
}

// build decides the kind and builds the model of d from its parse; text is
// what was parsed. prev is the model of the previous version when d's tree
// was spliced from its tree (nil otherwise): a template's model then
// follows the splice (see buildTemplateAfter).
func build(d *Document, text []byte, prev *Document) *Document {
	return buildModel(d, text, prev, true)
}

// buildModel is build; calls says whether the model lists the template's
// function calls.
func buildModel(d *Document, text []byte, prev *Document, calls bool) *Document {
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
		d.Template = buildTemplateAfter(root, was, calls)
	case KindEnvironment:
		d.Env = buildEnvironment(root)
	}
	return d
}
