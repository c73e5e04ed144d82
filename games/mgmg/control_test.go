package mgmg

import "testing"

// emptyMap is a state with no unit in play and every place German.
func emptyMap(t *testing.T) *State {
	t.Helper()
	return edited(t, newTestState(t, "standard"), func(p *Position) { p.Units = nil })
}

// enter puts units in p one by one fresh, as moves would, updating control.
func (s *State) enter(p int16, units ...string) {
	for _, id := range units {
		s.put(s.g.unit(id), p, StepFresh)
		s.updateControl(p)
	}
}

// TestStackingLimit: ten units of a side fill an Area for that side only;
// Zones and the United Kingdom box have no limit (mgmg:7.1, mgmg:14.3).
func TestStackingLimit(t *testing.T) {
	s := emptyMap(t)
	g := s.g
	area := g.at("41")
	var ten []string
	for u := range g.units {
		if g.side[u] == allies && len(ten) < 10 {
			ten = append(ten, g.units[u].ID)
		}
	}
	s.enter(area, ten[:9]...)
	if !s.mayStack(area, allies) {
		t.Fatal("nine Allied units: a tenth may enter (mgmg:7.1)")
	}
	s.enter(area, ten[9])
	if s.mayStack(area, allies) {
		t.Error("ten Allied units: no eleventh may enter (mgmg:7.1)")
	}
	if !s.mayStack(area, germans) {
		t.Error("ten Allied units do not fill the Area for the Germans (mgmg:7.1: each side)")
	}
	for _, id := range ten {
		s.put(g.unit(id), g.zoneF, StepFresh)
	}
	if !s.mayStack(g.zoneF, allies) || !s.mayStack(g.uk, allies) {
		t.Error("a Zone and the United Kingdom box have no stacking limit (mgmg:14.3)")
	}
}

// TestControl works mgmg:7.0 (mgmg:7.2, mgmg:7.3, mgmg:7.4, mgmg:7.5, the markers of
// mgmg:4.5) through one area: an Airborne unit takes a
// Vacant German area for the Airborne; a German unit Contests it without
// taking it; XXX Corps takes it from the Airborne on arriving; the German
// takes it back only once it is Vacant of Allied units.
func TestControl(t *testing.T) {
	s := emptyMap(t)
	g := s.g
	p := g.at("54")
	para, grenadier, tank := "us-1-501", "de-59-1034", "gb-2hcr"
	if g.units[g.unit(para)].Airborne == "" || !g.units[g.unit(tank)].XXXCorps() || g.side[g.unit(grenadier)] != germans {
		t.Fatal("the test's units are not an airborne unit, a XXX Corps unit and a German unit")
	}
	if !s.free(p, germans) || !s.vacant(p, allies) {
		t.Fatal("an empty German area is Free for the Germans and Vacant for the Allies (mgmg:7.4, mgmg:7.5)")
	}
	s.enter(p, para)
	if s.control[p] != ctlAirborne || !s.free(p, allies) {
		t.Fatalf("control %s; an Airborne unit in a Vacant German area takes it for the Airborne (mgmg:7.2)", controlNames[s.control[p]])
	}
	s.enter(p, grenadier)
	if s.control[p] != ctlAirborne || !s.contested(p) || s.vacant(p, allies) || s.free(p, allies) {
		t.Fatalf("control %s, contested %v; a German unit Contests it without changing control (mgmg:7.3)", controlNames[s.control[p]], s.contested(p))
	}
	s.enter(p, tank)
	if s.control[p] != ctlCorps {
		t.Fatalf("control %s; XXX Corps entering an Airborne area makes it Corps-Controlled, Contested or not (mgmg:7.21)", controlNames[s.control[p]])
	}
	s.put(g.unit(para), locElim, StepFresh)
	s.put(g.unit(tank), locElim, StepFresh)
	s.updateControl(p)
	if s.control[p] != ctlGerman {
		t.Fatalf("control %s; the German alone in a Vacant Allied area takes it (mgmg:7.2)", controlNames[s.control[p]])
	}
}

// TestCorpsAndAirborneTogether: both Allied kinds gaining control together
// make the area Corps-Controlled (mgmg:7.21).
func TestCorpsAndAirborneTogether(t *testing.T) {
	s := emptyMap(t)
	p := s.g.at("61")
	s.put(s.g.unit("us-1-501"), p, StepFresh)
	s.put(s.g.unit("gb-2hcr"), p, StepFresh)
	s.updateControl(p)
	if s.control[p] != ctlCorps {
		t.Fatalf("control %s; want corps (mgmg:7.21)", controlNames[s.control[p]])
	}
}

// TestLeavingHandsControlToTheEnemy (mgmg:7.2, 24.0 Control: the last side
// to be the sole occupant Controls): the Guards' 2nd Grenadiers leave
// Corps-Controlled Eindhoven (63), Contested by the Spent Henke, for Free
// Valkenswaard (64), by road in an Allied impulse (armour beside no enemy
// armour leaves at normal cost, mgmg:9.2) and, Spent, in the Allied
// Regroup (mgmg:6.5). Henke, alone in Eindhoven, Controls it for the
// Germans at once.
func TestLeavingHandsControlToTheEnemy(t *testing.T) {
	units := func(level string) []UnitPos {
		return []UnitPos{{ID: "gb-gds-2-gren", At: "63", Level: level}, {ID: "de-fj-henke", At: "63", Level: "spent"}}
	}
	s := impulseOf(t, 19, allies, "clear", units("fresh"), map[string]string{"63": "corps", "64": "corps"})
	play(t, s, "assault:63", "move:gb-gds-2-gren", "enter:64")
	if c := s.controller(s.g.at("63")); c != germans {
		t.Errorf("after the impulse's move Eindhoven is %s-Controlled; want German (mgmg:7.2)", c)
	}
	s = regroupAt(t, 20, "allied", units("spent"), "63", "64")
	play(t, s, "regroup:gb-gds-2-gren", "to:64")
	if c := s.controller(s.g.at("63")); c != germans {
		t.Errorf("after the Regroup Eindhoven is %s-Controlled; want German (mgmg:7.2)", c)
	}
}
