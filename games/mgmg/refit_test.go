package mgmg

import (
	"slices"
	"strings"
	"testing"

	"sandtable/engine"
)

// ids are the IDs of the legal choices.
func ids(s *State) []string {
	var out []string
	for _, c := range engine.Choices(s) {
		out = append(out, c.ID)
	}
	return out
}

// refitNothing plays the Refit Phase of the side to move without refitting:
// each depot to the first place offered, then done refitting and buying.
func refitNothing(t *testing.T, s *State) {
	t.Helper()
	for sd := s.active; s.active == sd && s.Phase() == phaseRefit && s.step != stReroll; {
		play(t, s, engine.Choices(s)[0].ID)
	}
}

// TestImpulsePurchases works the example of mgmg:13.7: the German buys an
// Impulse Advance to set the marker at 1; the Allies buy the most they may,
// three Retractions, and reset it to B; the next day begins there
// (mgmg:6.3). Each costs ten Reserves from the Supply Track (mgmg:3.8).
func TestImpulsePurchases(t *testing.T) {
	s := edited(t, newTestState(t, "standard"), func(p *Position) {
		p.Turn, p.Step, p.Active, p.Stack, p.Impulse = 18, "refit-purchases", "german", nil, "0"
		p.Reserves = SideNumbers{German: 15, Allied: 45}
	})
	play(t, s, "advance-impulse")
	if s.impulse != 1 || s.reserves[germans] != 5 {
		t.Fatalf("Impulse %s, German Reserves %d; want 1 and 5", impulseName(s.impulse), s.reserves[germans])
	}
	if got := ids(s); !slices.Equal(got, []string{"done"}) {
		t.Fatalf("with 5 Reserves the German may buy nothing more: choices %v", got)
	}
	play(t, s, "done")
	if s.Phase() != phaseRefit || s.active != allies {
		t.Fatalf("step %s, %s to move; want the Allied Refit Phase (mgmg:13.3)", stepNames[s.step], s.active)
	}
	s = edited(t, s, func(p *Position) { p.Step, p.Depots = "refit-purchases", nil }) // the Allies bank nothing
	play(t, s, "retract-impulse", "retract-impulse", "retract-impulse")
	if s.impulse != -2 || s.reserves[allies] != 15 {
		t.Fatalf("Impulse %s, Allied Reserves %d; want B and 15", impulseName(s.impulse), s.reserves[allies])
	}
	if got := ids(s); !slices.Equal(got, []string{"done"}) {
		t.Fatalf("after three purchases the Allies may buy no more (mgmg:13.7): choices %v", got)
	}
	play(t, s, "done", "done", "done", "keep")
	if s.turn != 19 || s.step != stImpulse || s.impulse != -2 {
		t.Fatalf("September %d, step %s, Impulse %s; want September 19's first impulse at B", s.turn, stepNames[s.step], impulseName(s.impulse))
	}
}

// TestPurchasesStayOnTheTrack: no Retraction below C, no Advance past 13
// (mgmg:3.7).
func TestPurchasesStayOnTheTrack(t *testing.T) {
	for _, c := range []struct {
		at, want string
	}{{"C", "advance-impulse"}, {"13", "retract-impulse"}} {
		s := edited(t, newTestState(t, "standard"), func(p *Position) {
			p.Turn, p.Step, p.Active, p.Stack, p.Impulse = 18, "refit-purchases", "allied", nil, c.at
			p.Reserves = SideNumbers{Allied: 30}
		})
		if got := ids(s); !slices.Equal(got, []string{"done", c.want}) {
			t.Errorf("at %s: choices %v; want done and %s", c.at, got, c.want)
		}
	}
}

// refitPosition is a Refit Phase of September 19 with the side refitting,
// its depots placed, and only the units listed on the map.
func refitPosition(t *testing.T, sd string, depots []DepotPos, us []UnitPos, control map[string]string) *State {
	return edited(t, newTestState(t, "standard"), func(p *Position) {
		p.Turn, p.Step, p.Active, p.Stack, p.Impulse = 19, "refit", sd, nil, "0"
		p.Depots, p.Units, p.Control, p.Reserves = depots, us, control, SideNumbers{}
	})
}

