package mgmg

import (
	"fmt"

	"sandtable/engine"
)

// Optional D-Day landings (mgmg:23.2): instead of the Drop Areas of the
// set-up card, the Allies land each unit of the first lift, one at a time
// in the order of battle, in an area of its division's Operational Sector
// that has a TEM of +1 or +2 or is an Airborne Supply Head (an Allied
// Supply Drop Zone, mgmg:3.262), can trace a supply line to a Supply Head
// of the sector other than area 24 (mgmg:13.8), and holds fewer than four
// units of the lift, six in area 54. Interdiction follows once all have
// landed (mgmg:18.44), higher in Polder (landingValue).

// dropZoneLimit is the most units of the first lift one area takes, and
// the area that takes more (mgmg:23.2).
const (
	dropZoneLimit    = 4
	dropZoneWide     = "54"
	dropZoneWideSize = 6
	noDropSource     = "24" // its Supply Head is no source of the line (mgmg:23.2)
)

// nextToLand is the next unit of the first lift still in the United
// Kingdom box, -1 once all have landed.
func (s *State) nextToLand() int16 {
	for u := range int16(nUnits) {
		if s.landsOnDDay(int(u)) && s.units[u].Loc == s.g.uk {
			return u
		}
	}
	return -1
}

// dropZones are the areas where unit u may land (mgmg:23.2).
func (s *State) dropZones(u int16) []int16 {
	x, mp := &s.g.units[u], s.g.m
	reach := s.dropLineReach(x.Sector)
	var out []int16
	for p := range int16(nPlaces) {
		i := int(p)
		if s.g.zone[p] || p == s.g.uk || mp.Sector(i) != x.Sector || !reach[p] {
			continue
		}
		if t := mp.TEM(i); t != 1 && t != 2 && !mp.SupplyHead(i) {
			continue
		}
		limit := dropZoneLimit
		if s.g.placeIDs[p] == dropZoneWide {
			limit = dropZoneWideSize
		}
		if s.liftAt(p) < limit {
			out = append(out, p)
		}
	}
	return out
}

// liftAt counts the units of the first lift in p.
func (s *State) liftAt(p int16) int {
	n := 0
	for u, st := range &s.units {
		if st.Loc == p && s.landsOnDDay(u) {
			n++
		}
	}
	return n
}

// dropLineReach marks the places that can trace a supply line (13.8) to a
// Supply Head of sector sc other than area 24, the Supply Heads being its
// sources whoever Controls them, as Zone F is the Allies' (mgmg:13.82).
func (s *State) dropLineReach(sc Sector) [nPlaces]bool {
	var sources []int
	for p := range nPlaces {
		if s.g.m.SupplyHead(p) && s.g.m.Sector(p) == sc && s.g.placeIDs[p] != noDropSource {
			sources = append(sources, p)
		}
	}
	return s.lineReach(allies, sources)
}

// landingValue is the Interdiction Value unit u lands against in p: with
// the optional landings, a unit of the first lift landing in Polder faces
// two more if it comes by glider or is artillery, one more otherwise
// (mgmg:23.2, 18.44).
func (s *State) landingValue(u, p int16) int {
	v := s.interdictionValue(p)
	if !s.opt.ddayLandings || !s.landsOnDDay(int(u)) || !s.g.m.Polder(int(p)) {
		return v
	}
	if x := &s.g.units[u]; x.Airborne == Glider || x.Airborne == GliderPilot || x.Type == FieldArtillery {
		return v + 2
	}
	return v + 1
}

// startDropZones begins the optional landings of the first lift, or lands
// it at once where there is no choice left (mgmg:23.2).
func (s *State) startDropZones() {
	s.step, s.active = stDropZone, allies
	s.nextDropZone()
}

// nextDropZone asks where the next unit lands; once all have, Interdiction
// is resolved (mgmg:18.44, 20.4).
func (s *State) nextDropZone() {
	if s.nextToLand() < 0 {
		s.interdictFrom(0)
	}
}

// legalDropZones lists where the next unit of the first lift may land; a
// unit with no such area lands in its Drop Area of the set-up card.
func (s *State) legalDropZones(buf []engine.Action) []engine.Action {
	u := s.nextToLand()
	zones := s.dropZones(u)
	if len(zones) == 0 {
		zones = []int16{s.g.placeIndex[s.g.units[u].Place]}
	}
	for _, p := range zones {
		buf = append(buf, act(kDropZone, int(p)))
	}
	return buf
}

// applyDropZone lands the next unit of the first lift in p.
func (s *State) applyDropZone(p int16) {
	u := s.nextToLand()
	s.put(u, p, StepFresh)
	s.updateControl(p)
	s.logf("mgmg:23.2", "%u lands in %p", int(u), int(p))
	s.nextDropZone()
}

// describeDropZone names the landing of the next unit in p.
func (s *State) describeDropZone(p int16) engine.Choice {
	u := s.nextToLand()
	id := s.g.placeIDs[p]
	return engine.Choice{ID: "drop-zone:" + id, Rule: "mgmg:23.2", Refs: []string{"area:" + id, "unit:" + s.g.units[u].ID},
		Label: fmt.Sprintf("Land %s in %s (Interdiction Value %d)", s.g.units[u].Name, s.g.placeName(p), s.landingValue(u, p))}
}

// dropZoneAsks is what the optional landings ask.
func (s *State) dropZoneAsks() (ask, wait string) {
	u := s.g.units[s.nextToLand()].Name
	return "Optional D-Day landings: choose where " + u + " lands in its Operational Sector (TEM +1 or +2 or a Supply Head, a supply line to a Supply Head, four units an area, six in 54)", "where " + u + " lands"
}
