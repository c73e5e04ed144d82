package soa

import (
	"context"
	"slices"
	"testing"

	"sandtable/ai"
	"sandtable/engine"
)

// retreatFrom17 has the German in 24 fire by day at the two British 4-7-5s
// in 17 for one casualty point (AV 3+12 = 15, DV 7+1+6 = 14), which the
// British take as the retreat of one; 5, 18 and 23, British victory point
// areas, are open to it at the first priority, next to no German-held area
// (soa:8.3551 A).
func retreatFrom17(t *testing.T, germanHolds string) *State {
	t.Helper()
	s := fireState(t, 2, German)
	s.revealed = true
	ccPut(t, s, "17", "gb-a1-1", "gb-a1-2")
	ccPut(t, s, "24", "ss-ar1-1")
	s.control[trnPlace(s, germanHolds)] = German
	s.rng.Force(6, 6, 3, 3)
	ccDo(t, s, "area:24", "fire", "target:17", "with:ss-ar1-1", "confirm", "accept", "retreat:gb-a1-1", "done")
	if got := ccLegal(s); !slices.Equal(got, []string{"dest:5", "dest:18", "dest:23"}) {
		t.Fatalf("retreat choices %v, want 5, 18 and 23", got)
	}
	return s
}

// The heuristic bot, weighing retreats by the evaluation, retreats into the
// empty victory point area the German holds, which its unit will take back
// as sole occupant (soa:11.2): 18 (2 VP) when the German holds 18, 5 (1 VP)
// when he holds 5.
func TestHeuristicRetreatsToRetake_soa11_2(t *testing.T) {
	for _, held := range []string{"18", "5"} {
		s := retreatFrom17(t, held)
		a, err := ai.Move(context.Background(), ai.NewHeuristic(ai.Config{Seed: 1, Repeatable: true}), s)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Describe(a).ID; got != "dest:"+held {
			t.Errorf("with the German holding %s the heuristic chose %s", held, got)
		}
	}
}

var _ engine.Evaluator = (*State)(nil)
