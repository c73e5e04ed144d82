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
