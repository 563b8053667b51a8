package hover

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"heat-ls/analysis/feature"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// Hover explains what is under offset. ok is false when there is nothing
// to say. sch may be nil (then only what the document itself says is
// shown). It never panics.
func Hover(doc *hot.Document, sch *schema.Schema, offset int, markdown bool) (res Result, ok bool) {
	defer func() {
		if recover() != nil {
			res, ok = Result{}, false
		}
	}()
	if doc.Env != nil {
		return envKeyHover(doc, offset, markdown)
	}
	t := feature.Locate(doc, offset)
	if t.Kind == feature.TargetNone {
		return Result{}, false
	}
	h := hoverer{doc: doc, tpl: doc.Template, sch: sch, d: &Text{markdown: markdown}}
	if sch != nil {
		h.version, _ = sch.Version(doc.Template.VersionText)
	}
	h.describe(t)
	if h.d.b.Len() == 0 {
		return Result{}, false
	}
	return Result{Span: t.Span, Text: h.d.String(), Markdown: markdown}, true
}

func (h *hoverer) describe(t feature.Target) {
	switch t.Kind {
	case feature.TargetFunction:
		h.function(t.Name)
	case feature.TargetReference, feature.TargetDefinition:
		switch t.Namespace {
		case feature.NamespaceParameter:
			h.parameter(t.Name)
		case feature.NamespaceResource:
			h.resource(t.Name)
		case feature.NamespaceCondition:
			h.condition(t.Name)
		case feature.NamespaceOutput:
			h.output(t.Name)
		}
	case feature.TargetKey:
		if doc := schema.KeyDoc(t.Context, t.Name); doc != "" {
			h.d.Title(t.Name, contextWord(t.Context))
			h.d.Para(doc)
		}
	case feature.TargetResourceType:
		h.resourceType(t.Name)
	case feature.TargetProperty:
		if t.Resource != nil {
			h.property(t.Resource.Type, t.PropertyPath)
		}
	case feature.TargetAttribute:
		if t.Resource != nil {
			h.attribute(t.Resource, t.Name)
		}
	case feature.TargetVersion:
		h.templateVersion(t.Name)
	}
}

// contextWord names what a key is, for the hover title.
func contextWord(c schema.Context) string {
	switch c {
	case schema.ContextTopLevel:
		return "template section"
	case schema.ContextParameter:
		return "parameter key"
	case schema.ContextParameterType:
		return "parameter type"
	case schema.ContextConstraint:
		return "parameter constraint"
	case schema.ContextParameterGroup:
		return "parameter group key"
	case schema.ContextResource:
		return "resource key"
	case schema.ContextOutput:
		return "output key"
	case schema.ContextDeletionPolicy:
		return "deletion policy"
	case schema.ContextPseudoParameter:
		return "pseudo parameter"
	}
	return ""
}

func (h *hoverer) function(name string) {
	if h.sch == nil {
		return
	}
	f, ok := h.sch.Function(name)
	if !ok {
		return
	}
	h.d.Title(name, "intrinsic function")
	h.d.Para(f.Description)
	h.d.List("Forms", f.Forms)
	var when []string
	if f.Since != nil {
		when = append(when, "available since "+versionLabel(f.Since))
	}
	if f.RemovedIn != nil {
		when = append(when, "removed in "+versionLabel(f.RemovedIn))
	}
	if len(when) > 0 {
		h.d.Field("Versions", strings.Join(when, ", "), false)
	}
	if f.Replacement != "" {
		h.d.Field("Instead", f.Replacement, false)
	}
	if h.version != nil && !h.version.HasFunction(name) && !h.version.IsConditionFunction(name) {
		h.d.Para(fmt.Sprintf("Not available in heat_template_version %s.", h.version.Name))
	}
	h.d.Code(f.Example)
}

func versionLabel(v *schema.Version) string {
	if len(v.Aliases) > 0 {
		return v.Name + " (" + v.Aliases[0] + ")"
	}
	return v.Name
}

