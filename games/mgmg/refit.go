package mgmg

import (
	"fmt"
	"slices"

	"sandtable/engine"
)

// The Refit Phase (mgmg:6.4, 13.3): the Germans refit, then the Allies,
// each in three steps: place the Supply Depots (depots.go, mgmg:13.4),
// refit units one level at a time at their cost (mgmg:13.6), the surplus of
// depots in Free places going to the Reserves (mgmg:13.7), then buy Impulse
// Advances and Retractions with Reserves (mgmg:13.7); the Surrender drs
// follow both (supply.go, mgmg:13.9).

// impulseCost is what an Impulse Advance or Retraction costs (mgmg:13.7).
const impulseCost = 10

// maxPurchases is the most a player buys in a Refit Phase (mgmg:13.7).
const maxPurchases = 3

// maxReserves is the top of the Supply Track as positions allow it (mgmg:3.8).
const maxReserves = 999

// legalPurchases adds the Advances and Retractions the side refitting may
// buy: ten Reserves each, three at most, the marker staying on the Impulse
// Track (mgmg:13.7, 3.7).
func (s *State) legalPurchases(buf []engine.Action) []engine.Action {
	if s.reserves[s.active] < impulseCost || s.purchases == maxPurchases {
		return buf
	}
	if s.impulse < lastImpulse {
		buf = append(buf, act(kAdvance, 0))
	}
	if s.impulse > firstImpulse {
		buf = append(buf, act(kRetract, 0))
	}
	return buf
}

// buyImpulse spends ten Reserves to move the Advantage marker a space for
// the start of the next day (mgmg:6.4, 13.7).
func (s *State) buyImpulse(k kind) {
	s.reserves[s.active] -= impulseCost
	s.purchases++
	if k == kAdvance {
		s.impulse++
		s.logf("mgmg:13.7", "%S buy an Impulse Advance: the next day begins at Impulse %i", int(s.active), int(s.impulse))
		return
	}
	s.impulse--
	s.logf("mgmg:13.7", "%S buy an Impulse Retraction: the next day begins at Impulse %i", int(s.active), int(s.impulse))
}

// startRefit begins the Refit Phase (mgmg:6.4): the Advantage marker back
// to space 0, the Sunset DRM marker to its box, the ferries open again;
// then the Germans refit, then the Allies (mgmg:13.3).
func (s *State) startRefit() {
	s.logf("mgmg:6.4", "Refit Phase")
	s.impulse, s.sunsetDRM = 0, 0
	if s.g.fh40 != nil {
		s.fh40Refit()
		return
	}
	s.reopenFerries()
	s.startSideRefit(germans)
}

// startSideRefit begins side's Refit Phase (mgmg:13.3): the units in Zone I
// refit on their own (mgmg:13.411, 13.423), then the depots are dealt.
func (s *State) startSideRefit(sd side) {
	s.active, s.step = sd, stDepot
	s.depots, s.nDepots, s.refitted, s.tried = [maxDepots]depot{}, 0, units{}, 0
	s.zoneIRefit()
	s.dealDepots()
}

// zoneIRefit refits each unit of the side in Zone I (Oss) one level without
// a depot: German units while the Germans Control it (mgmg:13.411), Allied
// units whoever does (mgmg:13.423).
func (s *State) zoneIRefit() {
	zi := int16(s.g.m.Zone('I'))
	rule := map[side]string{germans: "mgmg:13.411", allies: "mgmg:13.423"}[s.active]
	if s.active == germans && s.controller(zi) != germans {
		return
	}
	for u := range int16(nUnits) {
		if s.units[u].Loc == zi && s.g.side[u] == s.active && s.units[u].Level > StepFresh {
			s.refitOneLevel(u)
			s.logf(rule, "%u refits in %p without a depot", int(u), int(zi))
		}
	}
}

// refitOneLevel turns u one level towards Fresh, the most it refits in a
// turn (mgmg:13.6).
func (s *State) refitOneLevel(u int16) {
	s.setLevel(u, s.units[u].Level-1)
	s.refitted.add(u)
}

