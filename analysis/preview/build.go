package preview

import (
	"context"
	"path/filepath"
	"slices"
	"strings"

	"heat-ls/analysis/environ"
	"heat-ls/analysis/eval"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// DefaultDepth is how many levels of nested stacks are expanded when
// Options.Depth is 0.
const DefaultDepth = 5

// MaxDepth bounds Options.Depth (and template recursion).
const MaxDepth = 20

// Options is everything a preview needs besides the template.
type Options struct {
	Schema *schema.Schema
	// Envs are the parsed -e files in order; CLI the -P and
	// --parameter-file values.
	Envs []environ.File
	CLI  []environ.CLIParam
	// StackName, StackID and ProjectID give the pseudo parameters; ""
	// leaves a placeholder.
	StackName, StackID, ProjectID string
	// Depth is how many levels of nested stacks to expand (0: the
	// default, negative: none).
	Depth int
	// Load returns the parsed template at an absolute path (a nested
	// template); nil or an error: the resource is not expanded.
	Load func(path string) (*hot.Document, error)
	// ReadFile returns a get_file target's text, the path resolved
	// against the template that reads it (eval.ErrNotRead: unknown).
	ReadFile func(path string) (string, error)
	// Exists reports whether a file exists (registry targets).
	Exists func(path string) bool
	// Context, when set, stops the preview early once it is done (a
	// server's request cancelled): the result is then partial and the
	// caller discards it.
	Context context.Context
	// Workers is how many goroutines besides the caller's evaluate a
	// large stack's resources ahead of it (speculate.go); 0: none. The
	// result is the same either way.
	Workers int
	// In tests: aheadMin replaces speculateMin; aheadAll leaves every
	// resource to the workers (the builder evaluates only those they
	// cannot); maxSteps bounds the steps of a stack's evaluator (0:
	// eval.DefaultMaxSteps).
	aheadMin, maxSteps int
	aheadAll           bool
}

// Preview previews the template doc at path.
func Preview(path string, doc *hot.Document, o Options) *Result {
	if o.Depth == 0 {
		o.Depth = DefaultDepth
	}
	o.Depth = min(o.Depth, MaxDepth)
	res, redo := previewOnce(path, doc, o)
	if redo {
		o.Workers = 0
		res, _ = previewOnce(path, doc, o)
	}
	return res
}

// previewOnce is Preview; redo is set when the work done ahead on other
// goroutines may have given another result than the caller's alone (a
// stack at its bound of evaluation steps): the caller previews again
// without workers.
func previewOnce(path string, doc *hot.Document, o Options) (res *Result, redo bool) {
	b := &builder{o: o, res: &Result{Docs: map[string]*hot.Document{path: doc}}, order: fieldOrder{}, defaults: defaultCache{}}
	for _, f := range o.Envs {
		b.res.Docs[f.Path] = f.Doc
	}
	// Heat merges by the parameters of every template the client sends
	// (the template, the ones the registry maps, the nested ones): a
	// first merge finds the registry, the second merges by those types.
	first := environ.Merge(o.Envs, environ.Options{CLI: o.CLI})
	env := environ.Merge(o.Envs, environ.Options{CLI: o.CLI, ParamType: b.paramTypes(path, doc, first.Registry), Exists: o.Exists})
	for _, p := range env.Problems {
		b.problem(p.File, p.Span, p.Message)
	}
	name := o.StackName
	if name == "" {
		name = "<OS::stack_name>"
	}
	b.res.Stack = b.stack(frame{path: path, doc: doc, name: name, user: env.Params, defaults: env.Defaults, registry: env.Registry, depth: 0, top: true})
	// Parameters the environments name in encrypted_param_names are
	// stored encrypted by Heat; the preview masks them as hidden ones.
	for _, p := range b.res.Stack.Parameters {
		if slices.Contains(env.Encrypted, p.Name) {
			p.Hidden = true
		}
	}
	return b.res, b.redo
}

type builder struct {
	o   Options
	res *Result
	// resources counts the resources built, nested ones included, against
	// MaxResources.
	resources int
	order     fieldOrder
	defaults  defaultCache
	// quiet, while above zero, drops problems: Heat validates only the
	// first member of a resource group (a group of one), so what fails
	// in later members shows in their values, not as a refusal.
	quiet int
	// loaded keeps the templates read through Options.Load, so the
	// merge's look at every template and the expansion read each once.
	loaded map[string]loadedDoc
	// redo is set when a stack evaluated ahead reached its bound of
	// steps (see previewOnce).
	redo bool
}

type loadedDoc struct {
	doc *hot.Document
	err error
}

// load reads a template through Options.Load, once per preview.
func (b *builder) load(p string) (*hot.Document, error) {
	if l, ok := b.loaded[p]; ok {
		return l.doc, l.err
	}
	doc, err := b.o.Load(p)
	if b.loaded == nil {
		b.loaded = map[string]loadedDoc{}
	}
	b.loaded[p] = loadedDoc{doc, err}
	return doc, err
}

// MaxResources bounds the resources of one preview, nested stacks and
// group members included: past it, nested stacks are not expanded.
const MaxResources = 50_000

// full reports whether the preview has reached MaxResources.
// A cancelled preview counts as full: nothing more is built.
func (b *builder) full() bool {
	return b.resources >= MaxResources || b.o.Context != nil && b.o.Context.Err() != nil
}

// frame is one stack being built.
type frame struct {
	path         string
	doc          *hot.Document
	name         string
	user         map[string]eval.Input
	defaults     map[string]eval.Input
	registry     *environ.Registry
	depth        int
	top          bool
	facade       func(string) (eval.Value, bool)
	ancestors    []string
	groupIndexed bool
}

func (b *builder) problem(file string, sp source.Span, msg string) {
	if b.quiet > 0 {
		return
	}
	b.res.Problems = append(b.res.Problems, Problem{File: file, Span: sp, Message: msg})
}

// paramTypes answers the declared type of a parameter of the templates
// the client sends with the stack: the top template's first, then those
// of the templates the registry maps and of the nested templates they
// and the top name as types (read through Options.Load, at most
// maxSent of them). A name none declares is not merged (Heat ignores it
// after the first environment file that sets it).
func (b *builder) paramTypes(path string, doc *hot.Document, reg *environ.Registry) func(string) (string, bool) {
	types := map[string]string{}
	add := func(t *hot.Template) {
		for _, p := range t.Parameters {
			if _, ok := types[p.Name]; ok {
				continue
			}
			typ := strings.TrimSpace(p.Type)
			if typ == "" {
				typ = "string"
			}
			types[p.Name] = typ
		}
	}
	if doc.Template != nil {
		add(doc.Template)
	}
	if b.o.Load != nil {
		b.sentTemplates(path, doc, reg, add)
	}
	return func(name string) (string, bool) {
		t, ok := types[name]
		return t, ok
	}
}

// maxSent bounds the templates paramTypes reads.
const maxSent = 2000

// sentTemplates calls add for every template the client would send: the
// registry's targets and the template paths written as types, followed
// from file to file.
func (b *builder) sentTemplates(path string, doc *hot.Document, reg *environ.Registry, add func(*hot.Template)) {
	seen := map[string]bool{path: true}
	var queue []string
	push := func(p string) {
		if p != "" && !seen[p] && !strings.Contains(p, "://") && len(seen) < maxSent {
			seen[p] = true
			queue = append(queue, p)
		}
	}
	for _, m := range reg.Global {
		push(m.Path)
	}
	for _, s := range reg.Resources {
		for _, m := range s.Mappings {
			push(m.Path)
		}
	}
	types := func(from string, d *hot.Document) {
		if d.Template == nil {
			return
		}
		for _, r := range d.Template.Resources {
			if strings.HasSuffix(r.Type, ".yaml") || strings.HasSuffix(r.Type, ".template") {
				push(templatePath(from, r.Type))
			}
		}
	}
	types(path, doc)
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		d, err := b.load(p)
		if err != nil || d == nil || d.Template == nil {
			continue
		}
		add(d.Template)
		types(p, d)
	}
}

