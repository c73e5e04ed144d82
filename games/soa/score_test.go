package soa

import (
	"testing"

	"sandtable/engine"
)

var _ engine.Scorer = (*State)(nil)

// soa:11.1, soa:11.3, soa:11.5.1: the running score starts at 0, grows by a
// perimeter area's 2 VP in turn 1's victory phase and by a held VP area's
// value in turn 2's; at the end it is the Result's score.
func TestScoreRunning_soa11_1_11_3_11_5_1(t *testing.T) {
	s := rtNew(t, nil, 3)
	if s.Score() != 0 {
		t.Fatalf("score %d at the start, want 0 (soa:11.1)", s.Score())
	}
	s = trnState(t, 1)
	pa := trnPerimAreas(s)
	trnPut(s, German, pa[0], 1)
	s.rng.Force(3, 3) // turn 2 events: 6+1, none
	s.endCloseCombat()
	if s.Score() != 2 {
		t.Fatalf("score %d after turn 1, want the perimeter bonus 2 (soa:11.5.1)", s.Score())
	}
	a4 := trnPlace(s, "4")
	trnPut(s, German, a4, 1)
	s.rng.Force(4, 4) // turn 3 events: 8-1, none
	s.endCloseCombat()
	if want := 2 + s.g.board.Place(int(a4)).VP; s.Score() != want {
		t.Fatalf("score %d after turn 2, want 2 + area 4's %d VP (soa:11.3)", s.Score(), s.g.board.Place(int(a4)).VP)
	}
	s.turn = lastTurn
	s.endCloseCombat() // soa:11.4: the last victory phase ends the game
	if r := s.Result(); r == nil || r.Score != s.Score() {
		t.Fatalf("result %+v, want its score to be the running score %d", r, s.Score())
	}
}