// TestExample12 plays example 12 (mgmg:26.0, the Refit Phase): the German
// depot in Wyler (26) is worth five Supply Points on a Clear day. Refit
// costs (mgmg:13.6): the Wyler FLAK Tower, Spent in the depot's area, 1;
// Fürst, Disrupt 1 there, 2; Greschick, Spent in Groesbeek (35) next door, 2
// (Groesbeek is Allied-Controlled: a unit in an enemy area traces at no
// extra cost); Stargaard, Disrupt 2 in the Reichswald (36) next door, 3;
// the Nijmegen FLAK Tower through Beek (27), German-Controlled and
// Contested, 1 + 1 (Wyler-Beek) + 1 (Beek Contested) + 1 (Beek-Nijmegen) =
// 4. The German refits the Wyler Tower and Greschick for 3 and banks the 2
// left (mgmg:13.7); only Fürst stays affordable meanwhile.
func TestExample12(t *testing.T) {
	s := refitPosition(t, "german", []DepotPos{{ID: "german", At: "26", Points: 5}}, []UnitPos{
		{ID: "de-tower-wyler", At: "26", Level: "spent"},
		{ID: "de-406-fuerst", At: "26", Level: "disrupt-1"},
		{ID: "de-406-greschick", At: "35", Level: "spent"},
		{ID: "de-406-stargaard", At: "36", Level: "disrupt-2"},
		{ID: "de-tower-nijmegen", At: "28", Level: "spent"},
		{ID: "us-1-505", At: "35", Level: "fresh"},
		{ID: "us-2-505", At: "27", Level: "fresh"},
		{ID: "de-knaust", At: "27", Level: "fresh"},
	}, map[string]string{"35": "airborne"})
	want := map[string]int{"de-tower-wyler": 1, "de-406-fuerst": 2, "de-406-greschick": 2, "de-406-stargaard": 3, "de-tower-nijmegen": 4}
	paths := s.depotPaths()
	costs := s.refitCosts(&paths)
	for id, c := range want {
		if got := costs[0][s.g.unit(id)]; int(got) != c {
			t.Errorf("%s costs %d; example 12 says %d", id, got, c)
		}
	}
	all := []string{"done", "refit:de-tower-nijmegen:0", "refit:de-tower-wyler:0", "refit:de-406-fuerst:0", "refit:de-406-greschick:0", "refit:de-406-stargaard:0"}
	if got := ids(s); !slices.Equal(got, all) {
		t.Fatalf("choices %v; want %v", got, all)
	}
	play(t, s, "refit:de-tower-wyler:0")
	if back := edited(t, s, func(*Position) {}); back.Hash() != s.Hash() {
		t.Fatal("the position in the middle of the refits does not round-trip")
	}
	play(t, s, "refit:de-406-greschick:0")
	if got := ids(s); !slices.Equal(got, []string{"done", "refit:de-406-fuerst:0"}) {
		t.Fatalf("with 2 Supply Points left: choices %v; want done and Fürst's refit for 2", got)
	}
	play(t, s, "done")
	g := s.g
	if s.units[g.unit("de-tower-wyler")].Level != StepFresh || s.units[g.unit("de-406-greschick")].Level != StepFresh ||
		s.units[g.unit("de-406-fuerst")].Level != StepDisrupt1 || s.reserves[germans] != 2 || s.step != stPurchase {
		t.Errorf("Wyler Tower %s, Greschick %s, Fürst %s, Reserves %d, step %s; want fresh, fresh, disrupt-1, 2 banked, purchases",
			levelNames[s.units[g.unit("de-tower-wyler")].Level], levelNames[s.units[g.unit("de-406-greschick")].Level],
			levelNames[s.units[g.unit("de-406-fuerst")].Level], s.reserves[germans], stepNames[s.step])
	}
}

// TestOneLevelATurn: in the Refit Phase units recover from exhaustion
// (mgmg:13.1), a Disrupted unit one level a turn whatever the supply
// (mgmg:13.6): Stargaard, Disrupt 2 next to a depot of 6, refits to
// Disrupt 1 for 3 and is offered no more.
func TestOneLevelATurn(t *testing.T) {
	s := refitPosition(t, "german", []DepotPos{{ID: "german", At: "26", Points: 6}},
		[]UnitPos{{ID: "de-406-stargaard", At: "36", Level: "disrupt-2"}}, nil)
	if l := label(t, s, "refit:de-406-stargaard:0"); !strings.HasSuffix(l, " to Disrupt 1 for 3 Supply Points from the German Depot in 26 Wyler") {
		t.Errorf("%q: want the level reached, the cost and the depot", l)
	}
	play(t, s, "refit:de-406-stargaard:0")
	if s.units[s.g.unit("de-406-stargaard")].Level != StepDisrupt1 || s.depots[0].Points != 3 {
		t.Fatalf("Stargaard %s, depot %d; want disrupt-1 and 3 left", levelNames[s.units[s.g.unit("de-406-stargaard")].Level], s.depots[0].Points)
	}
	if got := ids(s); !slices.Equal(got, []string{"done"}) {
		t.Errorf("choices %v; want only done", got)
	}
}

