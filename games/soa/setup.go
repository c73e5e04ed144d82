package soa

import "sandtable/engine"

// newState prepares the board for set-up (soa:5.1-5.3).
func (g *Game) newState(o options, seed uint64) *State {
	n := g.board.Len()
	s := &State{
		g: g, opt: o, rng: engine.NewRNG(seed),
		turn:   1,
		ta:     British, // soa:8.4
		origin: -1, mover: -1, cause: -1, ccPlace: -1, eventUnit: -1, artFirst: -1, artFirstBy: -1,
	}
	s.attach(new(stateArrays), len(g.units), n)
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
		s.perim[i] = g.places[i].Perimeter // soa:5.1
	}
	s.step = stSetupBritish
	s.active = British
	if o.bidding {
		s.step = stBid
	}
	s.rehash()
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
	d, pl := &s.g.units[u], &s.g.places[p]
	if s.side(u) == British {
		if pl.Setup != "british" || !(s.g.dotMask[u] == 0 || s.g.dotMask[u]&s.g.areaDots[p] != 0) {
			return false
		}
		inf, arm := s.counts(p, British)
		if inf+arm >= 10 { // soa:5.4: up to ten units an area
			return false
		}
		return s.vpAreasFillable(u, p)
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

// vpAreasFillable reports whether, after unit placing goes to area at, the
// British units still to place can bring every victory point area up to three
// units (soa:5.4). By Hall's theorem that holds when every set of VP areas
// short of units has at least as many units left whose dots fit one of them.
func (s *State) vpAreasFillable(placing, at int16) bool {
	g := s.g
	var need [8]int // per VP area (index into g.vpAreas), units still missing
	for i, p := range g.vpAreas {
		need[i] = 3
		if p == at {
			need[i]--
		}
	}
	var masks [8]uint8 // units left, grouped by dot mask
	var counts [8]int
	free, kinds := 0, 0
	for _, u := range g.britStart {
		if l := s.units[u].Loc; l >= 0 {
			for i, p := range g.vpAreas {
				if p == l {
					need[i]--
				}
			}
			continue
		}
		if u == placing {
			continue
		}
		m := g.dotMask[u]
		if m == 0 {
			free++ // no dot: fits every area
			continue
		}
		k := 0
		for k < kinds && masks[k] != m {
			k++
		}
		if k == kinds {
			if kinds == len(masks) {
				return true // more kinds of dots than we track: let the set-up go on
			}
			masks[k], kinds = m, kinds+1
		}
		counts[k]++
	}
	total := 0
	for i := range g.vpAreas {
		total += max(0, need[i])
	}
	if free >= total {
		return true
	}
	for set := 1; set < 1<<len(g.vpAreas); set++ {
		want := 0
		var colours uint8
		for i := range g.vpAreas {
			if set&(1<<i) != 0 {
				want += max(0, need[i])
				colours |= g.areaDots[g.vpAreas[i]]
			}
		}
		have := free
		for k := 0; k < kinds; k++ {
			if masks[k]&colours != 0 {
				have += counts[k]
			}
		}
		if have < want {
			return false
		}
	}
	return true
}

// applySetup places the next unit; when both sides are done the set-ups are
// revealed and the first turn begins (soa:5.5, 5.6).
func (s *State) applySetup(p int16) {
	u := s.placingUnit()
	s.put(u, p, false)
	side := s.side(u)
	if side == British && s.opt.hiddenAT && s.typ(u) == AntiTank {
		s.setHidden(u, true) // soa:13.8
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
