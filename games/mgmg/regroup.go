package mgmg

import "sandtable/engine"

// The Regroup Phase (mgmg:6.5, 6.51): the Germans, then the Allies, may
// move any of their units, Spent or Disrupted too, one place into an
// adjacent Free Area or Zone, within the Daylight Phase's movement
// restrictions: each picks a unit, then where it goes, and ends with Done.
// Two adjacent full Areas cannot trade units (mgmg:6.51): moved one at a
// time, neither has room for the other's.

// startRegroup begins sd's Regroup (mgmg:6.5).
func (s *State) startRegroup(sd side) {
	s.stack.push(frame{Proc: procRegroup, Side: sd, Unit: -1})
	s.step, s.active = stRegroup, sd
}

// legalRegroup lists Done and each unit that may still regroup, or, once a
// unit is picked, the places it may regroup into.
func (s *State) legalRegroup(buf []engine.Action) []engine.Action {
	f := s.stack.top()
	if f.Unit >= 0 {
		return s.regroupPlaces(f.Unit, buf)
	}
	buf = append(buf, act(kDone, 0))
	for u := range s.units {
		if s.g.side[u] == s.active && !f.Acted.has(int16(u)) && s.regroupFrom(int16(u), func(int) bool { return false }) {
			buf = append(buf, act(kUnit, u))
		}
	}
	return buf
}

// regroupPlaces appends the places unit u may regroup into.
func (s *State) regroupPlaces(u int16, buf []engine.Action) []engine.Action {
	s.regroupFrom(u, func(to int) bool {
		buf = append(buf, act(kPlace, to))
		return true
	})
	return buf
}

// regroupFrom calls more with each place unit u may regroup into while it
// asks for more, and reports whether there was one.
func (s *State) regroupFrom(u int16, more func(to int) bool) bool {
	from := s.units[u].Loc
	if from < 0 || from == s.g.uk || s.g.units[u].Type.NeverMoves() { // mgmg:6.51, 9.64, fh40:6.51
		return false
	}
	found := false
	for _, to := range s.g.m.Neighbors(int(from)) {
		if s.mayRegroup(u, int(from), to) {
			found = true
			if !more(to) {
				break
			}
		}
	}
	return found
}

// mayRegroup reports whether unit u may regroup from one place to an
// adjacent one (mgmg:6.5, 6.51).
func (s *State) mayRegroup(u int16, from, to int) bool {
	g, d, sd := s.g, &s.g.units[u], s.g.side[u]
	t := int16(to)
	switch {
	case !s.free(t, sd) || !s.mayStack(t, sd): // mgmg:6.5, 7.5, 7.1
		return false
	case from == g.m.Area(64) && t == g.zoneF: // mgmg:6.51, 14.51
		return false
	case d.Airborne != "" && (g.zone[t] || g.m.Sector(to) != d.Sector): // mgmg:9.66
		return false
	}
	_, ok := s.regroupCrossing(u, from, to)
	return ok
}

// regroupCrossing is how unit u would cross from one place to the adjacent
// one in a Regroup, and whether it may (mgmg:6.51). The
// Daylight rules hold: roads for non-infantry and from Polder, armour over
// a ferry only at Pannerden (mgmg:3.21, 9.4), bridges to their limit
// (mgmg:9.62, 19.1), none held by the enemy out of a Contested place
// (mgmg:9.621), a river only by bridge or ferry, a canal without a bridge
// by infantry only.
func (s *State) regroupCrossing(u int16, from, to int) (c regroupVia, ok bool) {
	g, d := s.g, &s.g.units[u]
	armored := d.Type == Armored
	c = regroupOver
	if boundary := g.m.Boundary(from, to); boundary != OpenGround {
		if c, ok = s.regroupOverBoundary(u, from, to, boundary); !ok {
			return c, false
		}
	}
	road := g.m.Road(from, to)
	if d.Train { // fh40:20.4: the armoured train regroups along railways, never into a Zone
		road = g.m.Railway(from, to) && !g.zone[to]
	}
	if armored && c == regroupFerry {
		road = armourFerry(g.m, from, to) // mgmg:3.21: no other ferry carries armour's road net
	}
	if (!d.Type.IsInfantry() || g.m.Polder(from)) && !road { // mgmg:6.51, 9.4
		return c, false
	}
	return c, true
}

