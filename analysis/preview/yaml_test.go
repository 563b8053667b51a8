package preview

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"heat-ls/analysis/eval"
	"heat-ls/analysis/syntax"
)

// TestYAMLRoundTrip: what WriteYAML writes reads back (with Heat's YAML
// 1.1 rules) as the value written, and WriteJSON's output is JSON of the
// same value, for the preview of every case and for awkward texts.
func TestYAMLRoundTrip(t *testing.T) {
	sc := loadSchema(t)
	values := map[string]eval.Value{
		"texts": eval.ListValue([]eval.Value{
			eval.StringValue("yes"), eval.StringValue("No"), eval.StringValue("012"), eval.StringValue("1:30"),
			eval.StringValue("2018-08-31"), eval.StringValue("- a"), eval.StringValue("a: b"), eval.StringValue("a #b"),
			eval.StringValue("#!/bin/sh\necho hi\n"), eval.StringValue("line\n  indented\n\nend"), eval.StringValue(" lead"),
			eval.StringValue("trail "), eval.StringValue("tab\there"), eval.StringValue("{x}"), eval.StringValue("*star"),
			eval.StringValue(""), eval.StringValue("~"), eval.StringValue("null"), eval.StringValue("é ü"), eval.StringValue("%index%"),
			eval.StringValue("@at"), eval.StringValue("`tick"), eval.StringValue("'q'"), eval.StringValue("\"dq\""),
			eval.StringValue("multi\nline with trailing space \nend"), eval.StringValue("\x01ctl"),
		}),
		"nested": eval.MapValue([]string{"a", "yes", "1", "k: v", ""}, []eval.Value{
			eval.ListValue([]eval.Value{eval.MapValue([]string{"x", "y"}, []eval.Value{eval.IntValue(1), eval.ListValue(nil)}), eval.ListValue([]eval.Value{eval.FloatValue(1.5)})}),
			eval.BoolValue(true), eval.NullValue(), eval.MapValue(nil, nil), eval.StringValue("e"),
		}),
	}
	dirs, _ := filepath.Glob("../../testdata/preview/cases/*")
	for _, dir := range dirs {
		envs, _ := filepath.Glob(filepath.Join(dir, "env*.yaml"))
		slices.Sort(envs)
		res := runPreview(t, sc, filepath.Join(dir, "template.yaml"), envs, nil)
		values[filepath.Base(dir)] = res.Stack.Value()
	}
	for name, v := range values {
		var b strings.Builder
		WriteYAML(&b, v)
		f := syntax.Parse([]byte(b.String()))
		if f.Broken || len(f.Problems) > 0 {
			t.Errorf("%s: the YAML does not parse: %v\n%s", name, f.Problems, b.String())
			continue
		}
		want, got := eval.JSON(placeholders(v)), eval.JSON(eval.Literal(f.Root()))
		if got != want {
			t.Errorf("%s: read back\n%s\nwant\n%s\nfrom\n%s", name, got, want, b.String())
		}
		var j strings.Builder
		WriteJSON(&j, v)
		var decoded any
		if err := json.Unmarshal([]byte(j.String()), &decoded); err != nil {
			t.Errorf("%s: the JSON does not parse: %v\n%s", name, err, j.String())
		}
	}
}

// placeholders is v with unknown and invalid values as the texts the
// writers put in their place.
func placeholders(v eval.Value) eval.Value {
	switch v.Kind {
	case eval.Unknown:
		return eval.StringValue(v.S)
	case eval.Invalid:
		return eval.StringValue("<error: " + v.S + ">")
	case eval.List:
		items := make([]eval.Value, len(v.Items))
		for i, it := range v.Items {
			items[i] = placeholders(it)
		}
		return eval.ListValue(items)
	case eval.Map:
		vals := make([]eval.Value, len(v.Vals))
		for i, it := range v.Vals {
			vals[i] = placeholders(it)
		}
		return eval.MapValue(v.Keys, vals)
	}
	return v
}

// TestQuoteYAMLFastPath checks that the wrapped texts are quoted as the
// JSON writer quotes them.
func TestQuoteYAMLFastPath(t *testing.T) {
	for _, s := range []string{"", "0", "12", "a b", "~", "<get_attr: a.b>", "x\"y", `back\slash`, "tab\t", "é", "\x7f", "line\nbreak", "\U0001F600"} {
		if got, want := quoteYAML(s), eval.JSON(eval.StringValue(s)); got != want {
			t.Errorf("quoteYAML(%q) = %s, want %s", s, got, want)
		}
	}
}

// TestResourceFieldCount checks that a resource's map is sized to the
// fields written, so that it never grows.
func TestResourceFieldCount(t *testing.T) {
	cond := eval.BoolValue(true)
	for _, r := range []*Resource{
		{Type: "OS::Heat::None"},
		{Type: "T", Implementation: "t.yaml", Condition: &cond, Metadata: eval.MapValue([]string{"a"}, []eval.Value{eval.IntValue(1)}),
			DeletionPolicy: "Retain", UpdatePolicy: eval.MapValue(nil, nil), DependsOn: []string{"a"}, RequiredBy: []string{"b"}, NotExpanded: "deeper"},
		{Type: "T", Nested: &Stack{}},
	} {
		v := r.value(0)
		if got := r.fieldCount(); got != len(v.Keys) || cap(v.Keys) != len(v.Keys) {
			t.Errorf("%+v: counted %d fields, wrote %d (room for %d)", r, got, len(v.Keys), cap(v.Keys))
		}
	}
}

