package lsp

// The marker runner: every testdata/markers/*.yaml fixture is sent through
// the real server (in process, over net.Pipe) and its "#@" expectations are
// checked against the answers. testdata/README.md documents the format;
// keep the two in step.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"heat-ls/analysis/source"
)

const (
	markerOpen   = "⟨"
	markerClose  = "⟩"
	typedOpen    = "⟦"
	typedClose   = "⟧"
	markerURI    = "file:///fixture.yaml"
	markerPrefix = "#@"
)

// fixture is one parsed marker file.
type fixture struct {
	file string
	// text is what the editor finally holds; opened is the first text sent
	// (text without the ⟦typed⟧ parts), equal to text when there are none.
	text, opened string
	markers      map[string]int // name → byte offset in text
	expects      []expectation
	noSnippets   bool
}

// expectation is one "#@verb args" line.
type expectation struct {
	line int // 1-based line in the fixture file
	verb string
	args []string
}

func (e expectation) where(f *fixture) string { return fmt.Sprintf("%s:%d", f.file, e.line) }

// parseFixture strips markers, typed regions and the trailing "#@" block.
func parseFixture(file string, raw string) (*fixture, error) {
	f := &fixture{file: file, markers: map[string]int{}}
	lines := strings.SplitAfter(raw, "\n")
	// The expectation block: the trailing run of "#@" and blank lines.
	cut := len(lines)
	for cut > 0 {
		l := strings.TrimSpace(lines[cut-1])
		if l != "" && !strings.HasPrefix(l, markerPrefix) {
			break
		}
		cut--
	}
	for i := cut; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if l == "" {
			continue
		}
		fields, err := splitArgs(strings.TrimPrefix(l, markerPrefix))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, i+1, err)
		}
		if len(fields) == 0 {
			return nil, fmt.Errorf("%s:%d: empty #@ line", file, i+1)
		}
		if fields[0] == "client" {
			for _, a := range fields[1:] {
				if a != "nosnippets" {
					return nil, fmt.Errorf("%s:%d: unknown client option %q", file, i+1, a)
				}
				f.noSnippets = true
			}
			continue
		}
		f.expects = append(f.expects, expectation{line: i + 1, verb: fields[0], args: fields[1:]})
	}
	for i := 0; i < cut; i++ {
		if strings.Contains(lines[i], markerPrefix) && strings.HasPrefix(strings.TrimSpace(lines[i]), markerPrefix) {
			return nil, fmt.Errorf("%s:%d: #@ lines belong at the end of the file", file, i+1)
		}
	}
	body := strings.Join(lines[:cut], "")
	var text, opened strings.Builder
	inTyped := false
	for len(body) > 0 {
		switch {
		case strings.HasPrefix(body, markerOpen):
			end := strings.Index(body, markerClose)
			if end < 0 {
				return nil, fmt.Errorf("%s: unclosed %s marker", file, markerOpen)
			}
			name := body[len(markerOpen):end]
			if name == "" || strings.ContainsAny(name, " \t\n.") {
				return nil, fmt.Errorf("%s: bad marker name %q", file, name)
			}
			if _, dup := f.markers[name]; dup {
				return nil, fmt.Errorf("%s: marker %q used twice", file, name)
			}
			f.markers[name] = text.Len()
			body = body[end+len(markerClose):]
		case strings.HasPrefix(body, typedOpen):
			if inTyped {
				return nil, fmt.Errorf("%s: nested %s", file, typedOpen)
			}
			inTyped = true
			body = body[len(typedOpen):]
		case strings.HasPrefix(body, typedClose):
			if !inTyped {
				return nil, fmt.Errorf("%s: %s without %s", file, typedClose, typedOpen)
			}
			inTyped = false
			body = body[len(typedClose):]
		default:
			_, size := utf8.DecodeRuneInString(body)
			text.WriteString(body[:size])
			if !inTyped {
				opened.WriteString(body[:size])
			}
			body = body[size:]
		}
	}
	if inTyped {
		return nil, fmt.Errorf("%s: unclosed %s", file, typedOpen)
	}
	f.text, f.opened = text.String(), opened.String()
	return f, nil
}

// splitArgs splits on spaces; a double-quoted part (Go syntax) may hold
// spaces and is unquoted, also when glued to a prefix such as ~"a b".
func splitArgs(s string) ([]string, error) {
	var out []string
	s = strings.TrimSpace(s)
	for s != "" {
		var cur strings.Builder
		for s != "" && s[0] != ' ' && s[0] != '\t' {
			if s[0] == '"' {
				q, err := strconv.QuotedPrefix(s)
				if err != nil {
					return nil, fmt.Errorf("bad quoted text in %q", s)
				}
				u, _ := strconv.Unquote(q)
				cur.WriteString(u)
				s = s[len(q):]
				continue
			}
			cur.WriteByte(s[0])
			s = s[1:]
		}
		out = append(out, cur.String())
		s = strings.TrimLeft(s, " \t")
	}
	return out, nil
}

