package soa

// The occupancy table counts each side's units per place. The rules consult
// it far more often than units move, so it is kept up to date as they change:
// every change to a unit goes through put, setCommitted, setHidden or edit,
// which keep the hash's keys too (hash.go). Tests that edit a state by hand
// call stale (main_test.go); Invariants and the tests' helpers that apply
// choices check the table against a fresh count.

// sideOcc counts one side's units in one place.
type sideOcc struct {
	n, inf, arm, at uint8     // all units, hidden ones included
	grp             [2]grpOcc // visible units by group type (soa:8.331)
	unc             uint8     // uncommitted units
	fireAT, fireArm uint8     // uncommitted AT guns / armour with an attack factor
	fireInf         uint8     // uncommitted other units with an attack factor
}

// grpOcc counts the visible units of one group type.
type grpOcc struct{ arm, other, at uint8 }

type placeOcc struct {
	side     [2]sideOcc
	enemyAdj [2]uint8 // areas next to this place occupied by the enemy of side i
}

// put moves unit u to loc with the given face up.
func (s *State) put(u, loc int16, committed bool) {
	s.unlink(u)
	s.units[u].Loc, s.units[u].Committed = loc, committed
	s.link(u)
}

// unlink takes unit u out of the occupancy table and the hash before it changes.
func (s *State) unlink(u int16) {
	s.occDelta(u, -1)
	s.zob ^= s.unitKey(u)
}

// link puts unit u back into the occupancy table and the hash as it is now.
func (s *State) link(u int16) {
	s.zob ^= s.unitKey(u)
	s.occDelta(u, 1)
}

// setCommitted turns a unit's committed (white) or uncommitted side up (soa:8.13).
func (s *State) setCommitted(u int16, c bool) {
	if s.units[u].Committed == c {
		return
	}
	s.unlink(u)
	s.units[u].Committed = c
	s.link(u)
}

// setHidden hides or reveals an anti-tank gun (soa:13.8).
func (s *State) setHidden(u int16, h bool) {
	if s.units[u].Hidden == h {
		return
	}
	s.unlink(u)
	s.units[u].Hidden = h
	s.link(u)
}

// occAt is the occupancy of place p, rebuilt if stale.
func (s *State) occAt(p int16) *placeOcc {
	if !s.occOK {
		s.rebuildOcc()
	}
	return &s.occ[p]
}

func (s *State) rebuildOcc() {
	s.occ = [nPlaces]placeOcc{}
	s.occOK = true
	for side := range s.g.sideUnits {
		for _, u := range s.g.sideUnits[side] {
			s.occDelta(u, 1)
		}
	}
}

// occDelta adds (d = 1) or takes away (d = -1) unit u's share of the table.
func (s *State) occDelta(u int16, d int) {
	st := &s.units[u]
	if !s.occOK || st.Loc < 0 {
		return
	}
	side := s.side(u)
	o := &s.occ[st.Loc].side[side]
	was := o.n
	add := func(c *uint8) { *c = uint8(int(*c) + d) }
	add(&o.n)
	g := &o.grp[0]
	if st.Committed {
		g = &o.grp[1]
	} else {
		add(&o.unc)
	}
	fires := !st.Committed && s.g.units[u].AF > 0
	switch s.g.units[u].Type {
	case Armor:
		add(&o.arm)
		if !st.Hidden {
			add(&g.arm)
		}
		if fires {
			add(&o.fireArm)
		}
	case AntiTank:
		add(&o.inf)
		add(&o.at)
		if !st.Hidden {
			add(&g.at)
		}
		if fires {
			add(&o.fireAT)
		}
	default:
		add(&o.inf)
		if !st.Hidden {
			add(&g.other)
		}
		if fires {
			add(&o.fireInf)
		}
	}
	if (was == 0) != (o.n == 0) && !s.isZone(st.Loc) { // the area's occupation by side changed
		for _, q := range s.g.board.Neighbors(int(st.Loc)) {
			add(&s.occ[q].enemyAdj[side.Other()])
		}
	}
}

// occupied reports whether side has a unit in place p.
func (s *State) occupied(p int16, side Side) bool { return s.occAt(p).side[side].n > 0 }

// counts is the occupation of a place by one side (soa:7.1).
func (s *State) counts(p int16, side Side) (infantry, armor int) {
	o := &s.occAt(p).side[side]
	return int(o.inf), int(o.arm)
}

// fits reports whether inf more infantry and arm more armour of side may end in p (soa:7.1, 7.2).
func (s *State) fits(p int16, side Side, inf, arm int) bool {
	if s.isZone(p) {
		return true
	}
	i, a := s.counts(p, side)
	return i+inf <= 10 && a+arm <= 3
}

// enemyAdjacentAreas counts the areas next to p that side's enemy occupies (soa:8.22 B, 8.3551 F).
func (s *State) enemyAdjacentAreas(p int16, side Side) int {
	return int(s.occAt(p).enemyAdj[side])
}

// onlyAT reports that side's units in t are anti-tank guns alone (soa:13.4).
func (s *State) onlyAT(t int16, side Side) bool {
	o := &s.occAt(t).side[side]
	return o.n > 0 && o.n == o.at
}

// checkOcc compares the table with a fresh count (for Invariants).
func (s *State) checkOcc() bool {
	if !s.occOK {
		return true
	}
	saved := s.occ
	s.rebuildOcc()
	return saved == s.occ
}