// TestWriteScalarYAML pins the text written for each kind of scalar, and
// for texts written plain, quoted or as literal blocks at two indents.
func TestWriteScalarYAML(t *testing.T) {
	for _, tc := range []struct {
		s      string
		indent int
		want   string
	}{
		{"#!/bin/sh\necho hi\n", 0, "|\n#!/bin/sh\necho hi"},
		{"#!/bin/sh\necho hi\n", 4, "|\n    #!/bin/sh\n    echo hi"},
		{"a\nb", 4, "|-\n    a\n    b"},
		{"line\n  indented\n\nend", 4, "|-\n    line\n      indented\n\n    end"},
		{"last \nline", 4, "|-\n    last \n    line"},
		{"line\nlast ", 4, "\"line\\nlast \""},
		{"x\n\n", 4, "\"x\\n\\n\""},
		{"\nstarts empty", 4, "|-\n\n    starts empty"},
		{" lead\nx", 4, "\" lead\\nx\""},
		{"tab\there\nx", 4, "\"tab\\there\\nx\""},
		{"é\nü\n", 4, "|\n    é\n    ü"},
		{"ctl\x01\nx", 4, "\"ctl\\u0001\\nx\""},
		{"bom\ufeff\nx", 4, "\"bom\\ufeff\\nx\""},
		{"plain", 4, "plain"},
		{"needs: quote", 4, "\"needs: quote\""},
		{"0123", 4, "\"0123\""},
		{"q\"uote", 4, "\"q\\\"uote\""},
	} {
		var b strings.Builder
		v := eval.StringValue(tc.s)
		writeScalarYAML(&b, &v, tc.indent)
		if b.String() != tc.want {
			t.Errorf("%q at %d: wrote %q, want %q", tc.s, tc.indent, b.String(), tc.want)
		}
	}
	for _, tc := range []struct {
		v    eval.Value
		want string
	}{
		{eval.NullValue(), "null"}, {eval.BoolValue(true), "true"}, {eval.BoolValue(false), "false"},
		{eval.IntValue(3), "3"}, {eval.FloatValue(1.5), "1.5"}, {eval.InvalidValue(`bad "x"`), `"<error: bad \"x\">"`},
		{eval.UnknownValue("<get_attr: a.b>"), `"<get_attr: a.b>"`}, {eval.MapValue(nil, nil), "{}"}, {eval.ListValue(nil), "[]"},
	} {
		var b strings.Builder
		writeScalarYAML(&b, &tc.v, 2)
		if b.String() != tc.want {
			t.Errorf("%v: wrote %q, want %q", tc.v.Kind, b.String(), tc.want)
		}
	}
}

// TestTypedWord holds typedWord to the words in every case (and to
// strings.ToLower's reading of them) over every string of up to five
// characters from letters of the words, their capitals and look-alikes.
func TestTypedWord(t *testing.T) {
	words := map[string]bool{"y": true, "n": true, "yes": true, "no": true, "true": true, "false": true, "on": true, "off": true, "null": true}
	chars := []string{"y", "Y", "e", "s", "S", "n", "N", "o", "O", "f", "F", "t", "r", "u", "U", "a", "l", "L", "ſ", "K", "x"}
	var walk func(s string, depth int)
	walk = func(s string, depth int) {
		if got, want := typedWord(s), words[strings.ToLower(s)]; got != want {
			t.Errorf("typedWord(%q) = %v, want %v", s, got, want)
		}
		if depth == 5 {
			return
		}
		for _, c := range chars {
			walk(s+c, depth+1)
		}
	}
	walk("", 0)
}

// TestPlainOKBytes holds plainOK to YAML's rules for every byte inside a
// text: line breaks, tabs, flow and quote indicators refuse the plain
// form, ":" only before a blank and "#" only after one; any other byte
// keeps it.
func TestPlainOKBytes(t *testing.T) {
	refuse := "\n\r\t{}[],&*!|>'\"%@`"
	for c := 0; c < 256; c++ {
		s := "a" + string([]byte{byte(c)}) + "b"
		want := !strings.ContainsRune(refuse, rune(c))
		if got := plainOK(s); got != want {
			t.Errorf("plainOK(%q) = %v, want %v", s, got, want)
		}
	}
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"a:b", true}, {"a: b", false}, {"a:", false}, {"a#b", true}, {"a #b", false}, {"#a", false}, {"a b", true}, {"aé:ü", true},
	} {
		if got := plainOK(tc.s); got != tc.want {
			t.Errorf("plainOK(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

// TestAllDigitsLookTyped holds the shortcut plainOK takes before the
// pattern: every run of digits is a text the pattern finds typed, and
// texts with any other byte are left to the pattern.
func TestAllDigitsLookTyped(t *testing.T) {
	for _, s := range []string{"0", "1", "09", "123", "0000", "2021", "12345678901234567890"} {
		if !allDigits(s) || !looksTyped().MatchString(s) || plainOK(s) {
			t.Errorf("%q: allDigits %v, looksTyped %v, plainOK %v", s, allDigits(s), looksTyped().MatchString(s), plainOK(s))
		}
	}
	for _, s := range []string{"", "1a", "a1", "1 2", "-1", "1.5", "١"} {
		if allDigits(s) {
			t.Errorf("allDigits(%q) = true", s)
		}
	}
}
