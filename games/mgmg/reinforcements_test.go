package mgmg

import "testing"

// TestZoneFConditionalArrivals: XXX Corps reinforcements that wait for a
// condition arrive in Zone F, fresh, the instant it holds on or after their
// day (mgmg:18.3): the follow-up of September 18 once Zone F is Free for the
// Allies, the 43rd Division of September 20 once XXX Corps Controls
// Eindhoven and Veghel (games/mgmg/data/setup.json).
func TestZoneFConditionalArrivals(t *testing.T) {
	g := MustLoad()
	var day18, day20 []string
	for _, r := range g.pieces.Setup.ZoneFReinforcements {
		switch r.Day {
		case 18:
			day18 = r.Units
		case 20:
			day20 = r.Units
		}
	}
	if len(day18) == 0 || len(day20) == 0 {
		t.Fatal("setup.json has no conditional Zone F reinforcements for September 18 and 20")
	}
	cases := []struct {
		name    string
		day     int
		control map[string]string
		arrive  []string
		wait    []string
	}{
		{"Zone F Free on September 18", 18, map[string]string{"F": "corps"}, day18, day20},
		{"Zone F Free on September 17: not their day yet", 17, map[string]string{"F": "corps"}, nil, day18},
		{"Eindhoven and Veghel held by XXX Corps on September 20", 20, map[string]string{"63": "corps", "51": "corps"}, day20, day18},
		{"Eindhoven held by the Airborne: not yet", 20, map[string]string{"63": "airborne", "51": "corps"}, nil, day20},
	}
	for _, c := range cases {
		s := edited(t, newTestState(t, "standard"), func(p *Position) {
			p.Turn, p.Step, p.Active, p.Control = c.day, "impulse", "german", c.control
			p.Stack = []frame{{Proc: procImpulse, Side: germans}}
			p.Units = nil // Zone F is Vacant of Germans
		})
		play(t, s, "pass")
		for _, id := range c.arrive {
			if st := s.units[g.unit(id)]; st.Loc != g.zoneF || st.Level != StepFresh {
				t.Errorf("%s: %s is at %s; want fresh in Zone F", c.name, id, g.locName(st.Loc))
			}
		}
		for _, id := range c.wait {
			if st := s.units[g.unit(id)]; st.Loc != locPool {
				t.Errorf("%s: %s is at %s; it waits for its condition", c.name, id, g.locName(st.Loc))
			}
		}
	}
}

// TestDeelenArrivals: at a dawn from September 21 the 52nd Light Division
// becomes available in the United Kingdom box if Deelen is Allied, not
// Contested and holds a Fresh Allied unit; the Pioneer Lehr battalion
// arrives in Deelen if it is German and not Contested (mgmg:22.2).
func TestDeelenArrivals(t *testing.T) {
	g := MustLoad()
	lehr, brigade := g.unit("de-pioneer-lehr"), g.unit("gb-52-155")
	cases := []struct {
		name          string
		day           int
		control       string
		units         []UnitPos
		lehrAt, bdeAt int16
	}{
		{"Deelen Allied with a Fresh para on September 22", 21, "airborne", []UnitPos{{ID: "gb-1abn-1-para", At: "9", Level: "fresh"}}, locPool, g.uk},
		{"the para Spent", 21, "airborne", []UnitPos{{ID: "gb-1abn-1-para", At: "9", Level: "spent"}}, locPool, locPool},
		{"Deelen German and empty", 21, "", nil, g.at("9"), locPool},
		{"Deelen German but Contested", 21, "", []UnitPos{{ID: "gb-1abn-1-para", At: "9", Level: "fresh"}, {ID: "de-59-1034", At: "9", Level: "fresh"}}, locPool, locPool},
		{"Deelen German on September 20: too early", 19, "", nil, locPool, locPool},
	}
	for _, c := range cases {
		s := edited(t, alliedRegroup(t, "extended", c.day), func(p *Position) {
			p.Units, p.Control = c.units, map[string]string{}
			if c.control != "" {
				p.Control["9"] = c.control
			}
		})
		play(t, s, "done")
		if s.units[lehr].Loc != c.lehrAt || s.units[brigade].Loc != c.bdeAt {
			t.Errorf("%s: Pioneer Lehr at %s, 155th Brigade at %s; want %s and %s", c.name,
				g.locName(s.units[lehr].Loc), g.locName(s.units[brigade].Loc), g.locName(c.lehrAt), g.locName(c.bdeAt))
		}
	}
}
