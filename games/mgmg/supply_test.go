package mgmg

import (
	"strconv"
	"testing"
)

// bridgeIndex is the index of the bridge between two places by ID.
func (g *Game) bridgeIndex(a, b string) int {
	i := g.bridgeAt[int(g.at(a))*nPlaces+int(g.at(b))]
	if i < 0 {
		panic("no bridge " + a + "/" + b)
	}
	return int(i)
}

// ferryIndex is the index of the Ferry Crossing between two places by ID.
func (g *Game) ferryIndex(a, b string) int {
	i := g.ferryAt[int(g.at(a))*nPlaces+int(g.at(b))]
	if i < 0 {
		panic("no ferry " + a + "/" + b)
	}
	return int(i)
}

// TestSupplyOverCanals: the corridor Zone F - 64 - 63 - 61 - 54 - 55, all
// Allied, crosses the Wilhelmina canal by the bridge 61/54 and the Dommel
// by 54/55. With 61/54 blown the canal may still be crossed, as the last
// boundary: 54 is supplied, 55 beyond it is not (mgmg:13.8, from Zone F:
// mgmg:13.82).
func TestSupplyOverCanals(t *testing.T) {
	s := emptyMap(t)
	g := s.g
	for _, id := range []string{"64", "63", "61", "54", "55"} {
		s.setControl(g.at(id), ctlCorps)
	}
	if !s.suppliedFromZoneF(g.at("55")) {
		t.Fatal("55 is cut off with every bridge of the corridor intact")
	}
	s.bridges[g.bridgeIndex("61", "54")].Held = heldBlown
	if !s.suppliedFromZoneF(g.at("54")) {
		t.Error("54: an unbridged canal may be the last boundary of a supply line")
	}
	if s.suppliedFromZoneF(g.at("55")) {
		t.Error("55: the blown canal bridge 61/54 is not the line's last boundary")
	}
	s.setControl(g.at("63"), ctlGerman)
	if s.suppliedFromZoneF(g.at("61")) {
		t.Error("61 with German-Controlled Eindhoven between it and Zone F is supplied; a line runs through friendly-Controlled places only")
	}
}

// TestSupplyOverRivers: south of the Rhine all Allied, north of it all
// German: Oosterbeek (12) is reached over the Rhine by the bridge from Driel
// (24), or by its Ferry Crossing once the bridge is blown, and not at all
// once the ferry is destroyed too (mgmg:13.8, mgmg:4.7).
func TestSupplyOverRivers(t *testing.T) {
	s := emptyMap(t)
	g := s.g
	for n := 16; n <= Areas; n++ {
		s.setControl(g.at(strconv.Itoa(n)), ctlAirborne)
	}
	p := g.at("12")
	if !s.suppliedFromZoneF(p) {
		t.Fatal("12 is not supplied over the intact bridge from 24")
	}
	s.bridges[g.bridgeIndex("12", "24")].Held = heldBlown
	if !s.suppliedFromZoneF(p) {
		t.Error("12 is not supplied over the intact Ferry Crossing from 24")
	}
	s.ferries[g.ferryIndex("12", "24")] = ferryDestroyed
	if s.suppliedFromZoneF(p) {
		t.Error("12 is supplied across the Rhine with neither bridge nor ferry")
	}
}
