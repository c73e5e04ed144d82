package mgmg

// Preparing for play (mgmg:5): the markers in their starting spaces (5.1)
// and the units of the set-up cards in their Set-up Areas and Zones (5.2),
// fresh side up; reinforcements wait for their date (mgmg:18), the D-Day
// airborne units in the United Kingdom box for the Airborne Landing Phase
// (mgmg:20.4). Each side places its units by choices (setup_choices.go),
// the Germans first; play then begins with D-Day (mgmg:5.3).

// setUp puts the markers in their starting spaces and asks for the set-ups.
func (s *State) setUp() {
	// mgmg:5.1: the Turn marker Clear on September 17, the Advantage Allied
	// on space 0, the Sunset DRM marker in its box, no Reserves, the air,
	// construct, boat and ferry markers available.
	s.turn, s.weather, s.dawnWeather = FirstDay, clear, clear
	s.impulse, s.advantage, s.sunsetDRM = 0, allies, 0
	if s.g.fh40 != nil {
		s.setUpFH40()
	}
	s.step, s.active = stSetup, s.g.firstToSetUp()
	if s.opt.bidding {
		s.step = stBid // mgmg:23.51: sides first
		return
	}
	s.nextSetup()
}

// firstToSetUp is the side that places its units first: the Germans in
// mgmg (our reading, the rule names no order), the Dutch in Fortress
// Holland, who go first wherever its rules name an order (fh40:6.3, 6.5).
func (g *Game) firstToSetUp() side {
	if g.fh40 != nil {
		return allies
	}
	return germans
}

// setupPlace is where unit u sets up: the area or zone of its Setup Card,
// or the United Kingdom box for the first lift; ok is false for a unit
// that does not set up (a reinforcement, or not in this scenario).
func (s *State) setupPlace(u int) (loc int16, ok bool) {
	d := &s.g.units[u]
	if !d.InGame(s.opt.extended) || d.Reinforcement() {
		return 0, false
	}
	if s.landsOnDDay(u) {
		return s.g.uk, true
	}
	return s.g.unitPlace[u], true
}

// landsOnDDay reports an airborne unit of the first lift, placed in its Drop
// Area in the Airborne Landing Phase (mgmg:4.23, 20.4).
func (s *State) landsOnDDay(u int) bool {
	d := &s.g.units[u]
	return d.Entry == FirstDay && d.Airborne != ""
}
