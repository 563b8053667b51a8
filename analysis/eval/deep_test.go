package eval

import (
	"strings"
	"testing"
)

// nest wraps inner n times in open … close.
func nest(n int, open, inner, close string) string {
	return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
}

// TestDeepNesting evaluates values nested ten times past MaxDepth: the
// evaluation ends with an unknown that says why, never a failure Heat
// would not report, a panic or a stack overflow.
func TestDeepNesting(t *testing.T) {
	n := 10 * MaxDepth
	deepParens := nest(n, "(", "1", ")")
	cases := []struct {
		name, conds, expr string
		want              string // a fragment of show(value)
	}{
		{"list_join", "", nest(n, "{list_join: [',', [", "a", "]]}"), "nested deeper than heat-ls evaluates"},
		{"if", "", nest(n, "{if: [true, ", "a", ", b]}"), "nested deeper than heat-ls evaluates"},
		{"map_merge", "", nest(n, "{map_merge: [{a: ", "1", "}]}"), "nested deeper than heat-ls evaluates"},
		{"flow lists", "", nest(n, "[", "1", "]"), "nested deeper than heat-ls evaluates"},
		{"str_replace", "", nest(n, "{str_replace: {params: {x: y}, template: ", "x", "}}"), "nested deeper than heat-ls evaluates"},
		{"condition functions", "", "{if: [" + nest(n, "{not: ", "true", "}") + ", a, b]}", "nested deeper than heat-ls evaluates"},
		{"condition chain", chain(2 * MaxConditionChain), "{if: [c0, a, b]}", "deeper than heat-ls evaluates"},
		{"yaql parentheses", "", "{yaql: {expression: '" + deepParens + "'}}", "?<yaql: ((("},
		{"yaql not", "", "{yaql: {expression: '" + strings.Repeat("not ", n) + "true'}}", "?<yaql: not not"},
		{"yaql minus", "", "{yaql: {expression: '" + strings.Repeat("-", n) + "1'}}", "?<yaql: ---"},
		{"yaql chain", "", "{yaql: {expression: '1" + strings.Repeat("+1", 10*maxYaqlTokens) + "'}}", "?<yaql: 1+1"},
		{"yaql lists", "", "{yaql: {expression: '" + nest(n, "[", "1", "]") + "'}}", "?<yaql: [[["},
	}
	cases = append(cases,
		struct{ name, conds, expr, want string }{"str_replace keys", "", replaceWith(maxReplaceKeys+1, 1), "more params than heat-ls evaluates"},
		struct{ name, conds, expr, want string }{"str_replace work", "", replaceWith(maxReplaceKeys-1, 2000), "too large to preview"},
		struct{ name, conds, expr, want string }{"repeat lists", "", repeatOver(2*maxRepeatLists, 1), "more copies than heat-ls previews"},
		struct{ name, conds, expr, want string }{"repeat copies", "", repeatOver(6, 10), "more copies than heat-ls previews"},
	)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, probs := evalIn(t, "2021-04-16", "", c.conds, c.expr, nil)
			if v.IsKnown() {
				t.Errorf("got %.200s, want an unknown", show(v))
			}
			if got := show(firstUnknown(v)); !strings.Contains(got, c.want) {
				t.Errorf("got %.200s, want it to contain %q", got, c.want)
			}
			for _, p := range probs {
				t.Errorf("problem reported past the bound: %s", p.Message)
			}
		})
	}
}

// firstUnknown is the first unknown or invalid value inside v, or v.
func firstUnknown(v Value) Value {
	stack := []Value{v}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x.Kind == Unknown || x.Kind == Invalid {
			return x
		}
		stack = append(stack, x.Items...)
		stack = append(stack, x.Vals...)
	}
	return v
}

// replaceWith is a str_replace of keys params over a template holding
// the longest of them (replaced first) size times: each piece is split
// on every other key in turn.
func replaceWith(keys, size int) string {
	var b strings.Builder
	b.WriteString("{str_replace: {template: '" + strings.Repeat("longest_key ", size) + "', params: {longest_key: v, ")
	for i := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("k" + itoa(i) + ": v")
	}
	b.WriteString("}}}")
	return b.String()
}

