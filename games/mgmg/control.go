package mgmg

// Stacking and control (mgmg:7): how many units of a side a place holds,
// who Controls it, and the words the rules build on them: Contested,
// Vacant and Free.

// stackLimit is the most units of one side in an Area (mgmg:7.1).
const stackLimit = 10

// count is the number of side's units in place p.
func (s *State) count(p int16, sd side) int { return int(s.occ[p][sd]) }

// occFull counts the units of each side in each place from scratch.
func (s *State) occFull() (occ [nPlaces][2]uint8) {
	for u, st := range &s.units {
		if st.Loc >= 0 {
			occ[st.Loc][s.g.side[u]]++
		}
	}
	return occ
}

// unlimited reports a place without a stacking limit: a Zone (mgmg:7.1,
// 14.3), or the United Kingdom box, which is no Area (mgmg:3.4).
func (s *State) unlimited(p int16) bool { return s.g.zone[p] || p == s.g.uk }

// mayStack reports whether one more unit of side may move, assault,
// regroup or end a retreat in p: an Area already holding ten of its units
// takes no more (mgmg:7.1).
func (s *State) mayStack(p int16, sd side) bool {
	return s.unlimited(p) || s.count(p, sd) < stackLimit
}

// overstacked is a place where side has more than ten units, -1 if none
// (mgmg:7.1).
func (s *State) overstacked(sd side) int16 {
	for p := range s.control {
		if !s.unlimited(int16(p)) && s.count(int16(p), sd) > stackLimit {
			return int16(p)
		}
	}
	return -1
}

// controller is the side that Controls p (mgmg:7.2).
func (s *State) controller(p int16) side { return s.control[p].side() }

// contested reports units of both sides in p (mgmg:7.3).
func (s *State) contested(p int16) bool { return s.count(p, germans) > 0 && s.count(p, allies) > 0 }

// vacant reports no enemy of side in p, whoever is there or Controls it
// (mgmg:7.4).
func (s *State) vacant(p int16, sd side) bool { return s.count(p, sd.other()) == 0 }

// free reports p Vacant and held by side (mgmg:7.5).
func (s *State) free(p int16, sd side) bool { return s.vacant(p, sd) && s.ownGround(p, sd) }

// ownGround reports side sd holding place p for movement, regroups and retreats:
// Controlling it (mgmg:7.2); in Fortress Holland a Zone, Controlled for
// Victory Points only (fh40:7.2, 14.6), is held by a side while no enemy
// unit is in it (docs/conformance/fh40.md).
func (s *State) ownGround(p int16, sd side) bool {
	if s.g.fh40 != nil && s.g.zone[p] {
		return s.vacant(p, sd)
	}
	return s.controller(p) == sd
}

// hasCorps reports a XXX Corps unit in p (mgmg:7.21).
func (s *State) hasCorps(p int16) bool {
	for u := range s.units {
		if s.units[u].Loc == p && s.g.units[u].XXXCorps() {
			return true
		}
	}
	return false
}

// updateControl applies mgmg:7.2 and 7.21 to p after units entered it:
// a side with units in p, Vacant of the enemy, takes it from the enemy;
// the Allies take it as XXX Corps if a Corps unit is among them, as the
// Airborne otherwise; and an Airborne-Controlled place becomes
// Corps-Controlled as soon as a XXX Corps unit is in it, Contested or not.
func (s *State) updateControl(p int16) {
	if p == s.g.uk || s.g.fh40 != nil && s.g.zone[p] { // fh40:7.2, 14.6: zones by unit count as a turn ends
		return
	}
	ger, all := s.count(p, germans), s.count(p, allies)
	switch {
	case ger > 0 && all == 0 && s.controller(p) == allies:
		s.setControl(p, ctlGerman)
		s.logf("mgmg:7.2", "the Germans take control of %p", int(p))
		s.bridgesFollowControl(p)
	case all > 0 && ger == 0 && s.controller(p) == germans:
		c := ctlAirborne
		if s.hasCorps(p) {
			c = ctlCorps
		}
		s.setControl(p, c)
		s.logf("mgmg:7.2", "%S take control of %p", int(allies), int(p))
		s.bridgesFollowControl(p)
	case s.control[p] == ctlAirborne && s.hasCorps(p):
		s.setControl(p, ctlCorps)
		s.logf("mgmg:7.21", "XXX Corps links up in %p", int(p))
	}
}
