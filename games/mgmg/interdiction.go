package mgmg

// Interdiction (mgmg:18.44): Fresh German FLAK units and FLAK Towers in or
// next to a Drop Area, and an Air Interdiction marker in it (mgmg:16.4),
// interdict the airborne units landing there. After every
// landing unit is declared, the German rolls a dr for each: equal to the
// Interdiction Value it lands Spent, below it Spent and Disrupt 1, above it
// unaffected. The interdicting units stay Fresh.

// interdictionValue is the Interdiction Value of Drop Area p (mgmg:18.44,
// mgmg:4.117, mgmg:4.118).
func (s *State) interdictionValue(p int16) int {
	n := 0
	for u, st := range &s.units {
		t := s.g.units[u].Type
		if st.Loc < 0 || st.Level != StepFresh || t != Flak && t != FlakTower {
			continue
		}
		if st.Loc == p || s.g.m.Adjacent(int(st.Loc), int(p)) {
			n++
		}
	}
	if s.markerIn(p) { // mgmg:16.4
		n++
	}
	return n
}

// interdictFrom rolls for the next unit of the first lift, from unit first
// on, that lands where the Interdiction Value is above 0 (a dr of 1 or more
// cannot reach 0, so none is rolled there), and offers the roll to the
// Advantage holder (mgmg:12.2); after the last, the Airborne Landing Phase
// goes on (mgmg:20.4). The values do not change while the lift lands: the
// landing spends no FLAK.
func (s *State) interdictFrom(first int16) {
	for u := first; u < nUnits; u++ {
		if at := s.units[u].Loc; s.landsOnDDay(int(u)) && at >= 0 && at != s.g.uk && s.landingValue(u, at) > 0 {
			s.active = allies
			s.offerReroll(rrInterdiction, s.rng.Die(6), u)
			return
		}
	}
	s.startDropAreas()
}

// interdictionResult applies the Interdiction dr that stands for unit u:
// equal to the value, Spent; below, Spent and Disrupt 1; above, unharmed
// (mgmg:18.44).
func (s *State) interdictionResult(u int16, dr int) {
	p := s.units[u].Loc
	v := s.landingValue(u, p)
	switch {
	case dr == v:
		s.setLevel(u, StepSpent)
		s.logf("mgmg:18.44", "Interdiction dr %d against %d in %p: %u lands Spent", dr, v, int(p), int(u))
	case dr < v:
		s.setLevel(u, StepDisrupt1)
		s.logf("mgmg:18.44", "Interdiction dr %d against %d in %p: %u lands Spent and Disrupt 1", dr, v, int(p), int(u))
	default:
		s.logf("mgmg:18.44", "Interdiction dr %d against %d in %p: %u lands unharmed", dr, v, int(p), int(u))
	}
}
