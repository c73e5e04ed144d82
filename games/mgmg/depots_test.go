package mgmg

import (
	"slices"
	"testing"
)

// depotPosition is the depot step of a side's Refit Phase on September 19
// with the depots already dealt and only the units listed on the map.
func depotPosition(t *testing.T, sd, dawn string, dealt []DepotPos, us []UnitPos, control map[string]string, edit func(*Position)) *State {
	return edited(t, newTestState(t, "standard"), func(p *Position) {
		p.Turn, p.Step, p.Active, p.Stack, p.Impulse = 19, "refit-depots", sd, nil, "0"
		p.Weather, p.DawnWeather = dawn, dawn
		p.Depots, p.Units, p.Control, p.Reserves = dealt, us, control, SideNumbers{}
		if edit != nil {
			edit(p)
		}
	})
}

// TestGermanDepotPlaces: a German depot goes to any Zone, and from a Zone
// the Germans Control Uncontested over the Road Net through Free places to
// a German Free place (mgmg:13.41): from Zone C by road to Wyler (26), then
// Groesbeek (35) is Allied and Beek (27) Contested, so neither is offered.
// On an Overcast day it is worth six (mgmg:17.3).
func TestGermanDepotPlaces(t *testing.T) {
	s := depotPosition(t, "german", "overcast", nil, []UnitPos{
		{ID: "us-1-505", At: "35", Level: "fresh"},
		{ID: "us-2-505", At: "27", Level: "fresh"},
		{ID: "de-knaust", At: "27", Level: "fresh"},
	}, map[string]string{"35": "airborne"}, nil)
	got := ids(s)
	for _, id := range []string{"depot:C", "depot:26", "depot:F", "depot:I"} {
		if !slices.Contains(got, id) {
			t.Errorf("%s not offered: %v", id, got)
		}
	}
	for _, id := range []string{"depot:35", "depot:27"} {
		if slices.Contains(got, id) {
			t.Errorf("%s offered: not a German Free place (mgmg:13.41)", id)
		}
	}
	play(t, s, "depot:26")
	if d := s.depots[0]; d.At != int8(s.g.at("26")) || d.Points != 6 || s.nDepots != 1 {
		t.Errorf("depot %+v, %d dealt; want the first in 26 worth 6", d, s.nDepots)
	}
}

// TestAirborneDepotValue: the 82nd's depot goes to an Allied-Controlled or
// Contested Supply Head of its sector (mgmg:13.422), 35 or 39 here. In
// Groesbeek (35) on a Clear day it is worth 10 less one each for the Fresh
// Wyler FLAK Tower next door (26), the Fresh Swoboda FLAK next door (38)
// and the Air Interdiction marker in it (mgmg:13.5): 7; the Spent Nijmegen
// Flak next door (34) takes nothing. The Air Supply marker there is worth
// 5 - 3 = 2 (mgmg:13.424). The 1st Airborne's and 101st's depots, with no
// Supply Head, are lost; so is Oss with Zone I German.
func TestAirborneDepotValue(t *testing.T) {
	zoneF := []DepotPos{{ID: "zone-f", At: "F", Points: 5}, {ID: "zone-f", At: "F", Points: 5}, {ID: "zone-f", At: "F", Points: 5},
		{ID: "zone-f", At: "F", Points: 5}, {ID: "zone-f", At: "F", Points: 5}, {ID: "airborne-1st"}}
	us := []UnitPos{
		{ID: "de-tower-wyler", At: "26", Level: "fresh"},
		{ID: "de-flak-swoboda", At: "38", Level: "fresh"},
		{ID: "de-flak-nijmegen", At: "34", Level: "spent"},
		{ID: "us-1-505", At: "35", Level: "spent"},
	}
	control := map[string]string{"35": "airborne", "39": "airborne"}
	marker := func(p *Position) { p.AirAt = map[string]string{"luftwaffe-1": "35"} }
	s := depotPosition(t, "allied", "clear", zoneF, us, control, marker)
	if got := ids(s); !slices.Equal(got, []string{"depot:35", "depot:39"}) {
		t.Fatalf("82nd Air depot: choices %v; want its Supply Heads 35 and 39", got)
	}
	play(t, s, "depot:35")
	if got := ids(s); !slices.Contains(got, "depot:35") || !slices.Contains(got, "depot:39") || slices.Contains(got, "depot:26") {
		t.Fatalf("Air Supply: choices %v; want Allied places of TEM +1 or +2 such as 35 and 39, not German 26 (mgmg:16.3)", got)
	}
	play(t, s, "depot:35")
	want := []depot{{Kind: 2, At: -1}, {Kind: 3, At: int8(s.g.at("35")), Points: 7}, {Kind: 4, At: -1}, {Kind: 5, At: -1}, {Kind: s.g.airSupplyKind(), At: int8(s.g.at("35")), Points: 2}}
	if got := s.depots[5:s.nDepots]; !slices.Equal(got, want) || s.step != stRefit {
		t.Errorf("depots %+v, step %s; want %+v and the refits", got, stepNames[s.step], want)
	}
	s = depotPosition(t, "allied", "overcast", zoneF, us, control, marker)
	play(t, s, "depot:35")
	if d := s.depots[6]; d.Points != 2 || s.depots[s.nDepots-1].At != -1 || s.step != stRefit {
		t.Errorf("Overcast: 82nd depot %+v, Air Supply %+v; want 5 - 3 = 2 and no Air Supply (mgmg:17.3, 13.424)", d, s.depots[s.nDepots-1])
	}
}

