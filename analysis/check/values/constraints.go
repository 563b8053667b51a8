package values

import (
	"fmt"
	"math"
	"net"
	"strconv"
	"strings"
	"unicode/utf8"

	"heat-ls/analysis/eval"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// PyNumber reads a scalar the way Heat's str_to_num does (int(), then
// float()); booleans count as numbers, as in Python, and a boolean is
// what Heat's YAML reader makes of a plain yes/no/on/off too. isInt tells
// whether Python would have produced an int.
func PyNumber(n *syntax.Node) (f float64, isInt, ok bool) {
	if n == nil || n.Kind != syntax.ScalarNode || n.IsNull() {
		return 0, false, false
	}
	if n.Tag() == "!!bool" || IsYAML11Bool(n) {
		switch strings.ToLower(n.Value) {
		case "true", "yes", "on":
			return 1, true, true
		}
		return 0, true, true
	}
	s := strings.TrimSpace(n.Value)
	if n.Tag() == "!!int" && n.Style == syntax.Plain {
		if i, err := strconv.ParseInt(strings.ReplaceAll(s, "_", ""), 0, 64); err == nil {
			return float64(i), true, true
		}
	}
	if i, err := strconv.ParseInt(strings.ReplaceAll(s, "_", ""), 10, 64); err == nil && !strings.HasPrefix(s, "_") {
		return float64(i), true, true
	}
	if v, err := strconv.ParseFloat(s, 64); err == nil {
		return v, false, true
	}
	switch strings.ToLower(strings.TrimLeft(s, "+-")) {
	case "inf", "infinity", "nan":
		return math.Inf(1), false, true
	}
	return 0, false, false
}

// BoolInt is Python's int() of a boolean.
func BoolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// HeatParamBool reads a value as Heat reads a boolean parameter: the text
// of the value, case-insensitive, one of 1/0, t/f, true/false, on/off,
// y/n, yes/no.
func HeatParamBool(n *syntax.Node) (val, ok bool) {
	if n == nil || n.Kind != syntax.ScalarNode || n.IsNull() {
		return false, false
	}
	return eval.ParseBool(n.Value)
}

// ConstraintProblem evaluates one constraint on a literal value and
// returns what is wrong in words, or "" when the value passes or cannot be
// judged offline. typ is the Heat schema type of the value ("string",
// "number", "integer", "list", "map", "boolean").
func ConstraintProblem(c schema.Constraint, typ string, n *syntax.Node, res RegexpCache) string {
	n = n.Resolve()
	if n == nil || n.IsNull() || ContainsFunctionCall(n, 0) {
		return ""
	}
	switch c.Kind {
	case schema.ConstraintAllowedValues:
		return allowedValuesProblem(c.AllowedValues, typ, n)
	case schema.ConstraintRange:
		if !n.IsScalar() {
			return ""
		}
		f, _, ok := PyNumber(n)
		if !ok {
			return ""
		}
		if (c.Min != nil && f < *c.Min) || (c.Max != nil && f > *c.Max) {
			return fmt.Sprintf("%s is outside the allowed range %s", n.Value, RangeText(c.Min, c.Max))
		}
	case schema.ConstraintLength:
		l, ok := valueLength(typ, n)
		if !ok {
			return ""
		}
		if (c.Min != nil && float64(l) < *c.Min) || (c.Max != nil && float64(l) > *c.Max) {
			return fmt.Sprintf("its length %d is outside the allowed length %s", l, RangeText(c.Min, c.Max))
		}
	case schema.ConstraintModulo:
		if !n.IsScalar() || c.Step == nil || c.Offset == nil || *c.Step == 0 {
			return ""
		}
		f, _, ok := PyNumber(n)
		if !ok {
			return ""
		}
		if pyMod(f, *c.Step) != *c.Offset {
			return fmt.Sprintf("%s is not a multiple of %s plus %s", n.Value, TrimFloat(*c.Step), TrimFloat(*c.Offset))
		}
	case schema.ConstraintAllowedPattern:
		if !n.IsScalar() || typ != "string" {
			return ""
		}
		if m, ok := res.FullMatch(c.Pattern, n.Value); ok && !m {
			return fmt.Sprintf("%q does not match the pattern %q as a whole", n.Value, c.Pattern)
		}
	case schema.ConstraintCustom:
		if n.IsScalar() {
			return offlineCustomProblem(c.Custom, n.Value)
		}
		// An address, network or MAC address is text; Heat's offline
		// validators refuse a list or mapping outright (oracle case
		// param-custom-constraint-offline-mapping).
		switch c.Custom {
		case "ip_addr", "net_cidr", "mac_addr":
			return fmt.Sprintf("%s is not %s", DescribeNode(n), map[string]string{"ip_addr": "an IP address", "net_cidr": "a network in CIDR form", "mac_addr": "a MAC address"}[c.Custom])
		}
	}
	return ""
}

func allowedValuesProblem(allowed []any, typ string, n *syntax.Node) string {
	var items []*syntax.Node
	switch {
	case n.IsScalar():
		if typ == "list" {
			for _, part := range strings.Split(n.Value, ",") {
				items = append(items, syntax.NewScalar("!!str", syntax.Plain, strings.TrimSpace(part), source.Span{}))
			}
		} else {
			items = []*syntax.Node{n}
		}
	case n.IsSequence():
		items = n.Items()
	default:
		return ""
	}
	for _, it := range items {
		it = it.Resolve()
		if !it.IsScalar() {
			return ""
		}
		// YAML 1.1 booleans written plainly mean something else to Heat
		// than to us; do not guess.
		if IsYAML11Bool(it) && it.Tag() != "!!bool" {
			return ""
		}
		if !valueAllowed(allowed, typ, it) {
			return fmt.Sprintf("%q is not one of the allowed values %s", it.Value, AllowedText(allowed))
		}
	}
	return ""
}

func valueAllowed(allowed []any, typ string, n *syntax.Node) bool {
	// The usual match, the value's text among allowed strings, needs no
	// number parsing (which costs more than all the comparisons).
	for _, a := range allowed {
		if av, ok := a.(string); ok && av == n.Value {
			return true
		}
	}
	numeric := typ == "number" || typ == "integer"
	f, _, isNum := PyNumber(n)
	for _, a := range allowed {
		switch av := a.(type) {
		case string:
			if av == n.Value {
				return true
			}
			if numeric && isNum {
				if g, err := strconv.ParseFloat(strings.TrimSpace(av), 64); err == nil && g == f {
					return true
				}
			}
		case float64:
			if isNum && (numeric || n.Tag() == "!!int" || n.Tag() == "!!float") && av == f {
				return true
			}
			if n.Value == TrimFloat(av) {
				return true
			}
		case bool:
			if b, ok := HeatParamBool(n); ok && b == av && (typ == "boolean" || n.Tag() == "!!bool") {
				return true
			}
			if strings.EqualFold(n.Value, strconv.FormatBool(av)) {
				return true
			}
		default:
			// Lists or maps as allowed values, null: cannot compare simply.
			return true
		}
	}
	return false
}

// valueLength is the length Heat measures: characters of a string, items
// of a list (a comma-delimited string counts its parts), keys of a map.
func valueLength(typ string, n *syntax.Node) (int, bool) {
	switch {
	case n.IsScalar():
		switch typ {
		case "string":
			return utf8.RuneCountInString(n.Value), true
		case "list":
			if n.Value == "" {
				return 0, true
			}
			return len(strings.Split(n.Value, ",")), true
		}
	case n.IsSequence():
		if typ == "list" {
			return len(n.Items()), true
		}
	case n.IsMapping():
		if typ == "map" {
			return n.NumPairs(), true
		}
	}
	return 0, false
}

// offlineCustomProblem checks the custom constraints Heat evaluates
// without asking a cloud service; the others need a live cloud and pass.
func offlineCustomProblem(name, value string) string {
	switch name {
	case "ip_addr":
		if net.ParseIP(strings.TrimSpace(value)) == nil {
			return fmt.Sprintf("%q is not an IP address", value)
		}
	case "net_cidr":
		addr, prefix, hasPrefix := strings.Cut(strings.TrimSpace(value), "/")
		ip := net.ParseIP(addr)
		if ip == nil {
			return fmt.Sprintf("%q is not a network in CIDR form (address/prefix)", value)
		}
		if hasPrefix {
			bits := 32
			if ip.To4() == nil {
				bits = 128
			}
			p, err := strconv.Atoi(prefix)
			if err != nil || p < 0 || p > bits {
				return fmt.Sprintf("%q has a prefix length outside 0..%d", value, bits)
			}
		}
	case "mac_addr":
		if _, err := net.ParseMAC(strings.TrimSpace(value)); err != nil {
			return fmt.Sprintf("%q is not a MAC address", value)
		}
	case "expiration":
		// Heat parses it as an ISO 8601 moment (empty text means none);
		// whether it lies in the future depends on the day the stack is
		// created, left alone.
		if value != "" && !isoDateTimeValid(strings.TrimSpace(value)) {
			return fmt.Sprintf("%q is not a date and time in ISO 8601 form (such as 2030-01-31T12:00:00Z)", value)
		}
	case "json_string":
		if value != "" && !jsonLike(value) {
			return fmt.Sprintf("%q is not JSON text; Heat parses this property as JSON", value)
		}
	case "dns_name", "dns_domain", "rel_dns_name":
		return dnsProblem(name, value)
	}
	return ""
}

// pyMod is Python's %: the result takes the sign of the divisor.
func pyMod(a, b float64) float64 {
	m := math.Mod(a, b)
	if m != 0 && (m < 0) != (b < 0) {
		m += b
	}
	return m
}

func RangeText(lo, hi *float64) string {
	switch {
	case lo != nil && hi != nil:
		return TrimFloat(*lo) + " to " + TrimFloat(*hi)
	case lo != nil:
		return "at least " + TrimFloat(*lo)
	case hi != nil:
		return "at most " + TrimFloat(*hi)
	}
	return "(unbounded)"
}

func TrimFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func AllowedText(allowed []any) string {
	parts := make([]string, 0, len(allowed))
	for _, a := range allowed {
		switch av := a.(type) {
		case float64:
			parts = append(parts, TrimFloat(av))
		default:
			parts = append(parts, fmt.Sprint(av))
		}
	}
	if len(parts) > 12 {
		parts = append(parts[:12], "…")
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
