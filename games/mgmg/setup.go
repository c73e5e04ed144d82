package mgmg

// Preparing for play (mgmg:5): the markers in their starting spaces (5.1)
// and the units of the set-up cards in their Set-up Areas and Zones (5.2),
// fresh side up; reinforcements wait for their date (mgmg:18), the D-Day
// airborne units in the United Kingdom box for the Airborne Landing Phase
// (mgmg:20.4). Play begins with D-Day (mgmg:5.3).

// setUp prepares the game and begins its first turn.
func (s *State) setUp() {
	// mgmg:5.1: the Turn marker Clear on September 17, the Advantage Allied
	// on space 0, the Sunset DRM marker in its box, no Reserves, the air,
	// construct, boat and ferry markers available.
	s.turn, s.weather, s.dawnWeather = FirstDay, clear, clear
	s.impulse, s.advantage, s.sunsetDRM = 0, allies, 0
	for u := range s.g.units {
		d := &s.g.units[u]
		if !d.InGame(s.opt.extended) || d.Reinforcement() {
			continue
		}
		loc := s.g.placeIndex[d.Place]
		if s.landsOnDDay(u) {
			loc = s.g.uk
		}
		s.put(int16(u), loc, StepFresh)
	}
	s.logf("mgmg:5.2", "the historical set-up (our reconstruction) is placed")
	s.startTurn()
}

// landsOnDDay reports an airborne unit of the first lift, placed in its Drop
// Area in the Airborne Landing Phase (mgmg:4.23, 20.4).
func (s *State) landsOnDDay(u int) bool {
	d := &s.g.units[u]
	return d.Entry == FirstDay && d.Airborne != ""
}
