package yaql

import "testing"

// TestCheck covers each construct once, with the byte offset of the
// refused token: the recorded verdicts (TestRecordedVerdicts) are the
// thorough test, these say what each rule of the grammar is for.
func TestCheck(t *testing.T) {
	const ok = -1
	tests := []struct {
		name, expr string
		at         int // byte offset of the refusal, or ok
		kind       ErrorKind
	}{
		{"dollar alone", "$", ok, 0},
		{"context path", "$.data.var1.sum()", ok, 0},
		{"safe navigation", "$.a?.b", ok, 0},
		{"keyword arguments", "let(x => 1) -> $x", ok, 0},
		{"lambda argument", "$.select($ * 2)", ok, 0},
		{"list and map", "[1, {a => 2}][0]", ok, 0},
		{"keyword operators", "not $a and $b or $c in [1] and 7 mod 2 = 1", ok, 0},
		{"a word before ( is a function", "not($a)", ok, 0},
		{"unicode names", "$.größe.名前", ok, 0},
		{"empty slot", "f(a,,b)", ok, 0},
		{"leading comma", "f(,a)", ok, 0},
		{"two commas before a named argument", "f(a,, b => 1)", ok, 0},
		{"strings", "'a\\'b' + \"\\u00e9\" + `\\q`", ok, 0},
		{"newlines separate tokens", "$a\n+\r\n$b", ok, 0},
		{"number then dot", "1.x", ok, 0},

		{"empty", "", 0, EndOfInput},
		{"dangling dot", "$.data.(", 8, EndOfInput},
		{"unclosed index", "$.a[0", 5, EndOfInput},
		{"doubled equals", "$a == 1", 4, Grammar},
		{"trailing garbage", "$a $b", 3, Grammar},
		{"unexpected closer", "f(a]", 3, Grammar},
		{"trailing comma", "f(a,)", 4, Grammar},
		{"three commas before a named argument", "f(a,,, b => 1)", 9, Grammar},
		{"positional after named", "f(a => 1, b)", 11, Grammar},
		{"named twice", "f(a => b => c)", 9, Grammar},
		{"mapping in parentheses", "(a => b)", 3, Grammar},
		{"keyword operator then (", "$a and($b)", 3, Grammar},
		{"two strings", "'a''b'", 3, Grammar},
		{"illegal character", "$a @ 1", 3, Lexical},
		{"lexing is lazy", ") @", 0, Grammar},
		{"double underscore", "__a", 0, Lexical},
		{"digit then letter", "1a", 0, Lexical},
		{"unterminated string", "'abc", 0, Lexical},
		{"form feed", "a\fb", 1, Lexical},
		{"short hex escape", "'\\x4g'", 1, Escape},
		{"beyond Unicode", "'\\U00110000'", 1, Escape},
		{"bad character name", "'\\N{a_b}'", 1, Escape},
		{"after a multibyte character", "'é' )", 5, Grammar},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := Check(tt.expr)
			switch {
			case tt.at == ok && e != nil:
				t.Fatalf("Check(%q) refuses it: %v at %d", tt.expr, e, e.Offset)
			case tt.at == ok:
			case e == nil:
				t.Fatalf("Check(%q) accepts it", tt.expr)
			case e.Offset != tt.at || e.Kind != tt.kind:
				t.Fatalf("Check(%q) = kind %d at %d (%s), want kind %d at %d", tt.expr, e.Kind, e.Offset, e, tt.kind, tt.at)
			}
		})
	}
}

// BenchmarkCheck measures one typical expression of a template.
func BenchmarkCheck(b *testing.B) {
	const expr = "$.data.servers.where($.status = 'ACTIVE').select(dict(name => $.name, ip => $.addresses[0]))"
	for b.Loop() {
		if Check(expr) != nil {
			b.Fatal("refused")
		}
	}
}
