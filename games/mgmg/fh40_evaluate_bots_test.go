package mgmg

import (
	"testing"

	"sandtable/ai"
	"sandtable/engine"
)

// TestFH40HeuristicBeatsRandom: the heuristic bot on Fortress Holland's
// evaluation, from both seats, against the random bot, each seed beside a
// game of random against random with the same seeds. As the Dutch it wins
// every game (the Germans end May 12 below the 3 Victory Points of
// fh40:21.2); as the Germans it scores more Victory Points (fh40:21.3)
// than the random Germans against the same random Dutch.
func TestFH40HeuristicBeatsRandom(t *testing.T) {
	g := MustLoadFH40()
	var asGermans, randomly int
	for seed := uint64(1); seed <= 3; seed++ {
		heuristic := func() ai.Bot { return ai.NewHeuristic(ai.Config{Seed: seed, Repeatable: true}) }
		randomly += playGame(t, g, seed, map[engine.Seat]ai.Bot{"german": ai.NewRandom(seed), "allied": ai.NewRandom(seed + 100)}).Score
		asGermans += playGame(t, g, seed, map[engine.Seat]ai.Bot{"german": heuristic(), "allied": ai.NewRandom(seed + 100)}).Score
		if r := playGame(t, g, seed, map[engine.Seat]ai.Bot{"german": ai.NewRandom(seed), "allied": heuristic()}); r.Winner != "allied" {
			t.Errorf("seed %d: the heuristic Dutch lost to random Germans: %s", seed, r.Text)
		}
	}
	if asGermans <= randomly {
		t.Errorf("German VP over 3 games: %d by the heuristic, %d by random Germans against the same random Dutch; want more", asGermans, randomly)
	}
}

// The whole German force's drive west counts (fh40:21.3), not only its
// leading unit: the SS-Verfügungsdivision coming up from Zone C into Wyler
// (26), a place nearer Schijndel and Dinther while other units stand
// nearer still, raises the German's chance. Moving makes a unit Spent,
// which it recovers in the Refit Phase (fh40:6.4, 13.3): that is no loss.
func TestFH40EvaluateWholeForce(t *testing.T) {
	s := newFH40(t)
	before := s.Evaluate("german")
	for _, id := range []string{"de-ssv-deutschland", "de-ssv-germania", "de-ssv-aa"} {
		s.put(s.g.unit(id), s.g.at("26"), StepSpent)
	}
	if after := s.Evaluate("german"); after <= before {
		t.Errorf("German chance %.4f with the SS in Wyler, %.4f in Zone C", after, before)
	}
	for _, term := range s.Assess("german") {
		if term.Rule == "mgmg:4.4" && term.Value != 0 {
			t.Errorf("steps lost %.3f: Spent units are no loss", term.Value)
		}
	}
}

// A bridge the Dutch blow before the first impulse (fh40:19.4, 20.2) is
// one crossing less for the Germans: blowing the Grave (39/41) and Mook
// (38/42) bridges over the Maas lowers the German's chance, and a Boat
// Assault (fh40:9.5) is then the infantry's only way over there.
func TestFH40EvaluateBlownBridges(t *testing.T) {
	s := newFH40(t)
	before := s.Evaluate("german")
	for _, pair := range [][2]string{{"39", "41"}, {"38", "42"}} {
		s.bridges[s.g.bridgeAt[int(s.g.at(pair[0]))*nPlaces+int(s.g.at(pair[1]))]] = bridge{Held: heldBlown}
	}
	if after := s.Evaluate("german"); after >= before {
		t.Errorf("German chance %.4f with the Grave and Mook bridges blown, %.4f with them standing", after, before)
	}
}
