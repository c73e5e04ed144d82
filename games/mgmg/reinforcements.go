package mgmg

// Reinforcements (mgmg:18): units dated today arrive at dawn; XXX Corps
// units that wait for a condition of the Allied Reinforcement Card arrive
// in Zone F the instant it holds (mgmg:18.3).

// arrive places the reinforcements dated today (mgmg:18.1): German units in
// their Zones (18.2), XXX Corps units in Zone F (18.3) and airborne units in
// the United Kingdom box (18.4), fresh side up. Zone F's units that wait for
// a condition (18.3) come when it holds (zoneFArrivals), the Deelen units
// when Deelen is held (deelenArrivals).
func (s *State) arrive() {
	s.deelenArrivals()
	for u := range s.g.units {
		d := &s.g.units[u]
		if int8(d.Entry) != s.turn || d.Sp || s.g.conditional[u] || !d.InGame(s.opt.extended) || s.units[u].Loc != locPool {
			continue
		}
		loc := s.g.placeIndex[d.Place]
		if d.Airborne != "" {
			loc = s.g.uk
		}
		s.put(int16(u), loc, StepFresh)
		s.updateControl(loc)
		s.logf("mgmg:18.1", "%u arrives in %p", u, int(loc))
	}
}

// doubleLiftImpulse is the impulse from which, with Double Lifts, the next
// day's airborne reinforcements are in the United Kingdom box (mgmg:23.3).
const doubleLiftImpulse = 7

// doubleLift places in the United Kingdom box the airborne reinforcements
// dated tomorrow, once the Impulse Track reaches Impulse 7 (mgmg:23.3):
// they may land today, in the Drop Areas printed on them (mgmg:18.5).
func (s *State) doubleLift() {
	for u := range s.g.units {
		d := &s.g.units[u]
		if int8(d.Entry) == s.turn+1 && d.Airborne != "" && !d.Sp && d.InGame(s.opt.extended) && s.units[u].Loc == locPool {
			s.put(int16(u), s.g.uk, StepFresh)
			s.logf("mgmg:23.3", "%u arrives in %p a day early", u, int(s.g.uk))
		}
	}
}

// deelenArrivals brings the "Sp" units in at a Dawn Phase from September
// 21, the Extended Game's only (mgmg:22.2): the 52nd Light Division to the
// United Kingdom box as Airborne Reinforcements when Deelen is
// Allied-Controlled, not Contested and holds a Fresh Allied unit; the
// German Pioneer Lehr battalion into Deelen when it is German-Controlled
// and not Contested. Otherwise they wait for a later dawn.
func (s *State) deelenArrivals() {
	if s.turn < deelenFrom {
		return
	}
	deelen := s.g.placeIndex[DeelenArea]
	alliedOK := s.controller(deelen) == allies && !s.contested(deelen) && s.freshIn(deelen, allies)
	germanOK := s.controller(deelen) == germans && !s.contested(deelen)
	for u := range s.g.units {
		if !s.g.units[u].Sp || s.units[u].Loc != locPool {
			continue
		}
		switch {
		case s.g.side[u] == allies && alliedOK:
			s.put(int16(u), s.g.uk, StepFresh)
			s.logf("mgmg:22.2", "%u is available in %p, to land at %p", u, int(s.g.uk), int(deelen))
		case s.g.side[u] == germans && germanOK && s.mayStack(deelen, germans):
			s.put(int16(u), deelen, StepFresh)
			s.logf("mgmg:22.2", "%u arrives in %p", u, int(deelen))
		}
	}
}

// deelenFrom is the first dawn of the Deelen reinforcements (mgmg:22.2).
const deelenFrom = 21

// freshIn reports a Fresh unit of side in p.
func (s *State) freshIn(p int16, sd side) bool {
	for u, st := range &s.units {
		if st.Loc == p && st.Level == StepFresh && s.g.side[u] == sd {
			return true
		}
	}
	return false
}

// zoneFArrivals places in Zone F, fresh, the XXX Corps reinforcements
// whose day has come and whose condition holds now (mgmg:18.3): Apply
// checks after every choice. They may be activated at once (mgmg:14.5).
func (s *State) zoneFArrivals() {
	for _, r := range s.g.pieces.Setup.ZoneFReinforcements {
		if int8(r.Day) > s.turn || !s.holds(r.Condition) {
			continue
		}
		for _, id := range r.Units {
			u := s.g.byID[id]
			if s.units[u].Loc == locPool {
				s.put(u, s.g.zoneF, StepFresh)
				s.logf("mgmg:18.3", "%u arrives in %p", int(u), int(s.g.zoneF))
			}
		}
	}
}

// holds reports whether a condition of the Allied Reinforcement Card is
// fulfilled (mgmg:18.3, games/mgmg/data/UNITS.md).
func (s *State) holds(c Condition) bool {
	switch c.Kind {
	case ZoneFFree:
		return s.free(s.g.zoneF, allies)
	case CorpsControls:
		for _, id := range c.Areas {
			if s.control[s.g.placeIndex[id]] != ctlCorps {
				return false
			}
		}
		return true
	}
	return false
}
