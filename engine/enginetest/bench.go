package enginetest

import (
	"testing"

	"sandtable/engine"
)

// RandomPlay plays whole random games of g's scenario, one seed after
// another, for as long as b runs, and reports choices/s (the speed of
// Legal and Apply together, sandtable bench's number) and games/s.
func RandomPlay(b *testing.B, g engine.Game, scenario string) {
	pick := engine.NewRNG(7)
	choices, games := 0, 0
	var buf []engine.Action
	for b.Loop() {
		st, err := g.New(scenario, nil, uint64(games))
		if err != nil {
			b.Fatal(err)
		}
		for st.ToMove() != "" {
			buf = st.Legal(buf[:0])
			if err := st.Apply(buf[pick.Intn(len(buf))]); err != nil {
				b.Fatal(err)
			}
			choices++
		}
		games++
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(choices)/sec, "choices/s")
	b.ReportMetric(float64(games)/sec, "games/s")
}

// CloneApply is one step of search, over states sampled from games: copy a
// state, list its legal actions and apply one of them at random.
func CloneApply[S engine.State](b *testing.B, states []S) {
	pick := engine.NewRNG(3)
	var buf []engine.Action
	i := 0
	b.ResetTimer()
	for b.Loop() {
		c := states[i%len(states)].Clone()
		buf = c.Legal(buf[:0])
		if err := c.Apply(buf[pick.Intn(len(buf))]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// Hash hashes states sampled from games.
func Hash[S engine.State](b *testing.B, states []S) {
	i := 0
	var sink uint64
	b.ResetTimer()
	for b.Loop() {
		sink ^= states[i%len(states)].Hash()
		i++
	}
	_ = sink
}

// SampleStates plays 16 random games of g, game i in scenarios[i] and with
// optionSets[i] (each list taken round), and keeps a search copy of every
// 13th state, so that benchmarks see each part of a game in its usual
// proportion. S is the game's state type.
func SampleStates[S engine.State](tb testing.TB, g engine.Game, scenarios []string, optionSets []map[string]string) []S {
	pick := engine.NewRNG(11)
	var out []S
	var buf []engine.Action
	for i := range 16 {
		st, err := g.New(scenarios[i%len(scenarios)], optionSets[i%len(optionSets)], uint64(i))
		if err != nil {
			tb.Fatal(err)
		}
		for n := 0; st.ToMove() != ""; n++ {
			if n%13 == 0 {
				c := st.Clone()
				if sc, ok := st.(engine.SearchCloner); ok {
					c = sc.SearchClone()
				}
				out = append(out, c.(S))
			}
			buf = st.Legal(buf[:0])
			if err := st.Apply(buf[pick.Intn(len(buf))]); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return out
}