// refitPaths is what a refit costs for the path from a depot in place from
// to each place, -1 where none goes (mgmg:13.6): one point per boundary
// crossed, one per friendly-Controlled Contested place between, through
// places the side Controls only; the unit's own place may be the enemy's at
// no cost. A depot in a Contested place refits only there (mgmg:13.61). The
// path crosses boundaries as a supply line does (mgmg:13.8, supplyCrossing;
// docs/conformance/mgmg.md).
func (s *State) refitPaths(from int16, sd side) (end [nPlaces]int8) {
	end, through, ok := s.refitStart(from, sd)
	if !ok {
		return end
	}
	// the cheapest paths by relaxing each place's neighbours again whenever
	// its own cost falls: a queue of places, each in it at most once
	var queue [nPlaces]int8
	var queued [nPlaces]bool
	head, n := 0, 1
	queue[0], queued[from] = int8(from), true
	for n > 0 {
		x := int(queue[head])
		head, n, queued[x] = (head+1)%nPlaces, n-1, false
		for _, y := range s.g.m.Neighbors(x) {
			if s.refitStep(x, y, sd, &end, &through) && !queued[y] {
				queue[(head+n)%nPlaces], queued[y] = int8(y), true
				n++
			}
		}
	}
	return end
}

// refitStart is where refitPaths begins: no path yet but the depot's own
// place, through which paths go on (ok) unless it is Contested or not the
// side's (mgmg:13.61).
func (s *State) refitStart(from int16, sd side) (end, through [nPlaces]int8, ok bool) {
	for i := range end {
		end[i], through[i] = -1, -1
	}
	end[from] = 0
	if s.contested(from) || s.controller(from) != sd {
		return end, through, false
	}
	through[from] = 0
	return end, through, true
}

// refitStep extends the paths through x, at its cost so far, into its
// neighbour y: where a path may end (end) and, in places side sd Controls,
// go on (through), a friendly Contested place costing one more to cross
// (mgmg:13.6, 13.8). It reports whether the cost of going on from y fell.
func (s *State) refitStep(x, y int, sd side, end, through *[nPlaces]int8) bool {
	ok, last := s.supplyCrossing(x, y)
	if through[x] < 0 || !ok || int16(y) == s.g.uk {
		return false
	}
	c := through[x] + 1
	if end[y] < 0 || c < end[y] {
		end[y] = c
	}
	if last || s.controller(int16(y)) != sd {
		return false // a path ends here (mgmg:13.8)
	}
	if s.contested(int16(y)) {
		c++
	}
	if through[y] < 0 || c < through[y] {
		through[y] = c
		return true
	}
	return false
}

// supplies reports whether depot i may refit unit u: a German depot any
// German unit, a Zone F depot XXX Corps only (mgmg:13.421), an airborne
// depot its division's units (mgmg:13.422), Oss and Air Supply any Allied
// unit (mgmg:13.423, 13.424).
func (s *State) supplies(i int, u int16) bool {
	d := s.depots[i]
	if d.At < 0 || d.Points == 0 || s.g.side[u] != s.active {
		return false
	}
	if d.Kind == s.g.airSupplyKind() {
		return true
	}
	k := s.g.pieces.Setup.Depots[d.Kind]
	switch {
	case k.XXXOnly:
		return s.g.units[u].XXXCorps()
	case k.Sector != "":
		return s.g.units[u].Airborne != "" && s.g.units[u].Sector == k.Sector
	}
	return true
}

// refitCosts is what refitting each unit costs from each depot on the map,
// -1 where it may not (mgmg:13.6): one point, one more for a Disrupted unit,
// and the path's cost, given the depots' paths.
type refitCosts [maxDepots][nUnits]int8

