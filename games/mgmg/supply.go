package mgmg

// Supply lines (mgmg:13.8): a route of any length through friendly-Controlled
// places, Free or Contested, from a Supply Source to a unit's place. It
// crosses a river only by an intact bridge or Ferry Crossing, and a canal
// without an intact bridge only as its last boundary. Built so far: the
// Allied line from Zone F (mgmg:13.82), which victory reads (mgmg:21.3);
// German sources, isolation and surrender (mgmg:13.81, 13.9) are not yet
// built.

// supplyCrossing reports whether a supply line may cross from place i to
// place j, and whether that crossing must be its last (mgmg:13.8).
func (s *State) supplyCrossing(i, j int) (ok, last bool) {
	switch s.g.m.Boundary(i, j) {
	case River:
		return s.intactBridge(i, j) || s.intactFerry(i, j), false
	case Canal:
		return true, !s.intactBridge(i, j)
	}
	return true, false
}

// intactBridge reports a bridge between i and j that is not Blown; whoever
// holds it, both its places are friendly on a supply line (mgmg:19.1).
func (s *State) intactBridge(i, j int) bool {
	b := s.g.bridgeAt[i*nPlaces+j]
	return b >= 0 && s.bridges[b].Held != heldBlown
}

// intactFerry reports a Ferry Crossing between i and j that is not
// destroyed (mgmg:4.7, 13.8).
func (s *State) intactFerry(i, j int) bool {
	f := s.g.ferryAt[i*nPlaces+j]
	return f >= 0 && s.ferries[f] != ferryDestroyed
}

// suppliedFromZoneF reports whether place p can trace a supply line to Zone
// F, the Supply Source of every Allied unit whoever Controls it
// (mgmg:13.82): through Allied-Controlled places only, p itself excepted.
func (s *State) suppliedFromZoneF(p int16) bool {
	src := int(s.g.zoneF)
	if int(p) == src {
		return true
	}
	var seen [nPlaces]bool
	queue := append(make([]int, 0, nPlaces), src)
	seen[src] = true
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, y := range s.g.m.Neighbors(x) {
			ok, last := s.supplyCrossing(x, y)
			switch {
			case !ok || seen[y]:
			case y == int(p):
				return true
			case !last && s.controller(int16(y)) == allies:
				seen[y] = true
				queue = append(queue, y)
			}
		}
	}
	return false
}
