package eval

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// Input is a parameter value given from outside the template, as read:
// a text from the command line, or a YAML value from an environment.
type Input struct {
	Value Value
	// Source says who gave it, for hovers and the preview
	// ("-P", "parameters in env.yaml", "parameter_defaults in base.yaml").
	Source string
}

// Inputs is everything that decides parameter values besides the
// template: user values (the environments' parameters and the command
// line's -P, already merged), parameter_defaults, and the pseudo
// parameters' values ("" leaves them as placeholders).
//
// A check of one template, which knows no environment, sets
// MissingUnknown: a parameter nothing gives a value is then unknown
// ("<parameter p>"), not a problem; an Input whose Value is Unknown
// stands for "some environment sets it".
type Inputs struct {
	Params, Defaults              map[string]Input
	StackName, StackID, ProjectID string
	MissingUnknown                bool
}

// Param is one parameter's effective value.
type Param struct {
	Name string
	// Type is the declared type as written ("string" when missing).
	Type string
	// Value is the value Heat's get_param gives: converted to the type.
	Value Value
	// Source is where the value came from: "default", "pseudo", or an
	// Input's Source.
	Source string
	// Hidden is the parameter's hidden flag.
	Hidden bool
	// Decl is the parameter's definition, nil for pseudo parameters.
	Decl *hot.Parameter
}

// Parameters works out every parameter's effective value as Heat does: a
// user value, else a parameter_defaults value, else the template default,
// converted to the parameter's type. Missing values, values of the wrong
// type, broken constraints and user values for parameters the template
// does not declare are problems (Heat refuses the stack).
func Parameters(t *hot.Template, in Inputs, file string) (map[string]Param, []Problem) {
	out := map[string]Param{}
	var probs []Problem
	addPseudo(out, in)
	if t == nil {
		return out, nil
	}
	for _, p := range t.Parameters {
		if t.Parameter(p.Name) != p {
			continue
		}
		prm, prob := effective(p, in, file)
		out[p.Name] = prm
		if prob != nil {
			probs = append(probs, *prob)
		}
	}
	var unknown []string
	for name := range in.Params {
		if _, ok := out[name]; !ok {
			unknown = append(unknown, name)
		}
	}
	sort.Strings(unknown)
	for _, name := range unknown {
		probs = append(probs, Problem{File: file, Message: "the parameter `" + name + "` is given (" + in.Params[name].Source + ") but the template does not declare it; Heat refuses the stack"})
	}
	return out, probs
}

// Parameter is one declared parameter's effective value under in, as
// Parameters works it out (prob is the problem Heat would refuse it
// with), for a caller that needs only some parameters of a template.
func Parameter(p *hot.Parameter, in Inputs, file string) (Param, *Problem) {
	return effective(p, in, file)
}

// Pseudo are the pseudo parameters' values under in.
func Pseudo(in Inputs) map[string]Param {
	out := map[string]Param{}
	addPseudo(out, in)
	return out
}

func addPseudo(out map[string]Param, in Inputs) {
	pseudo := func(name, given string) {
		v := UnknownValue("<" + name + ">")
		if given != "" {
			v = StringValue(given)
		}
		out[name] = Param{Name: name, Type: "string", Value: v, Source: "pseudo"}
	}
	pseudo("OS::stack_name", in.StackName)
	pseudo("OS::stack_id", in.StackID)
	pseudo("OS::project_id", in.ProjectID)
}

// Values returns the parameters' values keyed by name, for Options.Params.
func Values(ps map[string]Param) map[string]Value {
	out := make(map[string]Value, len(ps))
	for k, p := range ps {
		out[k] = p.Value
	}
	return out
}

func effective(p *hot.Parameter, in Inputs, file string) (Param, *Problem) {
	typ := strings.TrimSpace(p.Type)
	if typ == "" {
		typ = "string"
	}
	prm := Param{Name: p.Name, Type: typ, Decl: p}
	if h := p.Field("hidden"); h.Key != nil {
		hv := Scalar(h.Value.Resolve())
		prm.Hidden = hv.Kind == Bool && hv.B || hv.Kind == String && strings.EqualFold(hv.S, "true")
	}
	raw, src, at := NullValue(), "", p.Key
	if v, ok := in.Params[p.Name]; ok && v.Value.Kind != Null {
		raw, src = v.Value, v.Source
	} else if v, ok := in.Defaults[p.Name]; ok && v.Value.Kind != Null {
		raw, src = v.Value, v.Source
	} else if d := p.Field("default"); d.Key != nil && !d.Value.Resolve().IsNull() {
		raw, src, at = Literal(d.Value).At(Origin{File: file, Span: d.Value.Span()}), "default", d.Value
	}
	prm.Source = src
	if raw.Kind == Null && in.MissingUnknown {
		prm.Value = UnknownValue("<parameter " + p.Name + ">")
		return prm, nil
	}
	if raw.Kind == Null {
		msg := "the parameter `" + p.Name + "` has no value: no default, and no environment or -P sets it"
		prm.Value = InvalidValue(msg)
		return prm, &Problem{File: file, Span: p.Key.Span(), Message: msg}
	}
	v, bad := Convert(typ, raw)
	if bad == "" {
		bad = checkConstraints(p, typ, raw, v)
	}
	if bad != "" {
		msg := "the value of parameter `" + p.Name + "` (" + src + ") " + bad
		prm.Value = InvalidValue(msg)
		sp := at.Span()
		if src != "default" {
			sp = p.Key.Span()
		}
		return prm, &Problem{File: file, Span: sp, Message: msg}
	}
	prm.Value = v.At(raw.From)
	return prm, nil
}

