package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"heat-ls/analysis/syntax"
)

// soakProbe is what the comparison asks of one open document.
type soakProbe struct {
	diagnostics json.RawMessage
	answers     []string
}

// probe asks c about every open document: its diagnostics (as last
// published, for its current version) and, at fixed places, hover,
// definition and the document's symbols.
func probe(t testing.TB, c *soakClient, w *soakWorld, versions map[string]int) map[string]soakProbe {
	t.Helper()
	out := map[string]soakProbe{}
	for _, p := range w.openPaths() {
		d := w.open[p]
		u := fileURI(p)
		pub, ok := c.publishedFor(u)
		if !ok || pub.version != versions[p] {
			t.Fatalf("%s: diagnostics last published for version %d, the document is at %d", p, pub.version, versions[p])
		}
		pr := soakProbe{diagnostics: pub.diagnostics}
		for _, off := range probeOffsets(d.text) {
			pos := position(d.text, off)
			for _, method := range []string{"textDocument/hover", "textDocument/definition"} {
				m := c.call(method, fmt.Sprintf(`{"textDocument":{"uri":%q},"position":%s}`, u, pos))
				pr.answers = append(pr.answers, fmt.Sprintf("%s %s: %s %v", method, pos, m.Result, m.Error))
			}
		}
		m := c.call("textDocument/documentSymbol", fmt.Sprintf(`{"textDocument":{"uri":%q}}`, u))
		pr.answers = append(pr.answers, fmt.Sprintf("documentSymbol: %s %v", m.Result, m.Error))
		out[p] = pr
	}
	return out
}

// probeOffsets are the places probed in text: the names after the HOT
// functions and keys that other places refer to, at most 12.
func probeOffsets(text string) []int {
	var out []int
	for _, key := range []string{"get_param: ", "get_resource: ", "get_attr: [", "type: ", "condition: "} {
		for i := 0; len(out) < 12; {
			j := strings.Index(text[i:], key)
			if j < 0 {
				break
			}
			out = append(out, i+j+len(key))
			i += j + len(key)
		}
	}
	return out
}

// compareWithFresh starts a fresh server on the final folders, files and
// texts, and compares what both say about every open document.
func (r *soakRun) compareWithFresh() {
	t := r.t
	broken := r.heal()
	versions := map[string]int{}
	byURI := map[string]int{}
	for p, d := range r.w.open {
		versions[p] = d.version
		byURI[fileURI(p)] = d.version
	}
	r.c.settleAt(soakQuiet, byURI)
	got := probe(t, r.c, r.w, versions)

	fresh := startSoakClient(t, r.w.folders())
	fresh.settle(soakQuiet)
	for _, p := range r.w.openPaths() {
		fresh.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":%d,"text":%s}}`, fileURI(p), versions[p], mustJSON(r.w.open[p].text)))
	}
	fresh.settleAt(soakQuiet, byURI)
	fresh.awaitIndexed(soakQuiet, r.c.indexedFiles())
	want := probe(t, fresh, r.w, versions)
	fresh.shutdown()

	for _, p := range r.w.openPaths() {
		g, w := got[p], want[p]
		if !sameDiagnostics(g.diagnostics, w.diagnostics) {
			t.Errorf("%s: diagnostics after the soak differ from a fresh server's:\n%s\n%s\ntext:\n%s", p, g.diagnostics, w.diagnostics, r.w.open[p].text)
		}
		for i := range min(len(g.answers), len(w.answers)) {
			if g.answers[i] != w.answers[i] {
				t.Errorf("%s: after the soak\n%s\na fresh server\n%s\ntext:\n%s", p, g.answers[i], w.answers[i], r.w.open[p].text)
			}
		}
	}
	t.Logf("%d open documents compared with a fresh server (%d of them were broken YAML and got a last change)", len(r.w.open), broken)
	if t.Failed() {
		t.Logf("the world at the end:\n%s", r.w.state())
	}
}

// heal gives every open document whose text is broken YAML one more
// change, to a template that parses, and returns how many it changed.
// While a document is broken, it and the templates using it are read
// through the last version that parsed (hot.ParseAfter, feature.NewView,
// the workspace overlay), by design: a history a fresh server never saw,
// so the comparison is made once every text parses.
func (r *soakRun) heal() int {
	n := 0
	for _, p := range r.w.openPaths() {
		d := r.w.open[p]
		if !syntax.Parse([]byte(d.text)).Broken {
			continue
		}
		n++
		d.version++
		d.text = soakTemplate("healed", d.version%10)
		r.c.notify("textDocument/didChange", fmt.Sprintf(`{"textDocument":{"uri":%q,"version":%d},"contentChanges":[{"text":%s}]}`, fileURI(d.path), d.version, mustJSON(d.text)))
	}
	return n
}

// sameDiagnostics compares two published lists as sets.
func sameDiagnostics(a, b json.RawMessage) bool {
	norm := func(raw json.RawMessage) []string {
		var list []json.RawMessage
		_ = json.Unmarshal(raw, &list)
		out := make([]string, len(list))
		for i, d := range list {
			var buf bytes.Buffer
			_ = json.Compact(&buf, d)
			out[i] = buf.String()
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(norm(a), norm(b))
}
