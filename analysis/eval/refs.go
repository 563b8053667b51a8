package eval

import (
	"errors"
	"strings"

	"heat-ls/analysis/syntax"
)

// getParam is get_param: a parameter's value, or a value inside it along
// a path of keys and indexes. A path that leads nowhere gives "" (Heat
// swallows the lookup error). Ref of a resource name is get_resource.
func (e *Evaluator) getParam(name string, m, args *syntax.Node, inCond bool, depth int) Value {
	a := e.eval(args, inCond, depth)
	if u, ok := firstUnsettled(a); ok {
		return u
	}
	var pname Value
	var path []Value
	switch a.Kind {
	case String:
		pname = a
	case List:
		if len(a.Items) == 0 {
			return e.fail(m, "`"+name+"` needs a parameter name")
		}
		pname, path = a.Items[0], a.Items[1:]
	default:
		if !a.Truthy() {
			return e.fail(m, "`"+name+"` needs a parameter name")
		}
		return e.fail(m, "the argument of `"+name+"` must be a parameter name or a list")
	}
	if pname.Kind != String {
		return e.fail(m, "the parameter name of `"+name+"` must be text")
	}
	if u, ok := firstUnsettled(path...); ok {
		return u
	}
	v, ok := e.o.Params[pname.S]
	if !ok && e.o.ParamLookup != nil {
		v, ok = e.o.ParamLookup(pname.S)
	}
	if !ok {
		if name == "Ref" && e.hasResource(pname.S) {
			return UnknownValue("<get_resource: " + pname.S + ">")
		}
		return e.fail(m, "the template has no parameter `"+pname.S+"`")
	}
	if v.Kind == Unknown || v.Kind == Invalid {
		if len(path) == 0 {
			return v
		}
		return UnknownValue(strings.TrimSuffix(v.S, ">") + pathText(path) + ">")
	}
	for _, k := range path {
		next, ok := pathStep(v, k)
		if !ok {
			return StringValue("")
		}
		v = next
	}
	return v
}

func pathText(path []Value) string {
	var b strings.Builder
	for _, p := range path {
		b.WriteByte('.')
		b.WriteString(PyStr(p))
	}
	return b.String()
}

// pathStep is one step of get_param's path: a key of a mapping, an index
// (text that reads as an integer, negative counting from the end) of a
// list or text.
func pathStep(c, k Value) (Value, bool) {
	if k.Kind != String && k.Kind != Int {
		return Value{}, false
	}
	switch c.Kind {
	case Map:
		if k.Kind != String {
			return Value{}, false
		}
		return c.Get(k.S)
	case List, String:
		i, ok := PathIndex(k)
		if !ok {
			return Value{}, false
		}
		if c.Kind == String {
			r := []rune(c.S)
			if i < 0 {
				i += int64(len(r))
			}
			if i < 0 || i >= int64(len(r)) {
				return Value{}, false
			}
			return StringValue(string(r[i])), true
		}
		if i < 0 {
			i += int64(len(c.Items))
		}
		if i < 0 || i >= int64(len(c.Items)) {
			return Value{}, false
		}
		return c.Items[i], true
	}
	return Value{}, false
}

func (e *Evaluator) hasResource(name string) bool {
	if e.o.HasResource != nil {
		return e.o.HasResource(name)
	}
	return e.t != nil && e.t.Resource(name) != nil
}

// getResource is get_resource: a resource's id, which only a live stack
// has.
func (e *Evaluator) getResource(m, args *syntax.Node, inCond bool, depth int) Value {
	a := e.eval(args, inCond, depth)
	if u, ok := firstUnsettled(a); ok {
		return u
	}
	if a.Kind != String {
		return e.fail(m, "the argument of `get_resource` must be a resource name")
	}
	if e.t != nil && e.t.Resource(a.S) == nil {
		return e.fail(m, "the template has no resource `"+a.S+"`")
	}
	return UnknownValue("<get_resource: " + a.S + ">")
}

// getAttr is get_attr: a resource attribute, which only a live stack has.
// The placeholder names the resource, attribute and path.
func (e *Evaluator) getAttr(m, args *syntax.Node, inCond bool, depth int) Value {
	a := e.eval(args, inCond, depth)
	if u, ok := firstUnsettled(a); ok {
		return u
	}
	if a.Kind != List || len(a.Items) == 0 {
		return e.fail(m, "the argument of `get_attr` must be a list: [resource, attribute, ...]")
	}
	parts := make([]string, 0, len(a.Items))
	for _, it := range a.Items {
		if it.Kind == Unknown || it.Kind == Invalid {
			parts = append(parts, it.S)
			continue
		}
		parts = append(parts, PyStr(it))
	}
	if r := a.Items[0]; r.Kind == String && e.t != nil && e.t.Resource(r.S) == nil {
		return e.fail(m, "the template has no resource `"+r.S+"`")
	}
	if v, ok := e.knownAttribute(a.Items); ok {
		return v
	}
	return UnknownValue("<get_attr: " + strings.Join(parts, ".") + ">")
}

// getFile is get_file: the text of a file the client sends with the
// template.
func (e *Evaluator) getFile(m, args *syntax.Node, inCond bool, depth int) Value {
	a := e.eval(args, inCond, depth)
	if u, ok := firstUnsettled(a); ok {
		return u
	}
	if a.Kind != String {
		return e.fail(m, "the argument of `get_file` must be a path or URL")
	}
	if e.o.ReadFile != nil {
		text, err := e.o.ReadFile(a.S)
		switch {
		case err == nil:
			return StringValue(text)
		case !errors.Is(err, ErrNotRead):
			return e.fail(m, "get_file cannot read "+a.S+" ("+err.Error()+"); the client refuses the stack")
		}
	}
	return UnknownValue("<get_file: " + a.S + ">")
}

// facade is resource_facade: a value of the resource that stands for
// this template in its parent.
func (e *Evaluator) facade(m, args *syntax.Node, inCond bool, depth int) Value {
	a := e.eval(args, inCond, depth)
	if a.Kind != String {
		return e.fail(m, "the argument of `resource_facade` must be metadata, deletion_policy or update_policy")
	}
	switch a.S {
	case "metadata", "deletion_policy", "update_policy":
	default:
		return e.fail(m, "the argument of `resource_facade` must be metadata, deletion_policy or update_policy")
	}
	if e.o.Facade != nil {
		if v, ok := e.o.Facade(a.S); ok {
			return v
		}
	}
	return UnknownValue("<resource_facade: " + a.S + ">")
}
