package eval

import (
	"testing"

	"heat-ls/analysis/syntax"
)

// TestYaqlSubset: the expressions heat-ls evaluates give what yaql (the
// library Heat runs, version 2.0) gives for the same data; outside the
// subset the value is unknown, never a guess.
func TestYaqlSubset(t *testing.T) {
	data := Literal(mustParse(t, `{l: [3, 1, 2, 1], m: {a: x, b: y}, s: Hello World, n: [[1, 2], [3]]}`))
	root := MapValue([]string{"data"}, []Value{data})
	tests := map[string]string{ // recorded from yaql
		"$.data.l.len()":                        `4`,
		"$.data.l.distinct()":                   `[3, 1, 2]`,
		"$.data.l.max()":                        `3`,
		"$.data.l.min()":                        `1`,
		"$.data.l.first()":                      `3`,
		"$.data.l.last()":                       `1`,
		"$.data.m.keys()":                       `["a", "b"]`,
		"$.data.m.values()":                     `["x", "y"]`,
		"$.data.s.toUpper()":                    `"HELLO WORLD"`,
		"$.data.s.split(' ')":                   `["Hello", "World"]`,
		"$.data.s.replace('o', '0')":            `"Hell0 W0rld"`,
		"$.data.s.startsWith('He')":             `true`,
		"$.data.n.flatten()":                    `[1, 2, 3]`,
		"$.data.l.where($ > 1).select($ * 10)":  `[30, 20]`,
		"$.data.l[0] + 2":                       `5`,
		"$.data.m.a":                            `"x"`,
		"$.data.l.sum()":                        `7`,
		"$.data.s.len()":                        `11`,
		"len($.data.l)":                         `4`,
		"$.data.l.contains(2)":                  `true`,
		"2 in $.data.l":                         `true`,
		"$.data.l.count()":                      `4`,
		"not true":                              `false`,
		"true and false or true":                `true`,
		"$.data.m.keys().join('-')":             `"a-b"`,
		"'a' + 'b'":                             `"ab"`,
		"$.data.l.toList()":                     `[3, 1, 2, 1]`,
		"str(5)":                                `"5"`,
		"$.data.l[-1]":                          `1`,
		"$.data.missing":                        `unknown`, // yaql raises KeyError
		"$.data.l.orderBy($)":                   `unknown`, // outside the subset
		"$.data.l.select($.x)":                  `unknown`,
		"regex('a').matches($.data.s)":          `unknown`,
		"$.data.s.substring(1)":                 `unknown`,
		"$.data.l.where($ > 1).select($ * 10 )": `[30, 20]`,
	}
	for expr, want := range tests {
		v, ok := evalYaql(expr, root)
		got := "unknown"
		if ok {
			got = JSON(v)
		}
		if got != want {
			t.Errorf("%s: %s, want %s", expr, got, want)
		}
	}
}

func mustParse(t *testing.T, src string) *syntax.Node {
	t.Helper()
	f := syntax.Parse([]byte(src))
	if f.Broken {
		t.Fatalf("%s: %v", src, f.Problems)
	}
	return f.Root()
}
