package mgmg

import (
	"context"
	"testing"

	"sandtable/ai"
	"sandtable/engine"
)

// refitWithReserves is the Refit Phase of September 18 with side to buy, at
// its purchases step, and ten Reserves each, enough for one Impulse Advance
// or Retraction (mgmg:13.7), the units as set up.
func refitWithReserves(t *testing.T, sd side) *State {
	t.Helper()
	return evalState(t, newTestState(t, "standard"), testVP, func(p *Position) {
		p.Turn, p.Step, p.Active, p.Impulse, p.Stack = 18, "refit-purchases", sd.String(), "0", nil
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

// playBots plays one game of Monty's Gamble of seed between the bots and
// returns its result.
func playBots(t testing.TB, seed uint64, players map[engine.Seat]ai.Bot) *engine.Result {
	t.Helper()
	return playGame(t, MustLoad(), seed, players)
}

// playGame plays one game of g's standard scenario of seed between the
// bots and returns its result.
func playGame(t testing.TB, g *Game, seed uint64, players map[engine.Seat]ai.Bot) *engine.Result {
	t.Helper()
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

// TestHeuristicBeatsRandom: the heuristic is measured by the Allied
// Victory Points at the end (engine.Scorer, mgmg:21.3) on four seeds, each
// beside a game of random against random with the same seeds: as the
// Germans it holds the random Allies to less. As the Allies it is not yet
// better than random (the evaluation is not calibrated for the landings and
// XXX Corps' drive): the self-play measures of docs/bots.md, issue 8's bot
// targets, are still to come, and this test asks only what holds today.
func TestHeuristicBeatsRandom(t *testing.T) {
	var asGermans, randomly int
	for seed := uint64(1); seed <= 4; seed++ {
		heuristic := ai.NewHeuristic(ai.Config{Seed: seed, Repeatable: true})
		randomly += playBots(t, seed, map[engine.Seat]ai.Bot{"german": ai.NewRandom(seed), "allied": ai.NewRandom(seed + 100)}).Score
		asGermans += playBots(t, seed, map[engine.Seat]ai.Bot{"german": heuristic, "allied": ai.NewRandom(seed + 100)}).Score
	}
	if asGermans >= randomly {
		t.Errorf("Allied VP over 4 games: %d against the heuristic Germans, %d between random bots; want less", asGermans, randomly)
	}
}

// TestSearchPlaysMgmg: search:fast, on few iterations, plays whole games
// against the random bot from both sides, choosing only legal choices
// (playBots fails on any other).
func TestSearchPlaysMgmg(t *testing.T) {
	for _, sd := range []side{germans, allies} {
		search, err := ai.New("search:fast", ai.Config{Seed: 1, Repeatable: true, Iterations: 16})
		if err != nil {
			t.Fatal(err)
		}
		if r := playBots(t, 1, map[engine.Seat]ai.Bot{sd.seat(): search, sd.other().seat(): ai.NewRandom(1)}); r == nil {
			t.Errorf("search as %s: no result", sd.name())
		}
	}
}
