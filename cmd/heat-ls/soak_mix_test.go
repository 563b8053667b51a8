package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"
)

// soakSnippets are what typing inserts: characters, words and lines that
// make and unmake YAML structure and HOT functions.
var soakSnippets = []string{"a", "x", " ", "  ", "\n", ":", "-", "{", "}", "[", "]", ",", "'", "#", "é", "get_param: image", "{get_resource: net}",
	"get_attr: [server, ", "\n  extra:\n    type: OS::Heat::None\n", "\n    properties: {}\n", "OS::Nova::", "my_param", "\t"}

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

// soakMaxOpen bounds the documents open at once, as an editor's tabs
// are: past it, opening one closes another first.
const soakMaxOpen = 40

func (r *soakRun) openOne() {
	w := r.w
	if len(w.open) >= soakMaxOpen {
		r.closeOne()
	}
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