func (h *hoverer) parameter(name string) {
	p := h.tpl.Parameter(name)
	if p == nil {
		if doc := schema.KeyDoc(schema.ContextPseudoParameter, name); doc != "" {
			h.d.Title(name, "pseudo parameter")
			h.d.Para(doc)
		}
		return
	}
	h.d.Title(name, "parameter")
	h.d.Field("Type", p.Type, true)
	h.d.Field("Label", scalarField(&p.Entry, "label"), false)
	h.d.Para(scalarField(&p.Entry, "description"))
	if f := p.Field("default"); f.Key != nil {
		if text := h.blockText(f.Value); strings.Contains(text, "\n") {
			// A block default does not fit an inline code span.
			h.d.Label("Default")
			h.d.Code(text)
		} else {
			h.d.Field("Default", h.sourceText(f.Value), true)
		}
	}
	if f := p.Field("hidden"); f.Key != nil && f.Value.Resolve().IsScalar() && f.Value.Resolve().Value == "true" {
		h.d.Field("Hidden", "yes: its value is not shown in stack details", false)
	}
	if f := p.Field("constraints"); f.Key != nil {
		if text := h.blockText(f.Value); text != "" {
			h.d.Label("Constraints")
			h.d.Code(text)
		}
	}
}

// scalarField returns an entry's scalar field value, or "".
func scalarField(e *hot.Entry, key string) string {
	if f := e.Field(key); f.Key != nil {
		if v := f.Value.Resolve(); v.IsScalar() && !v.IsNull() {
			return v.Value
		}
	}
	return ""
}

// sourceText is a node's text as written, shortened for a hover.
func (h *hoverer) sourceText(n *syntax.Node) string {
	s := strings.TrimSpace(h.doc.Syntax.Text(n))
	if len(s) > 400 {
		s = s[:400] + "…"
	}
	return s
}

// keyedText writes "key: value" for n: a block collection starts on its
// own line below the key, indented, as it would be in a template.
func (h *hoverer) keyedText(key string, n *syntax.Node) string {
	text := h.blockText(n)
	if v := n.Resolve(); v == nil || v.Style != syntax.Block || n.Kind == syntax.AliasNode {
		return key + ": " + text
	}
	return key + ":\n  " + strings.ReplaceAll(text, "\n", "\n  ")
}

// blockText is a node's source text with its lines re-indented to the
// node's column, so a block collection reads well on its own.
func (h *hoverer) blockText(n *syntax.Node) string {
	if n == nil {
		return ""
	}
	start := n.Span().Start
	lineStart := start
	for lineStart > 0 && h.doc.Src[lineStart-1] != '\n' {
		lineStart--
	}
	indent := start - lineStart
	text := h.doc.Syntax.Text(n)
	lines := strings.Split(text, "\n")
	for i := 1; i < len(lines); i++ {
		l := lines[i]
		cut := 0
		for cut < indent && cut < len(l) && l[cut] == ' ' {
			cut++
		}
		lines[i] = l[cut:]
	}
	if len(lines) > 30 {
		lines = append(lines[:30], "…")
	}
	return strings.Join(lines, "\n")
}

func (h *hoverer) resource(name string) {
	r := h.tpl.Resource(name)
	if r == nil {
		return
	}
	h.d.Title(name, "resource")
	h.d.Field("Type", r.Type, true)
	if h.sch != nil && r.Type != "" {
		if rt, ok := h.sch.ResourceType(r.Type); ok {
			h.d.Para(rt.Description)
		}
	}
	if r.ConditionRef != nil {
		h.d.Field("Condition", h.sourceText(r.ConditionRef), true)
	}
}

func (h *hoverer) condition(name string) {
	c := h.tpl.Condition(name)
	if c == nil {
		return
	}
	h.d.Title(name, "condition")
	h.d.Code(h.keyedText(name, c.Value))
}

func (h *hoverer) output(name string) {
	o := h.tpl.Output(name)
	if o == nil {
		return
	}
	h.d.Title(name, "output")
	h.d.Para(scalarField(&o.Entry, "description"))
	if f := o.Field("value"); f.Key != nil {
		h.d.Code(h.keyedText("value", f.Value))
	}
}

func (h *hoverer) resourceType(name string) {
	if h.sch == nil {
		return
	}
	rt, ok := h.sch.ResourceType(name)
	if !ok {
		h.unknownTypeRelease(name)
		return
	}
	h.d.Title(rt.Name, "resource type")
	h.d.Para(rt.Description)
	h.d.Field("Status", supportText(rt.Support, rt.Hidden()), false)
	req := rt.RequiredProperties()
	if len(req) > 0 {
		h.d.List("Required properties", req)
	}
	if rt.TemplateURL != "" {
		h.d.Field("Implemented by template", rt.TemplateURL, true)
	}
	h.releaseTypeLines(rt)
}