// verbCapability maps each verb to the server capability it needs ("" for
// none). A verb missing here is unknown and fails the fixture.
var verbCapability = map[string]string{
	"complete":         "completionProvider",
	"item":             "completionProvider",
	"hover":            "hoverProvider",
	"definition":       "definitionProvider",
	"references":       "referencesProvider",
	"highlight":        "documentHighlightProvider",
	"rename":           "renameProvider",
	"prepareRename":    "renameProvider",
	"symbols":          "documentSymbolProvider",
	"workspaceSymbols": "workspaceSymbolProvider",
	"codeaction":       "codeActionProvider",
	"diag":             "",
	"nodiag":           "",
	// marker_visual_test.go
	"token":     "semanticTokensProvider",
	"notoken":   "semanticTokensProvider",
	"fold":      "foldingRangeProvider",
	"nofold":    "foldingRangeProvider",
	"selection": "selectionRangeProvider",
	"signature": "signatureHelpProvider",
	"inlay":     "inlayHintProvider",
	"lens":      "codeLensProvider",
	"nolens":    "codeLensProvider",
	"condlens":  "codeLensProvider",
}

func TestMarkers(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "markers", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no fixtures in testdata/markers")
	}
	for _, path := range files {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.ToSlash(filepath.Join("testdata", "markers", filepath.Base(path)))
		f, err := parseFixture(name, string(raw))
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		for _, enc := range []source.Encoding{source.UTF16, source.UTF8} {
			t.Run(filepath.Base(path)+"/"+encName(enc), func(t *testing.T) { runFixture(t, f, enc) })
		}
	}
}

func encName(enc source.Encoding) string {
	if enc == source.UTF8 {
		return "utf-8"
	}
	return "utf-16"
}

// markerSession is one fixture run against one server.
type markerSession struct {
	t      *testing.T
	c      *testClient
	f      *fixture
	enc    source.Encoding
	m      *source.Mapper
	caps   map[string]json.RawMessage
	diags  []wireDiagnostic
	nextID int
}

type wirePos struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type wireRange struct {
	Start wirePos `json:"start"`
	End   wirePos `json:"end"`
}

type wireDiagnostic struct {
	Range    wireRange       `json:"range"`
	Severity int             `json:"severity"`
	Code     json.RawMessage `json:"code"`
	Message  string          `json:"message"`
	// Data is sent back in code action requests, as editors do.
	Data json.RawMessage `json:"data,omitempty"`
}

func (d wireDiagnostic) code() string {
	var s string
	if json.Unmarshal(d.Code, &s) == nil {
		return s
	}
	return string(d.Code)
}

func runFixture(t *testing.T, f *fixture, enc source.Encoding) {
	c := startServer(t)
	encs := `["utf-16"]`
	if enc == source.UTF8 {
		encs = `["utf-8","utf-16"]`
	}
	snippets := "true"
	if f.noSnippets {
		snippets = "false"
	}
	caps := `{"general":{"positionEncodings":` + encs + `},"textDocument":{` +
		`"completion":{"completionItem":{"snippetSupport":` + snippets + `,"labelDetailsSupport":true,"deprecatedSupport":true,"tagSupport":{"valueSet":[1]}}},` +
		`"hover":{"contentFormat":["markdown","plaintext"]},` +
		`"documentSymbol":{"hierarchicalDocumentSymbolSupport":true},` +
		`"rename":{"prepareSupport":true},` +
		`"codeAction":{"codeActionLiteralSupport":{"codeActionKind":{"valueSet":["quickfix","refactor","source"]}}},` +
		`"publishDiagnostics":{"relatedInformation":true,"tagSupport":{"valueSet":[1,2]}},` + visualClientCapabilities + `}}`
	init := c.initialize(caps)
	var result struct {
		Capabilities map[string]json.RawMessage `json:"capabilities"`
	}
	if err := json.Unmarshal(init.Result, &result); err != nil {
		t.Fatalf("initialize result: %v", err)
	}
	s := &markerSession{t: t, c: c, f: f, enc: enc, m: source.NewMapper([]byte(f.text)), caps: result.Capabilities}

	openDoc(c, markerURI, 1, f.opened)
	version := 1
	if f.opened != f.text {
		s.waitDiagnostics(version)
		version++
		changeDoc(c, markerURI, version, `[{"text":`+jsonString(f.text)+`}]`)
	}
	s.diags = s.waitDiagnostics(version)

	for _, e := range f.expects {
		s.run(e)
	}
}

