package mgmg

import (
	"context"
	"testing"

	"sandtable/ai"
	"sandtable/engine"
)

// refitWithReserves is the Refit Phase of September 18 with side to buy and
// ten Reserves each, enough for one Impulse Advance or Retraction
// (mgmg:13.7), the units as set up.
func refitWithReserves(t *testing.T, sd side) *State {
	t.Helper()
	return evalState(t, newTestState(t, "standard"), testVP, func(p *Position) {
		p.Turn, p.Step, p.Active, p.Impulse, p.Stack = 18, "refit", sd.String(), "0", nil
		p.Reserves = SideNumbers{German: 10, Allied: 10}
	})
}

// The heuristic bot, weighing the Impulse Advances and Retractions of
// mgmg:13.7 by the evaluation, buys time for XXX Corps as the Allies (a
// Retraction: September 19 begins at Impulse A, more of the day to come)
// and takes it away as the Germans (an Advance).
func TestHeuristicBuysTime_mgmg13_7(t *testing.T) {
	for _, c := range []struct {
		sd   side
		want string
	}{{allies, "retract-impulse"}, {germans, "advance-impulse"}} {
		s := refitWithReserves(t, c.sd)
		for seed := uint64(1); seed <= 4; seed++ {
			a, err := ai.Move(context.Background(), ai.NewHeuristic(ai.Config{Seed: seed, Repeatable: true}), s)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Describe(a).ID; got != c.want {
				t.Errorf("seed %d: the %s heuristic chose %s, want %s", seed, c.sd.name(), got, c.want)
			}
		}
	}
}

// TestEvaluateMoreDaylight: the Allies' chance rises with every Impulse
// Retraction bought for the next day, the Germans' with every Advance
// (mgmg:13.7): XXX Corps has the more time to come up the road.
func TestEvaluateMoreDaylight(t *testing.T) {
	s := refitWithReserves(t, allies)
	prev := -1.0
	for _, imp := range []int8{3, 1, 0, -1, -3} {
		s.impulse = imp
		p := s.Evaluate("allied")
		if p <= prev {
			t.Errorf("the next day from Impulse %s: Evaluate(allied) %.4f, no more than %.4f a space later", impulseName(imp), p, prev)
		}
		prev = p
	}
}

// playBots plays one game of seed between the bots and returns its result.
func playBots(t testing.TB, seed uint64, players map[engine.Seat]ai.Bot) *engine.Result {
	t.Helper()
	g := MustLoad()
	s, err := g.New("standard", nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; s.ToMove() != ""; n++ {
		if n > g.MaxChoices() {
			t.Fatalf("no result within %d choices", g.MaxChoices())
		}
		a, err := ai.Move(context.Background(), players[s.ToMove()], s)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := engine.Apply(s, a); err != nil {
			t.Fatal(err)
		}
	}
	return s.Result()
}

// TestBotsBeatRandom plays the heuristic and search:fast (on few
// iterations) against the random bot from both sides, two seeds each: each
// scores at least as well as random over each pair of games. With the
// rules built so far the Allies cannot move up the road, so the Germans
// win every game whoever plays them; the test is sized to seconds and
// shows the bots play mgmg to the end (docs/bots.md).
func TestBotsBeatRandom(t *testing.T) {
	for _, name := range []string{"heuristic", "search:fast"} {
		for seed := uint64(1); seed <= 2; seed++ {
			score := 0.0
			for _, sd := range []side{germans, allies} {
				bot, err := ai.New(name, ai.Config{Seed: seed, Repeatable: true, Iterations: 16})
				if err != nil {
					t.Fatal(err)
				}
				r := playBots(t, seed, map[engine.Seat]ai.Bot{sd.seat(): bot, sd.other().seat(): ai.NewRandom(seed)})
				switch r.Winner {
				case sd.seat():
					score++
				case "":
					score += 0.5
				}
			}
			if score < 1 {
				t.Errorf("%s seed %d: %.1f of 2 games against random", name, seed, score)
			}
		}
	}
}
