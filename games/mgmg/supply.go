package mgmg

// Supply lines (mgmg:13.8): a route of any length through friendly-Controlled
// places, Free or Contested, from a Supply Source to a unit's place. It
// crosses a river only by an intact bridge or Ferry Crossing, and a canal
// without an intact bridge only as its last boundary. Both sides' lines
// (mgmg:13.81, 13.82) are traced here, for victory (mgmg:21) and isolation,
// with the Surrender dr of Isolated units (mgmg:13.9). The depots and the
// refit costs (mgmg:13.4-13.7) are in depots.go and refit.go.

// supplyCrossing reports whether a supply line may cross from place i to
// place j, and whether that crossing must be its last (mgmg:13.8).
func (s *State) supplyCrossing(i, j int) (ok, last bool) {
	return s.supplyCrossingOf(s.g.linkOf(i, j))
}

// supplyCrossingOf is supplyCrossing over a link.
func (s *State) supplyCrossingOf(l link) (ok, last bool) {
	switch l.boundary {
	case River:
		return s.bridgeIntact(l.bridge) || s.ferryIntact(l.ferry), false
	case Canal:
		return true, !s.bridgeIntact(l.bridge)
	}
	return true, false
}

// link is the border of a place with a neighbour in play as supply lines
// and refit paths cross it, read once off the map.
type link struct {
	to       int8
	boundary Boundary
	bridge   int8 // its index in Game.bridges, -1 for none
	ferry    int8 // its index in Game.ferries, -1 for none
}

// linkOf is the border between adjacent places i and j.
func (g *Game) linkOf(i, j int) link {
	return link{to: int8(j), boundary: g.m.Boundary(i, j), bridge: g.bridgeAt[i*nPlaces+j], ferry: g.ferryAt[i*nPlaces+j]}
}

// linksOf lists, by place, its borders with the neighbours in play.
func linksOf(g *Game) [][]link {
	out := make([][]link, nPlaces)
	for i := range out {
		for _, j := range g.m.Neighbors(i) {
			out[i] = append(out[i], g.linkOf(i, j))
		}
	}
	return out
}

// intactBridge reports a bridge between i and j that is not Blown; whoever
// holds it, both its places are friendly on a supply line (mgmg:19.1).
func (s *State) intactBridge(i, j int) bool { return s.bridgeIntact(s.g.bridgeAt[i*nPlaces+j]) }

// bridgeIntact reports bridge b, -1 for none, there and not Blown.
func (s *State) bridgeIntact(b int8) bool { return b >= 0 && s.bridges[b].Held != heldBlown }

// intactFerry reports a Ferry Crossing between i and j that is not
// destroyed (mgmg:4.7, 13.8).
func (s *State) intactFerry(i, j int) bool { return s.ferryIntact(s.g.ferryAt[i*nPlaces+j]) }

// ferryIntact reports Ferry Crossing f, -1 for none, there and not destroyed.
func (s *State) ferryIntact(f int8) bool { return f >= 0 && s.ferries[f] != ferryDestroyed }

// supplied reports whether place p can trace a supply line for side
// (mgmg:13.8): from Zone F, the Supply Source of every Allied unit whoever
// Controls it (mgmg:13.82), or from any German-Controlled Zone
// (mgmg:13.81); through places side Controls, p itself excepted.
func (s *State) supplied(p int16, sd side) bool { return s.supplyReach(sd)[p] }

// supplyReach marks every place to which side can trace a supply line
// (supplied): the places it Controls that the line runs through, and the
// places one crossing beyond them, where it may end.
func (s *State) supplyReach(sd side) [nPlaces]bool {
	var buf [nPlaces]int
	sources := buf[:0]
	for z, zone := range s.g.zone {
		if zone && s.supplySource(int16(z), sd) {
			sources = append(sources, z)
		}
	}
	return s.lineReach(sd, sources)
}

// reachOnce is supplyReach of side sd kept in *reach, traced the first
// time it is asked for: a listing that may need it for many places traces
// it at most once.
func (s *State) reachOnce(sd side, reach **[nPlaces]bool) *[nPlaces]bool {
	if *reach == nil {
		r := s.supplyReach(sd)
		*reach = &r
	}
	return *reach
}

// lineReach marks every place to which side can trace a supply line from
// the sources given (mgmg:13.8).
func (s *State) lineReach(sd side, sources []int) (reach [nPlaces]bool) {
	var through [nPlaces]bool
	var queue [nPlaces]int8
	n := 0
	for _, z := range sources {
		reach[z], through[z] = true, true
		queue[n] = int8(z)
		n++
	}
	for head := 0; head < n; head++ {
		for _, l := range s.g.links[queue[head]] {
			ok, last := s.supplyCrossingOf(l)
			if !ok || through[l.to] {
				continue
			}
			reach[l.to] = true
			if !last && s.controller(int16(l.to)) == sd {
				through[l.to] = true
				queue[n] = l.to
				n++
			}
		}
	}
	return reach
}