func (s *State) refitCosts(paths *depotPaths) (c refitCosts) {
	for i := range s.depots[:s.nDepots] {
		for u := range c[i] {
			c[i][u] = -1
		}
	}
	for u := range int16(nUnits) {
		if !s.mayRefit(u) {
			continue // whatever the depot
		}
		for i, d := range s.depots[:s.nDepots] {
			if d.At >= 0 && d.Points > 0 {
				c[i][u] = s.refitCost(i, &paths[i], u)
			}
		}
	}
	return c
}

// depotPaths are the refitPaths of each depot of the side refitting on the
// map, traced once for each place that holds depots.
type depotPaths [maxDepots][nPlaces]int8

func (s *State) depotPaths() (out depotPaths) {
	for i, d := range s.depots[:s.nDepots] {
		if d.At < 0 {
			continue
		}
		j := slices.IndexFunc(s.depots[:i], func(e depot) bool { return e.At == d.At })
		if j >= 0 {
			out[i] = out[j]
			continue
		}
		out[i] = s.refitPaths(int16(d.At), s.active)
	}
	return out
}

// refitCost is what refitting u from depot i costs given the depot's paths
// (refitPaths), -1 if it may not.
func (s *State) refitCost(i int, end *[nPlaces]int8, u int16) int8 {
	if !s.mayRefit(u) || !s.supplies(i, u) || end[s.units[u].Loc] < 0 {
		return -1
	}
	if s.units[u].Level >= StepDisrupt1 {
		return 2 + end[s.units[u].Loc]
	}
	return 1 + end[s.units[u].Loc]
}

// mayRefit reports a unit of the side refitting on the map, not Fresh, and
// not yet refitted this turn (mgmg:13.6).
func (s *State) mayRefit(u int16) bool {
	st := s.units[u]
	return s.g.side[u] == s.active && st.Loc >= 0 && st.Loc != s.g.uk && st.Level > StepFresh && !s.refitted.has(u)
}

// drawable is what the depots within cost c of unit u hold together: a unit
// drawing on several depots pays the cost of the furthest (mgmg:13.6).
func (s *State) drawable(c *refitCosts, u int16, cost int8) int {
	n := 0
	for j := range s.depots[:s.nDepots] {
		if c[j][u] >= 0 && c[j][u] <= cost {
			n += int(s.depots[j].Points)
		}
	}
	return n
}

// legalRefits lists each unit with each depot it may refit from, as the
// furthest depot it draws on, and done.
func (s *State) legalRefits(buf []engine.Action) []engine.Action {
	buf = append(buf, act(kDone, 0))
	paths := s.depotPaths()
	c := s.refitCosts(&paths)
	for u := range int16(nUnits) {
		for i := range s.depots[:s.nDepots] {
			if cost := c[i][u]; cost >= 0 && !s.twin(i, func(j int) bool { return c[j][u] >= 0 }) && s.drawable(&c, u, cost) >= int(cost) {
				buf = append(buf, act(kRefitUnit, int(u)|i<<8))
			}
		}
	}
	return s.legalConstruction(buf, &paths)
}

// twin reports an earlier depot of the same kind in the same place that
// serves (ok): choosing between the two changes nothing, so only the first
// is offered.
func (s *State) twin(i int, ok func(j int) bool) bool {
	for j := range i {
		if s.depots[j].Kind == s.depots[i].Kind && s.depots[j].At == s.depots[i].At && ok(j) {
			return true
		}
	}
	return false
}

// refit refits unit u one level at the cost of depot i, drawing first on
// depot i and the rest from the other depots within that cost in their
// order (mgmg:13.6, docs/conformance/mgmg.md).
func (s *State) refit(u int16, i int) {
	paths := s.depotPaths()
	c := s.refitCosts(&paths)
	cost := c[i][u]
	s.refitOneLevel(u)
	s.logf("mgmg:13.6", "%u refits to "+s.units[u].Level.String()+" for %d "+engine.Plural(int(cost), "Supply Point", "Supply Points")+" from "+s.g.depotLabel(s.depots[i].Kind)+" in %p",
		int(u), int(cost), int(s.depots[i].At))
	left := cost
	for _, j := range append([]int{i}, s.depotOrder()...) {
		if left == 0 {
			break
		}
		if c[j][u] < 0 || c[j][u] > cost {
			continue
		}
		take := min(left, s.depots[j].Points)
		s.depots[j].Points -= take
		left -= take
	}
}

