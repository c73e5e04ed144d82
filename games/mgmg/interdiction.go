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

// interdict rolls for each unit of landing, in order, against the
// Interdiction Value of its Drop Area as the landing began (mgmg:18.44).
// Where the value is 0 no dr can reach it, and none is rolled.
func (s *State) interdict(landing []int16) {
	var value [nPlaces]int8
	for _, u := range landing {
		value[s.units[u].Loc] = int8(s.interdictionValue(s.units[u].Loc))
	}
	for _, u := range landing {
		p := s.units[u].Loc
		v := int(value[p])
		if v == 0 {
			continue
		}
		dr := s.rng.Die(6)
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
}
