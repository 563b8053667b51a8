package schema

import "testing"

// BenchmarkLoad is the start-up cost of the embedded schema; the target is
// under 20 ms and 20 MiB (see B/op).
func BenchmarkLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadAndDecodeAll adds decoding every type's body, the worst case
// of a session that touches every type.
func BenchmarkLoadAndDecodeAll(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		s, err := Load()
		if err != nil {
			b.Fatal(err)
		}
		for _, n := range s.ResourceTypes() {
			t, _ := s.ResourceType(n)
			t.Properties()
		}
	}
}

// BenchmarkResourceTypeLookup covers the alias and glob paths.
func BenchmarkResourceTypeLookup(b *testing.B) {
	s, err := Load()
	if err != nil {
		b.Fatal(err)
	}
	names := []string{"OS::Nova::Server", "OS::Ceilometer::Alarm", "OS::Quantum::Port", "My::Custom"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s.ResourceType(names[i%len(names)])
	}
}

// BenchmarkTypeHistory is a check's question about a type a release lacks
// or holds as a stub: when it arrives, since when it is a no-op.
func BenchmarkTypeHistory(b *testing.B) {
	s, err := LoadRelease("2022.2")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := s.TypeArrival("OS::Octavia::AvailabilityZone"); !ok {
			b.Fatal("no arrival")
		}
		s.NoOpSince("OS::Heat::None")
	}
}
