package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The soak drives the built server over its pipes for a fixed time with a
// seeded mix of what an editor sends: typing in open documents (bursts of
// incremental changes, now and then the whole text), opens and closes,
// files changed, created and deleted on disk and reported with
// didChangeWatchedFiles, a workspace folder added and removed, saves and
// settings re-sent, every request the server answers, and requests
// cancelled at once. It asserts
// that
//
//   - every request is answered, never with an internal error;
//   - at the end, each open document's diagnostics, hovers, definitions
//     and symbols equal those of a fresh server started on the final
//     texts, folders and files (documents whose final text is broken YAML
//     are left out: while broken, a document is read through the last
//     version that parsed, by design, and the fresh server never saw it);
//   - resident memory and the goroutine count come back to their baseline
//     once the session is back in its first state (the documents of the
//     warm-up closed, the files and folders restored) and has settled:
//     RSS within soakRSSGrowth of it (plus soakRSSSlack), goroutines
//     within soakGoroutineSlack.
//
// HEAT_LS_SOAK sets the time (a Go duration; default soakDefault), and
// HEAT_LS_SOAK_SEED the seed. BenchmarkSoak runs it for as long, with a
// checkpoint every minute, and reports the growth of resident memory from
// the first checkpoint to the last (docs/limits.md, "Soak").

const (
	soakDefault = 8 * time.Second
	// soakRSSGrowth and soakRSSSlack: the resident memory at the end may
	// exceed the baseline by this fraction plus this many bytes (the
	// runtime's free lists and the heap target move with the last burst).
	soakRSSGrowth = 0.25
	soakRSSSlack  = 16 << 20
	// soakGoroutineSlack: goroutines at the end may exceed the baseline
	// by this many (a timer or a pipe read in flight).
	soakGoroutineSlack = 2
	// soakQuiet is how long no diagnostics must arrive for the session
	// to count as settled; the server's idle memory release
	// (lsp/idle_memory.go) comes one second after its last diagnostics
	// run, and soakRelease more is left for it to finish.
	soakQuiet   = 1500 * time.Millisecond
	soakRelease = 500 * time.Millisecond
)

func soakDuration(t testing.TB, fallback time.Duration) time.Duration {
	v := os.Getenv("HEAT_LS_SOAK")
	if v == "" {
		return fallback
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		t.Fatalf("HEAT_LS_SOAK=%q is not a duration like 2m", v)
	}
	return d
}

func soakSeed() int64 {
	if v, err := strconv.ParseInt(os.Getenv("HEAT_LS_SOAK_SEED"), 10, 64); err == nil {
		return v
	}
	return 1
}

// soakWorld is the session's state as the client knows it: the files on
// disk (as first written, and now), the open documents and the folders.
type soakWorld struct {
	rnd      *rand.Rand
	a, b     string            // the folders: a always, b added and removed
	original map[string]string // path → text first written
	disk     map[string]string // path → text now ("" : deleted)
	open     map[string]*soakDoc
	bAdded   bool
	created  int
}

type soakDoc struct {
	path    string
	text    string
	version int
}

// soakTemplate is a template of the project: parameters, resources of
// several kinds, a nested template through the environment's registry,
// intrinsic functions, conditions and outputs.
func soakTemplate(name string, i int) string {
	return fmt.Sprintf(`heat_template_version: 2021-04-16
description: %[1]s template %[2]d
parameters:
  image:
    type: string
    default: cirros
  flavor:
    type: string
    default: m1.small
  count:
    type: number
    default: %[2]d
conditions:
  many: {equals: [{get_param: count}, 3]}
resources:
  net:
    type: OS::Neutron::Net
  subnet:
    type: OS::Neutron::Subnet
    properties:
      network: {get_resource: net}
      cidr: 10.0.%[2]d.0/24
  server:
    type: My::Server
    properties:
      image: {get_param: image}
      flavor: {get_param: flavor}
      network: {get_resource: net}
  volume:
    type: OS::Cinder::Volume
    condition: many
    properties:
      size: {get_param: count}
      name: {list_join: ['-', [{get_param: image}, {get_attr: [server, name]}]]}
outputs:
  address:
    value: {get_attr: [server, first_address]}
  volume:
    value: {get_resource: volume}
    condition: many
`, name, i)
}