// repeatOver is a permuting repeat over lists for_each lists of n items.
func repeatOver(lists, n int) string {
	items := "[" + strings.TrimSuffix(strings.Repeat("x, ", n), ", ") + "]"
	var b strings.Builder
	b.WriteString("{repeat: {template: t, for_each: {")
	for i := range lists {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("k" + itoa(i) + ": " + items)
	}
	b.WriteString("}}}")
	return b.String()
}

// chain is a conditions section of n conditions, each the negation of
// the next, the last true.
func chain(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("c" + itoa(i) + ": {not: c" + itoa(i+1) + "}\n")
	}
	b.WriteString("c" + itoa(n) + ": true")
	return b.String()
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var d []byte
	for ; i > 0; i /= 10 {
		d = append([]byte{byte('0' + i%10)}, d...)
	}
	return string(d)
}

// TestDeepYaqlLarge feeds the yaql subset 10 MB of one nesting or chain:
// it gives up early (MaxDepth, maxYaqlTokens), in time linear in the size.
func TestDeepYaqlLarge(t *testing.T) {
	const size = 10 << 20
	for name, expr := range map[string]string{
		"parentheses": strings.Repeat("(", size),
		"not":         strings.Repeat("not ", size/4),
		"plus":        "1" + strings.Repeat("+1", size/2),
		"dots":        "$" + strings.Repeat(".a", size/2),
	} {
		t.Run(name, func(t *testing.T) {
			if v, ok := evalYaql(expr, MapValue(nil, nil)); ok {
				t.Errorf("evaluated to %.80s, want unknown", show(v))
			}
		})
	}
}

// TestDeepJSONParameter reads a json parameter nested past MaxDepth (but
// within what Python reads): the deep part is unknown, not an error.
func TestDeepJSONParameter(t *testing.T) {
	text := nest(10*MaxDepth, "[", "1", "]")
	v, err := ParseJSON(text)
	if err != nil {
		t.Fatalf("ParseJSON: %v", err)
	}
	if v.IsKnown() {
		t.Errorf("the value past MaxDepth is known")
	}
	if _, err := ParseJSON(text[:len(text)-1]); err == nil {
		t.Errorf("an unbalanced text reads without error")
	}
}

// TestDeepEqual compares values ten times deeper than MaxDepth, as
// Python does: equal when they are, unequal at a difference at the
// bottom.
func TestDeepEqual(t *testing.T) {
	deep := func(leaf Value) Value {
		v := leaf
		for i := range 10 * MaxDepth {
			if i%2 == 0 {
				v = ListValue([]Value{v})
			} else {
				v = MapValue([]string{"k"}, []Value{v})
			}
		}
		return v
	}
	if !Equal(deep(IntValue(1)), deep(FloatValue(1))) {
		t.Errorf("equal deep values compare unequal")
	}
	if Equal(deep(IntValue(1)), deep(IntValue(2))) {
		t.Errorf("deep values differing at the bottom compare equal")
	}
}

// TestYaqlWork: operators copying a large text and distinct over a long
// list give up at their bounds instead of working quadratically.
func TestYaqlWork(t *testing.T) {
	big := StringValue(strings.Repeat("x", 1<<20))
	items := make([]Value, 10*maxDistinct)
	for i := range items {
		items[i] = IntValue(int64(i))
	}
	root := MapValue([]string{"data"}, []Value{MapValue([]string{"s", "l"}, []Value{big, ListValue(items)})})
	for _, c := range []struct {
		expr  string
		known bool
	}{
		{"$.data.s + $.data.s", true},
		{"$.data.s" + strings.Repeat(" + $.data.s", 2000), false},
		{"$.data.l.distinct()", false},
		{"$.data.l.len()", true},
	} {
		_, ok := evalYaql(c.expr, root)
		if ok != c.known {
			t.Errorf("%.40s…: worked out %v, want %v", c.expr, ok, c.known)
		}
	}
}
