package resources

import (
	"strings"

	"heat-ls/analysis/check/values"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// checkEmptyValue judges a property written with no value. Heat never
// passes None on: it takes the property's default when that default is
// truthy, and otherwise the empty value of the property's type (""; 0;
// false; []), and then applies the property's constraints to it. So an
// empty `protocol_port:` is 0 and out of range, an empty `address:` is
// no IP address, an empty `tasks:` is a list too short. Required keys of
// an empty mapping are judged by the caller.
func (rc *ResourceChecker) checkEmptyValue(prop *schema.Property, n, key, anchor *syntax.Node, depth int) {
	if len(prop.Constraints) == 0 || (prop.HasDefault && values.PyTruthyDefault(prop.Default)) {
		return
	}
	var zero *syntax.Node
	switch prop.Type {
	case "string":
		zero = syntax.NewScalar("!!str", syntax.DoubleQuoted, "", n.Span())
	case "integer", "number":
		zero = syntax.NewScalar("!!int", syntax.Plain, "0", n.Span())
	case "list":
		zero = syntax.WithSpan(&syntax.Node{Kind: syntax.SequenceNode, Style: syntax.Flow}, n.Span())
	default:
		return
	}
	for i, ds := 0, rc.checkStandIn(prop, zero, key, anchor, depth); i < len(ds); i++ {
		d := &ds[i]
		d.Message = "`" + key.Value + "` is written with no value, which Heat reads as " + emptyValueText(prop.Type) + "; " +
			strings.TrimPrefix(d.Message, "`"+key.Value+"`: ")
		d.Suggestions = nil
	}
}

// emptyValueText names the value Heat gives an empty property of typ.
func emptyValueText(typ string) string {
	switch typ {
	case "integer", "number":
		return "0"
	case "list":
		return "an empty list"
	}
	return "empty text"
}
