package lsp

import (
	"bytes"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"
)

// gatedWriter records frames and lets a Write finish only when the test
// opens the gate for it, as a client that reads when it likes.
type gatedWriter struct {
	gate    chan struct{}
	started chan struct{}
	mu      sync.Mutex
	out     bytes.Buffer
	fail    error
}

func newGatedWriter() *gatedWriter {
	return &gatedWriter{gate: make(chan struct{}, 64), started: make(chan struct{}, 64)}
}

func (g *gatedWriter) Write(p []byte) (int, error) {
	g.started <- struct{}{}
	<-g.gate
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.fail != nil {
		return 0, g.fail
	}
	return g.out.Write(p)
}

// bodies is what was written, frame bodies in order.
func (g *gatedWriter) bodies() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []string
	for _, f := range strings.Split(g.out.String(), "Content-Length: ")[1:] {
		_, body, _ := strings.Cut(f, "\r\n\r\n")
		out = append(out, body)
	}
	return out
}

func (g *gatedWriter) open(n int) {
	for range n {
		g.gate <- struct{}{}
	}
}

func waitStarted(t *testing.T, g *gatedWriter) {
	t.Helper()
	select {
	case <-g.started:
	case <-time.After(testTimeout):
		t.Fatal("the outbox never wrote")
	}
}

// TestOutboxOrderAndReplacedDiagnostics: frames go out in the order sent;
// a keyed frame (a document's diagnostics) still waiting is replaced by
// the newer one of its key, which goes out in the newer one's place.
func TestOutboxOrderAndReplacedDiagnostics(t *testing.T) {
	g := newGatedWriter()
	b := newOutbox(g, zap.NewNop())
	b.post([]byte("a"), "")
	waitStarted(t, g) // "a" is being written: the client is not reading
	for _, f := range []struct{ body, key string }{{"d1", "u"}, {"b", ""}, {"e1", "v"}, {"d2", "u"}, {"c", ""}} {
		if err := b.post([]byte(f.body), f.key); err != nil {
			t.Fatal(err)
		}
	}
	g.open(64)
	b.close(testTimeout)
	if got, want := strings.Join(g.bodies(), " "), "a b e1 d2 c"; got != want {
		t.Errorf("written %q, want %q", got, want)
	}
}

// TestOutboxBoundsWhatWaits: past maxQueued bytes waiting, a sender waits
// until the client has read; a frame larger than the bound still goes out
// when nothing else waits.
func TestOutboxBoundsWhatWaits(t *testing.T) {
	g := newGatedWriter()
	b := newOutbox(g, zap.NewNop())
	big := bytes.Repeat([]byte{'x'}, maxQueued+1)
	if err := b.post(big, ""); err != nil {
		t.Fatal(err)
	}
	waitStarted(t, g)
	sent := make(chan error, 1)
	go func() { sent <- b.post([]byte("next"), "") }()
	select {
	case err := <-sent:
		t.Fatalf("a send past the bound returned at once (%v)", err)
	case <-time.After(50 * time.Millisecond):
	}
	g.open(2)
	select {
	case err := <-sent:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(testTimeout):
		t.Fatal("the sender kept waiting after the client read")
	}
	b.close(testTimeout)
	if bodies := g.bodies(); len(bodies) != 2 || bodies[1] != "next" {
		t.Errorf("written %d frames", len(bodies))
	}
}

// TestOutboxClientGone: once a write fails, what waits is dropped, later
// sends fail at once, and closing does not wait.
func TestOutboxClientGone(t *testing.T) {
	g := newGatedWriter()
	g.fail = errors.New("broken pipe")
	b := newOutbox(g, zap.NewNop())
	b.post([]byte("a"), "")
	b.post([]byte("b"), "")
	g.open(1)
	waitFor(t, "the failure to be seen", func() bool { return b.post([]byte("c"), "") != nil })
	start := time.Now()
	b.close(testTimeout)
	if time.Since(start) > testTimeout/2 {
		t.Errorf("close waited %v for a client that is gone", time.Since(start))
	}
}

// TestOutboxCloseDoesNotWaitForever: a client that never reads holds the
// close only for its bound.
func TestOutboxCloseDoesNotWaitForever(t *testing.T) {
	g := newGatedWriter()
	b := newOutbox(g, zap.NewNop())
	b.post([]byte("a"), "")
	waitStarted(t, g)
	start := time.Now()
	b.close(50 * time.Millisecond)
	if d := time.Since(start); d > time.Second {
		t.Errorf("close waited %v", d)
	}
	if err := b.post([]byte("late"), ""); !errors.Is(err, errOutboxClosed) {
		t.Errorf("a send after close: %v", err)
	}
	g.open(1) // lets the writer goroutine end
}
