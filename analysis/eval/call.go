package eval

import (
	"heat-ls/analysis/syntax"
)

// call evaluates the function name applied to args (the call's mapping
// is m).
func (e *Evaluator) call(name string, m, args *syntax.Node, inCond bool, depth int) Value {
	if e.o.Version != nil && e.o.Version.IsRemovedFunction(name) {
		return e.fail(m, "`"+name+"` is not supported in heat_template_version "+e.o.Version.Name)
	}
	switch name {
	case "get_param", "Ref":
		return e.getParam(name, m, args, inCond, depth)
	case "get_resource":
		return e.getResource(m, args, inCond, depth)
	case "get_attr", "Fn::GetAtt":
		return e.getAttr(m, args, inCond, depth)
	case "get_file":
		return e.getFile(m, args, inCond, depth)
	case "resource_facade", "Fn::ResourceFacade":
		return e.facade(m, args, inCond, depth)
	case "str_replace", "str_replace_strict", "str_replace_vstrict", "Fn::Replace":
		return e.strReplace(name, m, args, inCond, depth)
	case "list_join", "Fn::Join":
		return e.listJoin(name, m, args, inCond, depth)
	case "str_split", "Fn::Split":
		return e.strSplit(name, m, args, inCond, depth)
	case "digest":
		return e.digest(m, args, inCond, depth)
	case "repeat":
		return e.repeat(m, args, inCond, depth)
	case "map_merge":
		return e.mapMerge(m, args, inCond, depth)
	case "map_replace":
		return e.mapReplace(m, args, inCond, depth)
	case "list_concat", "list_concat_unique":
		return e.listConcat(name == "list_concat_unique", m, args, inCond, depth)
	case "contains":
		return e.contains(m, args, inCond, depth)
	case "filter":
		return e.filter(m, args, inCond, depth)
	case "make_url":
		return e.makeURL(m, args, inCond, depth)
	case "yaql":
		return e.yaql(m, args, inCond, depth)
	case "if":
		return e.ifCall(m, args, inCond, depth)
	case "equals":
		return e.equals(m, args, inCond, depth)
	case "not", "and", "or":
		return e.boolean(name, m, args, depth)
	case "Fn::Select":
		return e.selectCall(m, args, inCond, depth)
	case "Fn::Base64":
		v := e.eval(args, inCond, depth)
		if v.Kind == String {
			return StringValue(v.S)
		}
		return v
	case "Fn::MemberListToMap", "Fn::GetAZs":
		return UnknownValue("<" + name + ">")
	}
	return UnknownValue("<" + name + ">")
}

// arg evaluates args when it is a list of exactly n items (0: any
// length), failing with usage otherwise.
func (e *Evaluator) listArgs(m, args *syntax.Node, n int, usage string, inCond bool, depth int) ([]Value, Value, bool) {
	a := args.Resolve()
	if !a.IsSequence() {
		v := e.eval(args, inCond, depth)
		if v.Kind == Unknown || v.Kind == Invalid {
			return nil, v, false
		}
		if v.Kind != List {
			return nil, e.fail(m, usage), false
		}
		if n > 0 && len(v.Items) != n {
			return nil, e.fail(m, usage), false
		}
		return v.Items, Value{}, true
	}
	if n > 0 && len(a.Items()) != n {
		return nil, e.fail(m, usage), false
	}
	out := make([]Value, 0, len(a.Items()))
	for _, it := range a.Items() {
		v := e.eval(it, inCond, depth)
		if v.IsAbsent() {
			continue
		}
		if bad, ok := deepInvalid(v, 0); ok {
			return nil, bad, false
		}
		out = append(out, v)
	}
	return out, Value{}, true
}
