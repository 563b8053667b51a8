package semantic

import (
	"bytes"
	"slices"

	"heat-ls/analysis/check"
	"heat-ls/analysis/feature"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// TokenKind is what a semantic token names. Plain YAML highlighting sees
// only keys and strings; these say which strings are functions, which
// names point at parameters, resources, conditions, and which are types.
type TokenKind int

// Token kinds, in the order of the legend the server announces.
const (
	TokenFunction     TokenKind = iota // an intrinsic or condition function name
	TokenParameter                     // a parameter's name (or a pseudo parameter)
	TokenResource                      // a resource's name
	TokenCondition                     // a condition's name
	TokenOutput                        // an output's name
	TokenResourceType                  // a resource type (or nested template path)
)

// TokenModifier is a bit set of extra facts about a token.
type TokenModifier uint32

// Token modifiers, as bits in the order of the legend.
const (
	// ModDeclaration: the name's own key in its section.
	ModDeclaration TokenModifier = 1 << iota
	// ModDeprecated: a function the declared version removed, or a
	// resource type Heat deprecated or hides (removed types are hidden).
	ModDeprecated
	// ModDefaultLibrary: provided by Heat itself (functions, pseudo
	// parameters, built-in resource types).
	ModDefaultLibrary
	// ModReadonly: a pseudo parameter (set by Heat, never by the user).
	ModReadonly
)

// Token is one classified name: single-line, quotes excluded.
type Token struct {
	Span      source.Span
	Kind      TokenKind
	Modifiers TokenModifier
}

// tokensKey keys the whole-document tokens kept with a document: they
// depend on the schema (types, removed functions) besides the text.
type tokensKey struct{ sc *schema.Schema }

// documentTokens are the tokens of a document (or of the span within)
// without the nested outputs, and the get_attr names that may name one.
type documentTokens struct {
	within source.Span
	tokens []Token
	attrs  []attrName
}

// attrName is the attribute name of a get_attr on a declared resource:
// the resource's and the attribute's names, and the token the attribute
// name becomes when it names an output. Names and a span, not nodes, so
// that the list of a spliced version can reuse the previous one's.
type attrName struct {
	res, name string
	span      source.Span
}

func collectTokens(doc *hot.Document, sc *schema.Schema, within source.Span) *documentTokens {
	c := &tokenCollector{doc: doc, t: doc.Template, sc: sc, within: within}
	if within.End < 0 {
		// About two tokens per call and three per entry: one allocation.
		t := doc.Template
		c.out = make([]Token, 0, 2*len(t.Calls)+3*(len(t.Resources)+len(t.Parameters)+len(t.Outputs)+len(t.Conditions)))
	}
	if sc != nil && c.t.VersionText != "" {
		c.v, _ = sc.Version(c.t.VersionText)
	}
	c.collect()
	return &documentTokens{within: within, tokens: sortTokens(c.out), attrs: c.attrs}
}

// sortTokens sorts found by start, ties in the order found, and drops
// overlaps (an alias may repeat a node; the first is kept), in place.
// Plain integer keys (start, then index) sort several times faster than a
// comparison function over the tokens, which matters for the
// whole-document answer; the tokens then move along the cycles of the
// sorted order, so no second list of tokens is needed.
func sortTokens(found []Token) []Token {
	keys := make([]uint64, len(found))
	sorted := true
	for i, tk := range found {
		keys[i] = uint64(tk.Span.Start)<<32 | uint64(i)
		sorted = sorted && (i == 0 || keys[i-1] < keys[i])
	}
	if !sorted {
		slices.Sort(keys)
		// Position i takes found[keys[i]]: follow each cycle once,
		// marking the positions done by setting their key to i.
		for i := range keys {
			if int(uint32(keys[i])) == i {
				continue
			}
			held := found[i]
			j := i
			for {
				k := int(uint32(keys[j]))
				keys[j] = uint64(j)
				if k == i {
					found[j] = held
					break
				}
				found[j] = found[k]
				j = k
			}
		}
	}
	out := found[:0]
	end := -1
	for _, tk := range found {
		if tk.Span.Start >= end {
			out = append(out, tk)
			end = tk.Span.End
		}
	}
	return slices.Clip(out)
}

// tokensWithin is the part of sorted tokens that touches within.
func tokensWithin(tokens []Token, within source.Span) []Token {
	// Tokens hold one line and never overlap: their ends are sorted too.
	i, _ := slices.BinarySearchFunc(tokens, within.Start, func(tk Token, off int) int { return tk.Span.End - off })
	j, _ := slices.BinarySearchFunc(tokens, within.End+1, func(tk Token, off int) int { return tk.Span.Start - off })
	if j < i {
		j = i
	}
	return tokens[i:j:j]
}

// mergeTokens merges two sorted token lists, dropping the tokens of more
// that overlap one kept before (base wins ties).
func mergeTokens(base, more []Token) []Token {
	out := make([]Token, 0, len(base)+len(more))
	end := -1
	for len(base) > 0 || len(more) > 0 {
		var tk Token
		if len(more) == 0 || len(base) > 0 && base[0].Span.Start <= more[0].Span.Start {
			tk, base = base[0], base[1:]
		} else {
			tk, more = more[0], more[1:]
		}
		if tk.Span.Start >= end {
			out = append(out, tk)
			end = tk.Span.End
		}
	}
	return out
}

// lineBreak reports a line break in b (a token covers one line).
func lineBreak(b []byte) bool {
	return bytes.IndexByte(b, '\n') >= 0 || bytes.IndexByte(b, '\r') >= 0
}

type tokenCollector struct {
	doc    *hot.Document
	t      *hot.Template
	sc     *schema.Schema
	v      *schema.Version
	within source.Span
	out    []Token
	// nested, when set, knows the outputs of nested templates, so the
	// output name read by get_attr is marked as a reference to an output
	// (nestedOutput); outputSeen remembers its answers per resource and
	// output.
	nested     NestedOutputs
	outputSeen map[[2]string]bool
	// attrs collects the names nestedOutput asks about.
	attrs []attrName
}

// NestedOutputs answers whether the template resource r stands for
// declares output: the workspace knows (workspace.Snapshot.InlayValues
// answers it), a lone document does not.
type NestedOutputs interface {
	NestedOutput(r *hot.Resource, output string) (text string, ok bool)
}

// add records n (a scalar) as a token when it is a single-line name in range.
func (c *tokenCollector) add(n *syntax.Node, kind TokenKind, mods TokenModifier) {
	if sp, ok := c.tokenSpan(n); ok && c.inRange(sp) {
		c.out = append(c.out, Token{Span: sp, Kind: kind, Modifiers: mods})
	}
}

// tokenSpan is the span of the token n would be: a scalar, not a block
// scalar, naming something on one line (quotes excluded).
func (c *tokenCollector) tokenSpan(n *syntax.Node) (source.Span, bool) {
	if n == nil || n.Kind != syntax.ScalarNode || n.Style == syntax.Literal || n.Style == syntax.Folded {
		return source.Span{}, false
	}
	sp := feature.InnerSpan(n)
	if sp.Len() == 0 || sp.End > len(c.doc.Src) || lineBreak(c.doc.Src[sp.Start:sp.End]) {
		return source.Span{}, false
	}
	return sp, true
}

// inRange reports whether sp touches the requested span.
func (c *tokenCollector) inRange(sp source.Span) bool {
	return c.within.End < 0 || sp.End >= c.within.Start && sp.Start <= c.within.End
}

func (c *tokenCollector) collect() {
	t := c.t
	for _, p := range t.Parameters {
		c.add(p.Key, TokenParameter, ModDeclaration)
	}
	for _, g := range t.ParameterGroups {
		for _, n := range g.Names {
			c.paramRef(n)
		}
	}
	for _, cd := range t.Conditions {
		c.add(cd.Key, TokenCondition, ModDeclaration)
		if v := cd.Value; feature.IsConditionName(v) && t.Condition(v.Value) != nil {
			c.add(v, TokenCondition, 0)
		}
	}
	for _, o := range t.Outputs {
		c.add(o.Key, TokenOutput, ModDeclaration)
		c.conditionRef(o.ConditionRef)
	}
	for _, r := range t.Resources {
		if !c.inRange(r.Key.Span()) && !c.inRange(r.Value.Span()) {
			continue
		}
		c.add(r.Key, TokenResource, ModDeclaration)
		for _, d := range check.ResourceDefinitions(r) {
			c.resourceType(d.Type)
		}
		for _, n := range r.DependsOn {
			c.resourceRef(n)
		}
		c.conditionRef(r.ConditionRef)
	}
	// Calls are sorted by start: skip straight to the requested span,
	// backing up over the calls just before it that still reach into it
	// (their argument names may lie inside).
	first := 0
	if c.within.End >= 0 {
		first, _ = slices.BinarySearchFunc(t.Calls, c.within.Start, func(call *hot.Call, off int) int {
			return call.Map.Span().Start - off
		})
		for first > 0 && t.Calls[first-1].Map.Span().End >= c.within.Start {
			first--
		}
	}
	for _, call := range t.Calls[first:] {
		if c.within.End >= 0 && call.Map.Span().Start > c.within.End {
			break
		}
		c.call(call)
	}
}

func (c *tokenCollector) paramRef(n *syntax.Node) {
	if n == nil || n.Kind != syntax.ScalarNode {
		return
	}
	switch {
	case c.t.Parameter(n.Value) != nil:
		c.add(n, TokenParameter, 0)
	case c.isPseudo(n.Value):
		c.add(n, TokenParameter, ModDefaultLibrary|ModReadonly)
	}
}

func (c *tokenCollector) isPseudo(name string) bool {
	if c.v != nil {
		return c.v.IsPseudoParameter(name)
	}
	return feature.IsPseudo(name)
}

func (c *tokenCollector) resourceRef(n *syntax.Node) {
	if n != nil && n.Kind == syntax.ScalarNode && c.t.Resource(n.Value) != nil {
		c.add(n, TokenResource, 0)
	}
}

// outputRef notes the attribute name of get_attr: [res, name] when res is
// a declared resource: nestedOutput later marks it as an output reference
// when res is a nested template declaring that output.
func (c *tokenCollector) outputRef(res, name *syntax.Node) {
	if res == nil || res.Kind != syntax.ScalarNode || name == nil || name.Kind != syntax.ScalarNode {
		return
	}
	if c.t.Resource(res.Value) == nil {
		return
	}
	if sp, ok := c.tokenSpan(name); ok && c.inRange(sp) {
		c.attrs = append(c.attrs, attrName{res: res.Value, name: name.Value, span: sp})
	}
}

// nestedOutput marks a noted attribute name as an output reference when
// its resource is a nested template declaring that output.
func (c *tokenCollector) nestedOutput(a attrName) {
	r := c.t.Resource(a.res)
	if r == nil || !c.inRange(a.span) {
		return
	}
	key := [2]string{a.res, a.name}
	is, seen := c.outputSeen[key]
	if !seen {
		_, is = c.nested.NestedOutput(r, a.name)
		if c.outputSeen == nil {
			c.outputSeen = map[[2]string]bool{}
		}
		c.outputSeen[key] = is
	}
	if is {
		c.out = append(c.out, Token{Span: a.span, Kind: TokenOutput})
	}
}

func (c *tokenCollector) conditionRef(n *syntax.Node) {
	if feature.IsConditionName(n) && c.t.Condition(n.Value) != nil {
		c.add(n, TokenCondition, 0)
	}
}

func (c *tokenCollector) resourceType(n *syntax.Node) {
	if n == nil || n.Kind != syntax.ScalarNode || n.Value == "" {
		return
	}
	var mods TokenModifier
	if c.sc != nil {
		if rt, ok := c.sc.ResourceType(n.Value); ok {
			mods |= ModDefaultLibrary
			if rt.Hidden() || rt.Support != nil && rt.Support.Status == schema.StatusDeprecated {
				mods |= ModDeprecated
			}
		}
	}
	c.add(n, TokenResourceType, mods)
}

// call marks a function name and the names among its arguments.
func (c *tokenCollector) call(call *hot.Call) {
	mods := ModDefaultLibrary
	if c.v != nil && c.v.IsRemovedFunction(call.Name) {
		mods |= ModDeprecated
	}
	c.add(call.Key, TokenFunction, mods)
	args := call.Args
	first := args
	if args.IsSequence() {
		first = nil
		if len(args.Items()) > 0 {
			first = args.Items()[0]
		}
	}
	switch call.Name {
	case "get_param":
		c.paramRef(first)
	case "get_resource":
		if args.IsScalar() {
			c.resourceRef(args)
		}
	case "get_attr":
		if args.IsSequence() {
			c.resourceRef(first)
			if len(args.Items()) > 1 {
				c.outputRef(first, args.Items()[1])
			}
		}
	case "Ref":
		if args.IsScalar() {
			c.paramRef(args)
			c.resourceRef(args)
		}
	case "if":
		if args.IsSequence() {
			c.conditionRef(first)
		}
	case "not":
		if args.IsScalar() && feature.InConditionExpression(c.t, call) {
			c.conditionRef(args)
		}
	case "and", "or":
		if args.IsSequence() && feature.InConditionExpression(c.t, call) {
			for _, it := range args.Items() {
				c.conditionRef(it)
			}
		}
	}
}
