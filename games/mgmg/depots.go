package mgmg

import (
	"fmt"
	"strings"

	"sandtable/engine"
)

// Supply Depots (mgmg:13.4): the first step of each side's Refit Phase
// places them one at a time, each where its kind may go, worth what the
// weather at dawn and the enemy's interdiction make it; they leave the map
// once the side has refitted (refit.go).

// depot is a Supply Depot marker dealt in this Refit Phase.
type depot struct {
	Kind   int8 // index into setup.json's depots, or airSupplyKind
	At     int8 // its place; -1 when it could not be placed and its points are lost
	Points int8 // the Supply Points it has left
}

// maxDepots is the most depot markers a side deals: the Allies' five Zone F,
// three airborne, Oss and the Air Supply marker (mgmg:13.42).
const maxDepots = 10

// airSupplyKind is the Air Supply marker's kind: after setup.json's depots.
func (g *Game) airSupplyKind() int8 { return int8(len(g.pieces.Setup.Depots)) }

// depotKinds is the order in which a side deals its markers (dealOrder),
// none for nobody.
func (g *Game) depotKinds(sd side) []int8 {
	if sd == nobody {
		return nil
	}
	return g.depotDeal[sd]
}

// dealOrder is the order in which a side deals its markers: setup.json's
// depots of the side, each as often as its count, then for the Allies the
// Air Supply marker (mgmg:13.41, 13.42, 13.424).
func (g *Game) dealOrder(sd side) []int8 {
	var out []int8
	for i, d := range g.pieces.Setup.Depots {
		if sideOf(d.Side) == sd {
			for range d.Count {
				out = append(out, int8(i))
			}
		}
	}
	if sd == allies {
		out = append(out, g.airSupplyKind())
	}
	return out
}

// depotName is a marker's printed name.
func (g *Game) depotName(k int8) string {
	if k == g.airSupplyKind() {
		return "Air Supply"
	}
	return g.pieces.Setup.Depots[k].Name
}

// depotLabel is a marker as prose writes it: "the German Depot", "the
// Zone F depot", "the Air Supply marker".
func (g *Game) depotLabel(k int8) string {
	name := g.depotName(k)
	switch {
	case k == g.airSupplyKind():
		return "the " + name + " marker"
	case strings.HasSuffix(name, "Depot"):
		return "the " + name
	}
	return "the " + name + " depot"
}

// depotID is a marker's kind as positions write it.
func (g *Game) depotID(k int8) string {
	if k == g.airSupplyKind() {
		return "air-supply"
	}
	return g.pieces.Setup.Depots[k].ID
}

// airSupplyValue is the Air Supply marker's printed value (mgmg:13.424):
// the VIII Air marker's back.
func (g *Game) airSupplyValue() int {
	for _, m := range g.pieces.Setup.AirMarkers {
		if m.Supply > 0 {
			return m.Supply
		}
	}
	return 0
}

// nextDepotKind is the kind of the next marker to deal, -1 once all are.
func (s *State) nextDepotKind() int8 {
	kinds := s.g.depotKinds(s.active)
	if int(s.nDepots) == len(kinds) {
		return -1
	}
	return kinds[s.nDepots]
}

// depotPlaces appends to buf, which holds none of them, where a marker of
// kind k may go this Refit Phase; none when it is not available or has
// nowhere to go.
func (s *State) depotPlaces(k int8, buf []int16) []int16 {
	g := s.g
	if k == g.airSupplyKind() { // mgmg:13.424, 16.3: Clear at dawn, Allied-Controlled, TEM +1 or +2
		if s.dawnWeather != clear {
			return buf
		}
		for p := range nPlaces {
			if int16(p) != g.uk && s.controller(int16(p)) == allies && (g.m.TEM(p) == 1 || g.m.TEM(p) == 2) {
				buf = append(buf, int16(p))
			}
		}
		return buf
	}
	d := &g.pieces.Setup.Depots[k]
	switch {
	case d.Sector != "": // mgmg:13.422: a Supply Head of its division, Allied-Controlled or Contested
		for p := range nPlaces {
			if g.m.SupplyHead(p) && g.m.Sector(p) == d.Sector && (s.controller(int16(p)) == allies || s.contested(int16(p))) {
				buf = append(buf, int16(p))
			}
		}
		return buf
	case d.Place == "zone": // mgmg:13.41: any Zone
		for z := range nPlaces {
			if g.zone[z] {
				buf = append(buf, int16(z))
			}
		}
		return s.depotMoves(buf)
	}
	z := g.placeIndex[d.Place]
	if d.ID == "oss" && !s.free(z, allies) { // mgmg:13.423: only while Zone I is Allied and Uncontested
		return buf
	}
	return s.depotMoves(append(buf, z)) // mgmg:13.421, 13.423
}

