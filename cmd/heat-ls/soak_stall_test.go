package main

import (
	"math/rand"
	"os"
	"testing"
	"time"
)

// TestSoakSlowReader drives the built server with what preceded the
// requests the soak once saw left unanswered: bursts of workspace folders
// added and removed, each followed by typing and a request, from a client
// that now and then stops reading the server's output for a while (its
// pipe fills, and every write of the server waits). Every request must
// still be answered, and soon: the server may not drop one, nor stop
// applying changes while it waits for the client to read.
func TestSoakSlowReader(t *testing.T) {
	seed := soakSeed()
	r := &soakRun{t: t, w: newSoakWorld(t, seed)}
	r.c = startSoakClient(t, r.w.folders())
	r.c.settle(soakQuiet)
	r.c.answerWait = 20 * time.Second
	stalls := rand.New(rand.NewSource(seed))
	stall := func() {
		if stalls.Intn(200) == 0 {
			time.Sleep(time.Duration(50+stalls.Intn(400)) * time.Millisecond)
		}
	}
	r.c.stall.Store(&stall)
	// Four seconds in the test command, thirty where HEAT_LS_LONG is set
	// (CI); HEAT_LS_SOAK, the soak's own time, does not apply.
	run := 4 * time.Second
	if os.Getenv("HEAT_LS_LONG") != "" {
		run = 30 * time.Second
	}
	until := time.Now().Add(run)
	for time.Now().Before(until) {
		for range 1 + r.w.rnd.Intn(8) {
			r.toggleFolder()
		}
		for range 1 + r.w.rnd.Intn(3) {
			r.openOne()
		}
		r.typeBurst()
		r.request()
		if r.w.rnd.Intn(3) == 0 {
			r.cancelled()
		}
	}
	r.c.stall.Store(nil)
	t.Logf("%d requests answered", r.ok)
	r.c.shutdown()
}
