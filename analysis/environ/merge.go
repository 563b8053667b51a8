package environ

import (
	"path/filepath"
	"strings"

	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
)

// File is one parsed environment file.
type File struct {
	Path string
	Doc  *hot.Document
}

// Problem is something Heat or the client refuses while merging.
type Problem struct {
	File    string
	Span    source.Span
	Message string
}

// Env is the merged environment of a stack.
type Env struct {
	// Params are the user values (the "parameters" sections and -P);
	// Defaults the parameter_defaults.
	Params, Defaults map[string]eval.Input
	// Registry is the merged resource_registry.
	Registry *Registry
	// Encrypted lists encrypted_param_names.
	Encrypted []string
	Problems  []Problem
}

// Options says what merging needs besides the files.
type Options struct {
	// CLI holds the -P and --parameter-file values (texts), in order.
	CLI []CLIParam
	// ParamType returns the declared type of a parameter of the stack's
	// templates (merge strategies depend on it); ok false for names no
	// template declares. nil: every name is a declared string.
	ParamType func(name string) (typ string, ok bool)
	// Exists reports whether a registry's template file exists.
	Exists func(path string) bool
}

// CLIParam is one parameter value from the command line: a -P text, a
// list when -P named the parameter more than once, or a
// --parameter-file's text (see FormatCLI).
type CLIParam struct {
	Name   string
	Value  eval.Value
	Source string
}

// Merge merges files in order as Heat does.
func Merge(files []File, o Options) *Env {
	m := &merger{o: o, env: &Env{Params: map[string]eval.Input{}, Defaults: map[string]eval.Input{}}, strategies: map[string]string{}, reg: newRegistryBuilder()}
	m.params = newOrdered()
	m.defaults = newOrdered()
	for _, p := range o.CLI {
		m.params.set(p.Name, eval.Input{Value: p.Value, Source: p.Source})
	}
	for _, f := range files {
		m.file(f)
	}
	for _, k := range m.params.keys {
		m.env.Params[k] = m.params.vals[k]
	}
	for _, k := range m.defaults.keys {
		m.env.Defaults[k] = m.defaults.vals[k]
	}
	m.env.Registry = m.reg.registry()
	return m.env
}

type merger struct {
	o                Options
	env              *Env
	params, defaults *ordered
	// strategies is the strategy each parameter got from the first file
	// that set it (Heat's available_strategies).
	strategies map[string]string
	reg        *regBuilder
}

// ordered is a Python dict of inputs: keys keep their first position.
type ordered struct {
	keys []string
	vals map[string]eval.Input
}

func newOrdered() *ordered { return &ordered{vals: map[string]eval.Input{}} }

func (o *ordered) set(k string, v eval.Input) {
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

func (m *merger) file(f File) {
	env := f.Doc.Env
	if env == nil {
		return
	}
	base := filepath.Base(f.Path)
	fileStrategies := map[string]string{}
	for _, s := range env.MergeStrategies {
		if v := s.Value.Resolve(); v.IsScalar() {
			fileStrategies[s.Name] = v.Value
		}
	}
	for _, s := range env.Sections {
		switch s.Name {
		case "parameters":
			m.section(f, base, s, m.params, fileStrategies)
		case "parameter_defaults":
			m.section(f, base, s, m.defaults, fileStrategies)
		case "resource_registry":
			m.registry(f, s)
		case "encrypted_param_names":
			for _, n := range s.Value.Resolve().Items() {
				if n = n.Resolve(); n.IsScalar() {
					m.env.Encrypted = append(m.env.Encrypted, n.Value)
				}
			}
		}
	}
}

// section merges one parameters or parameter_defaults section into old.
func (m *merger) section(f File, base string, s *hot.Entry, old *ordered, fileStrategies map[string]string) {
	body := s.Value.Resolve()
	if !body.IsMapping() || body.NumPairs() == 0 {
		return
	}
	src := s.Name + " in " + base
	type kv struct {
		key  *syntax.Node
		name string
		val  eval.Value
	}
	var entries []kv
	for _, p := range body.Pairs() {
		name := p.Key.Value
		v := eval.Literal(p.Value).At(eval.Origin{File: f.Path, Span: p.Value.Span()})
		entries = append(entries, kv{p.Key, name, v})
	}
	// Strategies are settled first, for every parameter the templates
	// declare; a file may not change the strategy an earlier one set.
	for _, e := range entries {
		if _, declared := m.paramType(e.name); !declared || e.val.Kind == eval.Null {
			continue
		}
		st := strategyFor(fileStrategies, e.name, m.strategies)
		if was, ok := m.strategies[e.name]; !ok {
			m.strategies[e.name] = st
		} else if was != st {
			m.problem(f, e.key, "the merge strategy "+st+" for parameter `"+e.name+"` conflicts with "+was+", set by an earlier environment file; Heat refuses the stack")
		}
	}
	if len(old.keys) == 0 {
		for _, e := range entries {
			old.set(e.name, eval.Input{Value: e.val, Source: src})
		}
		return
	}
	for _, e := range entries {
		typ, declared := m.paramType(e.name)
		if !declared || e.val.Kind == eval.Null {
			continue
		}
		switch m.strategies[e.name] {
		case "merge", "deep_merge":
			prev, had := old.vals[e.name]
			v, bad := mergeValue(typ, prev.Value, had, e.val, m.strategies[e.name] == "deep_merge")
			if bad != "" {
				m.problem(f, e.key, "parameter `"+e.name+"`: "+bad)
				continue
			}
			source := src
			if had {
				source = prev.Source + " + " + src
			}
			old.set(e.name, eval.Input{Value: v.At(e.val.From), Source: source})
		default:
			old.set(e.name, eval.Input{Value: e.val, Source: src})
		}
	}
}

func (m *merger) paramType(name string) (string, bool) {
	if m.o.ParamType == nil {
		return "string", true
	}
	return m.o.ParamType(name)
}

// strategyFor is Heat's get_param_merge_strategy.
func strategyFor(file map[string]string, name string, available map[string]string) string {
	def := "overwrite"
	if d, ok := file["default"]; ok {
		def = d
	}
	st, ok := file[name]
	if !ok {
		if a, ok := available[name]; ok {
			st = a
		} else {
			st = def
		}
	}
	if validStrategy(st) {
		return st
	}
	return def
}

func validStrategy(s string) bool { return s == "overwrite" || s == "merge" || s == "deep_merge" }

func (m *merger) problem(f File, at *syntax.Node, msg string) {
	sp := source.Span{}
	if at != nil {
		sp = at.Span()
	}
	m.env.Problems = append(m.env.Problems, Problem{File: f.Path, Span: sp, Message: msg})
}

// isTemplateRef reports whether the client reads a registry target as a
// file to send: a text without "::".
func isTemplateRef(target string) bool { return !strings.Contains(target, "::") }
