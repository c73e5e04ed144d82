package soa

import "sandtable/engine"

// spotterOrg reports whether HQ h may place artillery counter a: the German
// needs a shared lower or higher organisation, the British a battalion or
// brigade HQ (soa:14.31).
func spotterOrg(h, a UnitData) bool {
	if h.Type != HQ {
		return false
	}
	if h.Side == "british" {
		return h.Level == "battalion" || h.Level == "brigade"
	}
	return (a.Company != "" && h.Company == a.Company) || (a.Higher != "" && h.Higher == a.Higher)
}

// spotterReady reports whether HQ h, of the right organisation, is able to spot
// now: on the map and uncommitted (soa:14.3).
func (s *State) spotterReady(h int16) bool {
	return !s.units[h].Committed && s.units[h].Loc >= 0
}

// artilleryTargets lists the places counter a may be placed in (soa:14.3, 14.4, 14.7, 10.7).
func (s *State) artilleryTargets(a int16) []int16 {
	return s.artilleryTargetsInto(a, nil, false)
}

// artilleryTargetsInto appends the targets of counter a to out; with first
// it stops at the first one found. A second barrage in one impulse goes only
// where soa:14.33 allows it (see secondSpotter).
func (s *State) artilleryTargetsInto(a int16, out []int16, first bool) []int16 {
	side := s.side(a)
	enemy := side.Other()
	start := len(out)
	second := s.artFirst >= 0 && a != s.artFirstBy
	add := func(q int16) bool {
		if !contains16(out[start:], q) && s.visibleEnemy(q, enemy) && !(second && q == s.artFirst) {
			out = append(out, q)
			return first
		}
		return false
	}
	if s.g.units[a].SOnly { // soa:14.4: S areas, no spotter
		for _, p := range s.g.sAreas {
			if !second && !s.occupied(p, side) && add(p) {
				return out
			}
		}
		return out
	}
	for _, h := range s.g.spotters[a] {
		if !s.spotterReady(h) || (second && !s.secondSpotter(h)) {
			continue
		}
		at := s.units[h].Loc
		if s.isZone(at) {
			if add(at) { // soa:14.7: only into the spotter's own zone
				return out
			}
			continue
		}
		if s.occupied(at, enemy) {
			continue // soa:14.3: the spotter's area must be free of enemy
		}
		for _, q := range s.g.areaNbr[at] {
			if !s.occupied(q, side) && add(q) { // soa:14.3, 10.7
				return out
			}
		}
	}
	return out
}

// secondSpotter reports whether HQ h may call the second barrage of this
// impulse: another HQ in h's area, one that may place the first counter,
// called the first barrage into an area next to theirs (soa:14.33). HQs in a
// zone call fire only into their zone, never on two different areas.
func (s *State) secondSpotter(h int16) bool {
	at := s.units[h].Loc
	if s.isZone(at) || !contains16(s.g.areaNbr[at], s.artFirst) {
		return false
	}
	for _, h1 := range s.g.spotters[s.artFirstBy] {
		if h1 != h && s.units[h1].Loc == at && s.spotterReady(h1) {
			return true
		}
	}
	return false
}

// readyArtillery appends the artillery counters the side to move may call
// now (soa:14.2, 14.33).
func (s *State) readyArtillery(buf []engine.Action) []engine.Action {
	var tmp [1]int16
	for _, u := range s.g.artillery {
		if s.side(u) == s.imp && s.units[u].Loc == locArtBox && !s.units[u].Committed && len(s.artilleryTargetsInto(u, tmp[:0], true)) > 0 {
			buf = append(buf, act(kArtillery, int(u)))
		}
	}
	return buf
}

// secondBarrage reports whether the German, his first barrage of the impulse
// just designated, may call a second one (soa:14.33).
func (s *State) secondBarrage() bool {
	if s.imp != German || len(s.attacks) != 1 {
		return false
	}
	var tmp [4]engine.Action
	return len(s.readyArtillery(tmp[:0])) > 0
}

// visibleEnemy reports an enemy unit in q that the attacker can see.
func (s *State) visibleEnemy(q int16, enemy Side) bool {
	g := &s.occAt(q).side[enemy].grp
	return g[0].arm+g[0].other+g[0].at+g[1].arm+g[1].other+g[1].at > 0
}

// startArtillery uses an artillery counter as the impulse (soa:14.2); the
// British must first roll 4 or less (soa:14.32).
func (s *State) startArtillery(a int16) {
	s.cur = attack{Kind: atkArtillery, Units: append(s.cur.Units[:0], a), Primary: -1}
	s.setCommitted(a, true) // soa:14.2: fired side up for the rest of the turn
	if s.side(a) == British {
		d := s.rng.Die(6)
		if d > 4 {
			s.logf("soa:14.32", "%u: rolled %d, no fire this turn", int(a), d)
			s.endImpulse()
			return
		}
		s.logf("soa:14.32", "%u: rolled %d, the battery answers", int(a), d)
	}
	s.step = stArtTarget
}

func (s *State) legalArtillery(buf []engine.Action) []engine.Action {
	if s.step == stArtMore {
		return append(s.readyArtillery(buf), act(kResolve, 0))
	}
	if s.step == stArtTarget {
		for _, q := range s.artilleryTargets(s.cur.Units[0]) {
			buf = append(buf, act(kTarget, int(q)))
		}
		if len(buf) == 0 {
			buf = append(buf, act(kDone, 0)) // the target left after the roll; cannot happen in the same impulse
		}
		return buf
	}
	for g := 0; g < 2; g++ {
		if s.hasAffected(atkArtillery, s.cur.Target, s.cur.Target, uint8(g)) {
			buf = append(buf, act(kGroup, g))
		}
	}
	return buf
}

func (s *State) applyArtillery(k kind, x int) {
	switch k {
	case kTarget:
		s.cur.Target = int16(x)
		s.step = stArtGroup
		n, last := 0, 0
		for g := 0; g < 2; g++ {
			if s.hasAffected(atkArtillery, s.cur.Target, s.cur.Target, uint8(g)) {
				n, last = n+1, g
			}
		}
		if n == 1 {
			s.designateBarrage(last)
		}
	case kGroup:
		s.designateBarrage(x)
	case kArtillery:
		s.startArtillery(int16(x))
	case kResolve:
		s.resolveAttacks()
	case kDone:
		s.endImpulse()
	}
}

// designateBarrage records the barrage on the chosen group. Before any dice
// the German may designate a second barrage (soa:14.33): like all attacks of
// an impulse, both are declared before either is resolved (soa:8.12). The
// barrage then resolves like a fire attack with no modifiers but the dice
// (soa:14.5).
func (s *State) designateBarrage(g int) {
	s.cur.Group = uint8(g)
	if s.artFirst < 0 {
		s.artFirst, s.artFirstBy = s.cur.Target, s.cur.Units[0]
	}
	s.logf("soa:14.5", "%u is called on %p", int(s.cur.Units[0]), int(s.cur.Target))
	a := s.cur
	a.Units = append([]int16(nil), s.cur.Units...)
	s.attacks = append(s.attacks, a)
	if s.secondBarrage() {
		s.step, s.active = stArtMore, s.imp
		return
	}
	s.resolveAttacks()
}
