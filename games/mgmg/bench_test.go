package mgmg

import (
	"testing"

	"sandtable/engine"
	"sandtable/engine/enginetest"
)

// BenchmarkRandomPlay plays whole random games of the standard scenario
// (issue 8 asks for 500,000 choices/s on one core, 1,000,000 the goal).
func BenchmarkRandomPlay(b *testing.B) { enginetest.RandomPlay(b, MustLoad(), "standard") }

// benchStates samples states every few choices across random games of
// both scenarios, with and without the optional rules, so that the
// benchmarks see the D-Day phases, impulses, assaults, bombardments and
// refits in their usual proportions.
func benchStates(b testing.TB) []*State {
	g := MustLoad()
	pick := engine.NewRNG(11)
	optionSets := []map[string]string{nil, {"double_lifts": "on", "depot_augmentation": "on"}, {"dday_landings": "on", "reorganization": "on"}}
	scenarios := []string{"standard", "extended"}
	var out []*State
	var buf []engine.Action
	for i := 0; i < 16; i++ {
		st, err := g.New(scenarios[i%2], optionSets[i%len(optionSets)], uint64(i))
		if err != nil {
			b.Fatal(err)
		}
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