// TestFurthestDepot: a unit drawing on two depots pays the cost of the
// furthest (mgmg:13.6). The Coldstream battalion, Disrupt 1 in Valkenswaard
// (64), costs 2 from the depot there (1 point: too few) and 3 from Zone F
// (2 points): from Zone F, drawing on both, 2 + 1 = 3 pays it.
func TestFurthestDepot(t *testing.T) {
	s := refitPosition(t, "allied", []DepotPos{{ID: "zone-f", At: "F", Points: 2}, {ID: "zone-f", At: "64", Points: 1}},
		[]UnitPos{{ID: "gb-gds-1-cold", At: "64", Level: "disrupt-1"}}, map[string]string{"F": "corps", "64": "corps"})
	if got := ids(s); !slices.Equal(got, []string{"done", "refit:gb-gds-1-cold:0"}) {
		t.Fatalf("choices %v; want done and the refit drawing on Zone F as the furthest depot", got)
	}
	play(t, s, "refit:gb-gds-1-cold:0")
	if s.depots[0].Points != 0 || s.depots[1].Points != 0 || s.units[s.g.unit("gb-gds-1-cold")].Level != StepSpent {
		t.Errorf("depots %d and %d, unit %s; want both empty and the unit Spent", s.depots[0].Points, s.depots[1].Points, levelNames[s.units[s.g.unit("gb-gds-1-cold")].Level])
	}
}

// TestContestedZoneF: with Zone F Contested its depots refit only XXX Corps
// units in it (mgmg:13.421, 13.61), not the airborne unit there nor the
// Corps unit next door, and what is left is lost, not banked (mgmg:13.61).
func TestContestedZoneF(t *testing.T) {
	s := refitPosition(t, "allied", []DepotPos{{ID: "zone-f", At: "F", Points: 5}}, []UnitPos{
		{ID: "gb-gds-2-gren", At: "F", Level: "spent"},
		{ID: "us-1-501", At: "F", Level: "spent"},
		{ID: "gb-gds-1-cold", At: "64", Level: "spent"},
		{ID: "de-9ss-2-20", At: "F", Level: "fresh"},
	}, map[string]string{"F": "corps", "64": "corps"})
	if got := ids(s); !slices.Equal(got, []string{"done", "refit:gb-gds-2-gren:0"}) {
		t.Fatalf("choices %v; want done and the Grenadiers' refit", got)
	}
	play(t, s, "refit:gb-gds-2-gren:0", "done")
	if s.reserves[allies] != 0 {
		t.Errorf("Reserves %d: the 4 left in a Contested Zone F are lost (mgmg:13.61)", s.reserves[allies])
	}
}

// TestZoneIRefit: Allied units in Zone I refit without a depot even while
// the Germans Control it (mgmg:13.423); German units there do only while
// the Germans Control it (mgmg:13.411).
func TestZoneIRefit(t *testing.T) {
	for _, c := range []struct {
		control  map[string]string
		ger, all Step
	}{{nil, StepFresh, StepFresh}, {map[string]string{"I": "corps"}, StepSpent, StepFresh}} {
		s := refitPosition(t, "german", nil, []UnitPos{{ID: "de-knaust", At: "I", Level: "spent"}, {ID: "gb-gds-2-gren", At: "I", Level: "spent"}}, c.control)
		s.startRefit()
		refitNothing(t, s)
		if s.active != allies {
			t.Fatalf("%s to move after the German refit; want the Allies", s.active)
		}
		if g, a := s.units[s.g.unit("de-knaust")].Level, s.units[s.g.unit("gb-gds-2-gren")].Level; g != c.ger || a != c.all {
			t.Errorf("Zone I %v: Knaust %s, Grenadiers %s; want %s and %s", c.control, levelNames[g], levelNames[a], levelNames[c.ger], levelNames[c.all])
		}
	}
}

// TestTwinDepots: two German depots in Wyler are one choice for a refit,
// the first that still holds points; a refit of 3 drawing on the second
// once the first has 1 left takes 1 and then 2 (mgmg:13.6).
func TestTwinDepots(t *testing.T) {
	s := refitPosition(t, "german", []DepotPos{{ID: "german", At: "26", Points: 1}, {ID: "german", At: "26", Points: 5}},
		[]UnitPos{{ID: "de-406-stargaard", At: "36", Level: "disrupt-2"}}, nil)
	if got := ids(s); !slices.Equal(got, []string{"done", "refit:de-406-stargaard:0"}) {
		t.Fatalf("choices %v; want done and one refit", got)
	}
	play(t, s, "refit:de-406-stargaard:0")
	if s.depots[0].Points != 0 || s.depots[1].Points != 3 {
		t.Errorf("depots %d and %d; want 0 and 3", s.depots[0].Points, s.depots[1].Points)
	}
}

