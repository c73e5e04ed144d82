package soa

import "testing"

// BenchmarkEvaluate evaluates states sampled across random games, as search
// does on its playouts; it must not allocate.
func BenchmarkEvaluate(b *testing.B) {
	states := benchStates(b)
	i := 0
	sink := 0.0
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		sink += states[i%len(states)].Evaluate("german")
		i++
	}
	_ = sink
}