// depotMoves adds to the zones a depot is placed in the places it may move
// to from a zone its side Controls Uncontested: over the Road Net through
// Free Areas to a Free Area of its side, crossing a river or canal by an
// intact bridge only (mgmg:13.41, 13.421, 13.423, 19.23).
func (s *State) depotMoves(zones []int16) []int16 {
	g, sd := s.g, s.active
	var seen [nPlaces]bool
	out := zones
	for _, z := range zones {
		seen[z] = true
	}
	var queue [nPlaces]int16
	n := 0
	for _, z := range zones {
		if s.free(z, sd) {
			queue[n] = z
			n++
		}
	}
	for head := 0; head < n; head++ {
		x := int(queue[head])
		for _, y := range g.m.Neighbors(x) {
			if seen[y] || g.zone[y] || int16(y) == g.uk || !g.m.Road(x, y) || !s.free(int16(y), sd) ||
				g.bridgeAt[x*nPlaces+y] >= 0 && !s.intactBridge(x, y) {
				continue
			}
			seen[y] = true
			out = append(out, int16(y))
			queue[n] = int16(y)
			n++
		}
	}
	return out
}

// depotValue is what a marker of kind k placed in p is worth (mgmg:13.41,
// 13.421-13.424, 17.2, 17.3): by the weather the turn began with, less one
// for each Fresh FLAK unit or Tower and each Air Interdiction marker in or
// next to p for the airborne depots and Air Supply (mgmg:13.5, 16.4).
func (s *State) depotValue(k int8, p int16) int {
	g := s.g
	var v int
	interdicted := k == g.airSupplyKind()
	if interdicted {
		v = g.airSupplyValue()
	} else {
		d := g.pieces.Setup.Depots[k]
		v = d.Clear
		if s.dawnWeather == overcast {
			v = d.Overcast
		}
		interdicted = d.Sector != ""
	}
	if interdicted {
		v -= s.interdictionValue(p)
	}
	return max(v, 0)
}

// interdictionValue counts the Fresh FLAK units and Towers and the Air
// Interdiction markers in or next to p: the Interdiction Value of a Drop
// Area (mgmg:18.44, 16.4, 4.117, 4.118) and what a depot there loses
// (mgmg:13.5).
func (s *State) interdictionValue(p int16) int {
	near := func(q int16) bool { return q == p || q >= 0 && s.g.m.Adjacent(int(p), int(q)) }
	n := 0
	for u := range s.units {
		t := s.g.units[u].Type
		if (t == Flak || t == FlakTower) && s.units[u].Level == StepFresh && near(s.units[u].Loc) {
			n++
		}
	}
	for _, at := range s.airAt {
		if at != noMarker && near(int16(at)) {
			n++
		}
	}
	return n
}

// dealDepots deals the side's markers in order: one with nowhere to go is
// lost (mgmg:13.422), one with a single place goes there, and at the first
// with a choice the player chooses (legalDepots). Once all are dealt the
// Allies may augment their airborne depots (mgmg:23.4), and then refit.
func (s *State) dealDepots() {
	for k := s.nextDepotKind(); k >= 0; k = s.nextDepotKind() {
		var buf [nPlaces]int16
		ps := s.depotPlaces(k, buf[:0])
		switch len(ps) {
		case 0:
			s.depots[s.nDepots] = depot{Kind: k, At: -1}
			s.nDepots++
			s.logf("mgmg:13.4", s.g.depotLabel(k)+" has nowhere to go this Refit Phase: its Supply Points are lost")
			continue
		case 1:
			s.placeDepot(ps[0])
			continue
		}
		return
	}
	if s.augmentation() == 0 {
		s.step = stRefit
	}
}

