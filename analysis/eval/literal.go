package eval

import (
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"heat-ls/analysis/syntax"
)

// Heat reads templates with PyYAML's YAML 1.1 rules, not the YAML 1.2
// rules yaml.v3 resolved the tree with: "yes" and "on" are booleans,
// "012" is octal, "1:30" is 90, "1e5" is text, and dates stay text (Heat's
// loader reads timestamps as strings). The patterns are compiled on first
// use: most texts are told apart before them (plainDecimal, the words),
// and compiling them as the package is initialised cost every command's
// start.
var (
	yaml11Int = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$`)
	})
	yaml11Float = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$`)
	})
)

// Scalar is the value Heat's loader makes of a scalar node.
func Scalar(n *syntax.Node) Value {
	if n == nil {
		return NullValue()
	}
	s := n.Value
	switch n.Tag() {
	case "!!str", "!!binary", "!!timestamp":
		if n.Style != syntax.Plain || n.Tag() != "!!str" {
			return StringValue(s)
		}
	case "!!null":
		if n.Style != syntax.Plain {
			return NullValue()
		}
	case "!!bool", "!!int", "!!float":
		if n.Style != syntax.Plain {
			return typedScalar(n.Tag(), s)
		}
	}
	if n.Style != syntax.Plain {
		return StringValue(s)
	}
	if !mayBeTyped(s) {
		return StringValue(s)
	}
	switch {
	case plainDecimal(s):
		return yaml11IntValue(s)
	case isYAML11Null(s):
		return NullValue()
	case isYAML11Bool(s):
		return BoolValue(yaml11True(s))
	case yaml11Int().MatchString(s):
		return yaml11IntValue(s)
	case yaml11Float().MatchString(s):
		return FloatValue(yaml11FloatValue(s))
	}
	return StringValue(s)
}

func typedScalar(tag, s string) Value {
	switch tag {
	case "!!bool":
		return BoolValue(yaml11True(s))
	case "!!int":
		return yaml11IntValue(s)
	}
	return FloatValue(yaml11FloatValue(s))
}

// IsYAML11Typed reports whether Heat's loader reads the plain scalar
// text s as something other than text: null, a boolean, a whole number
// (octal, binary, hexadecimal and base-60 forms included) or a float.
func IsYAML11Typed(s string) bool {
	return mayBeTyped(s) && (plainDecimal(s) || isYAML11Null(s) || isYAML11Bool(s) ||
		yaml11Int().MatchString(s) || yaml11Float().MatchString(s))
}

// IsYAML11BoolText reports whether Heat's loader reads the plain scalar
// text s as a boolean (yes/no, on/off, true/false in three cases).
func IsYAML11BoolText(s string) bool { return isYAML11Bool(s) }

// isYAML11Bool and isYAML11Null are word lists rather than regular
// expressions: rules ask them of every condition name and scalar, and a
// regexp match allocates its matcher state whenever sync.Pool drops it.
func isYAML11Bool(s string) bool {
	switch s {
	case "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE",
		"false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF":
		return true
	}
	return false
}

// plainDecimal reports whether s is a decimal whole number without sign,
// underscore or leading zero, the common case yaml11Int also accepts,
// answered without running the regular expression.
func plainDecimal(s string) bool {
	return s != "" && s[0] != '-' && IsPlainDecimal(s)
}

func isYAML11Null(s string) bool {
	switch s {
	case "~", "null", "Null", "NULL", "":
		return true
	}
	return false
}

// YAML11True is the boolean a plain scalar IsYAML11BoolText accepts
// stands for.
func YAML11True(s string) bool { return yaml11True(s) }

func yaml11True(s string) bool {
	switch strings.ToLower(s) {
	case "yes", "true", "on":
		return true
	}
	return false
}

// yaml11IntValue reads an integer as PyYAML's constructor does. Values
// past 64 bits become floats (Python's ints have no limit; such numbers
// are rare enough in templates).
func yaml11IntValue(s string) Value {
	v := strings.ReplaceAll(s, "_", "")
	sign := int64(1)
	if v != "" && (v[0] == '-' || v[0] == '+') {
		if v[0] == '-' {
			sign = -1
		}
		v = v[1:]
	}
	var n big.Int
	ok := false
	switch {
	case v == "0":
		return IntValue(0)
	case strings.HasPrefix(v, "0b"):
		_, ok = n.SetString(v[2:], 2)
	case strings.HasPrefix(v, "0x"):
		_, ok = n.SetString(v[2:], 16)
	case strings.HasPrefix(v, "0"):
		_, ok = n.SetString(v[1:], 8)
	case strings.Contains(v, ":"):
		var total int64
		for _, part := range strings.Split(v, ":") {
			d, _ := strconv.ParseInt(part, 10, 64)
			total = total*60 + d
		}
		return IntValue(sign * total)
	default:
		_, ok = n.SetString(v, 10)
	}
	if !ok {
		return StringValue(s)
	}
	if n.IsInt64() {
		return IntValue(sign * n.Int64())
	}
	f, _ := new(big.Float).SetInt(&n).Float64()
	return FloatValue(float64(sign) * f)
}

