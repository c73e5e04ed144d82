package mgmg

import (
	"slices"
	"testing"
)

// TestFH40SetupByFormation: the Dutch set up first (fh40:5.2; they go first
// wherever fh40 names an order, 6.3), offered their counter backs whole or
// a formation at a time: the Peel Division, the French 1re DLM and the
// other Dutch units. The Peel Division's 14 units go to their counter
// backs' areas, Fresh; then the Germans place their 26, with Areas 26 and
// 36 and Zones C and D German-Controlled from the start, and play begins
// with the Dutch Bridge Demolition Phase (fh40:6.22, 20.2).
func TestFH40SetupByFormation(t *testing.T) {
	s := newUnsetFH40(t)
	if s.step != stSetup || s.ToMove() != "allied" || onMap(s, germans)+onMap(s, allies) != 0 {
		t.Fatalf("a new game: step %s, %s to move, %d units placed; want the Dutch set-up with none", stepNames[s.step], s.ToMove(), onMap(s, germans)+onMap(s, allies))
	}
	if p := s.Phase(); p.ID != "set-up" || p.Rule != "fh40:5.2" {
		t.Fatalf("phase %+v, want the set-up of fh40:5.2", p)
	}
	got, want := choiceIDs(s), []string{"setup-historical", "formation:peel", "formation:1-dlm", "formation:other-allied"}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("the Dutch set-up offers %v, want %v", got, want)
	}
	play(t, s, "formation:peel")
	checkOnlyDivisionPlaced(t, s, allies, "Peel", 14)
	play(t, s, "formation:1-dlm", "formation:other-allied")
	if n := onMap(s, allies); n != 37 || s.ToMove() != "german" || s.step != stSetup {
		t.Fatalf("the Dutch set-up: %d units, then %s at %s; want 37, then the German set-up", n, s.ToMove(), stepNames[s.step])
	}
	play(t, s, "setup-historical")
	if n := onMap(s, germans); n != 26 || s.step != stDemolition || s.ToMove() != "allied" {
		t.Fatalf("after the German set-up: %d German units, %s at %s; want 26 and the Dutch Bridge Demolition Phase", n, s.ToMove(), stepNames[s.step])
	}
	for _, id := range []string{"26", "36", "C", "D"} {
		if s.controller(s.g.at(id)) != germans {
			t.Errorf("%s is not German-Controlled at the start (fh40:5.2)", id)
		}
	}
	if s.controller(s.g.at("44")) != allies {
		t.Error("Mill (44) is not Dutch-Controlled at the start (fh40:5.2)")
	}
}