// supplySource reports Zone z a Supply Source of side: Zone F of the
// Allies (mgmg:13.82), each German-Controlled Zone of the Germans
// (mgmg:13.81), or Fortress Holland's (fh40:13.81, 13.82).
func (s *State) supplySource(z int16, sd side) bool {
	switch {
	case !s.g.zone[z]:
		return false
	case s.g.fh40 != nil:
		return s.g.fh40.supplySource(z, sd)
	}
	return sd == allies && z == s.g.zoneF || sd == germans && s.controller(z) == germans
}

// suppliedFromZoneF reports an Allied supply line to p (mgmg:13.82).
func (s *State) suppliedFromZoneF(p int16) bool { return s.supplied(p, allies) }

// isolated reports a unit on the map without a supply line, given where
// each side's lines reach (supplyReach); Allied units are never Isolated on
// September 17 and 18 (mgmg:13.8).
func (s *State) isolated(u int16, reach *[2][nPlaces]bool) bool {
	if s.g.fh40 != nil { // only Dutch units are Isolated (fh40:13.8, 13.9)
		return s.g.units[u].Force == DutchArmy && s.dutchIsolated(u)
	}
	p, sd := s.units[u].Loc, s.g.side[u]
	if p < 0 || p == s.g.uk || sd == allies && s.turn <= lastNeverIsolated {
		return false
	}
	return !reach[sd][p]
}

// surrender makes the Surrender dr of every Isolated unit at the end of the
// Refit Phase (mgmg:13.9, 6.4): a unit's Isolation Level is 1 Fresh, 2
// Spent, 3 Disrupt 1, 4 Disrupt 2; a dr below it eliminates the unit, equal
// to it raises it a level (eliminating a Disrupt 2 unit), above it leaves
// the unit as it is. Every Isolated unit rolls, of either side
// (docs/conformance/mgmg.md).
func (s *State) surrender() { s.surrenderFrom(0) }

// surrenderFrom rolls for the next Isolated unit from unit first on and
// offers the roll to the Advantage holder (mgmg:12.2); after the last, the
// Refit Phase ends (endRefit). The drs follow the order of battle, each for
// a unit Isolated when its turn comes: a surrender may hand a Contested
// place to the enemy (mgmg:7.2), and so cut or open the lines of the units
// after it (docs/conformance/mgmg.md).
func (s *State) surrenderFrom(first int16) {
	reach := [2][nPlaces]bool{s.supplyReach(germans), s.supplyReach(allies)}
	for u := first; u < nUnits; u++ {
		if s.isolated(u, &reach) {
			s.offerReroll(rrSurrender, s.rng.Die(6), u)
			return
		}
	}
	s.endRefit()
}

// surrenderResult applies the Surrender dr that stands for unit u (mgmg:13.9).
func (s *State) surrenderResult(u int16, dr int) {
	level := int(s.units[u].Level) + 1
	switch surrenders(s.units[u].Level, dr) {
	case surrendered:
		p := s.units[u].Loc
		s.put(u, locElim, StepFresh)
		s.logf("mgmg:13.9", "%u, Isolated at level %d, rolls %d and surrenders", int(u), level, dr)
		s.updateControl(p) // the enemy left alone in the place takes it (mgmg:7.2)
	case worsened:
		s.setLevel(u, s.units[u].Level+1)
		s.logf("mgmg:13.9", "%u, Isolated at level %d, rolls %d: Isolation Level %d", int(u), level, dr, level+1)
	default:
		s.logf("mgmg:13.9", "%u, Isolated at level %d, rolls %d and holds", int(u), level, dr)
	}
}

// surrenderOutcome is what a Surrender dr does to an Isolated unit.
type surrenderOutcome uint8

const (
	holds       surrenderOutcome = iota // above the Isolation Level
	worsened                            // equal: a level worse
	surrendered                         // below, or equal at Disrupt 2: eliminated
)

var surrenderTexts = [...]string{holds: "the unit holds", worsened: "the unit loses a level", surrendered: "the unit surrenders"}

// surrenders judges a Surrender dr against the Isolation Level of a unit
// at level: 1 Fresh, 2 Spent, 3 Disrupt 1, 4 Disrupt 2 (mgmg:13.9).
func surrenders(level Step, dr int) surrenderOutcome {
	il := int(level) + 1
	switch {
	case dr < il || dr == il && level == StepDisrupt2:
		return surrendered
	case dr == il:
		return worsened
	}
	return holds
}