// TestRandomPlayRefits: random play, as the conformance kit plays, places
// depots and refits units (mgmg:13.4, 13.6), so the kit's checks of every
// choice cover them.
func TestRandomPlayRefits(t *testing.T) {
	g := MustLoad()
	var depots, refits int
	pick := engine.NewRNG(7)
	for seed := uint64(1); seed <= 3; seed++ {
		st, err := g.New("standard", nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for s.step != stOver {
			acts := s.Legal(nil)
			a := acts[pick.Intn(len(acts))]
			switch k, _ := split(a); k {
			case kDepot:
				depots++
			case kRefitUnit:
				refits++
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if depots == 0 || refits == 0 {
		t.Errorf("three random games placed %d depots and made %d refits; want some of each", depots, refits)
	}
}

// TestRefitPathsCrossLikeSupplyLines: a refit path crosses a river only by
// an intact bridge or Ferry Crossing (mgmg:13.6 read with 13.8). The 1st
// Airborne's depot in Oosterbeek (12) refits its battalion, Spent in Driel
// (24) across the Lower Rhine, for 1 + 1 boundary = 2 by the Driel ferry
// with the bridge blown, and not at all once the ferry is destroyed too.
func TestRefitPathsCrossLikeSupplyLines(t *testing.T) {
	for _, ferry := range []string{"open", "destroyed"} {
		s := refitPosition(t, "allied", []DepotPos{{ID: "airborne-1st", At: "12", Points: 10}},
			[]UnitPos{{ID: "gb-1abn-1-para", At: "24", Level: "spent"}}, map[string]string{"12": "airborne", "24": "airborne"})
		s = edited(t, s, func(p *Position) {
			p.Bridges = map[string]BridgePos{s.g.bridgeName(s.g.bridgeIndex("12", "24")): {Held: "blown"}}
			p.Ferries[s.g.ferryAt[int(s.g.at("12"))*nPlaces+int(s.g.at("24"))]] = ferry
		})
		got := ids(s)
		if ferry == "destroyed" {
			if !slices.Equal(got, []string{"done"}) {
				t.Errorf("ferry destroyed: choices %v; want only done, no path over the river (mgmg:13.8)", got)
			}
			continue
		}
		if !slices.Equal(got, []string{"done", "refit:gb-1abn-1-para:0"}) {
			t.Fatalf("ferry open: choices %v; want the refit by the ferry", got)
		}
		play(t, s, "refit:gb-1abn-1-para:0")
		if s.depots[0].Points != 8 {
			t.Errorf("the depot holds %d after the refit; want 10 - 2 = 8 (mgmg:13.6)", s.depots[0].Points)
		}
	}
}

// TestRefitPathsCheapest: refitPaths, which relaxes the places of a queue,
// finds the cheapest path of mgmg:13.6 from every place, for both sides, in
// the states of random games: the same costs as relaxing every place over
// and over until none changes.
func TestRefitPathsCheapest(t *testing.T) {
	g := MustLoad()
	pick := engine.NewRNG(5)
	checked := 0
	for seed := uint64(1); seed <= 2; seed++ {
		st, err := g.New("standard", nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for n := 0; s.step != stOver; n++ {
			if s.step == stRefit || n%97 == 0 {
				for from := range int16(nPlaces) {
					for _, sd := range []side{germans, allies} {
						if got, want := s.refitPaths(from, sd), slowRefitPaths(s, from, sd); got != want {
							t.Fatalf("choice %d: refit paths of the %s from %s: %v; want %v", n, sd, g.placeIDs[from], got, want)
						}
						checked++
					}
				}
			}
			acts := s.Legal(nil)
			if err := s.Apply(acts[pick.Intn(len(acts))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no state checked")
	}
}

// slowRefitPaths is refitPaths by extending the paths through every
// place over and over until no cost falls.
func slowRefitPaths(s *State, from int16, sd side) [nPlaces]int8 {
	end, through, ok := s.refitStart(from, sd)
	for changed := ok; changed; {
		changed = false
		for x := range nPlaces {
			for _, y := range s.g.m.Neighbors(x) {
				changed = s.refitStep(x, y, sd, &end, &through) || changed
			}
		}
	}
	return end
}
