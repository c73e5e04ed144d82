package soa

import (
	"testing"

	"sandtable/engine"
	"sandtable/engine/enginetest"
)

// BenchmarkRandomPlay plays whole random games; it reports choices/s and games/s.
func BenchmarkRandomPlay(b *testing.B) { enginetest.RandomPlay(b, MustLoad(), "basic") }

// benchStates samples states every few choices across random games under
// every option set, so that the benchmarks see set-up, impulses, fire,
// retreats and close combat in their usual proportions.
func benchStates(b testing.TB) []*State {
	g := MustLoad()
	pick := engine.NewRNG(11)
	optionSets := []map[string]string{nil, {"hidden_at": "on"}, {"combat": "chits"}, {"bidding": "on", "hidden_at": "on", "combat": "chits"}}
	var out []*State
	var buf []engine.Action
	for i := 0; i < 16; i++ {
		st, _ := g.New("basic", optionSets[i%len(optionSets)], uint64(i))
		for n := 0; st.ToMove() != ""; n++ {
			if n%13 == 0 {
				out = append(out, st.(*State).SearchClone().(*State))
			}
			buf = st.Legal(buf[:0])
			if err := st.Apply(buf[pick.Intn(len(buf))]); err != nil {
				b.Fatal(err)
			}
		}
	}
	return out
}

// BenchmarkCloneApply is one step of search (enginetest.CloneApply).
func BenchmarkCloneApply(b *testing.B) { enginetest.CloneApply(b, benchStates(b)) }

// BenchmarkHash hashes states sampled across random games.
func BenchmarkHash(b *testing.B) { enginetest.Hash(b, benchStates(b)) }
