package feature

import (
	"strings"
	"testing"

	"heat-ls/analysis/hot"
	"heat-ls/analysis/source"
)

func text(src string, sp source.Span) string { return src[sp.Start:sp.End] }

func TestDefinition(t *testing.T) {
	doc := hot.Parse([]byte(locateTemplate))
	tests := []struct {
		probe string
		def   string // probe (with |) of the definition key, "" for none
	}{
		{"{get_param: ima|ge}", "  |image:\n    type"},
		{"[im|age, x]", "  |image:\n    type"},
		{"'fl|avor'", "  |flavor:\n    type"},
		{`"fla|vor"`, "  |flavor:\n    type"},
		{"      - im|age", "  |image:\n    type"},
		{"depends_on: [n|et]", "  |net:\n    type"},
		{"{get_resource: n|et}", "  |net:\n    type"},
		{"{get_attr: [n|et, name]}", "  |net:\n    type"},
		{"    condition: is_p|rod", "  |is_prod: {"},
		{"{if: [is_p|rod", "  |is_prod: {"},
		{"{not: is_|prod}", "  |is_prod: {"},
		{"[is_prod, not_pr|od]", "  |not_prod: {"},
		{"    condition: not_p|rod", "  |not_prod: {"},
		{"{get_attr: [net, na|me]}", ""},
		{"type: OS::Nova::Se|rver", ""},
		{"{get_reso|urce", ""},
	}
	for _, tc := range tests {
		sp, ok := Definition(doc, at(t, locateTemplate, tc.probe))
		if tc.def == "" {
			if ok {
				t.Errorf("%q: unexpected definition %v", tc.probe, sp)
			}
			continue
		}
		want := at(t, locateTemplate, tc.def)
		if !ok || sp.Start != want {
			t.Errorf("%q: got %v %v, want start %d", tc.probe, sp, ok, want)
		}
	}
}

func TestDefinitionPseudoParameter(t *testing.T) {
	src := "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Heat::None\n    properties:\n      a: {get_param: OS::stack_name}\n"
	doc := hot.Parse([]byte(src))
	if _, ok := Definition(doc, at(t, src, "OS::stack|_name")); ok {
		t.Fatal("pseudo parameter has a definition")
	}
}

func TestFindReferences(t *testing.T) {
	doc := hot.Parse([]byte(locateTemplate))
	for _, probe := range []string{"  ser|ver:\n", "depends_on: ser|ver", "[ser|ver, first_address]"} {
		refs := FindReferences(doc, at(t, locateTemplate, probe), true)
		if len(refs) != 3 || !refs[0].Definition || refs[1].Definition {
			t.Errorf("%q: %+v", probe, refs)
		}
		for _, r := range refs {
			if text(locateTemplate, r.Span) != "server" {
				t.Errorf("%q: span %q", probe, text(locateTemplate, r.Span))
			}
		}
		if refs := FindReferences(doc, at(t, locateTemplate, probe), false); len(refs) != 2 {
			t.Errorf("%q without declaration: %+v", probe, refs)
		}
	}
	if refs := FindReferences(doc, at(t, locateTemplate, "{get_reso|urce"), true); refs != nil {
		t.Errorf("function name has references: %+v", refs)
	}
}

func TestRename(t *testing.T) {
	tests := []struct {
		probe, newName string
		errPart        string
		want           []string // substrings of the renamed text
		gone           string   // must no longer appear
	}{
		{probe: "'fl|avor'", newName: "size", want: []string{`- "size"`, "  size:\n    type", "{get_param: 'size'}"}},
		{probe: "depends_on: [n|et]", newName: "network", want: []string{"  network:\n    type: OS::Neutron::Net", "depends_on: [network]", "{get_resource: network}", "{get_attr: [network, name]}"}},
		{probe: "  is_p|rod: {", newName: "prod", want: []string{"{not: prod}", "[prod, not_prod]", "condition: prod", "{if: [prod, a, b]}"}, gone: "is_prod"},
		{probe: "{get_param: ima|ge}", newName: "img", want: []string{"{Ref: img}", "[img, x]", "      - img\n"}},
		{probe: "depends_on: [n|et]", newName: "server", errPart: "already exists"},
		{probe: "depends_on: [n|et]", newName: "a b", errPart: "not a safe name"},
		{probe: "depends_on: [n|et]", newName: "", errPart: "empty"},
		{probe: "depends_on: [n|et]", newName: "true", errPart: "boolean"},
		{probe: "depends_on: [n|et]", newName: "1net", errPart: "not a safe name"},
		{probe: "{get_reso|urce", newName: "x", errPart: "function"},
		{probe: "    condi|tion: is_prod", newName: "x", errPart: "not a parameter"},
		{probe: "  o|ut:\n", newName: "x", errPart: "outputs"},
	}
	for _, tc := range tests {
		doc := hot.Parse([]byte(locateTemplate))
		edits, err := Rename(doc, at(t, locateTemplate, tc.probe), tc.newName)
		if tc.errPart != "" {
			if err == nil || !strings.Contains(err.Error(), tc.errPart) || !IsRenameError(err) {
				t.Errorf("%q → %q: err %v, want %q", tc.probe, tc.newName, err, tc.errPart)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.probe, err)
			continue
		}
		got := applyEdits(locateTemplate, edits)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%q → %q: result lacks %q:\n%s", tc.probe, tc.newName, w, got)
			}
		}
		if tc.gone != "" && strings.Contains(got, tc.gone) {
			t.Errorf("%q: %q still present", tc.probe, tc.gone)
		}
		// The renamed template still has the same references.
		if hot.Parse([]byte(got)).Template == nil {
			t.Errorf("%q: result is not a template", tc.probe)
		}
	}
}

