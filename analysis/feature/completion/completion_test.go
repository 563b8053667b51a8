package completion

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/syntax/synthtest"
	"heat-ls/schema"
)

func completionSchema(t testing.TB) *schema.Schema {
	t.Helper()
	s, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func completionLabels(items []Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Label
	}
	return out
}

// cursorText splits a test text at its last "|" (the cursor; an earlier
// one may be a block scalar indicator).
func cursorText(t testing.TB, s string) ([]byte, int) {
	t.Helper()
	i := strings.LastIndex(s, "|")
	if i < 0 {
		t.Fatalf("no cursor in %q", s)
	}
	return []byte(s[:i] + s[i+1:]), i
}

var fixtureMarks = regexp.MustCompile(`⟨[^⟩]*⟩|⟦|⟧`)

// completionTexts are the marker fixtures without their markers, plus
// texts chosen to be awkward.
func completionTexts(t *testing.T) map[string][]byte {
	t.Helper()
	texts := map[string][]byte{
		"empty":         nil,
		"only newline":  []byte("\n"),
		"no newline":    []byte("heat_template_version: 2018-08-31\nresources:\n  a: {get_attr: [b, "),
		"brackets":      []byte("heat_template_version: 2018-08-31\nx: ]]]}}}[[[{{{\n- - - -\n: : :\n"),
		"quotes":        []byte("heat_template_version: '2018-08-31\nresources: \"a\n  b: 'c\n"),
		"block scalars": []byte("heat_template_version: 2018-08-31\ndescription: |\n  get_param: x\n  {[\nresources:\n  a:\n    type: >\n      b\n"),
		"multibyte":     []byte("heat_template_version: 2018-08-31\nparameters:\n  é😀: {type: string}\nresources:\n  ü:\n    type: OS::Nova::Server\n    properties:\n      name: {get_param: é😀}\n"),
		"crlf":          []byte("heat_template_version: 2018-08-31\r\nresources:\r\n  a:\r\n    type: OS::Nova::Server\r\n    properties:\r\n      name: {get_\r\n"),
		"tabs":          []byte("heat_template_version: 2018-08-31\n\tresources:\n\t\ta:\t{\t"),
		"deep":          []byte("heat_template_version: 2018-08-31\nresources:\n  a:\n    properties:\n      x: " + string(slices.Repeat([]byte("[{"), 300)) + "\n"),
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "testdata", "markers", "*.yaml"))
	if len(files) == 0 {
		t.Fatal("no fixtures in testdata/markers")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts[filepath.Base(f)] = fixtureMarks.ReplaceAll(b, nil)
	}
	return texts
}

// TestCompleteEveryOffset asks for completion at every offset of many
// texts (and past their end): it must not panic, and every item must
// replace a span that ends at the cursor (or at the end of a plain
// scalar right after it), with unique sort keys.
func TestCompleteEveryOffset(t *testing.T) {
	s := completionSchema(t)
	for name, src := range completionTexts(t) {
		doc := hot.Parse(src)
		for off := -2; off <= len(src)+2; off++ {
			for _, snippets := range []bool{true, false} {
				items := Complete(Request{Doc: doc, LastGood: doc, Offset: off, Schema: s, Snippets: snippets})
				// An offset inside a character counts as that character's start.
				cursor := off
				for cursor > 0 && cursor < len(src) && !utf8.RuneStart(src[cursor]) {
					cursor--
				}
				// A plain scalar right after the cursor is replaced too.
				end := cursor
				if e, ok := TextAhead(src, cursor); ok {
					end = e
				}
				seen := map[string]bool{}
				for _, it := range items {
					if it.Edit.End != end || it.Edit.Start < 0 || it.Edit.Start > it.Edit.End {
						t.Fatalf("%s at %d: %q edits %v", name, off, it.Label, it.Edit)
					}
					if it.Label == "" || it.Insert == "" || it.SortText == "" || seen[it.SortText] {
						t.Fatalf("%s at %d: bad item %+v", name, off, it)
					}
					seen[it.SortText] = true
					if !snippets && it.Snippet {
						t.Fatalf("%s at %d: snippet %q for a client without snippets", name, off, it.Insert)
					}
				}
			}
		}
	}
}