// TestDepotAugmentation works mgmg:23.4: on an Overcast day the 1st Air and
// 82nd Air depots are worth 5 each, under 10, so the Allies may add the
// same amount to each from their Reserves: with 13 Reserves at most 6
// each (12), no more than 5 each (to 10). Adding 3 costs 6; the depots are
// worth 8.
func TestDepotAugmentation(t *testing.T) {
	dealt := []DepotPos{{ID: "zone-f", At: "F", Points: 5}, {ID: "zone-f", At: "F", Points: 5}, {ID: "zone-f", At: "F", Points: 5},
		{ID: "zone-f", At: "F", Points: 5}, {ID: "zone-f", At: "F", Points: 5}, {ID: "airborne-1st", At: "5", Points: 5},
		{ID: "airborne-82nd", At: "35", Points: 5}, {ID: "airborne-101st"}, {ID: "oss"}, {ID: "air-supply"}}
	aug := func(p *Position) {
		p.Options["depot_augmentation"] = "on"
		p.Reserves.Allied = 13
	}
	s := depotPosition(t, "allied", "overcast", dealt, nil, map[string]string{"5": "airborne", "35": "airborne"}, aug)
	want := []string{"done", "augment:1", "augment:2", "augment:3", "augment:4", "augment:5"}
	if got := ids(s); !slices.Equal(got, want) {
		t.Fatalf("choices %v; want %v", got, want)
	}
	play(t, s, "augment:3")
	if s.reserves[allies] != 7 || s.depots[5].Points != 8 || s.depots[6].Points != 8 || s.step != stRefit {
		t.Errorf("Reserves %d, depots %d and %d, step %s; want 7, 8, 8 and the refits", s.reserves[allies], s.depots[5].Points, s.depots[6].Points, stepNames[s.step])
	}
	s = depotPosition(t, "allied", "overcast", dealt, nil, map[string]string{"5": "airborne", "35": "airborne"}, nil)
	if got := ids(s); !slices.Equal(got, []string{"done"}) {
		t.Errorf("without the option: choices %v; want done", got)
	}
}

// TestZoneFDepotMoves: with Zone F Allied and Uncontested its depots may
// move over the Road Net through Allied Free Areas (mgmg:13.421): to
// Valkenswaard (64), Allied, but not beyond into German areas; with a
// German unit in Zone F they stay there, the only place, and are placed
// without a choice.
func TestZoneFDepotMoves(t *testing.T) {
	s := depotPosition(t, "allied", "clear", nil, nil, map[string]string{"F": "corps", "64": "corps"}, nil)
	if got := ids(s); !slices.Equal(got, []string{"depot:64", "depot:F"}) && !slices.Equal(got, []string{"depot:F", "depot:64"}) {
		t.Errorf("Zone F free: choices %v; want F and 64", got)
	}
	s = depotPosition(t, "allied", "clear", nil, []UnitPos{{ID: "de-9ss-2-20", At: "F", Level: "fresh"}, {ID: "gb-gds-2-gren", At: "F", Level: "fresh"}},
		map[string]string{"F": "corps", "64": "corps"}, func(p *Position) { p.Depots = []DepotPos{{ID: "zone-f", At: "F", Points: 5}} })
	play(t, s, "depot:F")
	if s.nDepots < 5 || s.depots[4] != (depot{Kind: s.depots[0].Kind, At: int8(s.g.at("F")), Points: 5}) {
		t.Errorf("Zone F Contested: depots %+v; want all five in F, worth 5 (mgmg:13.421)", s.depots[:s.nDepots])
	}
}