const soakNested = `heat_template_version: 2021-04-16
parameters:
  image: {type: string}
  flavor: {type: string}
  network: {type: string}
resources:
  port:
    type: OS::Neutron::Port
    properties:
      network: {get_param: network}
  vm:
    type: OS::Nova::Server
    properties:
      image: {get_param: image}
      flavor: {get_param: flavor}
      networks: [{port: {get_resource: port}}]
outputs:
  name:
    value: {get_attr: [vm, name]}
  first_address:
    value: {get_attr: [vm, first_address]}
`

const soakEnv = `resource_registry:
  My::Server: server.yaml
parameter_defaults:
  flavor: m1.tiny
`

// newSoakWorld writes the two folders' files.
func newSoakWorld(t testing.TB, seed int64) *soakWorld {
	t.Helper()
	root := t.TempDir()
	w := &soakWorld{rnd: rand.New(rand.NewSource(seed)), a: filepath.Join(root, "a"), b: filepath.Join(root, "b"),
		original: map[string]string{}, disk: map[string]string{}, open: map[string]*soakDoc{}}
	for _, dir := range []string{w.a, w.b} {
		w.put(t, filepath.Join(dir, "server.yaml"), soakNested)
		w.put(t, filepath.Join(dir, "env.yaml"), soakEnv)
		for i := range 8 {
			w.put(t, filepath.Join(dir, fmt.Sprintf("stack%d.yaml", i)), soakTemplate(filepath.Base(dir), i))
		}
	}
	for p, text := range w.disk {
		w.original[p] = text
	}
	return w
}

func (w *soakWorld) put(t testing.TB, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if text == "" {
		if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	} else if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	w.disk[path] = text
}

// folders are the workspace folders now, a first.
func (w *soakWorld) folders() []string {
	if w.bAdded {
		return []string{w.a, w.b}
	}
	return []string{w.a}
}

