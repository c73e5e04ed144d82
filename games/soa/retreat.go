package soa

import (
	"cmp"
	"slices"

	"sandtable/engine"
)

// Retreat priorities of soa:8.3551, best first.
const (
	prioA = iota // area not adjacent to an enemy-occupied area
	prioB        // zone without enemy
	prioC        // area not adjacent to the area that caused the retreat
	prioD        // zone with enemy
	prioE        // area too full: the retreat goes on from there
	prioF        // area adjacent to the area that caused it (fewest enemy neighbours)
	prioG        // area with enemy armour but no enemy infantry
	prioH        // area with enemy infantry, armour only, no enemy AT (soa:12.4, 13.6)
	prioNone
)

// retreatPriority classes place q for a group of side retreating from where
// it stands; cause is the area whose fire caused it, -1 for artillery.
func (s *State) retreatPriority(q int16, side Side, inf, arm int, cause int16) int {
	enemy := side.Other()
	if s.isZone(q) { // soa:10.2
		if s.occupied(q, enemy) {
			return prioD
		}
		return prioB
	}
	if o := &s.occAt(q).side[enemy]; o.n > 0 {
		enemyAT, enemyInf := o.at > 0, o.inf > o.at // hidden ones included
		if arm > 0 && enemyAT {
			return prioNone // soa:13.6: AT units block armour
		}
		if enemyInf {
			if inf > 0 {
				return prioNone // soa:8.355: infantry cannot retreat into enemy infantry
			}
			return prioH
		}
		return prioG // enemy armour, or AT alone (soa:13.6)
	}
	if !s.fits(q, side, inf, arm) {
		return prioE
	}
	if s.enemyAdjacentAreas(q, side) == 0 {
		return prioA
	}
	if cause < 0 || (cause != q && !s.g.board.Adjacent(int(cause), int(q))) {
		return prioC
	}
	return prioF
}

// retreatOptions are the places a group may retreat to from where it stands,
// never back into a visited place (a bit each): the best priority class
// present, and within F the fewest enemy neighbours (soa:8.3551).
func (s *State) retreatOptions(from int16, group []int16, visited uint64, cause int16, buf []int16) []int16 {
	if len(group) == 0 {
		return buf
	}
	side := s.side(group[0])
	inf, arm := 0, 0
	for _, u := range group {
		if s.isArmor(u) {
			arm++
		} else {
			inf++
		}
	}
	best, fewest := prioNone, 1<<30
	start := len(buf)
	for _, n := range s.g.board.Neighbors(int(from)) {
		q := int16(n)
		if visited&(1<<uint(q)) != 0 {
			continue
		}
		p := s.retreatPriority(q, side, inf, arm, cause)
		if p == prioNone || p > best {
			continue
		}
		near := 0
		if p == prioF {
			near = s.enemyAdjacentAreas(q, side)
		}
		if p < best || (p == prioF && near < fewest) {
			buf = buf[:start]
			best, fewest = p, near
		} else if p == prioF && near > fewest {
			continue
		}
		buf = append(buf, q)
	}
	return buf
}

// canRetreatWith reports whether u, with the units already retreating from
// the attacked place in this impulse, has somewhere to go (soa:8.3552).
func (s *State) canRetreatWith(u int16) bool {
	var g [24]int16
	group := g[:0]
	for _, v := range s.retreaters {
		if s.units[v].Loc == s.cur.Target {
			group = append(group, v)
		}
	}
	group = append(group, u)
	var tmp [16]int16
	return len(s.retreatOptions(s.cur.Target, group, 1<<uint(s.cur.Target), s.stack.find(procResolution).Cause, tmp[:0])) > 0
}

// retreatGroups moves the units chosen to retreat once every attack of the
// impulse is resolved: all that leave one place go as one group (soa:8.3552),
// one group after another, each on a retreat frame; then the impulse ends.
// cause is the place whose fire caused the last casualties (soa:8.3551).
func (s *State) retreatGroups(cause int16) {
	if len(s.retreaters) == 0 {
		s.endImpulse()
		return
	}
	from := s.units[s.retreaters[0]].Loc
	away := func(u int16) int { // the group from the first place goes first
		if s.units[u].Loc == from {
			return 0
		}
		return 1
	}
	slices.SortStableFunc(s.retreaters, func(a, b int16) int { return cmp.Compare(away(a), away(b)) })
	s.stack.push(frame{Proc: procRetreat, At: from, Cause: cause, Visited: 1 << uint(from)})
	s.step, s.active = stRetreatDest, s.imp.Other()
	s.autoRetreat()
}

// group is the retreating group: the first units of retreaters, all still
// in the place they retreat from.
func (s *State) group() []int16 {
	from := s.units[s.retreaters[0]].Loc
	n := 0
	for n < len(s.retreaters) && s.units[s.retreaters[n]].Loc == from {
		n++
	}
	return s.retreaters[:n]
}

// autoRetreat takes the only destination, or eliminates a group with none
// (soa:8.355: then losses are taken by elimination).
func (s *State) autoRetreat() {
	var tmp [16]int16
	group := s.group()
	opts := s.legalRetreatPlaces(tmp[:0])
	switch len(opts) {
	case 0:
		for _, u := range group {
			s.logf("soa:8.355", "%u cannot retreat further and is eliminated", int(u))
			s.eliminate(u, 2) // soa:19.22
		}
		s.retreaters = s.retreaters[len(group):]
		s.retreatGroups(s.stack.pop().Cause)
	case 1:
		s.applyRetreatDest(opts[0])
	}
}

// legalRetreatPlaces are where the group on the retreat frame may go next.
func (s *State) legalRetreatPlaces(buf []int16) []int16 {
	f := s.stack.top()
	return s.retreatOptions(f.At, s.group(), f.Visited, f.Cause, buf)
}

func (s *State) legalRetreatDest(buf []engine.Action) []engine.Action {
	var tmp [16]int16
	for _, q := range s.legalRetreatPlaces(tmp[:0]) {
		buf = append(buf, act(kDest, int(q)))
	}
	return buf
}

// applyRetreatDest moves the group into q; where q cannot hold them all, as
// many as fit stay (first chosen first) and the rest retreat on (soa:8.3552).
func (s *State) applyRetreatDest(q int16) {
	group := s.group()
	side := s.side(group[0])
	n := 0 // the units that go on, kept at the front
	for _, u := range group {
		arm := 0
		if s.isArmor(u) {
			arm = 1
		}
		if s.fits(q, side, 1-arm, arm) {
			s.put(u, q, true) // soa:8.354 A
			s.logf("soa:8.355", "%u retreats into %p", int(u), int(q))
		} else {
			s.retreaters[n] = u
			n++
		}
	}
	s.retreaters = append(s.retreaters[:n], s.retreaters[len(group):]...)
	if n == 0 {
		s.retreatGroups(s.stack.pop().Cause)
		return
	}
	f := s.stack.top()
	f.At, f.Visited = q, f.Visited|1<<uint(q)
	s.autoRetreat()
}