func TestPrepareRenamePseudo(t *testing.T) {
	src := "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Heat::None\n    properties:\n      a: {get_param: OS::stack_name}\n"
	_, _, err := PrepareRename(hot.Parse([]byte(src)), at(t, src, "OS::stack|_name"))
	if err == nil || !strings.Contains(err.Error(), "pseudo") {
		t.Fatalf("err %v", err)
	}
	sp, name, err := PrepareRename(hot.Parse([]byte(locateTemplate)), at(t, locateTemplate, `"fla|vor"`))
	if err != nil || name != "flavor" || text(locateTemplate, sp) != "flavor" {
		t.Fatalf("prepare on quoted: %v %q %v", sp, name, err)
	}
}

// applyEdits applies non-overlapping edits.
func applyEdits(src string, edits []Edit) string {
	out := src
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		out = out[:e.Span.Start] + e.NewText + out[e.Span.End:]
	}
	return out
}

func TestDocumentSymbols(t *testing.T) {
	doc := hot.Parse([]byte(locateTemplate))
	syms := DocumentSymbols(doc)
	var names []string
	for _, s := range syms {
		names = append(names, s.Name)
	}
	if strings.Join(names, ",") != "heat_template_version,description,parameter_groups,parameters,conditions,resources,outputs" {
		t.Fatalf("sections %v", names)
	}
	res := syms[5]
	if len(res.Children) != 3 || res.Children[1].Name != "server" || res.Children[1].Detail != "OS::Nova::Server" || res.Children[1].Kind != SymbolResource {
		t.Fatalf("resources %+v", res.Children)
	}
	srv := res.Children[1]
	if text(locateTemplate, srv.SelectionSpan) != "server" || !strings.HasPrefix(text(locateTemplate, srv.Span), "server:\n    type") || !strings.HasSuffix(text(locateTemplate, srv.Span), "{if: [is_prod, a, b]}") {
		t.Fatalf("server spans %q / %q", text(locateTemplate, srv.SelectionSpan), text(locateTemplate, srv.Span))
	}
	if p := syms[3].Children[0]; p.Detail != "string" || p.Kind != SymbolParameter {
		t.Fatalf("parameter %+v", p)
	}
	if syms[0].Detail != "2018-08-31" || syms[2].Children[0].Name != "g" {
		t.Fatalf("version / groups %+v %+v", syms[0], syms[2])
	}
	flat := FlattenSymbols(syms)
	found := false
	for _, f := range flat {
		if f.Name == "is_prod" && f.Container == "conditions" && f.Kind == SymbolCondition {
			found = true
		}
	}
	if !found {
		t.Fatal("flat list lacks is_prod")
	}
}

func TestWorkspaceSymbols(t *testing.T) {
	docs := []NamedDocument{{URI: "file:///a.yaml", Doc: hot.Parse([]byte(locateTemplate))}, {URI: "file:///b.yaml", Doc: hot.Parse([]byte("heat_template_version: 2018-08-31\nresources:\n  Servers_Group:\n    type: OS::Heat::None\n"))}}
	got := WorkspaceSymbols(docs, "SERV")
	if len(got) != 2 || got[0].Name != "server" || got[1].Name != "Servers_Group" || got[1].URI != "file:///b.yaml" {
		t.Fatalf("%+v", got)
	}
	if got := WorkspaceSymbols(docs, "nprd"); len(got) != 1 || got[0].Name != "not_prod" {
		t.Fatalf("fuzzy: %+v", got)
	}
	if got := WorkspaceSymbols(docs, "zzz"); len(got) != 0 {
		t.Fatalf("no match: %+v", got)
	}
}

