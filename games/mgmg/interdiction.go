package mgmg

// Interdiction (mgmg:18.44): Fresh German FLAK units and FLAK Towers and
// Air Interdiction markers in or next to a Drop Area interdict the airborne
// units landing there (the same count as the depots', mgmg:13.5;
// docs/conformance/mgmg.md). After every landing unit is declared, the
// German rolls a dr for each: equal to the Interdiction Value it lands
// Spent, below it Spent and Disrupt 1, above it unaffected. The
// interdicting units stay Fresh.

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

// interdictionResult applies the Interdiction dr that stands for unit u
// (interdicted, mgmg:18.44).
func (s *State) interdictionResult(u int16, dr int) {
	p := s.units[u].Loc
	v := s.landingValue(u, p)
	level, what := interdicted(dr, v)
	if level != StepFresh {
		s.setLevel(u, level)
	}
	s.logf("mgmg:18.44", "Interdiction dr %d against %d in %p: %u "+what, dr, v, int(p), int(u))
}

// interdicted is what an Interdiction dr does to a landing unit against
// the value v: equal, Spent; below, Spent and Disrupt 1; above, nothing
// (mgmg:18.44).
func interdicted(dr, v int) (Step, string) {
	switch {
	case dr == v:
		return StepSpent, "lands Spent"
	case dr < v:
		return StepDisrupt1, "lands Spent and Disrupt 1"
	}
	return StepFresh, "lands unharmed"
}