// supportText says a support status in a few words.
func supportText(s *schema.SupportStatus, hidden bool) string {
	var parts []string
	if s != nil {
		switch s.Status {
		case schema.StatusDeprecated:
			parts = append(parts, "deprecated")
		case schema.StatusUnsupported:
			parts = append(parts, "unsupported (experimental)")
		case schema.StatusHidden:
			parts = append(parts, "hidden")
		default:
			parts = append(parts, "supported")
		}
		if s.Status != schema.StatusSupported && s.Version != "" {
			parts[len(parts)-1] += " since " + s.Version
		}
		if since := s.Since(); since != "" {
			parts = append(parts, "added in Heat "+since)
		}
		if s.Message != "" {
			parts = append(parts, s.Message)
		}
	} else {
		parts = append(parts, "supported")
	}
	if hidden && (s == nil || s.Status != schema.StatusHidden) {
		parts = append(parts, "hidden from listings")
	}
	return strings.Join(parts, "; ")
}

func (h *hoverer) property(typeName, path string) {
	if h.sch == nil || typeName == "" || path == "" {
		return
	}
	rt, ok := h.sch.ResourceType(typeName)
	if !ok {
		return
	}
	p, ok := rt.PropertyAt(path)
	if !ok {
		h.ignoredProperty(rt, path)
		return
	}
	h.d.Title(p.Name, "property of "+rt.Name)
	h.d.Para(p.Description)
	h.d.Field("Type", p.Type, true)
	if p.Required {
		h.d.Field("Required", "yes", false)
	} else {
		h.d.Field("Required", "no", false)
	}
	if p.HasDefault {
		h.d.Field("Default", jsonText(p.Default), true)
	}
	if cs := constraintLines(p.Constraints); len(cs) > 0 {
		h.d.List("Constraints", cs)
	}
	switch {
	case p.Immutable:
		h.d.Field("On update", "immutable: changing it fails the stack update", false)
	case p.UpdateAllowed:
		h.d.Field("On update", "updates in place", false)
	default:
		h.d.Field("On update", "changing it replaces the resource", false)
	}
	if p.Support != nil && p.Support.Status != schema.StatusSupported {
		h.d.Field("Status", supportText(p.Support, p.Hidden), false)
	}
	h.releasePropertyLines(rt, path)
}

// constraintLines renders property constraints one per line.
func constraintLines(cs []schema.Constraint) []string {
	var out []string
	for _, c := range cs {
		var s string
		switch c.Kind {
		case schema.ConstraintAllowedValues:
			s = "allowed_values: " + jsonText(c.AllowedValues)
		case schema.ConstraintRange, schema.ConstraintLength:
			s = string(c.Kind) + ":"
			if c.Min != nil {
				s += fmt.Sprintf(" min %g", *c.Min)
			}
			if c.Max != nil {
				s += fmt.Sprintf(" max %g", *c.Max)
			}
		case schema.ConstraintModulo:
			s = "modulo:"
			if c.Step != nil {
				s += fmt.Sprintf(" step %g", *c.Step)
			}
			if c.Offset != nil {
				s += fmt.Sprintf(" offset %g", *c.Offset)
			}
		case schema.ConstraintAllowedPattern:
			s = "allowed_pattern: " + c.Pattern
		case schema.ConstraintCustom:
			s = "custom_constraint: " + c.Custom
		default:
			s = string(c.Kind)
		}
		out = append(out, s)
	}
	return out
}

// jsonText renders a decoded JSON value compactly.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func (h *hoverer) attribute(r *hot.Resource, name string) {
	if h.sch == nil || r.Type == "" {
		return
	}
	rt, ok := h.sch.ResourceType(r.Type)
	if !ok {
		return
	}
	a, ok := rt.Attribute(name)
	if !ok {
		if rt.DynamicAttributes {
			h.d.Title(name, "attribute of "+r.Name)
			h.d.Para("The type " + rt.Name + " provides attributes that are only known at run time (outputs of a nested stack or of its members).")
		}
		return
	}
	h.d.Title(name, "attribute of "+rt.Name)
	desc := a.Description
	if desc == "" && name == "show" {
		desc = "Every attribute of the resource at once, as one map (what the cloud's API reports for it)."
	}
	h.d.Para(desc)
	h.d.Field("Type", a.Type, true)
	if a.Support != nil && a.Support.Status != schema.StatusSupported {
		h.d.Field("Status", supportText(a.Support, a.Hidden), false)
	}
}

func (h *hoverer) templateVersion(name string) {
	if h.sch == nil {
		return
	}
	v, ok := h.sch.Version(name)
	if !ok {
		return
	}
	h.d.Title(name, "HOT version")
	if name != v.Name {
		h.d.Field("Same as", v.Name, true)
	}
	h.d.Para(v.Description)
	if len(v.Aliases) > 0 {
		aliases := append([]string(nil), v.Aliases...)
		sort.Strings(aliases)
		h.d.Field("Also written", strings.Join(aliases, ", "), false)
	}
}
