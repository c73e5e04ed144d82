package mgmg

import (
	"fmt"

	"sandtable/engine"
)

// Retreats after an assault (mgmg:10.9): one unit at a time (10.91), the
// retreating side choosing among the places the priorities allow
// (RetreatChoices, 10.92); with none the unit is eliminated, and an
// airborne unit that retreats out of its Operational Sector is too
// (10.91). A defender retreats to take a casualty point (10.8) or of its
// own will once the assault is resolved (10.93); an assaulting unit goes
// back into the place it entered from, by the priorities from there when
// that place is fully stacked (10.9, 10.91). Not built: a retreat through
// a fully-stacked area (priority 4), which counts as no place to go, and
// the movement rules' limits on crossing (docs/conformance/mgmg.md).

// retreatPlaces are the places unit u may retreat into from place from.
func (s *State) retreatPlaces(u, from int16) []int16 {
	sd, x := s.g.side[u], &s.g.units[u]
	var places []int16
	var areas []RetreatArea
	for _, q := range s.g.m.Neighbors(int(from)) {
		p := int16(q)
		if p == s.g.uk || p == s.fightFrame().Fight.Place || !s.mayStack(p, sd) {
			continue // no area; the place retreated from; fully stacked (not yet retreated through)
		}
		a := RetreatArea{FriendlyControlled: s.controller(p) == sd, Contested: s.contested(p),
			InSector:   x.Airborne != "" && !s.g.zone[p] && s.g.m.Sector(q) == x.Sector,
			GermanZone: sd == germans && s.g.zone[p] && s.controller(p) == germans}
		for _, n := range s.g.m.Neighbors(q) {
			if s.controller(int16(n)) != sd {
				a.EnemyNeighbours++
			}
		}
		places, areas = append(places, p), append(areas, a)
	}
	var out []int16
	for _, i := range RetreatChoices(areas, x.Airborne != "", sd == germans) {
		out = append(out, places[i])
	}
	return out
}

// startRetreat has unit u retreat from place from: at once when it has
// no place to go (eliminated, mgmg:10.92), otherwise its side chooses.
func (s *State) startRetreat(u, from int16) {
	f := s.fightFrame()
	if len(s.retreatPlaces(u, from)) == 0 {
		s.logf("mgmg:10.92", "%u has no place to retreat into", int(u))
		s.eliminate(u)
		return
	}
	f.Fight.Retreating, f.Fight.From = u+1, from
}

// retreatTo ends the retreat of the unit retreating in place p.
func (s *State) retreatTo(p int16) {
	f := s.fightFrame()
	u := f.Fight.Retreating - 1
	f.Fight.Retreating, f.Fight.From = 0, 0
	x := &s.g.units[u]
	if x.Airborne != "" && (s.g.zone[p] || s.g.m.Sector(int(p)) != x.Sector) {
		s.logf("mgmg:10.91", "%u retreats out of its Operational Sector", int(u))
		s.eliminate(u)
		return
	}
	s.put(u, p, s.units[u].Level)
	s.logf("mgmg:10.92", "%u retreats into %p", int(u), int(p))
	s.updateControl(p)
}

// retreatAttacker moves an assaulting unit back into the place it entered
// from, or by the priorities from there if it is fully stacked
// (mgmg:10.9, 10.91).
func (s *State) retreatAttacker(u int16) {
	from, _ := cameFrom(s.stack.frames[s.stack.n-2].Move.Came[u])
	if !s.mayStack(from, s.g.side[u]) {
		s.logf("mgmg:10.91", "%p is fully stacked: %u retreats on from it", int(from), int(u))
		s.startRetreat(u, from)
		return
	}
	s.put(u, from, s.units[u].Level)
	s.logf("mgmg:10.9", "%u retreats into %p", int(u), int(from))
	s.updateControl(from)
}

// mayRetreatForCP reports whether defender u may take the next casualty
// point by retreating: Spent or worse, no FLAK Tower, the first point the
// Forward Unit's, and the others able to take the points left, so that no
// unit must be eliminated that retreated (mgmg:10.8, 9.64).
func (s *State) mayRetreatForCP(u int16) bool {
	f := s.fightFrame()
	if s.units[u].Level == StepFresh || s.g.units[u].Type.NeverMoves() || f.Fight.Taken == 0 && u != f.Fight.Forward-1 {
		return false
	}
	left := 0
	for _, d := range s.assaultDefenders(f) {
		if d != u {
			left += int(StepEliminated - s.units[d].Level)
		}
	}
	return int(f.Fight.CP)-1 <= left
}

// retreatDefender has defender u retreat: for a casualty point while some
// are left to take (mgmg:10.8), voluntarily after (10.93), a Fresh unit
// becoming Spent.
func (s *State) retreatDefender(u int16) {
	f := s.fightFrame()
	if f.Fight.CP > 0 {
		f.Fight.CP--
		f.Fight.Taken++
		s.logf("mgmg:10.8", "%u retreats for a casualty point", int(u))
	} else {
		s.logf("mgmg:10.93", "%u retreats voluntarily", int(u))
		if s.units[u].Level == StepFresh {
			s.setLevel(u, StepSpent)
		}
	}
	s.startRetreat(u, f.Fight.Place)
}

// legalRetreatTo lists the places the retreating unit may go.
func (s *State) legalRetreatTo(buf []engine.Action) []engine.Action {
	f := s.fightFrame()
	for _, p := range s.retreatPlaces(f.Fight.Retreating-1, f.Fight.From) {
		buf = append(buf, act(kRetreatTo, int(p)))
	}
	return buf
}

// describeRetreat names the choices of a retreat.
func (s *State) describeRetreat(k kind, x int, c *engine.Choice) {
	g := s.g
	switch k {
	case kRetreatDefender:
		c.ID, c.Rule = "withdraw:"+g.units[x].ID, "mgmg:10.93"
		c.Label = "Retreat " + g.units[x].Name
		if s.step == stCasualty {
			c.Label, c.Rule = c.Label+" for a casualty point", "mgmg:10.8"
		}
	case kRetreatTo:
		u := s.fightFrame().Fight.Retreating - 1
		c.ID, c.Rule, c.Refs = "retreat-to:"+g.placeIDs[x], "mgmg:10.92", []string{"area:" + g.placeIDs[x]}
		c.Label = fmt.Sprintf("%s retreats into %s", g.units[u].Name, g.placeName(int16(x)))
	}
}