// waitDiagnostics waits for the diagnostics of the given version.
func (s *markerSession) waitDiagnostics(version int) []wireDiagnostic {
	s.t.Helper()
	for {
		m := s.c.notification("textDocument/publishDiagnostics")
		var p struct {
			URI         string           `json:"uri"`
			Version     *int             `json:"version"`
			Diagnostics []wireDiagnostic `json:"diagnostics"`
		}
		if err := json.Unmarshal(m.Params, &p); err != nil {
			s.t.Fatalf("publishDiagnostics: %v", err)
		}
		if p.URI == markerURI && p.Version != nil && *p.Version == version {
			return p.Diagnostics
		}
	}
}

func (s *markerSession) run(e expectation) {
	capName, known := verbCapability[e.verb]
	if !known {
		s.t.Errorf("%s: unknown verb #@%s", e.where(s.f), e.verb)
		return
	}
	if capName != "" && !s.advertised(capName, e.verb) {
		s.t.Errorf("%s: #@%s needs %s, which the server does not advertise", e.where(s.f), e.verb, capName)
		return
	}
	var err error
	switch e.verb {
	case "complete":
		err = s.complete(e.args)
	case "item":
		err = s.item(e.args)
	case "hover":
		err = s.hover(e.args)
	case "definition":
		err = s.locations("textDocument/definition", e.args, false)
	case "references":
		err = s.locations("textDocument/references", e.args, false)
	case "highlight":
		err = s.locations("textDocument/documentHighlight", e.args, true)
	case "rename":
		err = s.rename(e.args)
	case "prepareRename":
		err = s.prepareRename(e.args)
	case "symbols":
		err = s.symbols(e.args)
	case "workspaceSymbols":
		err = s.workspaceSymbols(e.args)
	case "codeaction":
		err = s.codeAction(e.args)
	case "diag":
		err = s.diag(e.args)
	case "nodiag":
		err = s.nodiag(e.args)
	default:
		err = s.runVisual(e) // marker_visual_test.go
	}
	if err != nil {
		s.t.Errorf("%s: #@%s %s: %v", e.where(s.f), e.verb, strings.Join(e.args, " "), err)
	}
}

func (s *markerSession) advertised(capName, verb string) bool {
	raw, ok := s.caps[capName]
	if !ok || string(raw) == "null" || string(raw) == "false" {
		return false
	}
	if verb == "prepareRename" {
		var opts struct {
			PrepareProvider bool `json:"prepareProvider"`
		}
		return json.Unmarshal(raw, &opts) == nil && opts.PrepareProvider
	}
	return true
}

// pos is the protocol position of a marker.
func (s *markerSession) pos(name string) (wirePos, error) {
	off, ok := s.f.markers[name]
	if !ok {
		return wirePos{}, fmt.Errorf("no marker %q", name)
	}
	p := s.m.Position(off, s.enc)
	return wirePos{Line: p.Line, Character: p.Character}, nil
}

// markerAt names the marker at p, or describes p when none is there.
func (s *markerSession) markerAt(p wirePos) string {
	off, _ := s.m.Offset(source.Position{Line: p.Line, Character: p.Character}, s.enc)
	var names []string
	for n, o := range s.f.markers {
		if o == off {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		line, col := s.m.LineCol(off)
		return fmt.Sprintf("(%d:%d)", line, col)
	}
	sort.Strings(names)
	return names[0]
}

// markerRange is "a" (a position) or "a..b" (a range); only.
func (s *markerSession) matchRange(spec string, r wireRange) bool {
	start, end, isRange := strings.Cut(spec, "..")
	sp, err := s.pos(start)
	if err != nil || sp != r.Start {
		return false
	}
	if !isRange {
		return true
	}
	ep, err := s.pos(end)
	return err == nil && ep == r.End
}

func (s *markerSession) call(method string, params any) (json.RawMessage, error) {
	s.nextID++
	m := s.c.call(jsonString(s.nextID), method, jsonString(params))
	if m.Error != nil {
		return nil, fmt.Errorf("%s answered error %d: %s", method, m.Error.Code, m.Error.Message)
	}
	return m.Result, nil
}

func textDocPos(p wirePos) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": markerURI}, "position": p}
}

// cut splits args at "->".
func cutArrow(args []string) (before, after []string, ok bool) {
	i := slices.Index(args, "->")
	if i < 0 {
		return args, nil, false
	}
	return args[:i], args[i+1:], true
}

// ---- completion ----

type wireTextEdit struct {
	Range   *wireRange `json:"range"`
	Insert  *wireRange `json:"insert"`
	Replace *wireRange `json:"replace"`
	NewText string     `json:"newText"`
}

