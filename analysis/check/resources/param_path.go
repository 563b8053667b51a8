package resources

import (
	"strconv"
	"strings"

	"heat-ls/analysis/check/values"
	"heat-ls/analysis/source"
	"heat-ls/analysis/syntax"
	"heat-ls/schema"
)

// EmptyFromParamPath reports whether n is a get_param call whose path
// certainly finds nothing, so that Heat resolves it to empty text: Heat
// swallows the failed lookup and hands ” to the property. That is
// certain when the path goes into a number or boolean parameter (not a
// container at all), or when its first key is not a whole number and the
// parameter is text or a comma-delimited list (both are read as sequences,
// and a sequence takes only whole-number keys), or when a path item is no
// key or index at all (a list, mapping or null). The value the user gives
// does not matter in any of these cases. name and typ describe the
// parameter, for messages.
func (rc *ResourceChecker) EmptyFromParamPath(n *syntax.Node) (name, typ string, ok bool) {
	args := GetParamArgs(n)
	if rc.p.T == nil || !args.IsSequence() || len(args.Items()) < 2 {
		return "", "", false
	}
	first := args.Items()[0].Resolve()
	if !first.IsScalar() || values.IsFunctionCall(first) {
		return "", "", false
	}
	prm := rc.p.T.Parameter(first.Value)
	if prm == nil {
		return "", "", false
	}
	for _, it := range args.Items()[1:] {
		if it := it.Resolve(); !values.IsFunctionCall(it) && !values.IsScalarLiteral(it) {
			return prm.Name, prm.Type, true // no key or index: Heat's lookup fails whatever the value
		}
	}
	switch prm.Type {
	case "number", "boolean":
		return prm.Name, prm.Type, true
	case "string", "comma_delimited_list":
		key := args.Items()[1].Resolve()
		if !key.IsScalar() || key.IsNull() || values.IsFunctionCall(key) || looksLikeIndex(key.Value) {
			return "", "", false
		}
		return prm.Name, prm.Type, true
	}
	return "", "", false
}

// GetParamArgs is the argument of n when n is a get_param call, else nil.
func GetParamArgs(n *syntax.Node) *syntax.Node {
	n = n.Resolve()
	if !n.IsMapping() || n.NumPairs() != 1 || n.Pair(0).Key.Value != "get_param" {
		return nil
	}
	return n.Pair(0).Value.Resolve()
}

// looksLikeIndex: text Python's int() might read as a whole number (kept
// generous, so that only keys that are plainly not numbers count).
func looksLikeIndex(s string) bool {
	s = strings.TrimSpace(strings.ReplaceAll(s, "_", ""))
	s = strings.TrimLeft(s, "+-")
	_, err := strconv.Atoi(s)
	return err == nil || s == ""
}

// CheckEmptyFromParamPath judges a get_param whose path finds nothing as
// the empty text Heat puts in the property. A get_param of a parameter
// the parent template gives empty text, or a path into a list the parent
// gives, is judged the same way with the text it gives, and its problems
// are kept for the parent.
func (rc *ResourceChecker) CheckEmptyFromParamPath(prop *schema.Property, n, key, anchor *syntax.Node, depth int) {
	if !rc.judgesHandedText(prop) {
		return
	}
	name, typ, ok := rc.EmptyFromParamPath(n)
	inherited, text := false, ""
	if !ok {
		if rc.parent == nil {
			return
		}
		text, inherited = rc.parent.Gives(rc.p.T, n)
		if !inherited {
			return
		}
	}
	for i, ds := 0, rc.checkHandedText(prop, text, n, key, anchor, depth); i < len(ds); i++ {
		d := &ds[i]
		if inherited {
			rc.parent.Keep(d)
			continue
		}
		d.Message = "`get_param` gives empty text here, because the path after the " + typ + " parameter `" + name + "` finds nothing. " + d.Message
		d.Suggestions = nil
	}
}

// judgesHandedText: prop is judged against text that a function call
// hands it: a scalar property, or a built-in type's list property (which
// refuses text at create; a nested template's comma_delimited_list
// parameter splits it into a list instead).
func (rc *ResourceChecker) judgesHandedText(prop *schema.Property) bool {
	switch prop.Type {
	case "string", "integer", "number", "boolean":
		return true
	case "list", "map":
		// A type built from a template converts text for these; one
		// built from Heat's code refuses it.
		return rc.rt != nil && rc.rt.RegistryKind == "class"
	}
	return false
}

// checkHandedText judges text as the value of prop in place of call n
// and returns the diagnostics that made (to be worded by the caller).
func (rc *ResourceChecker) checkHandedText(prop *schema.Property, text string, n, key, anchor *syntax.Node, depth int) []source.Diagnostic {
	value := syntax.NewScalar("!!str", syntax.DoubleQuoted, text, n.Span())
	return rc.checkStandIn(prop, value, key, anchor, depth)
}
