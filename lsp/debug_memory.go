package lsp

import (
	"runtime/metrics"
	"strings"
)

// memoryClassPrefix names the runtime metrics that split the memory the Go
// runtime holds from the system into what it is used for: heap objects,
// heap pages free but kept, heap pages returned, goroutine stacks, the
// runtime's own metadata, and so on. Together (without "total") they add
// up to /memory/classes/total, which is what the runtime has mapped; the
// resident size is that minus what the system has not paged in, plus the
// binary's own pages.
const memoryClassPrefix = "/memory/classes/"

// memoryClasses reads every /memory/classes/ metric the runtime offers,
// keyed by its name without the prefix and the ":bytes" unit
// ("heap/objects", "heap/free", "heap/released", "os-stacks", "total"…).
// A long-running session that grows shows here which class grows: free
// heap pages kept after a burst are not a leak, objects are.
func memoryClasses() map[string]uint64 {
	var samples []metrics.Sample
	for _, d := range metrics.All() {
		if strings.HasPrefix(d.Name, memoryClassPrefix) && d.Kind == metrics.KindUint64 {
			samples = append(samples, metrics.Sample{Name: d.Name})
		}
	}
	metrics.Read(samples)
	classes := make(map[string]uint64, len(samples))
	for _, s := range samples {
		if s.Value.Kind() != metrics.KindUint64 {
			continue
		}
		name := strings.TrimSuffix(strings.TrimPrefix(s.Name, memoryClassPrefix), ":bytes")
		classes[name] = s.Value.Uint64()
	}
	return classes
}