type wireCompletionItem struct {
	Label        string `json:"label"`
	Kind         int    `json:"kind"`
	Detail       string `json:"detail"`
	LabelDetails *struct {
		Detail      string `json:"detail"`
		Description string `json:"description"`
	} `json:"labelDetails"`
	Documentation    json.RawMessage `json:"documentation"`
	Deprecated       bool            `json:"deprecated"`
	Tags             []int           `json:"tags"`
	SortText         string          `json:"sortText"`
	FilterText       string          `json:"filterText"`
	InsertText       string          `json:"insertText"`
	InsertTextFormat int             `json:"insertTextFormat"`
	TextEdit         *wireTextEdit   `json:"textEdit"`
}

func (it wireCompletionItem) doc() string {
	var s string
	if json.Unmarshal(it.Documentation, &s) == nil {
		return s
	}
	var mc struct {
		Value string `json:"value"`
	}
	json.Unmarshal(it.Documentation, &mc)
	return mc.Value
}

func (it wireCompletionItem) newText() string {
	if it.TextEdit != nil {
		return it.TextEdit.NewText
	}
	if it.InsertText != "" {
		return it.InsertText
	}
	return it.Label
}

func (it wireCompletionItem) sortKey() string {
	if it.SortText != "" {
		return it.SortText
	}
	return it.Label
}

func (s *markerSession) completion(marker string) ([]wireCompletionItem, error) {
	p, err := s.pos(marker)
	if err != nil {
		return nil, err
	}
	res, err := s.call("textDocument/completion", textDocPos(p))
	if err != nil {
		return nil, err
	}
	var items []wireCompletionItem
	if len(res) > 0 && res[0] == '{' {
		var list struct {
			Items []wireCompletionItem `json:"items"`
		}
		if err := json.Unmarshal(res, &list); err != nil {
			return nil, err
		}
		items = list.Items
	} else if string(res) != "null" {
		if err := json.Unmarshal(res, &items); err != nil {
			return nil, err
		}
	}
	// The order a client shows: by sortText, then label.
	sort.SliceStable(items, func(i, j int) bool {
		if a, b := items[i].sortKey(), items[j].sortKey(); a != b {
			return a < b
		}
		return items[i].Label < items[j].Label
	})
	return items, nil
}

func labels(items []wireCompletionItem) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Label
	}
	return out
}

func shortList(l []string) string {
	if len(l) > 25 {
		return strings.Join(l[:25], " ") + fmt.Sprintf(" … (%d in all)", len(l))
	}
	return strings.Join(l, " ")
}

// complete: #@complete MARKER (+label | -label | =a,b,c | first=label | a<b | none)...
func (s *markerSession) complete(args []string) error {
	if len(args) < 2 {
		return fmt.Errorf("want a marker and at least one check")
	}
	items, err := s.completion(args[0])
	if err != nil {
		return err
	}
	got := labels(items)
	for _, a := range args[1:] {
		switch {
		case a == "none":
			if len(got) != 0 {
				return fmt.Errorf("want no items, got %s", shortList(got))
			}
		case strings.HasPrefix(a, "+"):
			if !slices.Contains(got, a[1:]) {
				return fmt.Errorf("missing %q in %s", a[1:], shortList(got))
			}
		case strings.HasPrefix(a, "-"):
			if slices.Contains(got, a[1:]) {
				return fmt.Errorf("unexpected %q", a[1:])
			}
		case strings.HasPrefix(a, "="):
			want := strings.Split(a[1:], ",")
			g := slices.Clone(got)
			slices.Sort(want)
			slices.Sort(g)
			if !slices.Equal(want, g) {
				return fmt.Errorf("labels %v, want exactly %v", g, want)
			}
		case strings.HasPrefix(a, "first="):
			if len(got) == 0 || got[0] != a[len("first="):] {
				return fmt.Errorf("first item is not %q: %s", a[len("first="):], shortList(got))
			}
		case strings.Contains(a, "<"):
			x, y, _ := strings.Cut(a, "<")
			i, j := slices.Index(got, x), slices.Index(got, y)
			if i < 0 || j < 0 || i >= j {
				return fmt.Errorf("want %q before %q: %s", x, y, shortList(got))
			}
		default:
			return fmt.Errorf("unknown completion check %q", a)
		}
	}
	return nil
}

