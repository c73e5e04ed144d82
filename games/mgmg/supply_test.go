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

// TestGermanSupply: German units trace to any German-Controlled Zone
// (mgmg:13.81); with every Zone Allied they are all Isolated.
func TestGermanSupply(t *testing.T) {
	s := emptyMap(t)
	g := s.g
	s.enter(g.at("28"), "de-59-1034")
	if s.supplied(g.at("28"), germans) != true {
		t.Fatal("a German unit on an all-German map is Isolated")
	}
	for z, isZone := range g.zone {
		if isZone {
			s.setControl(int16(z), ctlCorps)
		}
	}
	if s.supplied(g.at("28"), germans) {
		t.Error("with no German-Controlled Zone a German unit has a supply line")
	}
}

// TestSurrender works mgmg:13.9 through with forced drs at the end of the
// Refit Phase of September 19, on a map where no airborne unit has a line
// to Zone F: a Fresh unit (level 1) rolling 1 becomes Spent; a Spent one
// (2) rolling 1 surrenders; a Disrupt 1 unit (3) rolling 5 holds; a
// Disrupt 2 unit (4) rolling 4 surrenders. On September 18 no Allied unit
// rolls (mgmg:13.8).
func TestSurrender(t *testing.T) {
	units := []UnitPos{
		{ID: "gb-1abn-1-para", At: "5", Level: "fresh"},
		{ID: "gb-1abn-2-para", At: "5", Level: "spent"},
		{ID: "gb-1abn-3-para", At: "5", Level: "disrupt-1"},
		{ID: "gb-1abn-border", At: "5", Level: "disrupt-2"},
	}
	at := func(day int) *State {
		return edited(t, newTestState(t, "standard"), func(p *Position) {
			p.Turn, p.Step, p.Active, p.Stack, p.Units = day, "refit-purchases", "allied", nil, units
			p.Control = map[string]string{"5": "airborne"}
		})
	}
	s := at(19)
	g := s.g
	s.rng.Force(1, 1, 5, 4)
	play(t, s, "done")
	// keeping says what each dr does (mgmg:12.2); the 5 that holds is
	// offered to the Allies, who hold the Advantage, for no reroll: none
	// can better it
	for _, want := range []string{"Keep the Surrender dr 1: the unit loses a level", "Keep the Surrender dr 1: the unit surrenders",
		"Keep the Surrender dr 4: the unit surrenders"} {
		if got := label(t, s, "keep"); got != want {
			t.Errorf("%q, want %q", got, want)
		}
		play(t, s, "keep")
	}
	want := []unitState{{g.at("5"), StepSpent}, {locElim, StepFresh}, {g.at("5"), StepDisrupt1}, {locElim, StepFresh}}
	for i, up := range units {
		if got := s.units[g.unit(up.ID)]; got != want[i] {
			t.Errorf("%s (%s): at %s, %s; want %s, %s", up.ID, up.Level, g.locName(got.Loc), got.Level, g.locName(want[i].Loc), want[i].Level)
		}
	}
	s = at(18)
	rolls := s.rng.Rolls
	play(t, s, "done")
	if s.rng.Rolls != rolls {
		t.Errorf("%d Surrender drs on September 18; Allied units are never Isolated then", s.rng.Rolls-rolls)
	}
}

// TestSurrenderHandsOverControl: the last German in Contested Nijmegen
// surrenders, so the Guards left alone there take Control of it (mgmg:13.9,
// 7.2). Spent is Isolation Level 2 and the dr 1 is below it.
func TestSurrenderHandsOverControl(t *testing.T) {
	s := newTestState(t, "standard")
	ctl := map[string]string{}
	for _, id := range s.g.placeIDs {
		if id != "28" && id != "UK" {
			ctl[id] = "corps"
		}
	}
	s = edited(t, s, func(p *Position) {
		p.Turn, p.Step, p.Active, p.Stack = 19, "refit-purchases", "allied", nil
		p.Units = []UnitPos{{ID: "de-59-1034", At: "28", Level: "spent"}, {ID: "gb-gds-2-gren", At: "28", Level: "spent"}}
		p.Control = ctl
	})
	g := s.g
	s.rng.Force(1)
	play(t, s, "done") // the Allies hold the Advantage: no reroll of the German's surrender offered (mgmg:12.2)
	if got := s.units[g.unit("de-59-1034")].Loc; got != locElim {
		t.Fatalf("the German is at %s; want it surrendered (dr 1 below Isolation Level 2)", g.locName(got))
	}
	if got := s.control[g.at("28")]; got != ctlCorps {
		t.Errorf("Nijmegen is %s-Controlled after the surrender; want XXX Corps (mgmg:7.2)", controlNames[got])
	}
}
