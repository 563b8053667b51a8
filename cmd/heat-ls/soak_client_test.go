package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// soakClient drives the built server like an editor over a long session:
// a pump reads every message the server sends, answers its requests
// (work-done progress tokens), records the diagnostics last published for
// each document and the progress still running, and hands each answer to
// the request waiting for it.
type soakClient struct {
	t  testing.TB
	s  *session
	wr sync.Mutex // one writer on stdin at a time

	mu        sync.Mutex
	nextID    int
	waiting   map[int]chan message
	diags     map[string]soakPublish
	published time.Time // when the last diagnostics arrived
	progress  int       // work-done progress begun and not yet ended
	pumped    chan struct{}
	profiles  string // where the server writes heap profiles; "" : nowhere
	// stall, when set, is called before each message the pump reads: a
	// client slow to read its input (soak_stall_test.go).
	stall atomic.Pointer[func()]
	// answerWait bounds the wait for one answer (soakAnswerWait unless
	// a test sets it).
	answerWait time.Duration
	// answering counts the answers to the server's requests being
	// written; received and lastRead, the messages the pump took and
	// when it took the last (a request left unanswered then shows whether
	// the server went quiet or the client stopped reading).
	answering sync.WaitGroup
	received  atomic.Int64
	lastRead  atomic.Int64
}

// soakPublish is the last diagnostics published for one document.
type soakPublish struct {
	version     int
	diagnostics json.RawMessage
}

// startSoakClient starts the built binary with folders as its workspace.
func startSoakClient(t testing.TB, folders []string) *soakClient {
	t.Helper()
	cmd := exec.Command(binary(t))
	var profiles string
	if base := os.Getenv("HEAT_LS_SOAK_PROFILES"); base != "" {
		// A directory of its own per run: the server never overwrites.
		dir, err := os.MkdirTemp(base, "soak-")
		if err != nil {
			t.Fatalf("HEAT_LS_SOAK_PROFILES: %v", err)
		}
		t.Logf("heap profiles in %s", dir)
		cmd.Env = append(os.Environ(), "HEAT_LS_PROFILE_DIR="+dir)
		profiles = dir
	}
	if path := os.Getenv("HEAT_LS_SOAK_STDERR"); path != "" {
		// A long run's log and runtime traces (GODEBUG=scavtrace=1),
		// kept whole in a file; both servers of a run append to it.
		f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			t.Fatalf("HEAT_LS_SOAK_STDERR: %v", err)
		}
		t.Cleanup(func() { f.Close() })
		cmd.Stderr = f
	}
	s := startCommand(t, cmd, nil)
	c := &soakClient{t: t, s: s, nextID: 1000, waiting: map[int]chan message{}, diags: map[string]soakPublish{}, pumped: make(chan struct{}), profiles: profiles, answerWait: soakAnswerWait}
	go c.pump()
	var list string
	for i, f := range folders {
		if i > 0 {
			list += ","
		}
		list += fmt.Sprintf(`{"uri":%q,"name":%q}`, fileURI(f), f)
	}
	c.mustCall("initialize", fmt.Sprintf(`{"processId":null,"workspaceFolders":[%s],"capabilities":{"window":{"workDoneProgress":true},"workspace":{"workspaceFolders":true}}}`, list))
	c.notify("initialized", `{}`)
	return c
}

