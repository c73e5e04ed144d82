package mgmg

import (
	"slices"
	"testing"
)

// regroupAt is sd's Regroup on the given date with only the given units on
// the map and the given places Allied-Controlled (corps), the rest German.
func regroupAt(t *testing.T, day int, sd string, units []UnitPos, allied ...string) *State {
	t.Helper()
	return edited(t, newTestState(t, "standard"), func(p *Position) {
		p.Turn, p.Step, p.Active, p.Units = day, "regroup", sd, units
		p.Stack = []frame{{Proc: procRegroup, Side: map[string]side{"german": germans, "allied": allies}[sd], Unit: -1}}
		p.Control = map[string]string{}
		for _, id := range allied {
			p.Control[id] = "corps"
		}
	})
}

// destinations are the places unit id may regroup into, by ID.
func destinations(s *State, id string) []string {
	var out []string
	for _, a := range s.regroupPlaces(s.g.unit(id), nil) {
		_, x := split(a)
		out = append(out, s.g.placeIDs[x])
	}
	slices.Sort(out)
	return out
}

// TestRegroupInto works mgmg:6.5 and mgmg:6.51 through at Eindhoven (63):
// of its neighbours 56, 62 and 64 are Free for the Allies, 57, 58 and 61
// German. The motor battalion (infantry) may go to all three, crossing the
// canal to 62 without a bridge; the tank battalion follows roads and needs a
// bridge over a canal, so only 56 and 64 (mgmg:9.4). From 64 nobody
// regroups into Zone F (mgmg:14.51).
func TestRegroupInto(t *testing.T) {
	s := regroupAt(t, 18, "allied", []UnitPos{
		{ID: "gb-gds-1-gren", At: "63", Level: "spent"},
		{ID: "gb-gds-2-gren", At: "63", Level: "disrupt-1"},
		{ID: "gb-gds-3-irish", At: "64", Level: "fresh"},
	}, "63", "56", "62", "64", "F")
	if got, want := destinations(s, "gb-gds-1-gren"), []string{"56", "62", "64"}; !slices.Equal(got, want) {
		t.Errorf("motor battalion: %v, want %v", got, want)
	}
	if got, want := destinations(s, "gb-gds-2-gren"), []string{"56", "64"}; !slices.Equal(got, want) {
		t.Errorf("tank battalion: %v, want %v", got, want)
	}
	if got := destinations(s, "gb-gds-3-irish"); slices.Contains(got, "F") {
		t.Errorf("from 64: %v; Zone F is closed to regrouping (mgmg:6.51)", got)
	}
	play(t, s, "regroup:gb-gds-2-gren", "to:56")
	if st := s.units[s.g.unit("gb-gds-2-gren")]; st.Loc != s.g.at("56") || st.Level != StepDisrupt1 {
		t.Fatalf("the tank battalion is at %s, %s; want 56, still Disrupt 1 (mgmg:6.5)", s.g.locName(st.Loc), st.Level)
	}
	if slices.Contains(ids(s), "regroup:gb-gds-2-gren") {
		t.Error("a unit regroups once: it is offered again")
	}
}

// TestRegroupOverRivers: a parachute battalion of the 82nd in Oosterhout
// (23) with every neighbour Allied may regroup only into Nijmegen (28): the
// Waal is crossed only by a bridge (mgmg:9.62), and 20, 21 and 22 lie outside
// the All American sector (mgmg:9.66). Five units may use the Nijmegen bridge
// in a Regroup Phase, not a sixth (mgmg:9.62, mgmg:19.1).
func TestRegroupOverRivers(t *testing.T) {
	paras := []string{"us-1-504", "us-2-504", "us-3-504", "us-1-505", "us-2-505", "us-3-505"}
	var units []UnitPos
	for _, id := range paras {
		units = append(units, UnitPos{ID: id, At: "23", Level: "fresh"})
	}
	s := regroupAt(t, 19, "allied", units, "23", "20", "21", "22", "28", "29")
	if got := destinations(s, "us-1-504"); !slices.Equal(got, []string{"28"}) {
		t.Fatalf("from 23: %v, want [28]", got)
	}
	for _, id := range paras[:5] {
		play(t, s, "regroup:"+id, "to:28")
	}
	if got := destinations(s, paras[5]); len(got) != 0 {
		t.Errorf("a sixth unit over the Nijmegen bridge: %v; five may use it (mgmg:9.62)", got)
	}
}

