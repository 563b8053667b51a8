package workspace

import (
	"fmt"
	"path/filepath"
	"sort"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/rules"
	"heat-ls/schema"
)

// checkFacade judges the templates an environment maps a built-in type to
// (OS::Neutron::Port: port.yaml): Heat then uses the built-in type as a
// facade and refuses, at stack create, a template that does not look
// like it from outside. The type's required properties must be
// parameters of the template, of the type Heat makes of the property,
// and every attribute of the type must be an output. (Heat's check that
// a parameter without default is a property of the type is never
// reached: the parameter gets no value and nested-missing-property
// reports that first, hc/facade-port-param-unknown.) Reported when every template
// the type maps to fails (environments may map it differently).
func checkFacade(p *pass.Pass, def pass.Definition, ts []pass.NestedTemplate) {
	if def.Inner || resources.IsTemplatePath(def.TypeName) || p.Schema == nil {
		return
	}
	rt, ok := p.Schema.ResourceType(def.TypeName)
	if !ok || rt.DecodeError() != nil {
		return
	}
	first := ""
	for _, t := range ts {
		problem := facadeProblem(rt, t)
		if problem == "" {
			return
		}
		if first == "" {
			first = fmt.Sprintf("`%s`, which an environment maps %s to, %s", filepath.Base(t.Path), def.TypeName, problem)
		}
	}
	if first == "" {
		return
	}
	p.Reportf(def.Type.Span(), rules.NestedFacadeMismatch,
		"%s; Heat refuses a template standing in for a built-in type unless it takes the type's properties and gives its attributes, at stack create.", first)
}

// facadeProblem is the first difference Heat finds between the built-in
// type rt and the template t standing in for it, "" when none.
func facadeProblem(rt *schema.ResourceType, t pass.NestedTemplate) string {
	if t.Outline == nil {
		return ""
	}
	params := map[string]string{}
	for _, prm := range t.Outline.Parameters {
		params[prm.Name] = prm.Type
	}
	props := rt.Properties()
	for _, n := range sortedKeys(props) {
		fs := props[n]
		typ, isParam := params[n]
		switch {
		case fs.Required && !isParam:
			return fmt.Sprintf("has no parameter `%s`, a required property of the type", n)
		case isParam && facadeParamType(fs.Type) != "" && paramPropertyType(typ) != "" && facadeParamType(fs.Type) != paramPropertyType(typ):
			return fmt.Sprintf("declares `%s` as %s, where the type's property is %s", n, typ, fs.Type)
		}
	}
	outputs := map[string]bool{}
	for _, o := range t.Outline.Outputs {
		outputs[o.Name] = true
	}
	for _, a := range sortedKeys(rt.Attributes()) {
		if a != "show" && !outputs[a] {
			return fmt.Sprintf("has no output `%s`, an attribute of the type", a)
		}
	}
	return ""
}

// sortedKeys lists m's keys in order, so the first problem reported is
// the same from run to run.
func sortedKeys[T any](m map[string]T) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// facadeParamType is the property type a built-in property asks of a
// parameter standing in for it (an integer is a number), "" if unknown.
func facadeParamType(t string) string {
	switch t {
	case "integer", "number":
		return "number"
	case "string", "boolean", "list", "map":
		return t
	}
	return ""
}

// paramPropertyType is the property type Heat makes of a parameter type,
// "" if unknown.
func paramPropertyType(t string) string {
	switch t {
	case "string", "number", "boolean":
		return t
	case "comma_delimited_list":
		return "list"
	case "json":
		return "map"
	}
	return ""
}
