package mgmg

import (
	"testing"

	"sandtable/engine"
)

// TestSetUp (mgmg:5.0, mgmg:5.3): the Turn marker Clear on September 17, the Advantage marker
// (mgmg:4.9) Allied on Impulse space 0, the Sunset DRM marker (mgmg:4.10) in its box, every place German
// (mgmg:5.1, mgmg:7.2, mgmg:12.1); the set-up units fresh in their Set-up Areas and
// Zones, the first lift in the United Kingdom box, reinforcements not yet
// in play (mgmg:5.2, mgmg:4.23); D-Day's first phase, the Allied Air
// Bombardment, begins (mgmg:6.22, mgmg:20.1).
func TestSetUp(t *testing.T) {
	s := newTestState(t, "standard")
	g := s.g
	if s.turn != 17 || s.weather != clear || s.impulse != 0 || s.advantage != allies || s.sunsetDRM != 0 {
		t.Fatalf("September %d %s, Impulse %s, Advantage %s, Sunset DRM %d", s.turn, s.weather, impulseName(s.impulse), s.advantage, s.sunsetDRM)
	}
	if s.step != stAirBombardment || s.active != allies {
		t.Fatalf("step %s with %s to move; want the D-Day Air Bombardment Phase (mgmg:20.2)", stepNames[s.step], s.active)
	}
	for p, c := range s.control {
		if c != ctlGerman {
			t.Errorf("%s is Controlled %s at the start; every place is German (mgmg:7.2)", g.placeIDs[p], controlNames[c])
		}
	}
	for u, st := range s.units {
		d := &g.units[u]
		want := g.placeIndex[d.Place]
		switch {
		case d.Reinforcement():
			want = locPool
		case d.Entry == FirstDay:
			want = g.uk
		}
		if st.Loc != want || st.Level != StepFresh {
			t.Errorf("%s is at %s, %s; want %s, fresh", d.ID, g.locName(st.Loc), st.Level, g.locName(want))
		}
	}
	if got := s.victoryPoints(); got != 1 { // the x1 VP marker on space 1 of the Supply Track (mgmg:3.8)
		t.Errorf("the Allies begin with %d VP; the Advantage gives them 1 (mgmg:5.1, mgmg:21.3)", got)
	}
}

// TestAirborneLanding: the Airborne Landing Phase begins with the first
// lift placed in its Drop Areas (mgmg:20.4); an Allied unit in a
// Vacant German area takes it for the Airborne (mgmg:7.2).
func TestAirborneLanding(t *testing.T) {
	s := newTestState(t, "standard")
	g := s.g
	playDDayTo(t, s, stAirborneLanding)
	landed := 0
	for u := range g.units {
		if !s.landsOnDDay(u) {
			continue
		}
		landed++
		p := g.placeIndex[g.units[u].Place]
		if s.units[u].Loc != p || s.units[u].Level > StepDisrupt1 {
			t.Errorf("%s is at %s, %s; want it in its Drop Area %s, at worst Disrupt 1 by Interdiction", g.units[u].ID, g.locName(s.units[u].Loc), s.units[u].Level, g.units[u].Place)
		}
		if want := map[bool]control{true: ctlAirborne, false: ctlGerman}[s.count(p, germans) == 0]; s.control[p] != want {
			t.Errorf("Drop Area %s is Controlled %s; want %s", g.placeIDs[p], controlNames[s.control[p]], controlNames[want])
		}
	}
	if landed == 0 {
		t.Fatal("no unit of the first lift in the order of battle")
	}
}

// TestReinforcementsAtDawn (mgmg:18.0): on September 18 the units dated 18 arrive fresh:
// German units in their Zones, airborne units in the United Kingdom box
// (mgmg:18.2, mgmg:18.4); XXX Corps units that wait for their condition do not
// (mgmg:18.3).
func TestReinforcementsAtDawn(t *testing.T) {
	s := alliedRegroup(t, "standard", 17)
	g := s.g
	play(t, s, "done")
	for u, st := range s.units {
		d := &g.units[u]
		if d.Entry != 18 {
			continue
		}
		want := g.placeIndex[d.Place]
		switch {
		case g.conditional[u]:
			want = locPool
		case d.Airborne != "":
			want = g.uk
		}
		if st.Loc != want {
			t.Errorf("%s is at %s on September 18; want %s", d.ID, g.locName(st.Loc), g.locName(want))
		}
	}
}

// TestEindhovenBonus: a XXX Corps unit in Eindhoven at the end of
// September 17 earns the Allies one Victory Point for the rest of the game
// (mgmg:21.31); none there, none.
func TestEindhovenBonus(t *testing.T) {
	for _, corps := range []bool{true, false} {
		s := edited(t, alliedRegroup(t, "standard", 17), func(p *Position) {
			if corps {
				p.Units = append(p.Units, UnitPos{ID: "gb-2hcr", At: "63", Level: "spent"})
			}
		})
		play(t, s, "done")
		if s.eindhoven != corps || s.victoryPoints() != 1+btoi(corps) {
			t.Errorf("XXX Corps in Eindhoven %v: bonus %v, %d VP; want %v and %d", corps, s.eindhoven, s.victoryPoints(), corps, 1+btoi(corps))
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestTurnSequence: a turn (mgmg:6.0) runs Dawn (mgmg:6.2), Daylight, the German then the Allied
// Refit, the German then the Allied Regroup, and the Turn marker advances
// on the Turn Record Track (mgmg:3.6)
// (mgmg:6.1, mgmg:6.4, mgmg:6.5, mgmg:13.3).
func TestTurnSequence(t *testing.T) {
	s := alliedRegroup(t, "standard", 17)
	play(t, s, "done")
	want := []struct {
		ph engine.Phase
		sd side
	}{{phaseDaylight, germans}, {phaseDaylight, allies}, {phaseRefit, germans}, {phaseRefit, allies}, {phaseRegroup, germans}, {phaseRegroup, allies}}
	for i, w := range want {
		if s.Phase() != w.ph || s.active != w.sd || s.turn != 18 {
			t.Fatalf("choice %d: September %d, step %s, %s to move; want September 18, the %s, %s", i, s.turn, stepNames[s.step], s.active, w.ph.Name, w.sd)
		}
		if w.ph == phaseRefit {
			refitNothing(t, s)
			continue
		}
		play(t, s, engineID(s))
	}
	play(t, s, "keep") // the Weather dr of September 19 (mgmg:6.21)
	if s.turn != 19 || s.step != stImpulse || s.active != germans {
		t.Fatalf("September %d, step %s; want the German impulse of September 19", s.turn, stepNames[s.step])
	}
}

// engineID is the only legal choice's ID.
func engineID(s *State) string { return s.Describe(s.Legal(nil)[0]).ID }