// item: #@item MARKER LABEL checks... on one completion item.
func (s *markerSession) item(args []string) error {
	if len(args) < 3 {
		return fmt.Errorf("want a marker, a label and at least one check")
	}
	items, err := s.completion(args[0])
	if err != nil {
		return err
	}
	i := slices.IndexFunc(items, func(it wireCompletionItem) bool { return it.Label == args[1] })
	if i < 0 {
		return fmt.Errorf("no item %q in %s", args[1], shortList(labels(items)))
	}
	it := items[i]
	for _, a := range args[2:] {
		key, val, _ := strings.Cut(a, "=")
		switch {
		case strings.HasPrefix(a, "detail~"):
			d := it.Detail
			if it.LabelDetails != nil {
				d += " " + it.LabelDetails.Detail + " " + it.LabelDetails.Description
			}
			if !strings.Contains(d, a[len("detail~"):]) {
				return fmt.Errorf("detail %q lacks %q", d, a[len("detail~"):])
			}
		case strings.HasPrefix(a, "doc~"):
			if !strings.Contains(it.doc(), a[len("doc~"):]) {
				return fmt.Errorf("documentation %q lacks %q", it.doc(), a[len("doc~"):])
			}
		case a == "doc":
			if strings.TrimSpace(it.doc()) == "" {
				return fmt.Errorf("no documentation")
			}
		case a == "snippet":
			if it.InsertTextFormat != 2 {
				return fmt.Errorf("insertTextFormat %d, want 2 (snippet)", it.InsertTextFormat)
			}
		case a == "plain":
			if it.InsertTextFormat == 2 {
				return fmt.Errorf("item is a snippet, want plain text")
			}
		case a == "deprecated":
			if !it.Deprecated && !slices.Contains(it.Tags, 1) {
				return fmt.Errorf("not marked deprecated")
			}
		case a == "!deprecated":
			if it.Deprecated || slices.Contains(it.Tags, 1) {
				return fmt.Errorf("marked deprecated")
			}
		case key == "insert":
			if it.newText() != val {
				return fmt.Errorf("inserts %q, want %q", it.newText(), val)
			}
		case key == "edit":
			if it.TextEdit == nil {
				return fmt.Errorf("no textEdit")
			}
			r := it.TextEdit.Range
			if r == nil {
				r = it.TextEdit.Replace
			}
			if r == nil || !s.matchRange(val, *r) {
				return fmt.Errorf("textEdit range %+v, want %s", r, val)
			}
		case key == "filter":
			if it.FilterText != val {
				return fmt.Errorf("filterText %q, want %q", it.FilterText, val)
			}
		case key == "kind":
			if strconv.Itoa(it.Kind) != val {
				return fmt.Errorf("kind %d, want %s", it.Kind, val)
			}
		default:
			return fmt.Errorf("unknown item check %q", a)
		}
	}
	return nil
}

// ---- hover ----

// hover: #@hover MARKER (~"text" | -"text" | none | range=a..b)...
func (s *markerSession) hover(args []string) error {
	if len(args) < 2 {
		return fmt.Errorf("want a marker and at least one check")
	}
	p, err := s.pos(args[0])
	if err != nil {
		return err
	}
	res, err := s.call("textDocument/hover", textDocPos(p))
	if err != nil {
		return err
	}
	var h *struct {
		Contents json.RawMessage `json:"contents"`
		Range    *wireRange      `json:"range"`
	}
	if err := json.Unmarshal(res, &h); err != nil {
		return err
	}
	text := ""
	if h != nil {
		var mc struct {
			Value string `json:"value"`
		}
		if json.Unmarshal(h.Contents, &mc) == nil && mc.Value != "" {
			text = mc.Value
		} else if json.Unmarshal(h.Contents, &text) != nil {
			text = string(h.Contents)
		}
	}
	for _, a := range args[1:] {
		switch {
		case a == "none":
			if h != nil {
				return fmt.Errorf("want no hover, got %q", text)
			}
		case strings.HasPrefix(a, "~"):
			if h == nil || !strings.Contains(text, a[1:]) {
				return fmt.Errorf("hover %q lacks %q", text, a[1:])
			}
		case strings.HasPrefix(a, "-"):
			if strings.Contains(text, a[1:]) {
				return fmt.Errorf("hover %q contains %q", text, a[1:])
			}
		case strings.HasPrefix(a, "range="):
			if h == nil || h.Range == nil || !s.matchRange(a[len("range="):], *h.Range) {
				return fmt.Errorf("hover range is not %s", a[len("range="):])
			}
		default:
			return fmt.Errorf("unknown hover check %q", a)
		}
	}
	return nil
}

// ---- definition, references, highlight ----