// Convert converts a parameter value to its declared type as Heat does;
// bad says why it cannot be.
func Convert(typ string, raw Value) (Value, string) {
	if raw.Kind == Unknown || raw.Kind == Invalid {
		return raw, ""
	}
	switch strings.ToLower(typ) {
	case "number":
		return toNumber(raw)
	case "boolean":
		if b, ok := ParseBool(PyStr(raw)); ok {
			return BoolValue(b), ""
		}
		return raw, "is not a boolean: " + PyStr(raw)
	case "comma_delimited_list":
		switch raw.Kind {
		case List:
			out := make([]Value, len(raw.Items))
			for i, it := range raw.Items {
				out[i] = StringValue(PyStr(it))
			}
			return ListValue(out), ""
		case String:
			if raw.S == "" {
				return ListValue(nil), ""
			}
			parts := strings.Split(raw.S, ",")
			out := make([]Value, len(parts))
			for i, s := range parts {
				out[i] = StringValue(s)
			}
			return ListValue(out), ""
		case Map:
			// A template resource's list property converts a mapping
			// in ways heat-ls does not follow.
			return UnknownValue("<comma_delimited_list made of a mapping>"), ""
		}
		return raw, "is not a comma-delimited list"
	case "json":
		if raw.Kind != String {
			return TextKeys(raw), "" // Heat sends the value through JSON
		}
		if raw.S == "" {
			return raw, ""
		}
		v, err := ParseJSON(raw.S)
		if err != nil {
			return raw, "is not valid JSON: " + err.Error()
		}
		return v, ""
	}
	// string, and types Heat does not know (refused elsewhere).
	return StringValue(PyStr(raw)), ""
}

// toNumber is Heat's str_to_num: a number stays, a text is read as an
// integer, else as a float.
func toNumber(v Value) (Value, string) {
	switch v.Kind {
	case Int, Float, Bool:
		return v, ""
	case String:
		s := strings.TrimSpace(v.S)
		if n, ok := PythonInt(s); ok {
			return IntValue(n), ""
		}
		f, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
		if err == nil || strings.EqualFold(s, "nan") {
			return FloatValue(f), ""
		}
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return FloatValue(math.Inf(1)), ""
		}
	}
	return v, "is not a number: " + PyStr(v)
}

// checkConstraints applies the parameter's constraints Heat checks
// offline: allowed_values, length, range, modulo and allowed_pattern
// (custom constraints need a cloud).
func checkConstraints(p *hot.Parameter, typ string, raw, v Value) string {
	cs := p.Field("constraints").Value.Resolve()
	for _, c := range cs.Items() {
		c = c.Resolve()
		if !c.IsMapping() {
			continue
		}
		for _, pr := range c.Pairs() {
			if bad := checkConstraint(pr, typ, v); bad != "" {
				if d := c.Get("description"); d.IsScalar() {
					return bad + " (" + d.Value + ")"
				}
				return bad
			}
		}
	}
	return ""
}

func checkConstraint(pr syntax.Pair, typ string, v Value) string {
	arg := Literal(pr.Value)
	switch pr.Key.Value {
	case "allowed_values":
		if arg.Kind != List {
			return ""
		}
		check := []Value{v}
		if v.Kind == List {
			check = v.Items
		}
		for _, x := range check {
			if !allowedValue(arg.Items, typ, x) {
				return "is not one of the allowed values " + PyStr(arg)
			}
		}
	case "length":
		n := -1
		switch v.Kind {
		case String:
			n = len([]rune(v.S))
		case List:
			n = len(v.Items)
		case Map:
			n = len(v.Keys)
		}
		if n >= 0 {
			return outOfRange(float64(n), arg, "its length ")
		}
	case "range":
		if f, ok := number(v); ok {
			return outOfRange(f, arg, "")
		}
	case "allowed_pattern":
		if v.Kind == String && arg.Kind == String {
			if re, err := compilePython(arg.S); err == nil {
				loc := re.FindStringIndex(v.S)
				if loc == nil || loc[0] != 0 || loc[1] != len(v.S) {
					return "does not match the pattern " + arg.S
				}
			}
		}
	}
	return ""
}

// allowedValue reports whether x is among the allowed values. For a
// number parameter Heat converts each allowed value to a number first
// (" 2 " and "1e3" are numbers), so they compare as numbers.
func allowedValue(allowed []Value, typ string, x Value) bool {
	xn, isNum := number(x)
	for _, a := range allowed {
		if Equal(a, x) || PyStr(a) == PyStr(x) {
			return true
		}
		if strings.EqualFold(typ, "number") && isNum {
			if an, bad := toNumber(a); bad == "" {
				if f, ok := number(an); ok && f == xn {
					return true
				}
			}
		}
	}
	return false
}

func outOfRange(n float64, arg Value, what string) string {
	if arg.Kind != Map {
		return ""
	}
	if lo, ok := arg.Get("min"); ok {
		if f, ok := number(lo); ok && n < f {
			return what + "is below the minimum " + PyStr(lo)
		}
	}
	if hi, ok := arg.Get("max"); ok {
		if f, ok := number(hi); ok && n > f {
			return what + "is above the maximum " + PyStr(hi)
		}
	}
	return ""
}

// ForTemplate is the evaluator a check of one template asks: parameters
// take their defaults, and what nothing sets (no environment is known)
// is unknown, as are the pseudo parameters.
func ForTemplate(t *hot.Template, v *schema.Version, file string) *Evaluator {
	ps, _ := Parameters(t, Inputs{MissingUnknown: true}, file)
	return New(t, Options{Version: v, Params: Values(ps), File: file})
}
