package lsp

import "testing"

// TestIdleReleaseWaitsForAllWork: the release is armed only when the last
// piece of work begun (diagnostics runs and requests alike) has ended, is
// put off by new work, and never armed once stopped.
func TestIdleReleaseWaitsForAllWork(t *testing.T) {
	var r idleRelease
	r.begin() // a diagnostics run
	r.begin() // a request
	r.end()
	if r.timer != nil {
		t.Fatal("a release was armed while a request was still running")
	}
	r.end()
	if r.timer == nil {
		t.Fatal("no release armed once all work ended")
	}
	r.begin()
	if r.timer.Stop() {
		t.Error("new work did not put off the pending release")
	}
	r.end()
	r.stop()
	if r.timer.Stop() {
		t.Error("the release stayed armed after stop")
	}
	r.end() // an end without a begin (a session ending) arms nothing
	if r.timer.Stop() {
		t.Error("a stopped release was armed again")
	}
}