// pump reads the server's messages until stdout ends.
func (c *soakClient) pump() {
	defer close(c.pumped)
	for m := range c.s.msgs {
		if stall := c.stall.Load(); stall != nil {
			(*stall)()
		}
		c.received.Add(1)
		c.lastRead.Store(time.Now().UnixNano())
		switch {
		case m.Method != "" && len(m.ID) > 0: // a request of the server's
			// Answered on the side: the pump only reads, so a write that
			// waits (the server's input full) never stops the reading.
			c.answering.Add(1)
			go func(id json.RawMessage) {
				defer c.answering.Done()
				c.write(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":null}`, id))
			}(m.ID)
		case m.Method == "textDocument/publishDiagnostics":
			var p struct {
				URI         string          `json:"uri"`
				Version     *int            `json:"version"`
				Diagnostics json.RawMessage `json:"diagnostics"`
			}
			if json.Unmarshal(m.Params, &p) == nil {
				v := -1
				if p.Version != nil {
					v = *p.Version
				}
				c.mu.Lock()
				c.diags[p.URI] = soakPublish{version: v, diagnostics: p.Diagnostics}
				c.published = time.Now()
				c.mu.Unlock()
			}
		case m.Method == "$/progress":
			var p struct {
				Value struct{ Kind string } `json:"value"`
			}
			if json.Unmarshal(m.Params, &p) == nil {
				c.mu.Lock()
				switch p.Value.Kind {
				case "begin":
					c.progress++
				case "end":
					c.progress--
				}
				c.mu.Unlock()
			}
		case m.Method == "" && len(m.ID) > 0:
			id, err := strconv.Atoi(string(m.ID))
			if err != nil {
				continue
			}
			c.mu.Lock()
			ch := c.waiting[id]
			delete(c.waiting, id)
			c.mu.Unlock()
			if ch != nil {
				ch <- m
			}
		}
	}
}

func (c *soakClient) write(body string) {
	c.wr.Lock()
	defer c.wr.Unlock()
	fmt.Fprintf(c.s.stdin, "Content-Length: %d\r\n\r\n%s", len(body), body)
}

func (c *soakClient) notify(method, params string) {
	c.write(fmt.Sprintf(`{"jsonrpc":"2.0","method":%q,"params":%s}`, method, params))
}

// send sends a request and returns its id and where its answer arrives.
func (c *soakClient) send(method, params string) (int, chan message) {
	ch := make(chan message, 1)
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	c.waiting[id] = ch
	c.mu.Unlock()
	c.write(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`, id, method, params))
	return id, ch
}

// soakAnswerWait bounds the wait for one answer: far above any answer
// the session's documents need, so only a hang trips it.
const soakAnswerWait = 60 * time.Second

// await waits for an answer.
func (c *soakClient) await(method string, ch chan message) message {
	c.t.Helper()
	select {
	case m := <-ch:
		return m
	case <-c.pumped:
		c.t.Fatalf("the server's stdout ended while waiting for %s\nstderr:\n%s", method, tail(c.s.stderr.String()))
	case <-time.After(c.answerWait):
		c.t.Logf("%d messages read from the server, the last %v ago", c.received.Load(), time.Since(time.Unix(0, c.lastRead.Load())).Round(time.Millisecond))
		client := clientStacks() // before the server's exit ends the pump
		c.dumpGoroutines()
		c.t.Fatalf("no answer to %s within %v\nstderr (with the server's goroutines):\n%s\nthe client's goroutines:\n%s", method, c.answerWait, tail(c.s.stderr.String()), client)
	}
	return message{}
}

// clientStacks returns every goroutine's stack in the test process: a
// session stalls as well when the client stops reading the server's
// output (its pump blocked), which only the client's stacks show.
func clientStacks() string {
	buf := make([]byte, 1<<20)
	return string(buf[:runtime.Stack(buf, true)])
}

// dumpGoroutines has a server that stopped answering write every
// goroutine's stack to its stderr and exit (SIGQUIT), so the failure
// shows where it waits; it gives the server a few seconds to do so.
func (c *soakClient) dumpGoroutines() {
	if err := c.s.cmd.Process.Signal(syscall.SIGQUIT); err != nil {
		return
	}
	select {
	case <-c.pumped:
	case <-time.After(5 * time.Second):
	}
	time.Sleep(500 * time.Millisecond) // the end of the dump after stdout closed
}

// call sends a request and waits for its answer. An answer may be an
// error the protocol allows for a document changing under the request
// (RequestCancelled, ContentModified), a refusal of the request's
// arguments (InvalidParams, InvalidRequest) or a request that cannot be
// done there (RequestFailed: nothing to rename at the place); an internal
// error or an unknown method fails the test.
func (c *soakClient) call(method, params string) message {
	c.t.Helper()
	_, ch := c.send(method, params)
	m := c.await(method, ch)
	c.checkAnswer(method, m)
	return m
}

// mustCall is call for a request that must succeed.
func (c *soakClient) mustCall(method, params string) message {
	c.t.Helper()
	m := c.call(method, params)
	if m.Error != nil {
		c.t.Fatalf("%s: %+v", method, m.Error)
	}
	return m
}

func (c *soakClient) checkAnswer(method string, m message) {
	c.t.Helper()
	if m.Error == nil {
		return
	}
	switch m.Error.Code {
	case -32800, -32801, -32803, -32602, -32600:
		return
	}
	c.t.Fatalf("%s answered error %d: %s\nstderr:\n%s", method, m.Error.Code, m.Error.Message, tail(c.s.stderr.String()))
}

// settle waits until every message sent has been applied, no work-done
// progress is running and no diagnostics have arrived for quiet.
func (c *soakClient) settle(quiet time.Duration) {
	c.t.Helper()
	deadline := time.Now().Add(2 * soakAnswerWait)
	for time.Now().Before(deadline) {
		c.mustCall("heat-ls/debug", "null") // after every ordered message sent before it
		c.mu.Lock()
		idle := c.progress <= 0 && time.Since(c.published) >= quiet
		c.mu.Unlock()
		if idle {
			return
		}
		time.Sleep(quiet / 4)
	}
	c.t.Fatalf("the server never settled\nstderr:\n%s", tail(c.s.stderr.String()))
}

// settleAt settles c, then waits until the diagnostics of each document
// in versions (uri → version) have been published for that version: on a
// loaded machine a run can take longer than the quiet period, and a
// quiet connection alone does not mean every run has published.
func (c *soakClient) settleAt(quiet time.Duration, versions map[string]int) {
	c.t.Helper()
	c.settle(quiet)
	deadline := time.Now().Add(2 * soakAnswerWait)
	for time.Now().Before(deadline) {
		behind := ""
		for u, v := range versions {
			if p, ok := c.publishedFor(u); !ok || p.version != v {
				behind = u
				break
			}
		}
		if behind == "" {
			return
		}
		time.Sleep(quiet / 4)
	}
	c.t.Logf("diagnostics never caught up with every open document's version")
}

// indexedFiles is how many files the server's index holds now (no
// collection first, unlike stats).
func (c *soakClient) indexedFiles() int {
	c.t.Helper()
	m := c.mustCall("heat-ls/debug", "null")
	var st soakStats
	if err := json.Unmarshal(m.Result, &st); err != nil {
		c.t.Fatalf("heat-ls/debug: %s: %v", m.Result, err)
	}
	return st.IndexedFiles
}

// awaitIndexed settles c until its index holds files files. A fresh
// server indexes its folders off the ordered queue and may not have begun
// reporting that work when it first looks settled, and a hover's list of
// the environment files that set a parameter comes from the index.
func (c *soakClient) awaitIndexed(quiet time.Duration, files int) {
	c.t.Helper()
	deadline := time.Now().Add(2 * soakAnswerWait)
	for {
		c.settle(quiet)
		n := c.indexedFiles()
		if n == files {
			return
		}
		if time.Now().After(deadline) {
			c.t.Logf("the index holds %d files, not the %d expected", n, files)
			return
		}
		time.Sleep(quiet / 4)
	}
}

// publishedFor returns the diagnostics last published for uri.
func (c *soakClient) publishedFor(uri string) (soakPublish, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	p, ok := c.diags[uri]
	return p, ok
}

// soakStats is the server's answer to heat-ls/debug.
type soakStats struct {
	Goroutines    int   `json:"goroutines"`
	HeapLive      int64 `json:"heapLive"`
	OpenDocuments int   `json:"openDocuments"`
	IndexedFiles  int   `json:"indexedFiles"`
	// Memory is the runtime's /memory/classes/ figures by name
	// ("heap/objects", "heap/free", "os-stacks", "total"…).
	Memory map[string]int64 `json:"memory"`
	// DocumentCaches counts what the server keeps per open document
	// outside its store, by cache.
	DocumentCaches map[string]int `json:"documentCaches"`
	// IdleChecks and IdleReleases count the idle memory releases the
	// server considered and made.
	IdleChecks   int64 `json:"idleChecks"`
	IdleReleases int64 `json:"idleReleases"`
	// MemoryRefills counts the returns of memory that had to refill the
	// heap to reach free pages the runtime's own return skipped.
	MemoryRefills int64 `json:"memoryRefills"`
}

// stats asks the server for its own figures, after a full collection.
func (c *soakClient) stats() soakStats {
	c.t.Helper()
	m := c.mustCall("heat-ls/debug", `{"collect":true}`)
	var st soakStats
	if err := json.Unmarshal(m.Result, &st); err != nil {
		c.t.Fatalf("heat-ls/debug: %s: %v", m.Result, err)
	}
	return st
}

// heapProfile has the server collect and write its heap profile to name
// in its directory under HEAT_LS_SOAK_PROFILES; it does nothing when that
// is not set.
func (c *soakClient) heapProfile(name string) {
	c.t.Helper()
	if c.profiles == "" {
		return
	}
	c.mustCall("heat-ls/debug", fmt.Sprintf(`{"collect":true,"heapProfile":%q}`, name))
}

// rss is the server's resident memory now.
func (c *soakClient) rss() int64 { return procBytes(c.t, c.s.cmd.Process.Pid, "VmRSS") }

// resident is the server's resident memory now, split as the kernel
// splits it: anonymous pages (the Go runtime's heap, stacks and
// metadata) and pages of files mapped in (the binary's code and its
// embedded data, touched as features are first used; clean, shared
// and dropped by the kernel under pressure).
func (c *soakClient) resident() (anon, file int64) {
	pid := c.s.cmd.Process.Pid
	return procBytes(c.t, pid, "RssAnon"), procBytes(c.t, pid, "RssFile")
}

// shutdown ends the session cleanly and checks the exit status.
func (c *soakClient) shutdown() {
	c.t.Helper()
	c.mustCall("shutdown", "null")
	c.notify("exit", "null")
	select {
	case <-c.pumped:
	case <-time.After(20 * time.Second):
		c.t.Fatalf("the server did not close stdout after exit")
	}
	c.answering.Wait()
	if err := c.s.cmd.Wait(); err != nil {
		c.t.Fatalf("the server exited with %v\nstderr:\n%s", err, tail(c.s.stderr.String()))
	}
}
