package soa

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"sandtable/engine"
)

// Game set-up (soa:3.61, soa:3.62, soa:5.1-5.6). Set-up colours of our map
// (games/soa/data/README.md): British areas 2 3 4 5 7 17 18 19 20 21 22 23
// with dots red 3 4 5 18 19 22, blue 2 4 7 21, green 17 18 20 23, yellow 17
// 23, orange 5 21 22; SS areas 13 14 15 16 24 27 28 29 30; Bochoit zones A
// B; empty 1 6 8 9 10 11 12 25 26; victory areas 4 5 17 18 22 23 (soa:3.21).

var (
	rtBritishAreas = []string{"2", "3", "4", "5", "7", "17", "18", "19", "20", "21", "22", "23"}
	rtSSAreas      = []string{"13", "14", "15", "16", "24", "27", "28", "29", "30"}
	rtVPAreas      = []string{"4", "5", "17", "18", "22", "23"}
	rtDotAreas     = map[string][]string{
		"red":    {"3", "4", "5", "18", "19", "22"},
		"blue":   {"2", "4", "7", "21"},
		"green":  {"17", "18", "20", "23"},
		"yellow": {"17", "23"},
		"orange": {"5", "21", "22"},
	}
)

// rtPlaces lists the place IDs offered to the unit being set up.
func rtPlaces(s *State) []string {
	var out []string
	for _, id := range ccLegal(s) {
		if p, ok := strings.CutPrefix(id, "place:"); ok {
			out = append(out, p)
		}
	}
	return out
}

// rtSetupAt starts the set-up of side with unit id next to be placed.
func rtSetupAt(t *testing.T, s *State, side Side, id string) {
	t.Helper()
	list, st := s.g.britStart, stSetupBritish
	if side == German {
		list, st = s.g.germStart, stSetupGerman
	}
	i := slices.Index(list, ccUnit(t, s, id))
	if i < 0 {
		t.Fatalf("%s is not set up at the start", id)
	}
	s.step, s.active, s.setupNext = st, side, i
}

