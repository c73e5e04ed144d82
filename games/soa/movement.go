package soa

import "sandtable/engine"

// canMoveFrom reports an uncommitted unit of the side to move in p that has
// somewhere to go (soa:8.13, 8.2).
func (s *State) canMoveFrom(p int16) bool {
	if s.occAt(p).side[s.imp].unc == 0 {
		return false
	}
	for _, u := range s.g.sideUnits[s.imp] {
		if s.units[u].Loc == p && s.canStartMove(u) {
			return true
		}
	}
	return false
}

// canStartMove: uncommitted, able to move, with a first step.
func (s *State) canStartMove(u int16) bool {
	if s.units[u].Committed || s.g.units[u].MF == 0 {
		return false
	}
	from := s.units[u].Loc
	hot := !s.isZone(from) && s.occupied(from, s.side(u).Other())
	for _, q := range s.g.board.Neighbors(int(from)) {
		if s.canEnter(u, from, int16(q), s.g.units[u].MF, 0, hot) {
			return true
		}
	}
	return false
}

// stepCost is the movement factors to enter q from where u stands
// (soa:8.22, 10.4, 15.3). Costs are not additive: the highest case applies.
func (s *State) stepCost(u, q int16) int {
	if u < 0 {
		return 0
	}
	return s.stepCostFrom(u, s.units[u].Loc, q)
}

// stepCostFrom is stepCost for unit u as if it stood in from.
func (s *State) stepCostFrom(u, from, q int16) int {
	enemy := s.side(u).Other()
	if s.isZone(q) {
		n := s.occAt(q).side[enemy].n // soa:10.4: by the enemy units in the zone, hidden ones included
		switch {
		case n == 0:
			return 2
		case n <= 2:
			return 3
		case n <= 5:
			return 4
		}
		return 5
	}
	cost := 1 // soa:8.22 A
	switch {
	case s.occupied(q, enemy):
		cost = 4 // soa:8.22 E
		if s.night() {
			cost = 3 // soa:8.22 D, 15.3
		}
	case s.enemyAdjacentAreas(q, s.side(u)) > 0:
		cost = 2 // soa:8.22 B; enemy in zones does not count (soa:10.5)
	}
	if s.isZone(from) && cost < 2 {
		cost = 2 // soa:8.22 C, 10.4: leaving a zone costs at least two
	}
	return cost
}

// canEnter checks one step of a move: run places entered so far, left MFs,
// hot if the move began in an enemy-occupied area (soa:8.2, 8.21).
func (s *State) canEnter(u, from, q int16, left, run int, hot bool) bool {
	enemy := s.side(u).Other()
	if run > 0 && s.occupied(from, enemy) {
		return false // soa:8.2: entering an enemy-occupied place ends the move
	}
	armor := s.isArmor(u)
	if hot && !armor {
		if run > 0 {
			return false // soa:8.21: one place only
		}
		if !s.isZone(q) && s.occupied(q, enemy) {
			return false // soa:8.21: not into another enemy-occupied area
		}
	}
	return s.stepCostFrom(u, from, q) <= left
}

func (s *State) legalMove(buf []engine.Action) []engine.Action {
	if s.step == stMoveUnit {
		for _, u := range s.g.sideUnits[s.imp] {
			if s.units[u].Loc == s.origin && s.canStartMove(u) {
				buf = append(buf, act(kUnit, int(u)))
			}
		}
		if s.moved > 0 {
			buf = append(buf, act(kEnd, 0))
		}
		return buf
	}
	u := s.mover
	from := s.units[u].Loc
	for _, q := range s.g.board.Neighbors(int(from)) {
		if s.canEnter(u, from, int16(q), s.moveLeft, s.moverRun, s.moverHot) {
			buf = append(buf, act(kStep, q))
		}
	}
	if s.moverRun > 0 {
		buf = append(buf, act(kStop, 0))
	}
	return buf
}

func (s *State) applyMove(k kind, x int) {
	switch k {
	case kUnit:
		u := int16(x)
		s.mover, s.moveLeft, s.moverRun = u, s.g.units[u].MF, 0
		s.moverHot = !s.isZone(s.origin) && s.occupied(s.origin, s.imp.Other())
		s.setHidden(u, false) // soa:13.8: moving reveals
		s.step = stMoveStep
	case kStep:
		u, q := s.mover, int16(x)
		cost := s.stepCost(u, q)
		s.moveLeft -= cost
		s.put(u, q, true) // soa:8.13
		s.moverRun++
		s.logf("soa:8.22", "%u moves into %p (%d MF)", int(u), x, cost)
		if s.moverRun == 1 {
			s.moved++
		}
		var tmp [16]engine.Action
		if len(s.legalMove(tmp[:0])) == 1 { // nowhere further: the move ends by itself
			s.stopMover()
		}
	case kStop:
		s.stopMover()
	case kEnd:
		s.endImpulse()
	}
}

// stopMover ends the current unit's move; when no unit of the area can move
// any more the impulse ends.
func (s *State) stopMover() {
	s.mover = -1
	s.step = stMoveUnit
	var tmp [32]engine.Action
	if len(s.legalMove(tmp[:0])) == 1 && s.moveEndsItself() {
		s.endImpulse()
	}
}

// moveEndsItself reports that the impulse may end by itself once no unit
// of the area can move. While an AT gun is hidden, a British area that
// still holds a visible unit waits for "end" all the same: ending or not
// would tell the German whether a gun that could move stayed behind
// (soa:13.8). An area left to a gun alone reveals it anyway.
func (s *State) moveEndsItself() bool {
	if !s.hidesGun(s.imp) {
		return true
	}
	for _, u := range s.g.sideUnits[British] {
		if s.units[u].Loc == s.origin && !s.units[u].Hidden {
			return false
		}
	}
	return true
}
