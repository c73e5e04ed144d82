package soa

import (
	"testing"

	"sandtable/engine"
)

// BenchmarkRandomPlay plays whole random games; it reports choices/s and games/s.
func BenchmarkRandomPlay(b *testing.B) {
	verifyOcc = false // measure the game, not the test-only check
	b.Cleanup(func() { verifyOcc = true })
	g := MustLoad()
	pick := engine.NewRNG(7)
	choices, games := 0, 0
	var buf []engine.Action
	b.ResetTimer()
	for b.Loop() {
		st, _ := g.New("basic", nil, uint64(games))
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