func (b *builder) version(t *hot.Template) *schema.Version {
	if b.o.Schema == nil {
		return nil
	}
	if v, ok := b.o.Schema.Version(strings.TrimSpace(t.VersionText)); ok {
		return v
	}
	return nil
}

// stack builds one stack.
func (b *builder) stack(f frame) *Stack {
	s := &Stack{Name: f.name, Template: f.path}
	t := f.doc.Template
	if t == nil {
		b.problem(f.path, source.Span{}, "not a HOT template")
		return s
	}
	in := eval.Inputs{Params: f.user, Defaults: f.defaults, StackName: f.name, ProjectID: b.o.ProjectID}
	if f.top {
		in.StackName, in.StackID = b.o.StackName, b.o.StackID
	}
	params, probs := eval.Parameters(t, in, f.path)
	for _, p := range probs {
		b.problem(p.File, p.Span, p.Message)
	}
	s.Parameters = sortedParams(params)
	ver := b.version(t)
	if ver == nil && b.o.Schema != nil {
		b.problem(f.path, t.Root.Span(), "heat_template_version `"+t.VersionText+"` is not one Heat knows; previewed as the newest")
		ver = b.o.Schema.Latest()
	}
	present := map[string]*Resource{}
	ev := eval.New(t, eval.Options{Version: ver, Params: eval.Values(params), File: f.path, MaxSteps: b.o.maxSteps,
		ReadFile: b.reader(f.path), Facade: f.facade, Attribute: nestedOutputs(present)})
	// Heat works a condition out only when something uses it: the list
	// of every condition's value is made apart, its failures unreported.
	cev := eval.New(t, eval.Options{Version: ver, Params: eval.Values(params), File: f.path})
	for _, c := range t.Conditions {
		if t.Condition(c.Name) != c {
			continue
		}
		s.Conditions = append(s.Conditions, &Condition{Name: c.Name, Value: cev.ConditionNamed(c.Name)})
	}
	// Resources are worked out after those they refer to (so a get_attr
	// of a nested stack's output finds it built) and listed in the
	// template's order.
	excluded := map[string]bool{}
	order, named := buildOrder(ev, t)
	ahead := b.speculate(f, ev, order)
	defer ahead.finish() // after a panic too: no worker outlives the stack
	for i, r := range order {
		if b.o.Context != nil && b.o.Context.Err() != nil {
			break
		}
		b.resources++
		res, ok := b.resource(f, ev, r, ahead.take(i, ev))
		if !ok {
			excluded[r.Name] = true
			continue
		}
		present[r.Name] = res
	}
	for _, r := range t.Resources {
		switch {
		case t.Resource(r.Name) != r:
		case excluded[r.Name]:
			s.Excluded = append(s.Excluded, r.Name)
		case present[r.Name] != nil:
			s.Resources = append(s.Resources, present[r.Name])
		}
	}
	ahead.finish()
	b.dependencies(t, s, present, named)
	if ahead != nil && ev.Exhausted() {
		b.redo = true // the forks' steps may have reached the bound ev alone would not
	}
	for _, p := range ev.Problems() {
		b.problem(p.File, p.Span, p.Message)
	}
	s.Outputs = b.outputs(t, eval.Options{Version: ver, Params: eval.Values(params), File: f.path,
		ReadFile: b.reader(f.path), Facade: f.facade, Attribute: nestedOutputs(present)})
	return s
}