// locations: #@definition MARKER -> m1 m2 | none; #@references MARKER
// [nodecl] -> ...; #@highlight MARKER -> ... (each target "a" or "a..b";
// the set of answers must match exactly, in any order).
func (s *markerSession) locations(method string, args []string, highlight bool) error {
	before, after, ok := cutArrow(args)
	if !ok || len(before) == 0 {
		return fmt.Errorf("want MARKER -> targets")
	}
	p, err := s.pos(before[0])
	if err != nil {
		return err
	}
	params := textDocPos(p)
	if method == "textDocument/references" {
		params["context"] = map[string]any{"includeDeclaration": !slices.Contains(before[1:], "nodecl")}
	}
	res, err := s.call(method, params)
	if err != nil {
		return err
	}
	var ranges []wireRange
	if string(res) != "null" {
		var one struct {
			URI   string     `json:"uri"`
			Range *wireRange `json:"range"`
		}
		var many []struct {
			URI         string     `json:"uri"`
			Range       *wireRange `json:"range"`
			TargetRange *wireRange `json:"targetSelectionRange"`
		}
		if res[0] == '{' {
			if err := json.Unmarshal(res, &one); err != nil {
				return err
			}
			if one.Range != nil {
				ranges = append(ranges, *one.Range)
			}
		} else if err := json.Unmarshal(res, &many); err != nil {
			return err
		}
		for _, l := range many {
			switch {
			case l.Range != nil:
				ranges = append(ranges, *l.Range)
			case l.TargetRange != nil:
				ranges = append(ranges, *l.TargetRange)
			}
		}
	}
	return s.matchTargets(after, ranges)
}

// matchTargets compares answer ranges with target specs, order-insensitive.
func (s *markerSession) matchTargets(want []string, got []wireRange) error {
	if len(want) == 1 && want[0] == "none" {
		want = nil
	}
	describe := func() string {
		var d []string
		for _, r := range got {
			d = append(d, s.markerAt(r.Start))
		}
		return "[" + strings.Join(d, " ") + "]"
	}
	if len(want) != len(got) {
		return fmt.Errorf("got %d answers %s, want %d %v", len(got), describe(), len(want), want)
	}
	used := make([]bool, len(got))
next:
	for _, w := range want {
		for i, r := range got {
			if !used[i] && s.matchRange(w, r) {
				used[i] = true
				continue next
			}
		}
		return fmt.Errorf("no answer at %s; got %s", w, describe())
	}
	return nil
}

// ---- rename ----

// rename: #@rename MARKER NEWNAME -> m1 m2... | error
func (s *markerSession) rename(args []string) error {
	before, after, ok := cutArrow(args)
	if !ok || len(before) != 2 {
		return fmt.Errorf("want MARKER NEWNAME -> targets")
	}
	p, err := s.pos(before[0])
	if err != nil {
		return err
	}
	params := textDocPos(p)
	params["newName"] = before[1]
	s.nextID++
	m := s.c.call(jsonString(s.nextID), "textDocument/rename", jsonString(params))
	if len(after) == 1 && after[0] == "error" {
		if m.Error == nil && string(m.Result) != "null" {
			return fmt.Errorf("rename was accepted: %s", m.Result)
		}
		return nil
	}
	if m.Error != nil {
		return fmt.Errorf("rename failed: %s", m.Error.Message)
	}
	var we struct {
		Changes         map[string][]wireTextEdit `json:"changes"`
		DocumentChanges []struct {
			TextDocument struct {
				URI string `json:"uri"`
			} `json:"textDocument"`
			Edits []wireTextEdit `json:"edits"`
		} `json:"documentChanges"`
	}
	if err := json.Unmarshal(m.Result, &we); err != nil {
		return err
	}
	edits := we.Changes[markerURI]
	for _, dc := range we.DocumentChanges {
		if dc.TextDocument.URI == markerURI {
			edits = append(edits, dc.Edits...)
		}
	}
	var ranges []wireRange
	for _, e := range edits {
		if e.NewText != before[1] {
			return fmt.Errorf("an edit writes %q, want %q", e.NewText, before[1])
		}
		if e.Range != nil {
			ranges = append(ranges, *e.Range)
		}
	}
	return s.matchTargets(after, ranges)
}

// prepareRename: #@prepareRename MARKER -> a..b | a | none
func (s *markerSession) prepareRename(args []string) error {
	before, after, ok := cutArrow(args)
	if !ok || len(before) != 1 || len(after) != 1 {
		return fmt.Errorf("want MARKER -> target")
	}
	p, err := s.pos(before[0])
	if err != nil {
		return err
	}
	s.nextID++
	m := s.c.call(jsonString(s.nextID), "textDocument/prepareRename", jsonString(textDocPos(p)))
	if after[0] == "none" {
		if m.Error == nil && string(m.Result) != "null" {
			return fmt.Errorf("prepareRename accepted: %s", m.Result)
		}
		return nil
	}
	if m.Error != nil {
		return fmt.Errorf("prepareRename failed: %s", m.Error.Message)
	}
	var r struct {
		wireRange
		Range *wireRange `json:"range"`
	}
	if err := json.Unmarshal(m.Result, &r); err != nil || string(m.Result) == "null" {
		return fmt.Errorf("prepareRename answered %s", m.Result)
	}
	got := r.wireRange
	if r.Range != nil {
		got = *r.Range
	}
	return s.matchTargets(after, []wireRange{got})
}