// depotOrder is the depots' indexes in order.
func (s *State) depotOrder() []int {
	out := make([]int, s.nDepots)
	for i := range out {
		out[i] = i
	}
	return out
}

// bankSurplus ends the refits: what is left in depots in Free places goes
// to the Reserves, the rest is lost (mgmg:13.7, 13.61), and the depots leave
// the map (mgmg:13.4).
func (s *State) bankSurplus() {
	for _, d := range s.depots[:s.nDepots] {
		if d.At < 0 || d.Points == 0 {
			continue
		}
		name := s.g.depotLabel(d.Kind)
		if !s.free(int16(d.At), s.active) {
			s.logf("mgmg:13.61", "the %d Supply Points left in "+name+" in %p are lost", int(d.Points), int(d.At))
			continue
		}
		s.reserves[s.active] = min(s.reserves[s.active]+int16(d.Points), maxReserves)
		s.logf("mgmg:13.7", "the %d Supply Points left in "+name+" in %p go to the Reserves", int(d.Points), int(d.At))
	}
	s.depots, s.nDepots = [maxDepots]depot{}, 0
}

// applyRefit refits a unit, or ends the refits: the surplus is banked and
// the side may buy Impulse Advances and Retractions (mgmg:13.3, 13.7).
func (s *State) applyRefit(k kind, x int) {
	switch k {
	case kRefitUnit:
		s.refit(int16(x&0xff), x>>8)
		return
	case kRepair:
		s.evening(x&0xff, x>>8)
		return
	}
	s.bankSurplus()
	s.step = stPurchase
}

// applyPurchase buys an Impulse Advance or Retraction, or ends the side's
// Refit Phase; after the Allies' come the Surrender drs (mgmg:13.3, 13.9).
func (s *State) applyPurchase(k kind) {
	if k != kDone {
		s.buyImpulse(k)
		return
	}
	s.purchases, s.refitted, s.tried = 0, units{}, 0
	if s.active == germans {
		s.startSideRefit(allies)
		return
	}
	s.surrender()
}

// describeRefit labels the refit of unit u from depot i.
func (s *State) describeRefit(u int16, i int) engine.Choice {
	id, d := s.g.units[u].ID, s.depots[i]
	end := s.refitPaths(int16(d.At), s.active)
	cost := s.refitCost(i, &end, u)
	return engine.Choice{ID: fmt.Sprintf("refit:%s:%d", id, i), Rule: "mgmg:13.6", Refs: []string{"unit:" + id, "area:" + s.g.placeIDs[d.At]},
		Label: fmt.Sprintf("Refit %s to %s for %d %s from %s in %s", s.g.units[u].Name, s.units[u].Level-1, cost, engine.Plural(int(cost), "Supply Point", "Supply Points"), s.g.depotLabel(d.Kind), s.g.placeName(int16(d.At)))}
}

// endRefit ends the Refit Phase once the Surrender drs are made, with
// Reorganization first where the option is on (mgmg:23.6).
func (s *State) endRefit() {
	if s.opt.reorganization {
		s.startReorganization(germans)
		return
	}
	s.closeRefit()
}

// closeRefit ends the Refit Phase: the Air Interdiction markers return
// (mgmg:16.4) and the Regroup Phase begins with the Germans (mgmg:6.5).
func (s *State) closeRefit() {
	s.settleAdvantage() // mgmg:12.2: used on a Surrender dr, it passes as the phase ends
	s.recallInterdiction()
	s.logf("mgmg:6.5", "Regroup Phase")
	s.startRegroup(s.g.first)
}