// TestRegroupFerries works mgmg:26.0 example 13: with the Driel bridge
// blown, one unit crosses the Rhine from Driel (24), on Polder, to
// Oosterbeek (12) by the Ferry Crossing, whose road is Road Net as a unit
// in Polder needs (mgmg:6.51, mgmg:9.4), and no other that phase
// (mgmg:9.63); German
// armour uses the Pannerden ferry, Road Net for armour (mgmg:3.21), only from
// the Regroup Phase of September 19 (mgmg:6.51).
func TestRegroupFerries(t *testing.T) {
	s := regroupAt(t, 19, "allied", []UnitPos{
		{ID: "gb-1abn-1-para", At: "12", Level: "fresh"},
		{ID: "gb-1abn-2-para", At: "12", Level: "fresh"},
		{ID: "gb-1abn-3-para", At: "24", Level: "fresh"},
	}, "24", "12")
	s = edited(t, s, func(p *Position) {
		p.Bridges = map[string]BridgePos{s.g.bridgeName(s.g.bridgeIndex("12", "24")): {Held: "blown"}}
	})
	if got := destinations(s, "gb-1abn-3-para"); !slices.Equal(got, []string{"12"}) {
		t.Errorf("from Driel, Polder: %v; want 12 by the ferry (mgmg:26.0 example 13)", got)
	}
	play(t, s, "regroup:gb-1abn-3-para", "to:12")
	if got := destinations(s, "gb-1abn-2-para"); len(got) != 0 {
		t.Errorf("after one unit used the ferry: %v; one unit a Regroup Phase (mgmg:9.63)", got)
	}
	for _, c := range []struct {
		day  int
		want []string
	}{{18, nil}, {19, []string{"16"}}} {
		s := regroupAt(t, c.day, "german", []UnitPos{{ID: "de-10ss-recon", At: "15", Level: "fresh"}})
		s = edited(t, s, func(p *Position) {
			p.Control = map[string]string{"B": "corps", "C": "corps", "13": "corps", "25": "corps"}
		})
		if got := destinations(s, "de-10ss-recon"); !slices.Equal(got, c.want) {
			t.Errorf("German armour at Pannerden on September %d: %v, want %v", c.day, got, c.want)
		}
	}
}

// TestFlakTowersNeverRegroup (mgmg:6.51, mgmg:9.64).
func TestFlakTowersNeverRegroup(t *testing.T) {
	s := regroupAt(t, 18, "german", []UnitPos{{ID: "de-tower-arnhem", At: "13", Level: "fresh"}})
	if got := destinations(s, "de-tower-arnhem"); len(got) != 0 {
		t.Errorf("a FLAK Tower may regroup into %v", got)
	}
}

// TestRegroupArmourFerries: only the Pannerden ferries carry armour's Road
// Net (mgmg:3.21), so XXX Corps armour in Driel (24) crosses the Rhine to
// Oosterbeek (12) by the bridge while it stands and not by the Driel ferry
// once it is blown (mgmg:6.51).
func TestRegroupArmourFerries(t *testing.T) {
	for _, c := range []struct {
		bridge string
		want   bool
	}{{"allied", true}, {"blown", false}} {
		s := regroupAt(t, 19, "allied", []UnitPos{{ID: "gb-gds-2-gren", At: "24", Level: "fresh"}}, "24", "12")
		s = edited(t, s, func(p *Position) {
			p.Bridges = map[string]BridgePos{s.g.bridgeName(s.g.bridgeIndex("12", "24")): {Held: c.bridge}}
		})
		if got := slices.Contains(destinations(s, "gb-gds-2-gren"), "12"); got != c.want {
			t.Errorf("armour in Driel, bridge 12/24 %s: may regroup to 12 %v, want %v", c.bridge, got, c.want)
		}
	}
}

// TestRegroupOutOfContested: out of a Contested place no unit crosses a
// river or canal the enemy holds (mgmg:9.621, 6.51). The 129th Brigade in
// Contested, Allied-Controlled Schijndel (49) wades the canal to Free 50
// only once a Held! marker makes that canal Allied (mgmg:10.4); the 1st
// Airborne's battalion in Contested Oosterbeek (12) never takes the
// German-held Driel ferry to Free 24.
func TestRegroupOutOfContested(t *testing.T) {
	for _, held := range [][]string{nil, {"49/50"}} {
		s := regroupAt(t, 19, "allied", []UnitPos{
			{ID: "gb-43-129", At: "49", Level: "spent"},
			{ID: "de-59-1034", At: "49", Level: "spent"},
		}, "49", "50")
		s = edited(t, s, func(p *Position) { p.Held = held })
		if got, want := slices.Contains(destinations(s, "gb-43-129"), "50"), held != nil; got != want {
			t.Errorf("Held! markers %v: the 129th may regroup over the canal to 50 %v, want %v", held, got, want)
		}
	}
	s := regroupAt(t, 19, "allied", []UnitPos{
		{ID: "gb-1abn-1-para", At: "12", Level: "spent"},
		{ID: "de-59-1034", At: "12", Level: "spent"},
	}, "12", "24")
	s = edited(t, s, func(p *Position) {
		p.Bridges = map[string]BridgePos{s.g.bridgeName(s.g.bridgeIndex("12", "24")): {Held: "blown"}}
	})
	if got := destinations(s, "gb-1abn-1-para"); slices.Contains(got, "24") {
		t.Errorf("from Contested Oosterbeek: %v; the Driel ferry is German-held (mgmg:9.621)", got)
	}
}
