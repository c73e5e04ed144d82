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
// that place is fully stacked (10.9, 10.91). A fully-stacked area
// (priority 4) is retreated through: the unit goes on from it by the
// priorities, never back into a place it has been in. A retreat by the
// priorities crosses boundaries as movement does (retreatCrossing).

// retreatPlaces are the places unit u may retreat into from place from.
func (s *State) retreatPlaces(u, from int16) []int16 {
	sd, x := s.g.side[u], &s.g.units[u]
	f := s.fightFrame()
	var places []int16
	var areas []RetreatArea
	for _, q := range s.g.m.Neighbors(int(from)) {
		p := int16(q)
		if p == s.g.uk || p == f.Fight.Place || f.Fight.Through.has(q) || s.retreatCrossing(u, int(from), q) < -1 {
			continue // no area; where the retreat began or passed; a boundary it may not cross
		}
		if x.Train && (s.g.zone[p] || !s.g.m.Railway(int(from), q)) {
			continue // fh40:20.4: the armoured train enters no Zone and keeps to the railway
		}
		a := RetreatArea{FriendlyControlled: s.ownGround(p, sd), Contested: s.contested(p), Full: !s.mayStack(p, sd),
			InSector:   x.Airborne != "" && !s.g.zone[p] && s.g.m.Sector(q) == x.Sector,
			GermanZone: sd == germans && s.g.zone[p] && s.controller(p) == germans && s.g.fh40 == nil} // not in fh40:10.92
		for _, n := range s.g.m.Neighbors(q) {
			if !s.ownGround(int16(n), sd) {
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

// retreatCrossing is how a retreat from place from into to crosses their
// border as the movement rules let it (mgmg:9.62, 9.621, 9.2): the index
// of the bridge it uses, -1 for none, or -2 when it may not cross: a river
// only by an intact bridge, a canal without one by infantry only, from a
// Contested place never over an enemy-held bridge or boundary, and at
// most five units over a bridge in an impulse; a railway bridge is the
// armoured train's alone (fh40:19.6). Ferries and boats are moves of the
// active side (mgmg:9.5, 9.63).
func (s *State) retreatCrossing(u int16, from, to int) int {
	b := s.g.m.Boundary(from, to)
	if b == OpenGround {
		return -1
	}
	sd, contested := s.g.side[u], s.contested(int16(from))
	if i := int(s.g.bridgeAt[from*nPlaces+to]); s.intactBridge(from, to) && (s.g.units[u].Train || !s.railBridge(i)) { // fh40:19.6
		if contested && s.bridges[i].Held != heldBy(sd) || s.stack.frames[0].Move.BridgeUses[i] >= bridgeLimit {
			return -2
		}
		return i
	}
	if b == River || !s.g.units[u].Type.IsInfantry() || contested && !s.heldBoundary(from, to, sd) {
		return -2
	}
	return -1
}

// startRetreat has unit u retreat from place from: at once when it has
// no place to go (eliminated, mgmg:10.92), otherwise its side chooses.
func (s *State) startRetreat(u, from int16) {
	f := s.fightFrame()
	if len(s.retreatPlaces(u, from)) == 0 {
		s.logf("mgmg:10.92", "%u has no place to retreat into", int(u))
		f.Fight.Through = placeSet{}
		s.eliminate(u)
		return
	}
	f.Fight.Retreating, f.Fight.From = u+1, from
}

// retreatTo moves the retreating unit into place p: its retreat ends
// there, or goes on when p is fully stacked (mgmg:10.91, 10.92).
func (s *State) retreatTo(p int16) {
	f := s.fightFrame()
	u, from := f.Fight.Retreating-1, f.Fight.From
	f.Fight.Retreating, f.Fight.From = 0, 0
	x := &s.g.units[u]
	if x.Airborne != "" && (s.g.zone[p] || s.g.m.Sector(int(p)) != x.Sector) {
		s.logf("mgmg:10.91", "%u retreats out of its Operational Sector", int(u))
		f.Fight.Through = placeSet{}
		s.eliminate(u)
		return
	}
	if i := s.retreatCrossing(u, int(from), int(p)); i >= 0 && s.stack.frames[0].Proc == procImpulse {
		s.stack.frames[0].Move.BridgeUses[i]++ // mgmg:9.62, in the impulse's count
	}
	if !s.mayStack(p, s.g.side[u]) {
		s.logf("mgmg:10.91", "%u retreats through the fully-stacked %p", int(u), int(p))
		f.Fight.Through.add(int(p))
		s.startRetreat(u, p)
		return
	}
	f.Fight.Through = placeSet{}
	s.put(u, p, s.units[u].Level)
	s.logf("mgmg:10.92", "%u retreats into %p", int(u), int(p))
	s.updateControl(p)
}

// retreatAttacker moves an assaulting unit back into the place it entered
// from, or by the priorities from there if it is fully stacked
// (mgmg:10.9, 10.91). It crosses back as it came, whatever the bridge's
// limit (mgmg:9.62, 9.621).
func (s *State) retreatAttacker(u int16) {
	from, _ := cameFrom(s.stack.frames[s.stack.n-2].Move.Came[u])
	if !s.mayStack(from, s.g.side[u]) {
		s.logf("mgmg:10.91", "%p is fully stacked: %u retreats on from it", int(from), int(u))
		s.fightFrame().Fight.Through.add(int(from))
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
		c.ID, c.Rule, c.Refs = "withdraw:"+g.units[x].ID, "mgmg:10.93", []string{"unit:" + g.units[x].ID}
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