// paths lists the files ever written, sorted (the mix must be seeded).
func (w *soakWorld) paths() []string {
	out := make([]string, 0, len(w.disk))
	for p := range w.disk {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

func (w *soakWorld) openPaths() []string {
	out := make([]string, 0, len(w.open))
	for p := range w.open {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// soakSnippets are what typing inserts: characters, words and lines that
// make and unmake YAML structure and HOT functions.
var soakSnippets = []string{"a", "x", " ", "  ", "\n", ":", "-", "{", "}", "[", "]", ",", "'", "#", "é", "get_param: image", "{get_resource: net}",
	"get_attr: [server, ", "\n  extra:\n    type: OS::Heat::None\n", "\n    properties: {}\n", "OS::Nova::", "my_param", "\t"}

// soakRun is one soak: the server under test and the world it works on.
type soakRun struct {
	t  testing.TB
	c  *soakClient
	w  *soakWorld
	ok int // requests answered
}

func newSoakRun(t testing.TB, seed int64) *soakRun {
	w := newSoakWorld(t, seed)
	r := &soakRun{t: t, w: w}
	r.c = startSoakClient(t, w.folders())
	r.c.settle(soakQuiet)
	return r
}

// mix runs the seeded mix until the deadline.
func (r *soakRun) mix(until time.Time) {
	for time.Now().Before(until) {
		r.step()
	}
}

// step does one thing an editor does.
func (r *soakRun) step() {
	w := r.w
	switch n := w.rnd.Intn(100); {
	case n < 35:
		r.typeBurst()
	case n < 42:
		r.openOne()
	case n < 47:
		r.closeOne()
	case n < 55:
		r.changeOnDisk()
	case n < 58:
		r.toggleFolder()
	case n < 63:
		r.cancelled()
	case n < 65:
		d := r.anyOpen()
		r.c.notify("textDocument/didSave", fmt.Sprintf(`{"textDocument":{"uri":%q}}`, fileURI(d.path)))
	case n < 66:
		// The settings as they are (a client re-sending them): the fresh
		// server of the comparison runs with the defaults too.
		r.c.notify("workspace/didChangeConfiguration", `{"settings":{"heat-ls":{"logLevel":"info","schemaPaths":[]}}}`)
	default:
		r.request()
	}
}

// anyOpen returns an open document, opening one when none is.
func (r *soakRun) anyOpen() *soakDoc {
	if len(r.w.open) == 0 {
		r.openOne()
	}
	paths := r.w.openPaths()
	return r.w.open[paths[r.w.rnd.Intn(len(paths))]]
}

func (r *soakRun) openOne() {
	w := r.w
	var closed []string
	for _, p := range w.paths() {
		if w.open[p] == nil {
			closed = append(closed, p)
		}
	}
	var path, text string
	if len(closed) == 0 || w.rnd.Intn(5) == 0 {
		w.created++
		path = filepath.Join(w.a, fmt.Sprintf("unsaved%d.yaml", w.created)) // a buffer not on disk
		text = soakTemplate("unsaved", w.created%10)
	} else {
		path = closed[w.rnd.Intn(len(closed))]
		text = w.disk[path]
	}
	d := &soakDoc{path: path, text: text, version: 1}
	w.open[path] = d
	r.c.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":1,"text":%s}}`, fileURI(path), mustJSON(text)))
}

func (r *soakRun) closeOne() {
	if len(r.w.open) == 0 {
		return
	}
	d := r.anyOpen()
	delete(r.w.open, d.path)
	r.c.notify("textDocument/didClose", fmt.Sprintf(`{"textDocument":{"uri":%q}}`, fileURI(d.path)))
}

// position is the LSP position (UTF-16) of byte offset off in text.
func position(text string, off int) string {
	line := strings.Count(text[:off], "\n")
	start := strings.LastIndexByte(text[:off], '\n') + 1
	char := 0
	for _, c := range text[start:off] {
		char++
		if c > 0xFFFF {
			char++
		}
	}
	return fmt.Sprintf(`{"line":%d,"character":%d}`, line, char)
}

// runeStart moves off back to the start of a UTF-8 character.
func runeStart(text string, off int) int {
	for off > 0 && off < len(text) && text[off]&0xC0 == 0x80 {
		off--
	}
	return off
}

// typeBurst sends a few incremental changes to one document in a row, as
// typing does, sometimes the whole text (a paste, a formatter), then a
// request that reads the result.
func (r *soakRun) typeBurst() {
	w := r.w
	d := r.anyOpen()
	for range 1 + w.rnd.Intn(6) {
		d.version++
		if w.rnd.Intn(20) == 0 {
			d.text = soakTemplate("rewritten", w.rnd.Intn(10))
			r.c.notify("textDocument/didChange", fmt.Sprintf(`{"textDocument":{"uri":%q,"version":%d},"contentChanges":[{"text":%s}]}`, fileURI(d.path), d.version, mustJSON(d.text)))
			continue
		}
		start := runeStart(d.text, w.rnd.Intn(len(d.text)+1))
		end := start
		if w.rnd.Intn(3) == 0 {
			end = runeStart(d.text, min(len(d.text), start+1+w.rnd.Intn(8)))
		}
		insert := ""
		if end == start || w.rnd.Intn(2) == 0 {
			insert = soakSnippets[w.rnd.Intn(len(soakSnippets))]
		}
		change := fmt.Sprintf(`{"range":{"start":%s,"end":%s},"text":%s}`, position(d.text, start), position(d.text, end), mustJSON(insert))
		d.text = d.text[:start] + insert + d.text[end:]
		r.c.notify("textDocument/didChange", fmt.Sprintf(`{"textDocument":{"uri":%q,"version":%d},"contentChanges":[%s]}`, fileURI(d.path), d.version, change))
	}
	if w.rnd.Intn(2) == 0 {
		r.request()
	}
}

// changeOnDisk rewrites, creates or deletes a file and reports it, some
// events repeated as watchers do.
func (r *soakRun) changeOnDisk() {
	w := r.w
	paths := w.paths()
	path := paths[w.rnd.Intn(len(paths))]
	kind := 2
	switch n := w.rnd.Intn(10); {
	case n < 2 && w.disk[path] != "":
		w.put(r.t, path, "")
		kind = 3
	case n < 4:
		w.created++
		path = filepath.Join(w.folders()[w.rnd.Intn(len(w.folders()))], fmt.Sprintf("new%d.yaml", w.created))
		w.put(r.t, path, soakTemplate("new", w.created%10))
		kind = 1
	default:
		if w.disk[path] == "" {
			kind = 1
		}
		w.put(r.t, path, soakTemplate("changed", w.rnd.Intn(10)))
	}
	var events []string
	for range 1 + w.rnd.Intn(4) {
		events = append(events, fmt.Sprintf(`{"uri":%q,"type":%d}`, fileURI(path), kind))
	}
	r.c.notify("workspace/didChangeWatchedFiles", `{"changes":[`+strings.Join(events, ",")+`]}`)
}

func (r *soakRun) toggleFolder() {
	w := r.w
	b := fmt.Sprintf(`{"uri":%q,"name":"b"}`, fileURI(w.b))
	if w.bAdded {
		r.c.notify("workspace/didChangeWorkspaceFolders", `{"event":{"added":[],"removed":[`+b+`]}}`)
	} else {
		r.c.notify("workspace/didChangeWorkspaceFolders", `{"event":{"added":[`+b+`],"removed":[]}}`)
	}
	w.bAdded = !w.bAdded
}

// randomPosition is a position in d, at a character start.
func (r *soakRun) randomPosition(d *soakDoc) string {
	return position(d.text, runeStart(d.text, r.w.rnd.Intn(len(d.text)+1)))
}

// soakRequests are the requests the mix sends, each built for a document
// and a position in it.
var soakRequests = []string{
	"textDocument/hover", "textDocument/definition", "textDocument/references", "textDocument/documentHighlight",
	"textDocument/prepareRename", "textDocument/rename", "textDocument/documentSymbol", "workspace/symbol",
	"textDocument/codeAction", "textDocument/documentLink", "textDocument/semanticTokens/full",
	"textDocument/semanticTokens/full/delta", "textDocument/semanticTokens/range", "textDocument/foldingRange",
	"textDocument/selectionRange", "textDocument/signatureHelp", "textDocument/inlayHint", "textDocument/codeLens",
	"codeLens/resolve", "workspace/executeCommand", "textDocument/completion",
}

// params builds method's params for d.
func (r *soakRun) params(method string, d *soakDoc) string {
	u := fileURI(d.path)
	td := fmt.Sprintf(`{"uri":%q}`, u)
	pos := r.randomPosition(d)
	whole := fmt.Sprintf(`{"start":{"line":0,"character":0},"end":%s}`, position(d.text, len(d.text)))
	switch method {
	case "textDocument/references":
		return fmt.Sprintf(`{"textDocument":%s,"position":%s,"context":{"includeDeclaration":true}}`, td, pos)
	case "textDocument/rename":
		return fmt.Sprintf(`{"textDocument":%s,"position":%s,"newName":"renamed_%d"}`, td, pos, r.w.rnd.Intn(100))
	case "workspace/symbol":
		return fmt.Sprintf(`{"query":%q}`, []string{"", "net", "server", "vol", "stack"}[r.w.rnd.Intn(5)])
	case "textDocument/codeAction":
		return fmt.Sprintf(`{"textDocument":%s,"range":{"start":%s,"end":%s},"context":{"diagnostics":[]}}`, td, pos, pos)
	case "textDocument/semanticTokens/full/delta":
		return fmt.Sprintf(`{"textDocument":%s,"previousResultId":"%d"}`, td, r.w.rnd.Intn(50))
	case "textDocument/semanticTokens/range", "textDocument/inlayHint":
		return fmt.Sprintf(`{"textDocument":%s,"range":%s}`, td, whole)
	case "textDocument/selectionRange":
		return fmt.Sprintf(`{"textDocument":%s,"positions":[%s]}`, td, pos)
	case "codeLens/resolve":
		return fmt.Sprintf(`{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"data":{"uri":%q,"line":%d,"character":3}}`, u, r.w.rnd.Intn(20))
	case "workspace/executeCommand":
		return fmt.Sprintf(`{"command":"heat-ls.graph","arguments":[%q]}`, u)
	case "textDocument/documentSymbol", "textDocument/documentLink", "textDocument/semanticTokens/full",
		"textDocument/foldingRange", "textDocument/codeLens":
		return fmt.Sprintf(`{"textDocument":%s}`, td)
	}
	return fmt.Sprintf(`{"textDocument":%s,"position":%s}`, td, pos)
}

// request sends one request of a random kind and checks it is answered.
func (r *soakRun) request() {
	method := soakRequests[r.w.rnd.Intn(len(soakRequests))]
	r.c.call(method, r.params(method, r.anyOpen()))
	r.ok++
}

// cancelled sends a request and cancels it at once: the answer must still
// come, as a result or as RequestCancelled.
func (r *soakRun) cancelled() {
	method := soakRequests[r.w.rnd.Intn(len(soakRequests))]
	id, ch := r.c.send(method, r.params(method, r.anyOpen()))
	r.c.notify("$/cancelRequest", fmt.Sprintf(`{"id":%d}`, id))
	r.c.checkAnswer(method, r.c.await(method, ch))
	r.ok++
}

// restore brings the session back to its first state: every document
// closed, the files as first written (created ones deleted), folder b
// removed.
func (r *soakRun) restore() {
	w := r.w
	for _, p := range w.openPaths() {
		r.c.notify("textDocument/didClose", fmt.Sprintf(`{"textDocument":{"uri":%q}}`, fileURI(p)))
	}
	w.open = map[string]*soakDoc{}
	var events []string
	for _, p := range w.paths() {
		if w.disk[p] != w.original[p] {
			w.put(r.t, p, w.original[p])
			events = append(events, fmt.Sprintf(`{"uri":%q,"type":2}`, fileURI(p)))
		}
	}
	if len(events) > 0 {
		r.c.notify("workspace/didChangeWatchedFiles", `{"changes":[`+strings.Join(events, ",")+`]}`)
	}
	if w.bAdded {
		r.toggleFolder()
	}
}

// soakPoint is what a checkpoint measured.
type soakPoint struct {
	rss int64
	soakStats
}

func (p soakPoint) String() string {
	return fmt.Sprintf("RSS %d KiB, heap %d KiB, %d goroutines, %d files indexed", p.rss>>10, p.HeapLive>>10, p.Goroutines, p.IndexedFiles)
}

// checkpoint restores the first state, lets the server settle and release
// memory, and returns its resident memory and its own figures.
func (r *soakRun) checkpoint() soakPoint {
	r.restore()
	r.c.settle(soakQuiet)
	time.Sleep(soakRelease)
	r.c.settle(soakQuiet)
	st := r.c.stats()
	if st.OpenDocuments != 0 {
		r.t.Fatalf("%d documents open after every one was closed", st.OpenDocuments)
	}
	return soakPoint{rss: r.c.rss(), soakStats: st}
}

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
	r.c.settle(soakQuiet)
	versions := map[string]int{}
	for p, d := range r.w.open {
		versions[p] = d.version
	}
	got := probe(t, r.c, r.w, versions)

	fresh := startSoakClient(t, r.w.folders())
	fresh.settle(soakQuiet)
	for _, p := range r.w.openPaths() {
		fresh.notify("textDocument/didOpen", fmt.Sprintf(`{"textDocument":{"uri":%q,"languageId":"yaml","version":%d,"text":%s}}`, fileURI(p), versions[p], mustJSON(r.w.open[p].text)))
	}
	fresh.settle(soakQuiet)
	want := probe(t, fresh, r.w, versions)
	fresh.shutdown()

	compared := 0
	for _, p := range r.w.openPaths() {
		g, w := got[p], want[p]
		if broken := []byte(`"code":"yaml-syntax"`); bytes.Contains(w.diagnostics, broken) || bytes.Contains(g.diagnostics, broken) {
			// Broken YAML: the parse and the features follow the last
			// version that parsed (hot.ParseAfter, feature.NewView), a
			// history the fresh server never saw.
			continue
		}
		compared++
		if !sameDiagnostics(g.diagnostics, w.diagnostics) {
			t.Errorf("%s: diagnostics after the soak differ from a fresh server's:\n%s\n%s\ntext:\n%s", p, g.diagnostics, w.diagnostics, r.w.open[p].text)
		}
		for i := range min(len(g.answers), len(w.answers)) {
			if g.answers[i] != w.answers[i] {
				t.Errorf("%s: after the soak\n%s\na fresh server\n%s\ntext:\n%s", p, g.answers[i], w.answers[i], r.w.open[p].text)
			}
		}
	}
	t.Logf("%d open documents compared with a fresh server, %d with broken YAML left out", compared, len(r.w.open)-compared)
	if compared == 0 && len(r.w.open) > 0 {
		t.Errorf("no open document could be compared: all %d are broken YAML", len(r.w.open))
	}
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

// TestSoak runs the soak for HEAT_LS_SOAK (default soakDefault): a
// quarter of it warms up, then the baseline is taken, then the rest runs,
// the answers are compared with a fresh server's, and the memory and
// goroutines must return to the baseline.
func TestSoak(t *testing.T) {
	total := soakDuration(t, soakDefault)
	r := newSoakRun(t, soakSeed())
	start := time.Now()
	r.mix(start.Add(total / 4))
	base := r.checkpoint()
	r.mix(start.Add(total))
	r.compareWithFresh()
	end := r.checkpoint()
	t.Logf("soak %v, %d requests answered\nbaseline: %v\nend:      %v (RSS %+.1f%%)", total, r.ok, base, end, 100*(float64(end.rss)/float64(base.rss)-1))
	if limit := int64(float64(base.rss)*(1+soakRSSGrowth)) + soakRSSSlack; end.rss > limit {
		t.Errorf("resident memory %d KiB after the soak, baseline %d KiB (limit %d KiB)", end.rss>>10, base.rss>>10, limit>>10)
	}
	if end.Goroutines > base.Goroutines+soakGoroutineSlack {
		t.Errorf("%d goroutines after the soak, %d at the baseline", end.Goroutines, base.Goroutines)
	}
	if end.IndexedFiles != base.IndexedFiles {
		t.Errorf("%d files indexed after the soak, %d at the baseline (the same files are on disk)", end.IndexedFiles, base.IndexedFiles)
	}
	r.c.shutdown()
}

// BenchmarkSoak runs the soak for HEAT_LS_SOAK (default two minutes) with
// a checkpoint every minute, and reports the resident memory growth from
// the first checkpoint (after one minute) to the last, and the most
// goroutines seen above the first checkpoint's:
//
//	HEAT_LS_SOAK=30m go test -run '^$' -bench Soak -timeout 40m ./cmd/heat-ls
func BenchmarkSoak(b *testing.B) {
	total := soakDuration(b, 2*time.Minute)
	for range b.N {
		r := newSoakRun(b, soakSeed())
		start := time.Now()
		var first, last soakPoint
		maxG := 0
		for i := 1; time.Since(start) < total; i++ {
			r.mix(start.Add(min(total, time.Duration(i)*time.Minute)))
			p := r.checkpoint()
			b.Logf("%v: %v, %d requests", time.Since(start).Round(time.Second), p, r.ok)
			if i == 1 {
				first = p
			}
			last, maxG = p, max(maxG, p.Goroutines)
		}
		r.c.shutdown()
		b.ReportMetric(100*(float64(last.rss)/float64(first.rss)-1), "rss-growth-%")
		b.ReportMetric(100*(float64(last.HeapLive)/float64(first.HeapLive)-1), "heap-growth-%")
		b.ReportMetric(float64(last.rss>>10), "rss-KiB")
		b.ReportMetric(float64(maxG-first.Goroutines), "goroutines-above-first")
		b.ReportMetric(float64(r.ok), "requests")
	}
}
