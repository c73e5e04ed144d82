package soa

import (
	"fmt"
	"slices"

	"sandtable/engine"
)

// End implements engine.Ender. A side that resigns gives the other side its
// best level of the Victory Point Track (soa:11.4); an agreed draw is a draw
// whatever the track shows. The score stays the German victory points so far.
func (s *State) End(e engine.Ending) {
	r := &engine.Result{Level: "draw", Score: s.vp, Text: fmt.Sprintf("Drawn by agreement on turn %d with %d German VP", s.turn, s.vp)}
	if e.Kind == engine.EndResign {
		loser := s.viewerSide(e.Seat)
		winner := loser.Other()
		r.Winner, r.Level = s.seatOf(winner), s.g.tables.best(winner).Level
		r.Text = fmt.Sprintf("The %s side resigns on turn %d: %s %s victory", loser, s.turn, winner, r.Level)
	}
	if e.Kind == engine.EndResign {
		s.logf("", "%s resigns", int(s.viewerSide(e.Seat)))
	} else {
		s.logf("", "the players agree a draw")
	}
	s.step, s.result = stOver, r
}

// best is the best level of the Victory Point Track for side: its winning
// block farthest from the draw (the track runs from British to German).
func (t *Tables) best(side Side) VictoryLevel {
	levels := slices.Clone(t.Victory)
	if side == German {
		slices.Reverse(levels)
	}
	for _, v := range levels {
		if v.Winner == side.String() {
			return v
		}
	}
	return VictoryLevel{Winner: side.String(), Level: "resignation"} // a track without a winning block for side
}