// ---- symbols ----

type wireSymbol struct {
	Name           string       `json:"name"`
	Detail         string       `json:"detail"`
	Kind           int          `json:"kind"`
	Range          wireRange    `json:"range"`
	SelectionRange wireRange    `json:"selectionRange"`
	Children       []wireSymbol `json:"children"`
}

// symbols: #@symbols PATH [kind=N] [detail~"text"] [at=MARKER] | #@symbols -PATH
// PATH is names joined by "/" from the top of the outline.
func (s *markerSession) symbols(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("want a symbol path")
	}
	res, err := s.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": markerURI}})
	if err != nil {
		return err
	}
	var syms []wireSymbol
	if err := json.Unmarshal(res, &syms); err != nil {
		return err
	}
	path, absent := strings.CutPrefix(args[0], "-")
	var found *wireSymbol
	level := syms
	for _, part := range strings.Split(path, "/") {
		found = nil
		for i := range level {
			if level[i].Name == part {
				found = &level[i]
				break
			}
		}
		if found == nil {
			break
		}
		level = found.Children
	}
	if absent {
		if found != nil {
			return fmt.Errorf("symbol %s exists", path)
		}
		return nil
	}
	if found == nil {
		var top []string
		for _, sy := range syms {
			top = append(top, sy.Name)
		}
		return fmt.Errorf("no symbol %s (top level: %v)", path, top)
	}
	for _, a := range args[1:] {
		key, val, _ := strings.Cut(a, "=")
		switch {
		case key == "kind":
			if strconv.Itoa(found.Kind) != val {
				return fmt.Errorf("kind %d, want %s", found.Kind, val)
			}
		case strings.HasPrefix(a, "detail~"):
			if !strings.Contains(found.Detail, a[len("detail~"):]) {
				return fmt.Errorf("detail %q lacks %q", found.Detail, a[len("detail~"):])
			}
		case key == "at":
			if !s.matchRange(val, found.SelectionRange) {
				return fmt.Errorf("selectionRange starts at %s, want %s", s.markerAt(found.SelectionRange.Start), val)
			}
		case key == "children":
			if strconv.Itoa(len(found.Children)) != val {
				return fmt.Errorf("%d children, want %s", len(found.Children), val)
			}
		default:
			return fmt.Errorf("unknown symbol check %q", a)
		}
	}
	return nil
}

// workspaceSymbols: #@workspaceSymbols QUERY (+name | -name)...
func (s *markerSession) workspaceSymbols(args []string) error {
	if len(args) < 2 {
		return fmt.Errorf("want a query and checks")
	}
	res, err := s.call("workspace/symbol", map[string]any{"query": args[0]})
	if err != nil {
		return err
	}
	var syms []struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(res, &syms); err != nil {
		return err
	}
	var names []string
	for _, sy := range syms {
		names = append(names, sy.Name)
	}
	for _, a := range args[1:] {
		switch {
		case strings.HasPrefix(a, "+"):
			if !slices.Contains(names, a[1:]) {
				return fmt.Errorf("missing %q in %v", a[1:], names)
			}
		case strings.HasPrefix(a, "-"):
			if slices.Contains(names, a[1:]) {
				return fmt.Errorf("unexpected %q", a[1:])
			}
		default:
			return fmt.Errorf("unknown check %q", a)
		}
	}
	return nil
}

// ---- code actions ----

