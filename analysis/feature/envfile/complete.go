package envfile

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"heat-ls/analysis/feature/completion"
	"heat-ls/analysis/feature/cursor"
	"heat-ls/analysis/feature/hover"
	"heat-ls/analysis/hot"
	"heat-ls/schema"
)

// CompletionRequest is what completion in an environment file needs.
type CompletionRequest struct {
	Doc    *hot.Document
	Offset int
	Schema *schema.Schema
	Index  Index
	// Path is the environment file's absolute path ("" when unsaved).
	Path string
}

// Complete proposes, in an environment file: its sections; under
// resource_registry the type names (built-in and those mapped in the
// workspace) and, as targets, the workspace templates as paths relative
// to this file; under parameters and parameter_defaults the parameter
// names the workspace templates declare. It never panics.
func Complete(req CompletionRequest) (items []completion.Item) {
	defer func() {
		if recover() != nil {
			items = nil
		}
	}()
	if req.Doc == nil || req.Offset < 0 || req.Offset > len(req.Doc.Src) {
		return nil
	}
	tc := cursor.ReadContext(req.Doc, req.Offset)
	if tc == nil {
		return nil
	}
	e := envCompleter{req: req, tc: tc, have: map[string]bool{}}
	for _, s := range tc.Siblings {
		e.have[s] = true
	}
	k := tc.Keys()
	key := tc.Slot != cursor.SlotScalar
	switch {
	case len(k) == 0 && key:
		for _, s := range schema.EnvironmentSections() {
			e.add(completion.Item{Label: s, Kind: completion.CompleteKey, Insert: s + ":", Doc: schema.KeyDoc(schema.ContextEnvironment, s)})
		}
	case len(k) == 1 && k[0] == "resource_registry" && key:
		e.add(completion.Item{Label: "resources", Kind: completion.CompleteKey, Insert: "resources:", Detail: "per-resource mappings"})
		e.types(true)
	case len(k) == 2 && k[0] == "resource_registry" && k[1] != "resources" && !key:
		e.paths()
		e.types(false)
	case len(k) == 3 && k[0] == "resource_registry" && k[1] == "resources" && key:
		e.add(completion.Item{Label: "hooks", Kind: completion.CompleteKey, Insert: "hooks: ", Detail: "breakpoints on this resource"})
		e.types(true)
	case len(k) == 4 && k[0] == "resource_registry" && k[1] == "resources" && k[3] != "hooks" && !key:
		e.paths()
		e.types(false)
	case len(k) == 1 && (k[0] == "parameters" || k[0] == "parameter_defaults") && key:
		e.parameters()
	}
	return e.items
}

type envCompleter struct {
	req   CompletionRequest
	tc    *cursor.TextContext
	have  map[string]bool
	items []completion.Item
	seen  map[string]bool
}

func (e *envCompleter) add(it completion.Item) {
	if e.have[it.Label] {
		return
	}
	if e.seen == nil {
		e.seen = map[string]bool{}
	}
	if e.seen[it.Label] {
		return
	}
	e.seen[it.Label] = true
	it.Edit = e.tc.Span
	if it.Insert == "" {
		it.Insert = it.Label
	}
	if it.SortText == "" {
		it.SortText = "1" + it.Label
	}
	e.items = append(e.items, it)
}

// types offers mapped custom types first, then Heat's visible types.
func (e *envCompleter) types(asKey bool) {
	suffix := ""
	if asKey {
		suffix = ": "
	}
	if e.req.Index != nil {
		for _, t := range e.req.Index.MappedTypes() {
			e.add(completion.Item{Label: t, Kind: completion.CompleteType, Detail: "mapped in the workspace", Insert: t + suffix, SortText: "0" + t})
		}
	}
	if e.req.Schema != nil {
		for _, name := range e.req.Schema.ResourceTypes() {
			rt, ok := e.req.Schema.ResourceType(name)
			if !ok || rt.Hidden() {
				continue
			}
			e.add(completion.Item{Label: name, Kind: completion.CompleteType, Detail: "Heat resource type", Doc: rt.Description, Insert: name + suffix, Deprecated: rt.Deprecated(), SortText: "2" + name})
		}
	}
}

// paths offers every workspace template, relative to this file.
func (e *envCompleter) paths() {
	if e.req.Index == nil || e.req.Path == "" {
		return
	}
	dir := filepath.Dir(e.req.Path)
	var rels []string
	for _, p := range e.req.Index.TemplateFiles() {
		if r, err := filepath.Rel(dir, p); err == nil {
			rels = append(rels, filepath.ToSlash(r))
		}
	}
	sort.Slice(rels, func(i, j int) bool {
		di, dj := strings.Count(rels[i], "../"), strings.Count(rels[j], "../")
		if di != dj {
			return di < dj
		}
		return rels[i] < rels[j]
	})
	for i, r := range rels {
		desc := ""
		if t := e.req.Index.Template(filepath.Join(dir, r), e.req.Path); t != nil && t.Template != nil {
			if d := t.Template.Section("description"); d != nil && d.Value.Resolve().IsScalar() {
				desc = d.Value.Resolve().Value
			}
		}
		e.add(completion.Item{Label: r, Kind: completion.CompleteValue, Detail: "template", Doc: desc, SortText: "0" + padIndex(i)})
	}
}

// parameters offers the names the workspace templates declare.
func (e *envCompleter) parameters() {
	if e.req.Index == nil {
		return
	}
	byName := map[string][]Param{}
	var names []string
	for _, p := range e.req.Index.ParameterDecls("") {
		if _, ok := byName[p.Name]; !ok {
			names = append(names, p.Name)
		}
		byName[p.Name] = append(byName[p.Name], p)
	}
	sort.Strings(names)
	for _, n := range names {
		decls := byName[n]
		e.add(completion.Item{Label: n, Kind: completion.CompleteReference, Detail: paramDetail(decls), Doc: paramDoc(decls, e.req.Path, false), Insert: n + ": "})
	}
}

// paramDetail is "string, in 2 templates".
func paramDetail(decls []Param) string {
	t := decls[0].Type
	if len(decls) == 1 {
		return t + ", in " + filepath.Base(decls[0].Path)
	}
	return t + ", in " + strconv.Itoa(len(decls)) + " templates"
}

// paramDoc describes the declarations of one parameter name.
func paramDoc(decls []Param, from string, markdown bool) string {
	d := hover.NewText(markdown)
	for _, p := range decls {
		where := p.Path
		if from != "" {
			if r, err := filepath.Rel(filepath.Dir(from), p.Path); err == nil {
				where = r
			}
		}
		d.Title(p.Name, "parameter of "+where)
		d.Field("Type", p.Type, true)
		d.Para(p.Description)
		if p.HasDefault {
			d.Field("Default", p.Default, true)
		} else {
			d.Para("No default.")
		}
	}
	return d.String()
}

func padIndex(i int) string { return fmt.Sprintf("%06d", i) }
