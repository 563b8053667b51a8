package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
)

// methodDebug is a request heat-ls answers with figures about its own
// process, for tests that drive the built server for a long time (the
// soak) and for a user reporting a leak. It is not part of LSP and not
// advertised; clients never send it on their own.
const methodDebug = "heat-ls/debug"

// debugStats is the answer to heat-ls/debug.
type debugStats struct {
	// Goroutines running now.
	Goroutines int `json:"goroutines"`
	// HeapLive is the heap the last collection found reachable, in bytes
	// (with collect, the one it ran).
	HeapLive uint64 `json:"heapLive"`
	// OpenDocuments is the number of documents open in the session.
	OpenDocuments int `json:"openDocuments"`
	// IndexedFiles is the number of files the workspace index holds.
	IndexedFiles int `json:"indexedFiles"`
	// Memory is what the runtime holds from the system, by use
	// (memoryClasses), read after the collection if one was asked for.
	Memory map[string]uint64 `json:"memory"`
	// DocumentCaches counts the entries of each per-document cache
	// (documentCaches); all are zero once no document is open.
	DocumentCaches map[string]int `json:"documentCaches"`
	// IdleChecks and IdleReleases count the times the server, idle,
	// considered giving memory back and did (idle_memory.go).
	IdleChecks   int64 `json:"idleChecks"`
	IdleReleases int64 `json:"idleReleases"`
	// MemoryRefills counts the returns of memory (idle, or asked for
	// with collect) that found free pages the runtime's return skipped
	// and refilled the heap to reach them (return_memory.go).
	MemoryRefills int64 `json:"memoryRefills"`
}

// debugParams are heat-ls/debug's optional params.
type debugParams struct {
	// Collect runs a full collection and returns the freed memory to the
	// system first (as the idle release does), so that HeapLive is what
	// is reachable now and the resident size what the process cannot
	// give back.
	Collect bool `json:"collect"`
	// HeapProfile, when set, is a plain file name: the server writes a
	// heap profile (after the collection, if asked) to that file in the
	// directory given with WithProfileDir, and refuses the request when
	// there is none, when the name is not a plain one or when the file
	// exists. Tests that hunt a leak compare two such profiles.
	HeapProfile string `json:"heapProfile,omitempty"`
}

func (s *Server) debug(_ context.Context, params []byte) (any, error) {
	var p debugParams
	if len(params) > 0 && string(params) != "null" {
		if err := json.Unmarshal(params, &p); err != nil {
			return nil, errInvalidParams("heat-ls/debug: " + err.Error())
		}
	}
	if p.Collect {
		if s.idle.returnMemory() {
			s.idle.refilled.Add(1)
		}
	}
	if p.HeapProfile != "" {
		if err := s.writeHeapProfile(p.HeapProfile); err != nil {
			return nil, errInvalidParams("heat-ls/debug: " + err.Error())
		}
	}
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(live)
	st := debugStats{
		Goroutines:     runtime.NumGoroutine(),
		OpenDocuments:  len(s.store.All()),
		IndexedFiles:   s.workspaceIndex().Len(),
		Memory:         memoryClasses(),
		DocumentCaches: s.documentCaches(),
		IdleChecks:     s.idle.checked.Load(),
		IdleReleases:   s.idle.released.Load(),
		MemoryRefills:  s.idle.refilled.Load(),
	}
	if live[0].Value.Kind() == metrics.KindUint64 {
		st.HeapLive = live[0].Value.Uint64()
	}
	return st, nil
}

// writeHeapProfile writes the heap profile to name in s.profileDir. The
// name must be a plain file name (no directory, not . or ..) and the file
// must not exist yet, so a client can neither write outside the directory
// the server was started with nor overwrite anything.
func (s *Server) writeHeapProfile(name string) (err error) {
	if s.profileDir == "" {
		return errors.New("heap profiles are not enabled")
	}
	if name != filepath.Base(name) || name == "." || name == ".." || filepath.IsAbs(name) {
		return errors.New("heapProfile must be a plain file name")
	}
	f, err := os.OpenFile(filepath.Join(s.profileDir, name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	return pprof.WriteHeapProfile(f)
}
