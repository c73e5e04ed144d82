package soa

import (
	"testing"

	"sandtable/engine/enginetest"
)

// BenchmarkRandomPlay plays whole random games; it reports choices/s and games/s.
func BenchmarkRandomPlay(b *testing.B) { enginetest.RandomPlay(b, MustLoad(), "basic") }

// benchStates samples states every few choices across random games under
// every option set, so that the benchmarks see set-up, impulses, fire,
// retreats and close combat in their usual proportions.
func benchStates(b testing.TB) []*State {
	optionSets := []map[string]string{nil, {"hidden_at": "on"}, {"combat": "chits"}, {"bidding": "on", "hidden_at": "on", "combat": "chits"}}
	return enginetest.SampleStates[*State](b, MustLoad(), []string{"basic"}, optionSets)
}

// BenchmarkCloneApply is one step of search (enginetest.CloneApply).
func BenchmarkCloneApply(b *testing.B) { enginetest.CloneApply(b, benchStates(b)) }

// BenchmarkHash hashes states sampled across random games.
func BenchmarkHash(b *testing.B) { enginetest.Hash(b, benchStates(b)) }
