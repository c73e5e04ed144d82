package mgmg

// The sequence of play (mgmg:6): a turn is a Dawn Phase (6.2, with
// reinforcements.go and weather.go), or on September 17 the four D-Day
// phases instead (6.22, 20.1: bombard.go, interdiction.go, dday.go, and
// dday_landings.go for the optional landings of 23.2); the Daylight Phase of
// impulses (6.3, impulse.go); the Refit Phase (6.4, 13.3, refit.go); and the
// Regroup Phase (6.5, regroup.go), after which the Turn marker advances or,
// on the days victory is checked, the game may end (victory.go).

// startTurn begins the turn of s.turn.
func (s *State) startTurn() {
	if s.g.fh40 != nil {
		s.fh40Dawn()
		return
	}
	if s.turn == FirstDay {
		s.logf("mgmg:20.1", "September %d: D-Day", int(s.turn))
		s.step, s.active = stAirBombardment, allies
		return
	}
	s.dawn()
}

// dawn is the Dawn Phase (mgmg:6.2): reinforcements arrive (mgmg:18), the
// markers used yesterday come back, and from September 19 the weather is
// rolled (mgmg:6.21); then the Daylight Phase begins.
func (s *State) dawn() {
	s.logf("mgmg:6.2", "September %d: Dawn Phase", int(s.turn))
	s.arrive()
	s.airUsed &^= s.g.bomberMarkers // mgmg:16.1
	s.constructUsed = [2]uint8{}    // mgmg:6.2, 3.9
	s.boatUsed = false              // mgmg:6.2, 3.10
	s.reopenFerries()               // mgmg:6.2
	s.rollWeather()
}

// reopenFerries turns the used Ferry Crossing markers back to their
// available side (mgmg:6.2, 6.4, 4.7).
func (s *State) reopenFerries() {
	for i, f := range s.ferries {
		if f == ferryUsed {
			s.ferries[i] = ferryOpen
		}
	}
}

// landFirstLift places the first lift's airborne units in their Drop Areas,
// fresh side up, and the German resolves Interdiction: the first two steps
// of the Airborne Landing Phase (mgmg:20.4, 18.44).
func (s *State) landFirstLift() {
	if s.opt.ddayLandings {
		s.startDropZones() // mgmg:23.2
		return
	}
	for u := range s.g.units {
		if !s.landsOnDDay(u) || s.units[u].Loc != s.g.uk {
			continue
		}
		p := s.g.placeIndex[s.g.units[u].Place]
		s.put(int16(u), p, StepFresh)
		s.updateControl(p)
		s.logf("mgmg:20.4", "%u lands in %p", u, int(p))
	}
	s.interdictFrom(0)
}

// endTurn records Eindhoven's bonus on September 17 (mgmg:21.31), checks
// victory on the days the rules check it (mgmg:21.2, 22.1) and otherwise
// advances the Turn marker (mgmg:3.6, 6.5).
func (s *State) endTurn() {
	if s.g.fh40 != nil {
		s.fh40EndTurn()
		return
	}
	if s.turn == FirstDay && (s.hasCorps(s.g.eindhoven) || s.control[s.g.eindhoven] == ctlCorps) {
		s.eindhoven = true
		s.logf("mgmg:21.31", "XXX Corps holds %p at the end of September 17: one more Victory Point", int(s.g.eindhoven))
	}
	if s.checkVictory() {
		return
	}
	s.turn++
	s.startTurn()
}