// regroupOverBoundary is how unit u would cross the river or canal between
// from and to, and whether it may (regroupCrossing).
func (s *State) regroupOverBoundary(u int16, from, to int, boundary Boundary) (c regroupVia, ok bool) {
	g, d, sd := s.g, &s.g.units[u], s.g.side[u]
	armored := d.Type == Armored
	bridge := s.intactBridge(from, to) && (d.Train || !s.railBridge(int(g.bridgeAt[from*nPlaces+to]))) // fh40:19.6
	if b := g.bridgeAt[from*nPlaces+to]; bridge && s.bridgeUse[b] >= bridgeLimit {                     // mgmg:9.62, 19.1
		bridge = false
	}
	if bridge && s.bridges[g.bridgeAt[from*nPlaces+to]].Held != heldBy(sd) && s.contested(int16(from)) { // mgmg:9.621
		bridge = false
	}
	ferry := s.intactFerry(from, to) && s.ferries[g.ferryAt[from*nPlaces+to]] == ferryOpen && // mgmg:9.63
		!(armored && sd == germans && s.turn < germanArmourFerries)
	c = regroupOver
	switch boundary {
	case River: // mgmg:9.62
		switch {
		case bridge:
			c = regroupBridge
		case ferry:
			c = regroupFerry
		default:
			return c, false
		}
	case Canal: // mgmg:6.51, 9.2: only infantry crosses a canal without a bridge
		switch {
		case bridge:
			c = regroupBridge
		case d.Type.IsInfantry():
		case armored && ferry:
			c = regroupFerry
		default:
			return c, false
		}
	}
	if c != regroupBridge && s.contested(int16(from)) && !s.heldBoundary(from, to, sd) {
		return c, false // mgmg:9.621: not over the enemy's river or canal out of a Contested place
	}
	return c, true
}

// regroupVia is how a Regroup crosses a boundary.
type regroupVia uint8

const (
	regroupOver   regroupVia = iota // open ground, or a canal waded by infantry
	regroupBridge                   // an intact bridge, counted to its limit (mgmg:9.62)
	regroupFerry                    // a Ferry Crossing, used up for the phase (mgmg:9.63)
)

// germanArmourFerries is the first date German armour may use a Ferry
// Crossing, its Regroup Phase included (mgmg:6.51, 9.63).
const germanArmourFerries = 19

// bridgeLimit is the most units that use a bridge in a Regroup Phase or an
// impulse (mgmg:9.62, 19.1).
const bridgeLimit = 5

// applyRegroup picks a unit, moves the picked unit, or ends the side's
// Regroup; after the Allies' the turn ends (mgmg:6.5).
func (s *State) applyRegroup(k kind, x int) {
	f := s.stack.top()
	switch k {
	case kUnit:
		f.Unit = int16(x)
		s.step = stRegroupTo
		return
	case kPlace:
		s.regroup(f.Unit, x)
		f.Acted.add(f.Unit)
		f.Unit = -1
		s.step = stRegroup
		return
	}
	s.stack.pop()
	if s.active == s.g.first {
		s.startRegroup(s.active.other())
		return
	}
	s.bridgeUse = [nBridges]uint8{}
	s.endTurn()
}

// regroup moves unit u into place to, counting the bridge or ferry it uses
// (mgmg:9.62, 9.63); the unit keeps its level.
func (s *State) regroup(u int16, to int) {
	g, from := s.g, int(s.units[u].Loc)
	switch c, _ := s.regroupCrossing(u, from, to); c {
	case regroupBridge:
		s.bridgeUse[g.bridgeAt[from*nPlaces+to]]++
	case regroupFerry:
		s.ferries[g.ferryAt[from*nPlaces+to]] = ferryUsed
	}
	s.put(u, int16(to), s.units[u].Level)
	s.updateControl(int16(to))
	s.updateControl(int16(from)) // mgmg:7.2: the enemy left alone where the unit was takes it
	s.logf("mgmg:6.5", "%u regroups from %p to %p", int(u), from, to)
}