func TestCompleteNamesWhileBroken(t *testing.T) {
	s := completionSchema(t)
	good := hot.Parse([]byte("heat_template_version: 2018-08-31\nparameters:\n  old_param: {type: string}\nresources:\n  r:\n    type: OS::Heat::None\n"))
	src, off := cursorText(t, "heat_template_version: 2018-08-31\nparameters:\n  old_param: {type: string}\n  new_param: {type: string}\nresources:\n  r:\n    type: OS::Heat::None\n    properties:\n      a: {get_param: |\n")
	cur := hot.Parse(src)
	if !cur.Syntax.Broken {
		t.Fatal("test text should be broken YAML")
	}
	tests := []struct {
		name     string
		lastGood *hot.Document
		want     []string
	}{
		// Names come from the tree recovered from the current text,
		// with or without a last good parse.
		{"last good", good, []string{"old_param", "new_param"}},
		{"opened broken", nil, []string{"old_param", "new_param"}},
	}
	for _, tc := range tests {
		got := completionLabels(Complete(Request{Doc: cur, LastGood: tc.lastGood, Offset: off, Schema: s}))
		var params []string
		for _, l := range got {
			if l != "" && l[0] != 'O' { // drop pseudo parameters (OS::…)
				params = append(params, l)
			}
		}
		if !slices.Equal(params, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestCompleteOnlyTopLevelWithoutVersion(t *testing.T) {
	s := completionSchema(t)
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"hea|", true},
		{"foo:\n  b|", false},
		{"resources:\n  a:\n    type: OS::|", false},
	} {
		src, off := cursorText(t, tc.text)
		items := Complete(Request{Doc: hot.Parse(src), Offset: off, Schema: s})
		if got := slices.Contains(completionLabels(items), "heat_template_version"); got != tc.want {
			t.Errorf("%q: offers heat_template_version = %v, want %v (%v)", tc.text, got, tc.want, completionLabels(items))
		}
		if !tc.want && len(items) > 0 {
			t.Errorf("%q: %d items for a text that is not a template", tc.text, len(items))
		}
	}
}

func TestCompleteAttributeHook(t *testing.T) {
	s := completionSchema(t)
	src, off := cursorText(t, "heat_template_version: 2018-08-31\nresources:\n  nested:\n    type: child.yaml\noutputs:\n  o:\n    value: {get_attr: [nested, |]}\n")
	doc := hot.Parse(src)
	more := func(r *hot.Resource) []string {
		if r.Type == "child.yaml" {
			return []string{"child_output"}
		}
		return nil
	}
	got := completionLabels(Complete(Request{Doc: doc, Offset: off, Schema: s, MoreAttributes: more}))
	if !slices.Equal(got, []string{"child_output"}) {
		t.Fatalf("got %v, want the hook's attribute", got)
	}
}

func TestRequiredPropertiesSortFirst(t *testing.T) {
	s := completionSchema(t)
	src, off := cursorText(t, "heat_template_version: 2018-08-31\nresources:\n  a:\n    type: OS::Cinder::VolumeAttachment\n    properties:\n      |\n")
	items := Complete(Request{Doc: hot.Parse(src), Offset: off, Schema: s})
	sort.Slice(items, func(i, j int) bool { return items[i].SortText < items[j].SortText })
	var required []string
	for i, it := range items {
		if it.Required {
			required = append(required, it.Label)
			if i >= 2 {
				t.Errorf("required %q sorted at %d", it.Label, i)
			}
		}
	}
	if !slices.Equal(required, []string{"instance_uuid", "volume_id"}) {
		t.Errorf("required %v", required)
	}
}

// BenchmarkCompletion measures one completion on a 12,000-line template at
// several places (function names, get_param names, property names, resource
// types, top-level keys) and reports the 99th percentile latency.
func BenchmarkCompletion(b *testing.B) {
	s := completionSchema(b)
	base := synthtest.GenerateTemplate(12000)
	doc := hot.Parse(base)
	if doc.Template == nil {
		b.Fatal("generated template did not parse")
	}
	// Text typed after the last resource, the worst case for walking up
	// the text: the resources section spans almost every line above.
	at := bytes.Index(base, []byte("\noutputs:")) + 1
	if at <= 0 {
		b.Fatal("generated template has no outputs section")
	}
	insert := func(text string) (*hot.Document, int) {
		src := append(append(append([]byte(nil), base[:at]...), text...), base[at:]...)
		return hot.Parse(src), at + len(text)
	}
	type spot struct {
		doc *hot.Document
		off int
	}
	var spots []spot
	for _, text := range []string{
		"  extra:\n    type: OS::Nova::Server\n    properties:\n      flavor: {get_",
		"  extra:\n    type: OS::Nova::Server\n    properties:\n      flavor: {get_param: ",
		"  extra:\n    type: OS::Nova::Server\n    properties:\n      ",
		"  extra:\n    type: OS::Nova::",
		"  extra:\n    type: OS::Heat::None\n    depends_on: [",
		"  extra:\n    type: OS::Heat::None\n    properties:\n      value: {get_attr: [port_1, ",
		"  extra:\n    ",
	} {
		d, off := insert(text)
		spots = append(spots, spot{d, off})
	}
	// Spots in the good text, with the current parse: a top-level key
	// (siblings are searched through the whole text) and the middle.
	spots = append(spots, spot{doc, at}, spot{doc, len(base) / 2})

	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sp := spots[i%len(spots)]
		start := time.Now()
		Complete(Request{Doc: sp.doc, LastGood: doc, Offset: sp.off, Schema: s, Snippets: true})
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(lat)
	p99 := lat[(len(lat)*99)/100]
	if len(lat) < 100 {
		p99 = lat[len(lat)-1]
	}
	b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
}

func TestCompleteSpecialPlaces(t *testing.T) {
	s := completionSchema(t)
	tests := []struct {
		name, text string
		want       []string // exact labels, nil for none
	}{
		{"environment sections", "parameters: {}\n|", []string{"parameter_defaults", "resource_registry", "encrypted_param_names", "event_sinks", "parameter_merge_strategies"}},
		{"dash without its space", "heat_template_version: 2018-08-31\nresources:\n  a:\n    type: OS::Heat::None\n  b:\n    type: OS::Heat::None\n    depends_on:\n      -|\n", []string{"a"}}, // the item writes "- a"
		{"dash with its space", "heat_template_version: 2018-08-31\nresources:\n  a:\n    type: OS::Heat::None\n  b:\n    type: OS::Heat::None\n    depends_on:\n      - |\n", []string{"a"}},
		{"in a description", "heat_template_version: 2018-08-31\ndescription: uses get_|\n", nil},
		{"in a comment", "heat_template_version: 2018-08-31\n# get_|\n", nil},
	}
	for _, tc := range tests {
		src, off := cursorText(t, tc.text)
		got := completionLabels(Complete(Request{Doc: hot.Parse(src), Offset: off, Schema: s}))
		if len(got) == 0 {
			got = nil
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestCompleteDeepLinesAreRefused: a line nested a hundred thousand levels
// gets no completion (beyond maxPathDepth), and reading it stays linear:
// a quadratic column count would make this test take minutes.
func TestCompleteDeepLinesAreRefused(t *testing.T) {
	s := completionSchema(t)
	const depth = 100000
	for name, text := range map[string]string{
		"flow":  "heat_template_version: 2018-08-31\nresources: " + strings.Repeat("[", depth) + strings.Repeat("]", depth) + "\n",
		"maps":  "heat_template_version: 2018-08-31\nresources: " + strings.Repeat("{a: ", depth) + "1" + strings.Repeat("}", depth) + "\n",
		"block": "heat_template_version: 2018-08-31\nresources:\n" + strings.Repeat("- ", depth) + "x\n",
		"calls": "heat_template_version: 2018-08-31\noutputs:\n  o:\n    value: " + strings.Repeat("{get_param: [", depth/4) + "p" + strings.Repeat("]}", depth/4) + "\n",
	} {
		src := []byte(text)
		doc := hot.Parse(src)
		for _, off := range []int{len(src) / 2, len(src) - 2} {
			if items := Complete(Request{Doc: doc, LastGood: doc, Offset: off, Schema: s}); len(items) > 0 {
				t.Errorf("%s at %d: %d items, want none this deep", name, off, len(items))
			}
		}
	}
}
