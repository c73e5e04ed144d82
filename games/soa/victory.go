package soa

// The Victory Point Determination Phase (soa:6.5, 11) and the end of the game
// (soa:6.6, 11.4).

import (
	"fmt"

	"sandtable/engine"
)

// holders reports which sides occupy place p for control: British
// anti-tank guns and Bren carriers never count (soa:11.2, 17.53).
func (s *State) holders(p int16) (german, british bool) {
	german = s.occupied(p, German)
	for _, u := range s.g.sideUnits[British] {
		if s.units[u].Loc == p && s.typ(u) != AntiTank && s.typ(u) != Bren {
			return german, true
		}
	}
	return german, false
}

// perimeterBonus is the award for an area whose perimeter marker the German
// removes in a turn (soa:11.5, 11.5.1): 2 VP through turn 2, 1 VP on turn 3.
func perimeterBonus(turn int) int {
	switch {
	case turn <= 2:
		return 2
	case turn == 3:
		return 1
	}
	return 0
}

// victoryPhase adjusts control, adds the German victory points, awards the
// perimeter reduction bonus, then ends the game or the turn (soa:6.5, 6.6).
func (s *State) victoryPhase() {
	for p := 0; p < s.g.board.Len(); p++ {
		pl := s.g.board.Place(p)
		if pl.VP > 0 {
			de, gb := s.holders(int16(p))
			switch { // soa:11.2: only a sole occupant flips control; empty leaves it
			case de && !gb && s.control[p] != German:
				s.setControl(p, German)
				s.logf("soa:11.2", "%s takes control of %p", int(German), p)
			case gb && !de && s.control[p] != British:
				s.setControl(p, British)
				s.logf("soa:11.2", "%s takes control of %p", int(British), p)
			}
			if s.control[p] == German { // soa:11.3
				s.vp += pl.VP
				s.logf("soa:11.3", "%s holds %p: +%d VP", int(German), p, pl.VP)
			}
		}
		// soa:11.5.1: sole occupant means no British unit of any kind; the
		// soa:11.2 exclusion of AT guns and Bren carriers is for VP areas only.
		if s.perim[p] && s.occupied(int16(p), German) && !s.occupied(int16(p), British) {
			s.setPerim(p, false)
			b := perimeterBonus(s.turn)
			s.vp += b // soa:11.5.2: never lost again
			s.logf("soa:11.5", "%s captures the perimeter area %p: +%d VP", int(German), p, b)
		}
	}
	s.logf("soa:6.5", "turn %d: the Germans have %d VP", s.turn, s.vp)
	switch {
	case s.vp >= s.g.tables.decisiveGerman(): // soa:6.6
		s.endGame(s.g.tables.victory(s.vp), "soa:6.6")
	case s.turn >= lastTurn: // soa:11.4
		s.endGame(s.g.tables.victory(s.vp), "soa:11.4")
	default:
		s.turn++ // soa:6.6
		s.startTurn()
	}
}

// endGame records the result; the winner is the seat of the winning side,
// which bidding may have swapped (soa:21.1).
func (s *State) endGame(v VictoryLevel, rule string) {
	r := &engine.Result{Level: v.Level, Score: s.vp}
	switch v.Winner {
	case "german":
		r.Winner = s.seatOf(German)
		r.Text = fmt.Sprintf("German %s victory with %d VP after turn %d", v.Level, s.vp, s.turn)
	case "british":
		r.Winner = s.seatOf(British)
		r.Text = fmt.Sprintf("British %s victory: the Germans have %d VP after turn %d", v.Level, s.vp, s.turn)
	default:
		r.Text = fmt.Sprintf("Drawn game: the Germans have %d VP after turn %d", s.vp, s.turn)
	}
	s.logf(rule, "the game ends after turn %d with %d German VP", s.turn, s.vp)
	s.step, s.result = stOver, r
}