func yaml11FloatValue(s string) float64 {
	v := strings.ToLower(strings.ReplaceAll(s, "_", ""))
	sign := 1.0
	if v != "" && (v[0] == '-' || v[0] == '+') {
		if v[0] == '-' {
			sign = -1
		}
		v = v[1:]
	}
	switch v {
	case ".inf":
		return sign * math.Inf(1)
	case ".nan":
		return math.NaN()
	}
	if strings.Contains(v, ":") {
		parts := strings.Split(v, ":")
		total := 0.0
		for _, p := range parts {
			f, _ := strconv.ParseFloat(p, 64)
			total = total*60 + f
		}
		return sign * total
	}
	f, _ := strconv.ParseFloat(v, 64)
	return sign * f
}

// Literal converts a node with no function calls in it (or whose calls
// are to be kept as data) into a Value, as Heat's loader reads it. Its
// work is bounded by DefaultMaxSteps (an alias bomb gives an unknown).
func Literal(n *syntax.Node) Value {
	steps := 0
	return literal(n, 0, &steps)
}

func literal(n *syntax.Node, depth int, steps *int) Value {
	n = n.Resolve()
	if n == nil {
		return NullValue()
	}
	o := Origin{Span: n.Span()}
	if depth > MaxDepth {
		return UnknownValue("<nested deeper than heat-ls evaluates>").At(o)
	}
	if *steps++; *steps > DefaultMaxSteps {
		return UnknownValue("<too large to preview>").At(o)
	}
	switch n.Kind {
	case syntax.MappingNode:
		var b mapBuilder
		for _, p := range n.Pairs() {
			if syntax.IsMergeKey(p.Key) {
				mergeInto(&b, p.Value, depth, steps)
				continue
			}
			b.setKey(keyValue(p.Key), literal(p.Value, depth+1, steps))
		}
		return b.value().At(o)
	case syntax.SequenceNode:
		items := make([]Value, 0, len(n.Items()))
		for _, it := range n.Items() {
			items = append(items, literal(it, depth+1, steps))
		}
		return ListValue(items).At(o)
	}
	return Scalar(n).At(o)
}

// mergeInto applies a YAML merge key: the merged mappings' entries come
// in only where the mapping has none of its own (they are added first,
// so the mapping's own later entries replace them).
func mergeInto(b *mapBuilder, v *syntax.Node, depth int, steps *int) {
	v = v.Resolve()
	var srcs []*syntax.Node
	if v.IsMapping() {
		srcs = []*syntax.Node{v}
	} else {
		for i := len(v.Items()) - 1; i >= 0; i-- {
			srcs = append(srcs, v.Items()[i].Resolve())
		}
	}
	for _, s := range srcs {
		m := literal(s, depth+1, steps)
		for i := range m.Keys {
			b.setKey(m.Key(i), m.Vals[i])
		}
	}
}

// keyValue is a mapping key as Heat's loader reads it: text, a number,
// a boolean or None (Heat's templates key by whatever PyYAML built);
// look-ups go by its text form (str() of it).
func keyValue(k *syntax.Node) Value {
	k = k.Resolve()
	if k == nil {
		return StringValue("")
	}
	if k.Kind != syntax.ScalarNode {
		return StringValue("<collection key>")
	}
	return Scalar(k)
}

// mayBeTyped is a quick test before the regular expressions: only a
// text starting with a digit, a sign, a dot or "~", or one of the
// words of booleans and null, can read as anything but text.
func mayBeTyped(s string) bool {
	if s == "" {
		return true
	}
	if strings.IndexByte("0123456789+-.~", s[0]) >= 0 {
		return true
	}
	switch len(s) {
	case 2, 3, 4, 5:
		switch strings.ToLower(s) {
		case "yes", "no", "true", "false", "on", "off", "null":
			return true
		}
	}
	return false
}
