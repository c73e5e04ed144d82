package mgmg

import "testing"

// TestInterdictionValuesAtStart: the Drop Areas' Interdiction Values with
// the set-up's FLAK in place (mgmg:18.44; the values
// games/mgmg/data/UNITS.md works out from our order of battle).
func TestInterdictionValuesAtStart(t *testing.T) {
	s := newTestState(t, "standard")
	want := map[string]int{"17": 2, "35": 2, "5": 1, "39": 1, "54": 1, "55": 1, "6": 0, "11": 0, "24": 0, "38": 0, "48": 0}
	for id, v := range want {
		if got := s.interdictionValue(s.g.at(id)); got != v {
			t.Errorf("Drop Area %s: Interdiction Value %d, want %d", id, got, v)
		}
	}
}

// TestExample3Interdiction reproduces the landing of example 3
// (mgmg:26.0): six American battalions land in St. Oedenrode (54), where
// the Fresh Son FLAK Tower makes the Interdiction Value 1; the German rolls
// a 1 for the 1/502, which lands Spent, and higher for the others, which
// land Fresh (mgmg:18.44, mgmg:20.4). A Spent tower interdicts nothing.
func TestExample3Interdiction(t *testing.T) {
	paras := []string{"us-1-502", "us-2-502", "us-3-502", "us-1-506", "us-2-506", "us-3-506"}
	for _, towerLevel := range []string{"fresh", "spent"} {
		s := edited(t, newTestState(t, "standard"), func(p *Position) {
			p.Step = "dday-artillery-bombardment"
			p.Units = []UnitPos{{ID: "de-tower-son", At: "54", Level: towerLevel}}
			for _, id := range paras {
				p.Units = append(p.Units, UnitPos{ID: id, At: "UK", Level: "fresh"})
			}
		})
		g := s.g
		// the rolls go in the order of battle's order: the 1/502 comes first there
		if g.unit("us-1-502") > g.unit("us-2-502") {
			t.Fatal("the order of battle lists 2/502 before 1/502; reorder the forced rolls")
		}
		s.rng.Force(1, 2, 3, 4, 5, 6)
		rolls := s.rng.Rolls
		play(t, s, "done")
		// keeping says what the dr does: 1 against 1 Spent (mgmg:12.2); the
		// others land unharmed, which no reroll betters for the Allies, who
		// hold the Advantage: they are offered none (docs/conformance/mgmg.md)
		offers := 0
		for ; s.step == stReroll; offers++ {
			if got, want := label(t, s, "keep"), "Keep the Interdiction dr 1: 1st Bn, 502nd Parachute Infantry lands Spent"; got != want {
				t.Errorf("tower %s, offer %d: %q, want %q", towerLevel, offers, got, want)
			}
			play(t, s, "keep")
		}
		if want := map[string]int{"fresh": 1, "spent": 0}[towerLevel]; offers != want {
			t.Errorf("tower %s: %d reroll offers, want %d: only the dr that harms the unit", towerLevel, offers, want)
		}
		for i, id := range paras {
			want := StepFresh
			if i == 0 && towerLevel == "fresh" {
				want = StepSpent
			}
			if st := s.units[g.unit(id)]; st.Loc != g.at("54") || st.Level != want {
				t.Errorf("tower %s: %s at %s, %s; want 54, %s", towerLevel, id, g.locName(st.Loc), st.Level, want)
			}
		}
		if n := s.rng.Rolls - rolls; towerLevel == "spent" && n != 0 {
			t.Errorf("%d Interdiction drs with no Fresh FLAK in or next to 54", n)
		}
	}
}

// TestInterdictionResults: against an Interdiction Value of 2 (the Arnhem
// tower next to Elden, a FLAK unit in it) a dr of 1 lands the unit Spent and
// Disrupt 1, 2 Spent, 3 unharmed (mgmg:18.44).
func TestInterdictionResults(t *testing.T) {
	for dr, want := range map[int]Step{1: StepDisrupt1, 2: StepSpent, 3: StepFresh} {
		s := edited(t, newTestState(t, "standard"), func(p *Position) {
			p.Units = []UnitPos{{ID: "de-tower-arnhem", At: "13", Level: "fresh"}, {ID: "de-flak-swoboda", At: "17", Level: "fresh"},
				{ID: "pl-1-para", At: "17", Level: "fresh"}}
		})
		u := s.g.unit("pl-1-para")
		if v := s.interdictionValue(s.g.at("17")); v != 2 {
			t.Fatalf("Interdiction Value %d at Elden, want 2", v)
		}
		s.interdictionResult(u, dr)
		if got := s.units[u].Level; got != want {
			t.Errorf("dr %d against 2: %s, want %s", dr, got, want)
		}
	}
}
