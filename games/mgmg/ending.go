package mgmg

import (
	"strings"

	"sandtable/engine"
)

// End implements engine.Ender: the players' own ending of a game, which
// the rules do not name. A seat that resigns lets the other side win; an
// agreed draw is a draw. The score is the Victory Points as they stand
// (victory.go).
func (s *State) End(e engine.Ending) {
	vp := s.victoryPoints()
	if e.Kind != engine.EndResign {
		s.logf("", "the players agree a draw")
		s.end(nobody, "draw", vp, "Drawn by agreement")
		return
	}
	loser := s.sideAt(e.Seat)
	s.logf("", "%S resign", int(loser))
	who := s.g.sidePeople(loser)
	s.end(loser.other(), "resignation", vp, strings.ToUpper(who[:1])+who[1:]+" resign: the "+s.g.sideName(loser.other())+" side wins")
}
