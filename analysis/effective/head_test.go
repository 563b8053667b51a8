package effective

import (
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/schema"
)

func TestHead(t *testing.T) {
	lines := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString("line\n")
		}
		return strings.TrimSuffix(b.String(), "\n")
	}
	long := strings.Repeat("é", headBytes)
	for _, tc := range []struct {
		name, value, shown, rest string
	}{
		{"short", "dev", "dev", ""},
		{"twenty lines", lines(20), lines(20), ""},
		{"twenty lines and a newline", lines(20) + "\n", lines(20) + "\n", ""},
		{"twenty-one lines", lines(21), lines(20), "… 1 more line"},
		{"a thousand lines", lines(1000) + "\n", lines(20), "… 980 more lines"},
		{"one long line", long, long[:headBytes] + " …", "… " + plural(headBytes/2, "more character")},
		{"a long line, then more", long + "\nx\ny", long[:headBytes] + " …", "… the rest of this line and 2 more lines"},
	} {
		shown, rest := head(tc.value)
		if shown != tc.shown || rest != tc.rest {
			t.Errorf("%s: head is %d bytes, %q; want %d bytes, %q", tc.name, len(shown), rest, len(tc.shown), tc.rest)
		}
	}
}

// TestHoverOfAHugeDefaultIsBounded: a hover over a parameter whose default
// runs thousands of lines shows a head and says how much is left.
func TestHoverOfAHugeDefaultIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("heat_template_version: rocky\nparameters:\n  big:\n    type: string\n    default: |\n")
	for i := 0; i < 12000; i++ {
		b.WriteString("      a line of the default that goes on for a while\n")
	}
	b.WriteString("  data:\n    type: json\n    default: {")
	for i := 0; i < 5000; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("key" + strings.Repeat("k", i%7) + string(rune('a'+i%26)) + ": value")
	}
	b.WriteString("}\noutputs:\n  o:\n    value: [{get_param: big}, {get_param: data}]\n")
	src := b.String()
	doc := hot.ParseNamed("/p/t.yaml", []byte(src))
	sc, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	vals := Compute(doc, "/p/t.yaml", nil, true, sc)
	for _, tc := range []struct{ at, rest string }{
		{"get_param: big", "… 11980 more lines"},
		{"get_param: data", "more characters"},
	} {
		for _, markdown := range []bool{false, true} {
			h, ok := vals.Hover(doc, strings.Index(src, tc.at)+11, markdown)
			if !ok || len(h.Text) > headBytes+1000 || !strings.Contains(h.Text, tc.rest) || !strings.Contains(h.Text, "Effective value") {
				t.Errorf("%s (markdown %v): a hover of %d bytes: %.300q…", tc.at, markdown, len(h.Text), h.Text)
			}
		}
	}
}
