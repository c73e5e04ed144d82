package ai

import (
	"context"
	"errors"
	"testing"

	"sandtable/engine"
	"sandtable/games/soa"
)

// playSoa plays one game of Storm Over Arnhem between two bots, heuristic
// for seat and random for the other, and returns the result.
func playSoa(t testing.TB, opts map[string]string, seed uint64, seat engine.Seat) *engine.Result {
	t.Helper()
	st, err := soa.MustLoad().New("basic", opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	h, r := NewHeuristic(Config{Seed: seed, Repeatable: true}), NewRandom(seed+1)
	for st.ToMove() != "" {
		var b Bot = r
		if st.ToMove() == seat {
			b = h
		}
		a, err := Move(context.Background(), b, st)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return st.Result()
}

// The heuristic wins against random from either side, with the default
// options and with hidden anti-tank guns (issue 7 section 4; the 100-pair
// measurement is in docs/bots.md). A few pairs keep CI short.
func TestHeuristicBeatsRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	for _, opts := range []map[string]string{nil, {"hidden_at": "on"}} {
		for seed := uint64(1); seed <= 2; seed++ {
			for _, seat := range []engine.Seat{"german", "british"} {
				if r := playSoa(t, opts, seed, seat); r.Winner != seat {
					t.Errorf("options %v seed %d: the heuristic as %s did not win: %s", opts, seed, seat, r.Text)
				}
			}
		}
	}
}

// The same seed makes the same choices; a different one may not.
func TestHeuristicRepeatable(t *testing.T) {
	st, err := soa.MustLoad().New("basic", map[string]string{"hidden_at": "on"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	a, b := NewHeuristic(Config{Seed: 9, Repeatable: true}), NewHeuristic(Config{Seed: 9, Repeatable: true})
	for n := 0; n < 300 && st.ToMove() != ""; n++ {
		x, err := a.Choose(context.Background(), engine.NewTurn(st))
		if err != nil {
			t.Fatal(err)
		}
		y, err := b.Choose(context.Background(), engine.NewTurn(st))
		if err != nil {
			t.Fatal(err)
		}
		if x != y {
			t.Fatalf("choice %d: two heuristics of seed 9 chose %s and %s", n, st.Describe(x).ID, st.Describe(y).ID)
		}
		if err := st.Apply(x); err != nil {
			t.Fatal(err)
		}
	}
}

// oneChoice is a game state that lists the given choices and cannot be
// determinized: a bot that thinks about it fails.
type oneChoice struct {
	engine.State
	legal []engine.Action
}

func (o oneChoice) ToMove() engine.Seat                       { return "south" }
func (o oneChoice) Legal(buf []engine.Action) []engine.Action { return append(buf, o.legal...) }

// With one legal choice the heuristic takes it without thinking; with more
// it needs determinizations, which this state does not offer.
func TestHeuristicOneChoice(t *testing.T) {
	h := NewHeuristic(Config{Seed: 1})
	a, err := h.Choose(context.Background(), engine.NewTurn(oneChoice{legal: []engine.Action{7}}))
	if err != nil || a != 7 {
		t.Fatalf("Choose = %d, %v; want the only choice, 7", a, err)
	}
	if _, err := h.Choose(context.Background(), engine.NewTurn(oneChoice{legal: []engine.Action{7, 8}})); !errors.Is(err, engine.ErrNoDeterminizer) {
		t.Fatalf("Choose between two choices without determinizations: %v, want ErrNoDeterminizer", err)
	}
}

// A cancelled context stops the heuristic with the context's error.
func TestHeuristicCancelled(t *testing.T) {
	st, err := soa.MustLoad().New("basic", nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewHeuristic(Config{Seed: 1}).Choose(ctx, engine.NewTurn(st)); !errors.Is(err, context.Canceled) {
		t.Fatalf("Choose under a cancelled context: %v, want context.Canceled", err)
	}
}

// BenchmarkHeuristicVsRandom plays pairs of games, one seed with the
// heuristic on each side, with the default options and with hidden
// anti-tank guns, and reports the heuristic's score (wins plus half the
// draws, over games) for each. `-benchtime 100x` plays the 100 pairs of
// issue 7 section 4.
func BenchmarkHeuristicVsRandom(b *testing.B) {
	for _, o := range []struct {
		name string
		opts map[string]string
	}{{"default", nil}, {"hidden_at", map[string]string{"hidden_at": "on"}}} {
		b.Run(o.name, func(b *testing.B) {
			score, games := 0.0, 0
			seed := uint64(0)
			for b.Loop() {
				seed++
				for _, seat := range []engine.Seat{"german", "british"} {
					switch r := playSoa(b, o.opts, seed, seat); r.Winner {
					case seat:
						score++
					case "":
						score += 0.5
					}
					games++
				}
			}
			b.ReportMetric(score/float64(games), "score")
			b.ReportMetric(float64(games), "games")
		})
	}
}
