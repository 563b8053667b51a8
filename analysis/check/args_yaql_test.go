package check

import (
	"testing"

	"heat-ls/analysis/rules"
)

// TestYaqlExpression: where a refused yaql expression is reported. The
// finding sits on the refused token when the scalar's text is its value
// character for character, else on the whole scalar.
func TestYaqlExpression(t *testing.T) {
	out := func(expr string) string {
		return "heat_template_version: 2018-08-31\nparameters:\n  x: {type: string}\noutputs:\n  o:\n    value:\n      yaql:\n        expression: " + expr + "\n        data: {a: 1}\n"
	}
	runStructureCases(t, []structureCase{
		{"accepted", out("$.data.a.select($ * 2)"), nil},
		{"plain: the token", out("$.data.a == 1"),
			[]want{{rules.YaqlSyntax, E, "=", "at character 11: unexpected `=`"}}},
		{"plain: a bad escape", out("concat($.data.a, '\\x4g')"),
			[]want{{rules.YaqlSyntax, E, "\\x4g", "two hexadecimal digits"}}},
		{"plain: the end", out("$.data.("),
			[]want{{rules.YaqlSyntax, E, "", "at its end"}}},
		{"double-quoted: the token", out(`"$.data.a )"`),
			[]want{{rules.YaqlSyntax, E, ")", "at character 10"}}},
		{"single-quoted: the token", out(`'$.data.a @'`),
			[]want{{rules.YaqlSyntax, E, "@", "illegal character `@`"}}},
		{"single-quoted with a doubled quote: the scalar", out(`'$.data.a ''x'' )'`),
			[]want{{rules.YaqlSyntax, E, `'$.data.a ''x'' )'`, "at character 10: unexpected `'x'`"}}},
		{"double-quoted with an escape: the scalar", out(`"$.data.a\u0020)"`),
			[]want{{rules.YaqlSyntax, E, `"$.data.a\u0020)"`, "at character 10"}}},
		{"block scalar: the scalar", out("|\n          $.data.a\n          )"),
			[]want{{rules.YaqlSyntax, E, "|\n          $.data.a\n          )", "unexpected `)`"}}},
		{"a call: not judged", out("{get_param: x}"), nil},
		{"a list", out("[a]"),
			[]want{{rules.YaqlSyntax, E, "[a]", "must be text, not a list"}}},
		{"a number", out("5"),
			[]want{{rules.YaqlSyntax, E, "5", "Heat reads 5 as a number"}}},
	})
}
