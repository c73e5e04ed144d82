package selfplay

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// The Wilson interval's closed forms at the ends: with no points in n the
// upper bound is z²/(n+z²), with every point the lower bound is n/(n+z²);
// z² = 3.8415. The middle case is worked from the formula by hand:
// k = z²/n = 0.038415, centre (0.75 + k/2)/(1+k) = 0.740752, half-width
// z/(1+k)·sqrt(0.75·0.25/100 + k/400) = 1.887457·0.044396 = 0.083796.
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		p      float64
		n      int
		lo, hi float64
	}{
		{0, 10, 0, 3.8415 / 13.8415},
		{1, 100, 100 / 103.8415, 1},
		{0.75, 100, 0.740752 - 0.083796, 0.740752 + 0.083796},
		{0.5, 4, 0.5 - 0.34997, 0.5 + 0.34997}, // half-width 1.959964/1.960364·sqrt(1/16+0.960364/16) = 0.349971
	} {
		got := Wilson(c.p, c.n)
		if !near(got[0], c.lo, 2e-5) || !near(got[1], c.hi, 2e-5) {
			t.Errorf("Wilson(%v, %d) = %v, want [%.5f, %.5f]", c.p, c.n, got, c.lo, c.hi)
		}
	}
	if got := Wilson(0.5, 0); got != [2]float64{0, 1} {
		t.Errorf("no trials: %v, want [0, 1]", got)
	}
}

// Two players, one scoring 75 of 100: on Elo's scale the expected score
// 0.75 is a difference of 400·log10(0.75/0.25) = 400·log10(3) = 190.85.
func TestEloTwo(t *testing.T) {
	got := Elo([][]float64{{0, 75}, {25, 0}}, [][]float64{{0, 100}, {100, 0}}, 1)
	if !near(got[0], 190.85, 0.01) || got[1] != 0 {
		t.Fatalf("Elo = %v, want [190.85 0]", got)
	}
}

// Three players whose results fit strengths 4:2:1 exactly (A beats B and B
// beats C 2/3 of the time, A beats C 4/5 of the time, 30 games each): the
// maximum likelihood gives those strengths back, 400·log10 4 = 240.82 and
// 400·log10 2 = 120.41 above C.
func TestEloThreeConsistent(t *testing.T) {
	points := [][]float64{{0, 20, 24}, {10, 0, 20}, {6, 10, 0}}
	games := [][]float64{{0, 30, 30}, {30, 0, 30}, {30, 30, 0}}
	got := Elo(points, games, 2)
	if !near(got[0], 240.82, 0.01) || !near(got[1], 120.41, 0.01) || got[2] != 0 {
		t.Fatalf("Elo = %v, want [240.82 120.41 0]", got)
	}
}

// The ladder adds one virtual draw to a pairing, so a bot that won all of
// 100 games rates 400·log10(100.5/0.5) = 921.3 rather than infinity, and
// 75 of 100 become 75.5 of 101: 400·log10(75.5/25.5) = 188.56. It is
// anchored on random whatever the order.
func TestLadder(t *testing.T) {
	l := ladder([]string{"search", "random"}, [][]float64{{0, 100}, {0, 0}}, [][]float64{{0, 100}, {100, 0}})
	if l.Anchor != "random" || l.Ratings[0].Name != "search" || !near(l.Ratings[0].Elo, 921.3, 0.05) || l.Ratings[1].Elo != 0 {
		t.Fatalf("ladder %+v, want search at +921.3 over random at 0", l)
	}
	l = ladder([]string{"a", "b"}, [][]float64{{0, 75}, {25, 0}}, [][]float64{{0, 100}, {100, 0}})
	if l.Anchor != "a" || l.Ratings[0].Name != "a" || l.Ratings[1].Name != "b" || !near(l.Ratings[1].Elo, -188.56, 0.01) {
		t.Fatalf("ladder %+v, want a at 0 and b at -188.56", l)
	}
}
