package mgmg

import (
	"fmt"

	"sandtable/engine"
)

// Victory (mgmg:21, 22.1): the Allied Victory Points at the end of
// September 20 decide the standard game; the Extended Game checks them
// again at the end of September 24 and 26. The Germans score none.

// victoryCheck is a date on which the Allied total is checked and the
// Victory Points it needs (mgmg:21.2, 22.1).
type victoryCheck struct {
	day  int8
	need int
}

var extendedChecks = []victoryCheck{{20, 10}, {24, 15}, {26, 21}} // mgmg:22.1

// arnhemPenaltyWorth is what Arnhem counts toward the contested penalty,
// whatever it is worth to the Allies (mgmg:21.4).
const arnhemPenaltyWorth = 4

// victoryPoints is the Allied total as the game stands (mgmg:21.3): each
// Victory Point area Controlled by XXX Corps with a supply line to Zone F,
// Contested or not; Arnhem 2 to the Airborne regardless of supply, 4 to XXX
// Corps with it (21.32); Eindhoven only its bonus of September 17 (21.31);
// one for the Advantage (12.1); one less if the Germans Contest supplied
// Allied-Controlled areas worth six or more (21.4).
func (s *State) victoryPoints() int {
	if s.g.fh40 != nil {
		return s.fh40VictoryPoints()
	}
	g := s.g
	vp, contested := 0, 0
	reach := s.supplyReach(allies)
	if s.eindhoven {
		vp++
	}
	if s.advantage == allies {
		vp++
	}
	for p := range s.control {
		p := int16(p)
		c := s.control[p]
		if p == g.eindhoven || c == ctlGerman || (g.vp[p] == 0 && p != g.arnhem) {
			continue
		}
		supplied := reach[p]
		worth := int(g.vp[p])
		switch {
		case p == g.arnhem && c == ctlAirborne:
			vp += 2
		case p == g.arnhem && supplied:
			vp += 4
		case c == ctlCorps && supplied:
			vp += worth
		}
		if p == g.arnhem {
			worth = arnhemPenaltyWorth
		}
		if supplied && s.count(p, germans) > 0 {
			contested += worth
		}
	}
	if contested >= 6 {
		vp--
	}
	return vp
}

// Score implements engine.Scorer: the Allied Victory Points now.
func (s *State) Score() int { return s.victoryPoints() }

// checkVictory ends the game on a day the rules check victory and reports
// whether it did (mgmg:21.2, 22.1). In the standard game ten Victory Points
// at the end of September 20 win; in the Extended Game more than needed
// win, fewer lose and exactly as many play on, and after September 26 is
// a draw (docs/conformance/mgmg.md).
func (s *State) checkVictory() bool {
	vp := s.victoryPoints()
	if !s.opt.extended {
		if s.turn != LastDay {
			return false
		}
		if vp >= 10 {
			s.end(allies, "victory", vp, fmt.Sprintf("the Allies hold %d Victory Points at the end of September 20, ten or more (mgmg:21.2)", vp))
		} else {
			s.end(germans, "victory", vp, fmt.Sprintf("the Allies end September 20 with %d Victory Points, fewer than the ten they need (mgmg:21.2)", vp))
		}
		return true
	}
	for _, c := range extendedChecks {
		if c.day != s.turn {
			continue
		}
		switch {
		case vp > c.need:
			s.end(allies, "victory", vp, fmt.Sprintf("the Allies hold %d Victory Points at the end of September %d, more than %d (mgmg:22.1)", vp, c.day, c.need))
		case vp < c.need:
			s.end(germans, "victory", vp, fmt.Sprintf("the Allies hold %d Victory Points at the end of September %d, fewer than %d (mgmg:22.1)", vp, c.day, c.need))
		case c.day == ExtendedLastDay:
			s.end(nobody, "draw", vp, fmt.Sprintf("the Allies hold exactly %d Victory Points at the end of September %d (mgmg:22.1)", vp, c.day))
		default:
			s.logf("mgmg:22.1", "the Allies hold exactly %d Victory Points: play goes on", vp)
			return false
		}
		return true
	}
	return false
}

// breakthrough reports a supplied Fresh Allied unit in Apeldoorn, Zone A
// (mgmg:21.1). On September 17 and 18 no Allied unit is Isolated
// (mgmg:13.8), so any Fresh one there is supplied.
func (s *State) breakthrough() bool {
	a := s.g.zoneA
	if !s.freshIn(a, allies) {
		return false
	}
	return s.turn <= lastNeverIsolated || s.suppliedFromZoneF(a)
}

// lastNeverIsolated is the last date on which Allied units are never
// Isolated (mgmg:13.8).
const lastNeverIsolated = 18

// vpNeeded says what the Allies need at the next victory check: ten or
// more on September 20 (mgmg:21.2), in the Extended Game more than the
// check's number (mgmg:22.1).
func (s *State) vpNeeded() string {
	if !s.opt.extended {
		return "10 or more at the end of September 20"
	}
	for _, c := range extendedChecks {
		if c.day >= s.turn {
			return fmt.Sprintf("more than %d at the end of September %d", c.need, c.day)
		}
	}
	return ""
}

// needRule is the rule of the next victory check.
func (s *State) needRule() string {
	if s.opt.extended {
		return "mgmg:22.1"
	}
	return "mgmg:21.2"
}

// end ends the game with a result.
func (s *State) end(winner side, level string, score int, text string) {
	s.result = &engine.Result{Winner: s.seatOf(winner), Level: level, Score: score, Text: text}
	s.step, s.active = stOver, nobody
	s.logf("mgmg:21", "the game ends")
}
