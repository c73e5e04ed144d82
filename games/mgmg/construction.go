package mgmg

import (
	"fmt"

	"sandtable/engine"
)

// Bridge repair (mgmg:19.2, 19.21, 19.5) as the Refit Phase makes it:
// Evening Construction (mgmg:19.23), a repair dr paid for with a depot's
// Supply Points as if the bridge site were a Spent unit, the Allies from a
// Zone F depot only. Each attempt needs a Construct marker of the side in
// its box or on the bridge; one attempt per bridge per side's Refit Phase.

// repairSuccess is the least modified Repair dr that repairs (mgmg:19.2).
const repairSuccess = 7

// maxConstruct is the highest Construct marker (mgmg:19.21, 19.5).
const maxConstruct = 2

// constructFree reports a Construct marker of side for bridge b: one on
// it, or one left in the Construction Availability Box (mgmg:19.21).
func (s *State) constructFree(sd side, b int) bool {
	if s.bridges[b].Construct[sd] > 0 {
		return true
	}
	inUse := int(s.constructUsed[sd])
	for _, br := range s.bridges {
		if br.Construct[sd] > 0 {
			inUse++
		}
	}
	return inUse < s.g.pieces.Setup.ConstructMarkers[map[side]Side{germans: German, allies: Allied}[sd]]
}

// repairDRM is the modifier of side's Repair dr for bridge b (mgmg:19.5):
// the bridge's, -1 for a repair, +1 or +2 for the side's Construct marker
// on it.
func (s *State) repairDRM(b int, sd side) int {
	return s.bridgeDRM(b, sd) + int(s.bridges[b].Construct[sd]) - 1
}

// bridgeDRM is the modifier of side's Demolition or Repair dr for bridge b
// for its places and its water (mgmg:19.5): for each of its two places +3
// Free, +2 Contested and friendly-Controlled, +1 Contested and
// enemy-Controlled; -1 over a river.
func (s *State) bridgeDRM(b int, sd side) int {
	br := s.g.bridges[b]
	drm := 0
	for _, p := range []int16{int16(br.A), int16(br.B)} {
		switch {
		case s.free(p, sd):
			drm += 3
		case s.contested(p) && s.controller(p) == sd:
			drm += 2
		case s.contested(p):
			drm++
		}
	}
	if s.g.m.Boundary(br.A, br.B) == River {
		drm--
	}
	return drm
}

// repairResult applies side's Repair dr for bridge b as it stands after any
// reroll (mgmg:19.2, 12.2): at 7 or more the bridge is the side's and every
// Construct marker on it goes to the Used box (mgmg:19.21); otherwise the
// side's marker on it rises to +1 or +2.
func (s *State) repairResult(b int, sd side, dr int) {
	drm := s.repairDRM(b, sd)
	br := s.g.bridges[b]
	if dr+drm < repairSuccess {
		s.bridges[b].Construct[sd] = min(s.bridges[b].Construct[sd]+1, maxConstruct)
		s.logf("mgmg:19.21", "%s Repair dr %d%+d at the bridge between %p and %p fails: Construct +%d", int(sd), dr, drm, br.A, br.B, int(s.bridges[b].Construct[sd]))
		return
	}
	s.bridges[b].Construct[sd] = 1 // the side's marker, from the box or the bridge, goes to Used with the other's
	for _, x := range []side{germans, allies} {
		if s.bridges[b].Construct[x] > 0 {
			s.constructUsed[x]++
		}
	}
	s.bridges[b] = bridge{Held: heldBy(sd)}
	s.logf("mgmg:19.2", "%s Repair dr %d%+d repairs the bridge between %p and %p", int(sd), dr, drm, br.A, br.B)
}

// eveningCost is what Evening Construction at bridge b costs from depot i,
// whose paths are end (refitPaths), -1 if it may not: the cost of a Spent
// unit in whichever of the bridge's places the side Controls is cheaper
// (mgmg:19.23, 13.6); the Allies pay from Zone F depots only.
func (s *State) eveningCost(i, b int, end *[nPlaces]int8) int8 {
	if s.bridges[b].Held != heldBlown || s.tried&(1<<b) != 0 || !s.constructFree(s.active, b) || !s.paysRepairs(i) {
		return -1
	}
	best := int8(-1)
	for _, p := range []int{s.g.bridges[b].A, s.g.bridges[b].B} {
		if s.controller(int16(p)) == s.active && end[p] >= 0 && (best < 0 || end[p] < best) {
			best = end[p]
		}
	}
	if best < 0 {
		return -1
	}
	return 1 + best
}

// paysRepairs reports a depot on the map with points that may pay for
// Evening Construction: any German depot; for the Allies a Zone F depot
// (mgmg:19.23).
func (s *State) paysRepairs(i int) bool {
	d := s.depots[i]
	if d.At < 0 || d.Points == 0 {
		return false
	}
	return s.active == germans || d.Kind != s.g.airSupplyKind() && s.g.pieces.Setup.Depots[d.Kind].XXXOnly
}

// eveningCostOf is eveningCost with the depot's paths traced.
func (s *State) eveningCostOf(i, b int) int8 {
	end := s.refitPaths(int16(s.depots[i].At), s.active)
	return s.eveningCost(i, b, &end)
}

// legalConstruction adds the bridges the side may try to repair with the
// depot it pays from, a twin depot once (twin).
func (s *State) legalConstruction(buf []engine.Action, paths *depotPaths) []engine.Action {
	blown := false
	for _, br := range s.bridges {
		blown = blown || br.Held == heldBlown
	}
	if !blown {
		return buf
	}
	for i := range s.depots[:s.nDepots] {
		if !s.paysRepairs(i) {
			continue
		}
		for b := range s.bridges {
			c := s.eveningCost(i, b, &paths[i])
			if c >= 0 && c <= s.depots[i].Points && !s.twin(i, func(j int) bool { return s.paysRepairs(j) && c <= s.depots[j].Points }) {
				buf = append(buf, act(kRepair, b|i<<8))
			}
		}
	}
	return buf
}

// evening pays for and rolls Evening Construction at bridge b from depot i
// (mgmg:19.23).
func (s *State) evening(b, i int) {
	s.depots[i].Points -= s.eveningCostOf(i, b)
	s.tried |= 1 << b
	s.offerReroll(rrRepair, s.rng.Die(6), int16(b)) // mgmg:12.2; repairResult once it stands
}

// describeRepair labels Evening Construction at bridge b from depot i.
func (s *State) describeRepair(b, i int) engine.Choice {
	d := s.depots[i]
	name := s.g.bridgeName(b)
	return engine.Choice{ID: fmt.Sprintf("repair:%s:%d", name, i), Rule: "mgmg:19.23",
		Refs:  []string{"area:" + s.g.placeIDs[s.g.bridges[b].A], "area:" + s.g.placeIDs[s.g.bridges[b].B]},
		Label: fmt.Sprintf("Try to repair the bridge %s for %d %s from %s in %s (Repair dr %+d, 7 or more repairs)", name, s.eveningCostOf(i, b), engine.Plural(int(s.eveningCostOf(i, b)), "Supply Point", "Supply Points"), s.g.depotLabel(d.Kind), s.g.placeName(int16(d.At)), s.repairDRM(b, s.active))}
}