// soa:5.1, soa:5.2, soa:5.3, soa:8.4: British control markers in the six victory areas,
// perimeter markers in the six other British areas, turn 1, 0 VP, the
// artillery uncommitted in its boxes, the British with the Tactical Advantage.
func TestSetupMarkers_soa5_1_5_2_5_3(t *testing.T) {
	s := rtNew(t, nil, 1)
	var control, perim []string
	for i := 0; i < s.g.board.Len(); i++ {
		id := s.g.board.Place(i).ID
		if s.control[i] == British {
			control = append(control, id)
		} else if s.control[i] != noSide {
			t.Fatalf("control marker in %s is not British", id)
		}
		if s.perim[i] {
			perim = append(perim, id)
		}
	}
	rtWant(t, "control markers", control, rtVPAreas)
	rtWant(t, "perimeter markers", perim, []string{"2", "3", "7", "19", "20", "21"})
	if s.turn != 1 || s.vp != 0 || s.ta != British {
		t.Fatalf("turn %d, %d VP, advantage %s; want turn 1, 0 VP, British", s.turn, s.vp, s.ta)
	}
	n := 0
	for _, u := range s.g.artillery {
		if s.units[u].Loc != locArtBox || s.units[u].Committed {
			t.Fatalf("artillery %s is not uncommitted in its box", s.g.units[u].ID)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no artillery counters")
	}
	if s.step != stSetupBritish || s.ToMove() != "british" {
		t.Fatal("the British set up first (soa:5.4)")
	}
}

// soa:3.61, soa:3.62, soa:5.4: a British unit may set up only in a British area with
// a dot of its colour; a unit without a dot in any British area.
//
// Rules: soa:3.6, soa:3.61, soa:3.62, soa:5.4.
func TestSetupBritishDots_soa3_61_3_62_5_4(t *testing.T) {
	for _, tc := range []struct {
		unit string
		want []string
	}{
		{"gb-bde-hq", rtBritishAreas},
		{"gb-rasc-1", rtBritishAreas},
		{"gb-a1-1", rtDotAreas["red"]},
		{"gb-b4-1", rtDotAreas["blue"]},
		{"gb-c7-1", rtDotAreas["green"]},
		{"gb-re-1", rtDotAreas["yellow"]},
		{"gb-recce1-1", rtDotAreas["orange"]},
	} {
		s := rtNew(t, nil, 1)
		rtSetupAt(t, s, British, tc.unit)
		rtWant(t, tc.unit, rtPlaces(s), tc.want)
	}
}

// soa:5.4: at most ten British units in a set-up area.
func TestSetupBritishTenPerArea_soa5_4(t *testing.T) {
	s := rtNew(t, nil, 1)
	rtPutN(t, s, British, "2", 10, false)
	rtSetupAt(t, s, British, "gb-def-3")
	if slices.Contains(rtPlaces(s), "2") {
		t.Fatal("an eleventh unit is offered area 2")
	}
	if !slices.Contains(rtPlaces(s), "7") {
		t.Fatal("area 7 should still be offered")
	}
}

// soa:5.4: every victory area must end the set-up with at least three
// British units. When the last three units are all 22 can still get, they
// must go there; with one unit already in 22 the choice is free.
func TestSetupBritishVPAreasForced_soa5_4(t *testing.T) {
	for _, in22 := range []int{0, 1} {
		s := rtNew(t, nil, 1)
		others := []string{"4", "5", "17", "18", "23", "2", "3", "7", "19", "20", "21"}
		last := s.g.britStart[len(s.g.britStart)-3:]
		for i, u := range s.g.britStart[:len(s.g.britStart)-3] {
			p := others[i%len(others)]
			if i < in22 {
				p = "22"
			}
			s.units[u].Loc = trnPlace(s, p)
			s.stale()
		}
		rtSetupAt(t, s, British, s.g.units[last[0]].ID)
		if in22 == 0 {
			for range 3 {
				rtWant(t, "places for the last units", rtPlaces(s), []string{"22"})
				ccDo(t, s, "place:22")
			}
			if s.step != stSetupGerman {
				t.Fatal("the German set-up follows the British one (soa:5.5)")
			}
		} else if len(rtPlaces(s)) < 2 {
			t.Fatalf("with one unit in 22 and three to place, more than 22 is open: %v", rtPlaces(s))
		}
	}
}

// rtCheckBritishSetup checks a finished British set-up against soa:3.61,
// 3.62 and 5.4, from the map data.
func rtCheckBritishSetup(t *testing.T, s *State) {
	t.Helper()
	n := map[string]int{}
	for _, u := range s.g.britStart {
		p := s.units[u].Loc
		if p < 0 {
			t.Fatalf("%s was not set up", s.g.units[u].ID)
		}
		pl := s.g.board.Place(int(p))
		n[pl.ID]++
		if !slices.Contains(rtBritishAreas, pl.ID) {
			t.Fatalf("%s set up in %s, no British area (soa:3.61)", s.g.units[u].ID, pl.ID)
		}
		if dots := s.g.units[u].Dots; len(dots) > 0 {
			ok := false
			for _, d := range dots {
				ok = ok || slices.Contains(rtDotAreas[d], pl.ID)
			}
			if !ok {
				t.Fatalf("%s with dots %v set up in %s (soa:3.62)", s.g.units[u].ID, dots, pl.ID)
			}
		}
	}
	for id, k := range n {
		if k > 10 {
			t.Fatalf("%d British units in %s (soa:5.4)", k, id)
		}
	}
	for _, id := range rtVPAreas {
		if n[id] < 3 {
			t.Fatalf("victory area %s holds %d British units, want at least 3 (soa:5.4)", id, n[id])
		}
	}
	for _, u := range s.g.sideUnits[British] {
		if s.g.units[u].Pool != "" && s.units[u].Loc != locPool {
			t.Fatalf("%s of pool %s is in play at the start (soa:4.5)", s.g.units[u].ID, s.g.units[u].Pool)
		}
	}
}

// rtCheckGermanSetup checks a finished German set-up against soa:3.61, soa:5.5.
func rtCheckGermanSetup(t *testing.T, s *State) {
	t.Helper()
	ss, ssArmor := map[string]int{}, map[string]int{}
	for _, u := range s.g.germStart {
		d := s.g.units[u]
		p := s.units[u].Loc
		if p < 0 {
			t.Fatalf("%s was not set up", d.ID)
		}
		id := s.g.board.Place(int(p)).ID
		switch d.Force {
		case "army":
			if id != "A" && id != "B" {
				t.Fatalf("army unit %s set up in %s, not zone A or B (soa:5.5)", d.ID, id)
			}
		case "ss":
			if !slices.Contains(rtSSAreas, id) {
				t.Fatalf("SS unit %s set up in %s, no SS area (soa:3.61)", d.ID, id)
			}
			ss[id]++
			if d.Type == Armor {
				ssArmor[id]++
			}
		default:
			t.Fatalf("%s: force %q", d.ID, d.Force)
		}
	}
	for id := range ss {
		if ss[id] > 5 || ssArmor[id] > 3 {
			t.Fatalf("%s holds %d SS units, %d of them armour (soa:5.5: at most 5 and 3)", id, ss[id], ssArmor[id])
		}
	}
}

// soa:5.4, soa:5.5, soa:5.6, soa:3.61, soa:3.62: whole set-ups by uniformly random choices
// always satisfy the set-up rules; the Tigers wait for turn 5; after the
// reveal every set-up unit is uncommitted and turn 1 has begun.
func TestSetupRandomWholeSetups_soa5_4_5_5_5_6(t *testing.T) {
	pick := engine.NewRNG(99)
	for seed := uint64(1); seed <= 60; seed++ {
		s := rtNew(t, nil, seed)
		rtRandom(t, s, &pick, func() bool { return s.step == stSetupBritish })
		rtCheckBritishSetup(t, s)
		if s.step != stSetupGerman || s.revealed {
			t.Fatalf("seed %d: after the British set-up: step %s", seed, stepNames[s.step])
		}
		rtRandom(t, s, &pick, func() bool { return s.step == stSetupGerman })
		for _, u := range s.g.germStart {
			if s.units[u].Loc < 0 {
				t.Fatalf("seed %d: the set-up ended with %s off the map", seed, s.g.units[u].ID)
			}
		}
		rtCheckGermanSetup(t, s)
		if !s.revealed || s.turn != 1 {
			t.Fatalf("seed %d: set-ups not revealed or not turn 1", seed)
		}
		for _, u := range slices.Concat(s.g.britStart, s.g.germStart) {
			if s.units[u].Committed {
				t.Fatalf("seed %d: %s is committed at the start (soa:5.6)", seed, s.g.units[u].ID)
			}
		}
		for _, u := range s.g.sideUnits[German] {
			if s.g.units[u].Pool == "T5" && s.units[u].Loc != locPool {
				t.Fatalf("seed %d: Tiger %s is in play on turn 1 (soa:5.5, soa:16.1)", seed, s.g.units[u].ID)
			}
		}
	}
}

// soa:5.5: at most five SS units, three of them armour, in one area.
func TestSetupGermanSSLimits_soa5_5(t *testing.T) {
	s := rtNew(t, nil, 1)
	rtSetupAt(t, s, German, "ss-bn-hq")
	rtWant(t, "SS HQ", rtPlaces(s), rtSSAreas)
	for _, id := range []string{"ss-bn-hq", "ss-hqc-mk3-1", "ss-hqc-mk3-2", "ss-hqc-mk3-3"} {
		if s.placingUnit() != ccUnit(t, s, id) {
			t.Fatalf("set-up order: %s expected next", id)
		}
		ccDo(t, s, "place:13")
	}
	without13 := slices.DeleteFunc(slices.Clone(rtSSAreas), func(p string) bool { return p == "13" })
	rtWant(t, "a fourth SS armour unit", rtPlaces(s), without13) // ss-ac-1
	ccDo(t, s, "place:14", "place:14")                           // ss-ac-1, ss-ac-2
	if s.placingUnit() != ccUnit(t, s, "ss-ar-hq") {
		t.Fatal("set-up order: ss-ar-hq expected next")
	}
	rtWant(t, "a fifth SS unit", rtPlaces(s), rtSSAreas)
	ccDo(t, s, "place:13")
	rtWant(t, "a sixth SS unit", rtPlaces(s), without13)
}

// soa:5.5: army (blue) units set up only in zones A and B, in any number.
func TestSetupGermanArmyZones_soa5_5(t *testing.T) {
	s := rtNew(t, nil, 1)
	rtSetupAt(t, s, German, "bo-bn-hq")
	rtWant(t, "army HQ", rtPlaces(s), []string{"A", "B"})
	var army []int16
	for _, u := range s.g.germStart {
		if s.g.units[u].Force == "army" {
			army = append(army, u)
		}
	}
	for _, u := range army[:len(army)-1] {
		s.units[u].Loc = trnPlace(s, "A")
		s.stale()
	}
	rtSetupAt(t, s, German, s.g.units[army[len(army)-1]].ID)
	rtWant(t, fmt.Sprintf("army unit after %d in A", len(army)-1), rtPlaces(s), []string{"A", "B"})
}

// soa:3.61: the white areas stay empty at the set-up for either side.
func TestSetupEmptyAreas_soa3_61(t *testing.T) {
	empty := []string{"1", "6", "8", "9", "10", "11", "12", "25", "26"}
	s := rtNew(t, nil, 1)
	for _, u := range slices.Concat(s.g.britStart, s.g.germStart) {
		side := s.side(u)
		rtSetupAt(t, s, side, s.g.units[u].ID)
		for _, p := range rtPlaces(s) {
			if slices.Contains(empty, p) {
				t.Fatalf("%s is offered white area %s", s.g.units[u].ID, p)
			}
			if (side == British) != slices.Contains(rtBritishAreas, p) {
				t.Fatalf("%s is offered %s", s.g.units[u].ID, p)
			}
		}
	}
}
