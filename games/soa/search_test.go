package soa

import (
	"context"
	"testing"

	"sandtable/ai"
	"sandtable/engine"
)

// playBots plays one game of seed between the bots and returns its result
// and how many choices each seat made.
func playBots(t testing.TB, seed uint64, players map[engine.Seat]ai.Bot) (*engine.Result, map[engine.Seat]int) {
	t.Helper()
	g := MustLoad()
	s, err := g.New("basic", nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	made := map[engine.Seat]int{}
	for n := 0; s.ToMove() != ""; n++ {
		if n > g.MaxChoices() {
			t.Fatalf("no result within %d choices", g.MaxChoices())
		}
		seat := s.ToMove()
		a, err := ai.Move(context.Background(), players[seat], s)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := engine.Apply(s, a); err != nil {
			t.Fatal(err)
		}
		made[seat]++
	}
	return s.Result(), made
}

// BenchmarkSearch is the search bot choosing in states sampled across random
// games, each choice from a fresh tree of a fixed count of iterations; it
// reports iterations/s (on one core: Workers 1).
func BenchmarkSearch(b *testing.B) {
	const iterations = 32
	var states []*State
	for _, s := range benchStates(b) {
		if len(s.Legal(nil)) > 1 {
			states = append(states, s)
		}
	}
	i := 0
	b.ResetTimer()
	for b.Loop() {
		bot, err := ai.New("search", ai.Config{Seed: uint64(i), Repeatable: true, Iterations: iterations})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := ai.Move(context.Background(), bot, states[i%len(states)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(i*iterations)/b.Elapsed().Seconds(), "iterations/s")
}

// TestSearchBeatsRandom plays search:fast, on a small count of iterations,
// against the random bot from both sides: it wins every game.
func TestSearchBeatsRandom(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		for _, side := range []Side{German, British} {
			search, err := ai.New("search:fast", ai.Config{Seed: seed, Repeatable: true, Iterations: 16})
			if err != nil {
				t.Fatal(err)
			}
			players := map[engine.Seat]ai.Bot{side.Seat(): search, side.Other().Seat(): ai.NewRandom(seed)}
			if r, _ := playBots(t, seed, players); r.Winner != side.Seat() {
				t.Errorf("seed %d: search as %s against random: %s (%d VP), want a %s win", seed, side, r.Text, r.Score, side)
			}
		}
	}
}
