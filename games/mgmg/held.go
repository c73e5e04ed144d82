package mgmg

import (
	"fmt"
	"slices"

	"sandtable/board"
)

// Held! markers (mgmg:4.6, 7.2, 10.2, 10.4): every river and canal
// boundary is German-held at the start (mgmg:9.62); a Held! marker on one
// that has no intact bridge shows it Allied. A boundary changes hands when
// units cross it: by a Mandatory Assault over it that succeeds or
// stalemates (mgmg:10.2, 10.4, 7.2), or by entering a place with no enemy
// unit over it, which is how a boundary is gained without an assault
// (mgmg:9.22: it must be crossed to be gained). Where a bridge stands the
// bridge's own marker counts (mgmg:19.1); the Held! marker counts while
// the bridge is Blown.

// The Held! markers are one bit each in a uint64: this fails to compile
// with more than 64 river and canal boundaries.
const _ = uint64(1) << (nBoundaries - 1)

// nBoundaries is the number of river and canal boundaries of the map
// (mgmg:3.23); newGame checks the data against it.
const nBoundaries = 57

// boundaries lists the river and canal boundaries of the map: its rivers,
// then its canals, each in the map's order.
func (m *Map) boundaries() []Border {
	return append(m.bordersWith(board.River), m.bordersWith(board.Canal)...)
}

// borderName is a boundary as positions and views write it: its places'
// IDs, as a bridge's.
func (g *Game) borderName(b Border) string { return g.placeIDs[b.A] + "/" + g.placeIDs[b.B] }

// heldBoundary reports whether side sd holds the river or canal boundary
// between i and j (mgmg:9.62, 10.4): the Allies where it has a Held!
// marker, the Germans elsewhere. false for open ground.
func (s *State) heldBoundary(i, j int, sd side) bool {
	k := s.g.boundaryAt[i*nPlaces+j]
	if k < 0 {
		return false
	}
	return (s.held&(1<<k) != 0) == (sd != s.g.boundarySide)
}

// takeBoundary gives the river or canal boundary between i and j to side
// sd, placing or removing its Held! marker (mgmg:4.6, 7.2, 10.4).
func (s *State) takeBoundary(i, j int, sd side) {
	k := s.g.boundaryAt[i*nPlaces+j]
	if k < 0 || s.heldBoundary(i, j, sd) || s.g.fh40 != nil && sd != germans { // fh40:10.2: Held! markers are German
		return
	}
	s.held ^= 1 << k
	s.logf("mgmg:10.4", "the "+s.g.m.Boundary(i, j).String()+" boundary between %p and %p becomes the %s side's", i, j, int(sd))
}

// takeCrossing gives side sd what a unit crossed from place from into to:
// the enemy's bridge, with its Allied Bridge marker placed or removed
// (mgmg:10.2, 4.6), or the river or canal boundary it crossed without
// one, with its Held! marker (mgmg:10.2, 10.4, 7.2).
func (s *State) takeCrossing(from, to int, c Crossing, sd side) {
	switch c.Kind {
	case BridgeCrossing:
		if c.DefenderBridge {
			s.bridges[s.g.bridgeAt[from*nPlaces+to]].Held = heldBy(sd)
			s.logf("mgmg:10.2", "the bridge between %p and %p becomes the %s side's", from, to, int(sd))
		}
	case CanalCrossing, FerryCrossing, BoatCrossing:
		s.takeBoundary(from, to, sd)
	}
}

// heldMarkers are the boundaries with a Held! marker, by name.
func (s *State) heldMarkers() []string {
	var out []string
	for k, b := range s.g.boundaries {
		if s.held&(1<<k) != 0 {
			out = append(out, s.g.borderName(b))
		}
	}
	return out
}

// setHeld reads a position's Held! markers.
func (s *State) setHeld(names []string) error {
	for _, name := range names {
		k := slices.IndexFunc(s.g.boundaries, func(b Border) bool { return s.g.borderName(b) == name })
		if k < 0 {
			return fmt.Errorf("held: %q is no river or canal boundary of the map (write it as its places' IDs, lower index first, e.g. %q; mgmg:4.6)", name, s.g.borderName(s.g.boundaries[0]))
		}
		s.held |= 1 << k
	}
	return nil
}