// reader returns get_file's reader for the template at path: relative
// paths are read against its directory; URLs are not fetched.
func (b *builder) reader(path string) func(string) (string, error) {
	if b.o.ReadFile == nil {
		return nil
	}
	dir := filepath.Dir(path)
	return func(ref string) (string, error) {
		p := strings.TrimPrefix(ref, "file://")
		if strings.Contains(p, "://") {
			return "", eval.ErrNotRead
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		return b.o.ReadFile(p)
	}
}

// evaluated is what a resource's definition evaluates to: its condition
// (excluded when false), properties, metadata and policies.
type evaluated struct {
	excluded         bool
	condition        *eval.Value
	properties       eval.Value
	metadata, update eval.Value
	deletion         string
	// laid is set when properties has the type's schema laid over it
	// already, which gave the problems laidProblems; members are a
	// resource group's members drafted ahead.
	laid         bool
	laidProblems []Problem
	members      []memberDraft
}

// evaluate works out a resource's condition and, when it holds, its
// definition, on ev (the stack's evaluator or a fork of it: it changes
// nothing else).
func (b *builder) evaluate(ev *eval.Evaluator, r *hot.Resource, impl environ.Impl) evaluated {
	var d evaluated
	if r.ConditionRef != nil {
		c := ev.Condition(r.ConditionRef)
		if c.Kind == eval.Bool && !c.B {
			return evaluated{excluded: true}
		}
		d.condition = &c
	}
	d.properties = b.properties(ev, r, impl)
	d.metadata = ev.Eval(r.Field("metadata").Value)
	if dp := r.Field("deletion_policy"); dp.Key != nil {
		d.deletion = eval.PyStr(ev.Eval(dp.Value))
	}
	if up := r.Field("update_policy"); up.Key != nil {
		d.update = ev.Eval(up.Value)
	}
	return d
}

// resource builds one resource; ok is false when its condition is false.
// pre, when set, is its definition already evaluated on a fork of ev.
func (b *builder) resource(f frame, ev *eval.Evaluator, r *hot.Resource, pre *evaluated) (*Resource, bool) {
	impl := f.registry.Resolve(r.Type, r.Name)
	d := pre
	if d == nil {
		e := b.evaluate(ev, r, impl)
		d = &e
	}
	if d.excluded {
		return nil, false
	}
	res := &Resource{Name: r.Name, Type: r.Type, From: eval.Origin{File: f.path, Span: r.Key.Span()},
		Condition: d.condition, Properties: d.properties, Metadata: d.metadata,
		DeletionPolicy: d.deletion, UpdatePolicy: d.update}
	if impl.Loop {
		b.problem(f.path, spanOf(r.TypeNode, r.Key), "the resource_registry maps `"+r.Type+"` round in a loop")
	}
	final := impl.Type
	switch {
	case impl.Template != "":
		res.Implementation = impl.Template
		b.templateResource(f, res, impl, r)
	case final != r.Type:
		res.Implementation = final
	}
	if r.Type == "" {
		b.problem(f.path, spanOf(r.TypeNode, r.Key), "resource `"+r.Name+"` has no type; Heat refuses the stack")
		return res, true
	}
	if impl.Template == "" {
		b.knownType(f, final, eval.Origin{File: f.path, Span: spanOf(r.TypeNode, r.Key)})
		if d.laid {
			for _, p := range d.laidProblems {
				b.problem(p.File, p.Span, p.Message)
			}
		} else {
			res.Properties = b.schemaProperties(f, r.Name, final, res.Properties)
		}
		switch groupKindOf(final) {
		case resourceGroup:
			b.group(f, res, r, d.members)
		case autoScalingGroup:
			b.asg(f, res, r)
		case softwareDeploymentGroup:
			b.deploymentGroup(f, res, r, "OS::Heat::SoftwareDeployment")
		case structuredDeploymentGroup:
			b.deploymentGroup(f, res, r, "OS::Heat::StructuredDeployment")
		case instanceGroup:
			b.launchGroup(f, ev, res, r, false)
		case awsAutoScalingGroup:
			b.launchGroup(f, ev, res, r, true)
		}
	}
	return res, true
}

// knownType reports a type that is neither a template nor a type Heat
// has: Heat refuses the stack.
func (b *builder) knownType(f frame, typ string, at eval.Origin) {
	if b.o.Schema == nil || typ == "" {
		return
	}
	if _, ok := b.o.Schema.ResourceType(typ); ok {
		return
	}
	file := at.File
	if file == "" {
		file = f.path
	}
	b.problem(file, at.Span, "Heat has no resource type `"+typ+"` and no environment maps it to a template")
}

// templatePath is the absolute path of a template a type names: written
// in the template it is relative to it; from a registry it is already
// resolved.
func templatePath(from, ref string) string {
	ref = strings.TrimPrefix(ref, "file://")
	if strings.Contains(ref, "://") || filepath.IsAbs(ref) {
		return ref
	}
	return filepath.Join(filepath.Dir(from), filepath.FromSlash(ref))
}

// templateResource expands a resource implemented by a template.
func (b *builder) templateResource(f frame, res *Resource, impl environ.Impl, r *hot.Resource) {
	path := impl.Template
	if len(impl.Via) == 0 {
		path = templatePath(f.path, impl.Template)
		res.Implementation = path
	}
	props := res.Properties
	meta, dp, up := res.Metadata, res.DeletionPolicy, res.UpdatePolicy
	child, why := b.child(f, path, r.Name, props, func(kind string) (eval.Value, bool) {
		switch kind {
		case "metadata":
			return meta, true
		case "deletion_policy":
			if dp == "" {
				return eval.StringValue("Delete"), true
			}
			return eval.StringValue(dp), true
		case "update_policy":
			return up, true
		}
		return eval.Value{}, false
	})
	res.Nested, res.NotExpanded = child, why
}

// child builds the nested stack of resource name from the template at
// path, its parameters given by props.
func (b *builder) child(f frame, path, name string, props eval.Value, facade func(string) (eval.Value, bool)) (*Stack, string) {
	if f.depth+1 > b.o.Depth {
		return nil, "deeper than --depth"
	}
	if b.full() {
		return nil, "the preview has reached its bound of resources"
	}
	for _, a := range append(f.ancestors, f.path) {
		if a == path {
			return nil, "the template includes itself"
		}
	}
	if strings.Contains(path, "://") {
		return nil, "a remote template is not fetched"
	}
	if b.o.Load == nil {
		return nil, "nested templates are not read"
	}
	doc, err := b.load(path)
	if err != nil || doc == nil {
		msg := "cannot read the nested template " + path
		if err != nil {
			msg += ": " + err.Error()
		}
		return nil, msg
	}
	b.res.Docs[path] = doc
	user := map[string]eval.Input{}
	for i, k := range props.Keys {
		v := props.Vals[i]
		if v.Kind == eval.Null {
			continue
		}
		b.checkFacadeProperty(f, doc, name, k, v)
		user[k] = eval.Input{Value: v, Source: "property of " + name + " in " + filepath.Base(f.path)}
	}
	return b.stack(frame{path: path, doc: doc, name: f.name + "-" + name, user: user, defaults: f.defaults,
		registry: f.registry.Within(name), depth: f.depth + 1, facade: facade,
		ancestors: append(append([]string{}, f.ancestors...), f.path)}), ""
}

func sortedParams(ps map[string]eval.Param) []*Parameter {
	out := make([]*Parameter, 0, len(ps))
	for _, p := range ps {
		out = append(out, &Parameter{Name: p.Name, Type: p.Type, Source: p.Source, Value: p.Value, Hidden: p.Hidden})
	}
	sortBy(out, func(p *Parameter) string { return p.Name })
	return out
}

// checkFacadeProperty checks a template resource's property as Heat does
// before the nested stack sees it: the template's parameter of that name
// makes it a property of the parameter's type, and text, number and
// boolean properties take only what properties of those types take.
func (b *builder) checkFacadeProperty(f frame, doc *hot.Document, res, name string, v eval.Value) {
	if doc.Template == nil {
		return
	}
	p := doc.Template.Parameter(name)
	if p == nil {
		return
	}
	typ := strings.ToLower(strings.TrimSpace(p.Type))
	switch typ {
	case "string", "number", "boolean":
	default:
		return
	}
	if _, ok := convertProperty(typ, v); !ok {
		file := v.From.File
		if file == "" {
			file = f.path
		}
		b.problem(file, v.From.Span, "resource `"+res+"`: `"+name+"` must be "+article(typ)+", not "+eval.PyStr(v))
	}
}

// spanOf is n's span, or else's when n is missing.
func spanOf(n, orElse *syntax.Node) source.Span {
	if n != nil {
		return n.Span()
	}
	if orElse != nil {
		return orElse.Span()
	}
	return source.Span{}
}

// properties evaluates a resource's properties. A type that ignores its
// properties (OS::Heat::None and the retired types standing in for it)
// never has them resolved by Heat, so what fails in them refuses nothing.
func (b *builder) properties(ev *eval.Evaluator, r *hot.Resource, impl environ.Impl) eval.Value {
	if r.Properties == nil {
		return eval.MapValue(nil, nil)
	}
	if impl.Template == "" && b.o.Schema != nil {
		if rt, ok := b.o.Schema.ResourceType(impl.Type); ok && rt.AcceptsAnyProperties {
			quiet := eval.New(ev.Template(), ev.Options())
			v := quiet.Eval(r.Properties)
			if v.Kind != eval.Map {
				return eval.MapValue(nil, nil)
			}
			return v
		}
	}
	v := ev.Eval(r.Properties)
	if v.Kind == eval.Null {
		return eval.MapValue(nil, nil)
	}
	return v
}

// outputs evaluates a stack's outputs apart: Heat creates a stack whose
// output fails, and shows the failure as the output's value.
func (b *builder) outputs(t *hot.Template, o eval.Options) []*Output {
	oev := eval.New(t, o)
	var out []*Output
	for _, op := range t.Outputs {
		if t.Output(op.Name) != op {
			continue
		}
		res := &Output{Name: op.Name}
		// An output whose condition is false is still listed, with no
		// value, as Heat lists it.
		if c := oev.Condition(op.ConditionRef); c.Kind != eval.Bool || c.B {
			res.Value = oev.Eval(op.Field("value").Value)
		}
		if d := op.Field("description").Value.Resolve(); d.IsScalar() {
			res.Description = d.Value
		}
		out = append(out, res)
	}
	return out
}
