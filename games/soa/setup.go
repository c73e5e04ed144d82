package soa

import "sandtable/engine"

// newState prepares the board for set-up (soa:5.1-5.3).
func (g *Game) newState(o options, seed uint64) *State {
	n := g.board.Len()
	s := &State{
		g: g, opt: o, rng: engine.NewRNG(seed),
		units:   make([]unitState, len(g.units)),
		turn:    1,
		ta:      British, // soa:8.4
		control: make([]Side, n),
		perim:   make([]bool, n),
		fire:    make([]uint8, n),
		origin:  -1, mover: -1, cause: -1, ccPlace: -1, eventUnit: -1,
	}
	s.reformUsed = make([]bool, len(g.units))
	for i := range s.units {
		s.units[i].Loc = locPool
	}
	for _, u := range g.artillery {
		s.units[u].Loc = locArtBox // soa:5.3
	}
	for i := 0; i < n; i++ {
		p := g.board.Place(i)
		s.control[i] = noSide
		if p.VP > 0 {
			s.control[i] = British // soa:5.1, 11.2
		}
		s.perim[i] = p.Perimeter // soa:5.1
	}
	s.step = stSetupBritish
	s.active = British
	if o.bidding {
		s.step = stBid
	}
	return s
}

// placingUnit is the unit the current set-up choice places, or -1.
func (s *State) placingUnit() int16 {
	switch s.step {
	case stSetupBritish:
		return s.g.britStart[s.setupNext]
	case stSetupGerman:
		return s.g.germStart[s.setupNext]
	case stEventZone, stEventBZone, stEventCZone, stReformPlace:
		return s.eventUnit
	}
	return -1
}

// legalSetup lists the places the next unit may set up in.
func (s *State) legalSetup(buf []engine.Action) []engine.Action {
	u := s.placingUnit()
	for i := 0; i < s.g.board.Len(); i++ {
		if s.canSetUp(u, int16(i)) {
			buf = append(buf, act(kPlace, i))
		}
	}
	return buf
}

// canSetUp checks the set-up colours and limits (soa:3.61, 3.62, 5.4, 5.5).
func (s *State) canSetUp(u int16, p int16) bool {
	d, pl := &s.g.units[u], s.g.board.Place(int(p))
	if s.side(u) == British {
		if pl.Setup != "british" || !dotsMatch(d.Dots, pl.Dots) {
			return false
		}
		inf, arm := s.counts(p, British)
		if inf+arm >= 10 { // soa:5.4: up to ten units an area
			return false
		}
		s.units[u].Loc = p
		ok := s.vpAreasFillable()
		s.units[u].Loc = locPool
		return ok
	}
	if d.Force == "army" { // soa:5.5 blue units start in zones A and/or B
		return pl.Setup == "bochoit"
	}
	if pl.Setup != "german" {
		return false
	}
	ss, armor := 0, 0
	for _, v := range s.g.sideUnits[German] {
		if s.units[v].Loc == p && s.g.units[v].Force == "ss" {
			ss++
			if s.isArmor(v) {
				armor++
			}
		}
	}
	return ss < 5 && (!s.isArmor(u) || armor < 3) // soa:5.5
}

func dotsMatch(unit, place []string) bool {
	if len(unit) == 0 {
		return true
	}
	for _, a := range unit {
		for _, b := range place {
			if a == b {
				return true
			}
		}
	}
	return false
}

// vpAreasFillable reports whether the British units still to place can bring
// every victory point area up to three units (soa:5.4), by a bipartite
// matching of units to missing places.
func (s *State) vpAreasFillable() bool {
	var slots []int16
	for i := 0; i < s.g.board.Len(); i++ {
		if s.g.board.Place(i).VP == 0 {
			continue
		}
		inf, arm := s.counts(int16(i), British)
		for k := inf + arm; k < 3; k++ {
			slots = append(slots, int16(i))
		}
	}
	if len(slots) == 0 {
		return true
	}
	var rest []int16
	for _, u := range s.g.britStart {
		if s.units[u].Loc == locPool {
			rest = append(rest, u)
		}
	}
	if len(rest) < len(slots) {
		return false
	}
	match := make([]int, len(rest)) // unit -> slot+1
	var try func(slot int, seen []bool) bool
	try = func(slot int, seen []bool) bool {
		for i, u := range rest {
			if seen[i] || !dotsMatch(s.g.units[u].Dots, s.g.board.Place(int(slots[slot])).Dots) {
				continue
			}
			seen[i] = true
			if match[i] == 0 || try(match[i]-1, seen) {
				match[i] = slot + 1
				return true
			}
		}
		return false
	}
	for slot := range slots {
		if !try(slot, make([]bool, len(rest))) {
			return false
		}
	}
	return true
}

// applySetup places the next unit; when both sides are done the set-ups are
// revealed and the first turn begins (soa:5.5, 5.6).
func (s *State) applySetup(p int16) {
	u := s.placingUnit()
	s.units[u].Loc = p
	side := s.side(u)
	if side == British && s.opt.hiddenAT && s.typ(u) == AntiTank {
		s.units[u].Hidden = true // soa:13.8
	}
	s.logFor(side, s.rule(), "%u sets up in %p", int(u), int(p))
	s.setupNext++
	if side == British && s.setupNext == len(s.g.britStart) {
		s.step, s.active, s.setupNext = stSetupGerman, German, 0
	}
	if side == German && s.setupNext == len(s.g.germStart) {
		s.revealed = true
		s.logf("soa:5.5", "both set-ups are revealed")
		s.startTurn()
	}
}