// TestViewRecovered: a text broken in the middle gets a tree of its own,
// and queries below the break answer on it with exact positions.
func TestViewRecovered(t *testing.T) {
	good := hot.Parse([]byte(locateTemplate))
	// Break the YAML in the middle: an unclosed flow mapping in conditions.
	broken := strings.Replace(locateTemplate, "  both: {and: [is_prod, not_prod]}", "  both: {and: [is_prod, ", 1)
	cur := hot.Parse([]byte(broken))
	if !cur.Syntax.Broken || !cur.Syntax.HasTree() {
		t.Fatalf("want a broken text with a recovered tree: %+v", cur.Syntax.Problems)
	}
	v := NewView(cur, good)
	if v.Stale() || v.Doc != cur {
		t.Fatal("view not on the recovered parse")
	}
	off := at(t, broken, "{get_resource: n|et}")
	sp, ok := Definition(v.Doc, off)
	if !ok || text(broken, sp) != "net" || sp.Start != at(t, broken, "  |net:\n") {
		t.Fatalf("definition %v %v", sp, ok)
	}
}

// TestViewLastGood: a text that breaks in a way no tree is recovered from
// (an alias to no anchor) is queried on the last good parse, mapped.
func TestViewLastGood(t *testing.T) {
	good := hot.Parse([]byte(locateTemplate))
	broken := strings.Replace(locateTemplate, "  both: {and: [is_prod, not_prod]}", "  both: {and: [is_prod, *nope]}", 1)
	cur := hot.Parse([]byte(broken))
	if !cur.Syntax.Broken || cur.Syntax.HasTree() {
		t.Fatal("test text should be broken beyond recovery")
	}
	v := NewView(cur, good)
	if !v.Stale() {
		t.Fatal("view not on last good")
	}
	// A reference after the edit still resolves, mapped back to current text.
	off := at(t, broken, "{get_resource: n|et}")
	o, ok := v.Offset(off)
	if !ok {
		t.Fatal("offset after the edit not mapped")
	}
	sp, ok := Definition(v.Doc, o)
	if !ok {
		t.Fatal("no definition")
	}
	back, ok := v.Span(sp)
	if !ok || text(broken, back) != "net" || back.Start != at(t, broken, "  |net:\n") {
		t.Fatalf("mapped back %v %v", back, ok)
	}
	// The resources section encloses an edit in its middle: its range still
	// maps, grown by the length difference.
	broken2 := strings.Replace(locateTemplate, "deletion_policy: Retain", "deletion_policy: *Retain", 1)
	v2 := NewView(hot.Parse([]byte(broken2)), good)
	if !v2.Stale() {
		t.Fatal("second edit parses")
	}
	for _, sym := range DocumentSymbols(v2.Doc) {
		if sym.Name == "resources" {
			cur, ok := v2.Span(sym.Span)
			if !ok || cur.Len() != sym.Span.Len()+1 {
				t.Fatalf("enclosing span %v → %v %v", sym.Span, cur, ok)
			}
		}
	}
	// The edited line itself is out of reach.
	if _, ok := v.Offset(at(t, broken, "{and: [is_p|rod")); ok {
		t.Fatal("edited line mapped")
	}
}

// Lines inserted above the cursor shift the mapping by whole lines.
func TestLineMapInsertedLines(t *testing.T) {
	old := "a: 1\nb: 2\nc: 3\nd: 4\n"
	cur := "a: 1\nb: 2\nx: [\ny: {\nc: 3\nd: 4\n"
	m := NewLineMap([]byte(cur), []byte(old))
	tests := []struct {
		cur, old int
		ok       bool
	}{
		{0, 0, true},
		{6, 6, true},                        // "b"
		{strings.Index(cur, "x"), 0, false}, // inserted line
		{strings.Index(cur, "y"), 0, false}, // inserted line
		{strings.Index(cur, "c"), strings.Index(old, "c"), true}, // shifted
		{strings.Index(cur, "4"), strings.Index(old, "4"), true},
		{len(cur), len(old), true},
	}
	for _, tc := range tests {
		got, ok := m.ToOld(tc.cur)
		if ok != tc.ok || ok && got != tc.old {
			t.Errorf("ToOld(%d) = %d %v, want %d %v", tc.cur, got, ok, tc.old, tc.ok)
		}
		if !tc.ok {
			continue
		}
		back, ok := m.FromOld(source.Span{Start: tc.old, End: tc.old})
		if !ok || back.Start != tc.cur {
			t.Errorf("FromOld(%d) = %v %v, want %d", tc.old, back, ok, tc.cur)
		}
	}
}
