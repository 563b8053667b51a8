package lsp

import (
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"
)

// TestQueueSurvivesPanic checks that a panic in pushed work is logged and
// the queue goes on with what was pushed after it.
func TestQueueSurvivesPanic(t *testing.T) {
	core, logs := observer.New(zap.ErrorLevel)
	q := newOrderedQueue(zap.New(core))
	defer q.stop()

	ran := make(chan struct{})
	q.push(func() { panic("boom") })
	q.push(func() { close(ran) })
	select {
	case <-q.barrier():
	case <-time.After(testTimeout):
		t.Fatal("the queue stopped after a panic")
	}
	select {
	case <-ran:
	default:
		t.Fatal("work pushed after the panic did not run")
	}
	if logs.FilterMessage("queued work panicked").Len() != 1 {
		t.Errorf("want one panic log line, got %v", logs.All())
	}
}