// placeDepot puts the next marker in p with its value.
func (s *State) placeDepot(p int16) {
	k := s.nextDepotKind()
	v := s.depotValue(k, p)
	s.depots[s.nDepots] = depot{Kind: k, At: int8(p), Points: int8(v)}
	s.nDepots++
	s.logf("mgmg:13.4", s.g.depotLabel(k)+" goes to %p, worth %d Supply Points", int(p), v)
}

// legalDepots lists the places the next marker may go, or, once all are
// dealt, the augmentations the Allies may buy (mgmg:23.4) and done.
func (s *State) legalDepots(buf []engine.Action) []engine.Action {
	if k := s.nextDepotKind(); k >= 0 {
		var ps [nPlaces]int16
		for _, p := range s.depotPlaces(k, ps[:0]) {
			buf = append(buf, act(kDepot, int(p)))
		}
		return buf
	}
	buf = append(buf, act(kDone, 0))
	for n := 1; n <= s.augmentation(); n++ {
		buf = append(buf, act(kAugment, n))
	}
	return buf
}

// applyDepot places the next marker, augments the airborne depots, or goes
// on to the refits.
func (s *State) applyDepot(k kind, x int) {
	switch k {
	case kDepot:
		s.placeDepot(int16(x))
		s.dealDepots()
	case kAugment:
		s.augment(x)
		s.step = stRefit
	default:
		s.step = stRefit
	}
}

// airborneDepots are the indexes of the airborne depots on the map.
func (s *State) airborneDepots() []int {
	var out []int
	for i, d := range s.depots[:s.nDepots] {
		if d.At >= 0 && d.Kind != s.g.airSupplyKind() && s.g.pieces.Setup.Depots[d.Kind].Sector != "" {
			out = append(out, i)
		}
	}
	return out
}

// augmentation is the most the Allies may add to each airborne depot from
// their Reserves (mgmg:23.4): with the option, when every one of them is
// worth less than ten, the same amount to each, none past ten.
func (s *State) augmentation() int {
	ds := s.airborneDepots()
	if !s.opt.augmentation || s.active != allies || len(ds) == 0 {
		return 0
	}
	most := augmentCap
	for _, i := range ds {
		most = min(most, augmentCap-int(s.depots[i].Points))
	}
	return max(0, min(most, int(s.reserves[allies])/len(ds)))
}

// augmentCap is the most an augmented airborne depot is worth (mgmg:23.4).
const augmentCap = 10

// augment adds n Supply Points to each airborne depot on the map, paid from
// the Allied Reserves (mgmg:23.4); what is left returns to them (refit.go).
func (s *State) augment(n int) {
	ds := s.airborneDepots()
	for _, i := range ds {
		s.depots[i].Points += int8(n)
	}
	s.reserves[allies] -= int16(n * len(ds))
	s.logf("mgmg:23.4", "the Allies spend %d Reserves: each of their %d airborne depots gains %d Supply Points", n*len(ds), len(ds), n)
}

// depotList is the depots dealt as positions and views write them.
func (s *State) depotList() []DepotPos {
	var out []DepotPos
	for _, d := range s.depots[:s.nDepots] {
		dp := DepotPos{ID: s.g.depotID(d.Kind), Points: int(d.Points)}
		if d.At >= 0 {
			dp.At = s.g.placeIDs[d.At]
		}
		out = append(out, dp)
	}
	return out
}

// describeDepot labels the choice of a place for the next marker.
func (s *State) describeDepot(p int16) engine.Choice {
	k := s.nextDepotKind()
	id := s.g.placeIDs[p]
	return engine.Choice{ID: "depot:" + id, Rule: "mgmg:13.4", Refs: []string{"area:" + id},
		Label: fmt.Sprintf("Place %s in %s (%d Supply Points)", s.g.depotLabel(k), s.g.placeName(p), s.depotValue(k, p))}
}