// codeAction: #@codeaction MARKER[..END] "title substring" [newText~"text"] |
// #@codeaction MARKER -"title substring". The request carries the published
// diagnostics that overlap the range, as editors send them.
func (s *markerSession) codeAction(args []string) error {
	if len(args) < 2 {
		return fmt.Errorf("want a marker and a title")
	}
	startName, endName, isRange := strings.Cut(args[0], "..")
	start, err := s.pos(startName)
	if err != nil {
		return err
	}
	end := start
	if isRange {
		if end, err = s.pos(endName); err != nil {
			return err
		}
	}
	var inRange []wireDiagnostic
	for _, d := range s.diags {
		if !posLess(d.Range.End, start) && !posLess(end, d.Range.Start) {
			inRange = append(inRange, d)
		}
	}
	if inRange == nil {
		inRange = []wireDiagnostic{}
	}
	res, err := s.call("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": markerURI},
		"range":        wireRange{Start: start, End: end},
		"context":      map[string]any{"diagnostics": inRange},
	})
	if err != nil {
		return err
	}
	var actions []struct {
		Title string `json:"title"`
		Edit  *struct {
			Changes map[string][]wireTextEdit `json:"changes"`
		} `json:"edit"`
	}
	if err := json.Unmarshal(res, &actions); err != nil {
		return err
	}
	var titles []string
	for _, a := range actions {
		titles = append(titles, a.Title)
	}
	title, absent := strings.CutPrefix(args[1], "-")
	for _, a := range actions {
		if !strings.Contains(a.Title, title) {
			continue
		}
		if absent {
			return fmt.Errorf("unexpected action %q", a.Title)
		}
		for _, c := range args[2:] {
			want, ok := strings.CutPrefix(c, "newText~")
			if !ok {
				return fmt.Errorf("unknown code action check %q", c)
			}
			found := false
			if a.Edit != nil {
				for _, e := range a.Edit.Changes[markerURI] {
					found = found || strings.Contains(e.NewText, want)
				}
			}
			if !found {
				return fmt.Errorf("action %q has no edit writing %q", a.Title, want)
			}
		}
		return nil
	}
	if absent {
		return nil
	}
	return fmt.Errorf("no action titled like %q in %q", title, titles)
}

func posLess(a, b wirePos) bool {
	return a.Line < b.Line || (a.Line == b.Line && a.Character < b.Character)
}

// ---- diagnostics ----

func severityName(n int) string {
	return map[int]string{1: "error", 2: "warning", 3: "info", 4: "hint"}[n]
}

// diag: #@diag MARKER[..END] CODE [~"message text"] [severity=error]
func (s *markerSession) diag(args []string) error {
	if len(args) < 2 {
		return fmt.Errorf("want a marker and a rule id")
	}
	var seen []string
	for _, d := range s.diags {
		seen = append(seen, fmt.Sprintf("%s@%s", d.code(), s.markerAt(d.Range.Start)))
		if d.code() != args[1] || !s.matchRange(args[0], d.Range) {
			continue
		}
		for _, a := range args[2:] {
			switch {
			case strings.HasPrefix(a, "~"):
				if !strings.Contains(d.Message, a[1:]) {
					return fmt.Errorf("message %q lacks %q", d.Message, a[1:])
				}
			case strings.HasPrefix(a, "severity="):
				if severityName(d.Severity) != a[len("severity="):] {
					return fmt.Errorf("severity %s, want %s", severityName(d.Severity), a[len("severity="):])
				}
			default:
				return fmt.Errorf("unknown diag check %q", a)
			}
		}
		return nil
	}
	return fmt.Errorf("no %s diagnostic at %s; published: %v", args[1], args[0], seen)
}

// nodiag: #@nodiag (nothing at all) | #@nodiag error|warning|info|hint |
// #@nodiag RULE-ID
func (s *markerSession) nodiag(args []string) error {
	for _, d := range s.diags {
		if len(args) == 0 || args[0] == d.code() || args[0] == severityName(d.Severity) {
			return fmt.Errorf("published %s %s at %s: %s", severityName(d.Severity), d.code(), s.markerAt(d.Range.Start), d.Message)
		}
	}
	return nil
}

// TestMarkerFixtureParsing pins the parts of the format that do not need a
// server: marker stripping, typed regions, quoting and misplaced lines.
func TestMarkerFixtureParsing(t *testing.T) {
	f, err := parseFixture("x.yaml", "a: ⟨m⟩b⟦cd⟧\né⟨n⟩: 1\n#@complete m +x \"-a b\"\n\n#@client nosnippets\n")
	if err != nil {
		t.Fatal(err)
	}
	if f.text != "a: bcd\né: 1\n" || f.opened != "a: b\né: 1\n" {
		t.Fatalf("text %q opened %q", f.text, f.opened)
	}
	if f.markers["m"] != 3 || f.markers["n"] != 9 {
		t.Fatalf("markers %v", f.markers)
	}
	if !f.noSnippets || len(f.expects) != 1 || f.expects[0].line != 3 ||
		!slices.Equal(f.expects[0].args, []string{"m", "+x", "-a b"}) {
		t.Fatalf("expects %+v nosnippets %v", f.expects, f.noSnippets)
	}
	for _, bad := range []string{
		"a: ⟨m⟩⟨m⟩\n",
		"a: ⟨m\n",
		"a: ⟦b\n",
		"a: b⟧\n",
		"#@complete m +x\na: 1\n",
		"a: 1\n#@complete m \"open\n",
	} {
		if _, err := parseFixture("bad.yaml", bad); err == nil {
			t.Errorf("%q parsed without error", bad)
		}
	}
}
