package soa

import (
	"fmt"
	"testing"
)

// Movement (soa:8.2, soa:8.21, soa:8.22, soa:10, soa:15.3, soa:7.1). Adjacency used below, from
// games/soa/data/map.json (our reconstruction, within soa:3.2):
//
//	13: 16 27 28 B     14: 15 20 C        15: 14 20 24 25 C
//	16: 13 17 23 24 27 28 30 B            17: 5 16 18 23 24 26
//	24: 15 16 17 26    25: 15 18 20 26    26: 17 18 24 25
//	29: 8 22 30 A      30: 16 22 23 28 29 A
//	zone A: B D 28 29 30    zone C: B 14 15    zone E: D 1 10 11 12

// soa:8.22 EXAMPLE (and soa:15.3): a German armoured car (MF 10) goes C -> 15
// -> 25 -> 26 -> 24 with the British in 24 and 17. Entering 15 from zone C
// next to British 24 costs 2 (case B/C), 25 costs 1 because 25 is not
// adjacent to 24 (case A; soa:3.2 corner), 26 costs 2 (next to 17 and 24,
// case B), and 24 costs 4 by day (case E) or 3 by night (case D), not 6 or 5:
// the costs are not additive although 24 is also next to British 17.
// Day: 10-2-1-2-4 = 1 MF left; night: 10-2-1-2-3 = 2 MF left.
func TestMoveCostExample_soa8_22_15_3(t *testing.T) {
	for _, tc := range []struct {
		turn int
		left []int
	}{{1, []int{8, 7, 5, 1}}, {2, []int{8, 7, 5, 2}}} {
		t.Run(fmt.Sprintf("turn%d", tc.turn), func(t *testing.T) {
			s := rtImpulse(t, tc.turn, German)
			ccPut(t, s, "C", "ss-ac-1")
			ccPut(t, s, "24", "gb-rasc-1")
			ccPut(t, s, "17", "gb-rasc-2")
			ccDo(t, s, "area:C", "move", "unit:ss-ac-1")
			for i, to := range []string{"15", "25", "26", "24"} {
				if to == "26" && ccHas(s, "to:24") {
					t.Fatal("25 is not adjacent to 24 (soa:3.2), yet 24 is offered from 25")
				}
				ccDo(t, s, "to:"+to)
				if s.moveLeft != tc.left[i] {
					t.Fatalf("after entering %s: %d MF left, want %d", to, s.moveLeft, tc.left[i])
				}
			}
			if rtLoc(t, s, "ss-ac-1") != "24" || !s.units[ccUnit(t, s, "ss-ac-1")].Committed {
				t.Fatal("the armoured car should stand committed in 24")
			}
			if s.step != stImpulse || s.imp != British {
				t.Fatalf("entering enemy-occupied 24 ends the move (soa:8.2); step %s, impulse %s", stepNames[s.step], s.imp)
			}
		})
	}
}

// soa:8.22 C, soa:10.4: entering an area from a zone costs at least 2 even
// when case A would cost 1; zones may be left and entered freely in one move.
// Infantry (MF 5) in zone C, the British far off in 19: C->15 costs 2 (15 is
// next to no British area), 15->14 costs 1, 14->C costs 2 (empty zone).
func TestMoveFromZoneCostsTwo_soa8_22_10_4(t *testing.T) {
	s := rtImpulse(t, 1, German)
	ccPut(t, s, "C", "ss-ar1-1")
	ccPut(t, s, "19", "gb-rasc-1")
	ccDo(t, s, "area:C", "move", "unit:ss-ar1-1")
	for _, st := range []struct {
		to   string
		left int
	}{{"15", 3}, {"14", 2}, {"C", 0}} {
		ccDo(t, s, "to:"+st.to)
		if s.moveLeft != st.left {
			t.Fatalf("after %s: %d MF left, want %d", st.to, s.moveLeft, st.left)
		}
	}
	if rtLoc(t, s, "ss-ar1-1") != "C" || s.imp != British {
		t.Fatal("with no MF left the move ends by itself back in zone C")
	}
}

// soa:10.4: a zone costs 2 MF empty, 3 with one or two enemy units, 4 with
// three to five, 5 with six or more, never more than 5, day or night.
func TestMoveZoneCosts_soa10_4(t *testing.T) {
	for _, tc := range []struct{ enemies, cost int }{{0, 2}, {1, 3}, {2, 3}, {3, 4}, {5, 4}, {6, 5}, {9, 5}} {
		for _, turn := range []int{1, 2} {
			s := rtImpulse(t, turn, German)
			ccPut(t, s, "16", "ss-ac-1")
			rtPutN(t, s, British, "B", tc.enemies, false)
			ccDo(t, s, "area:16", "move", "unit:ss-ac-1", "to:B")
			if got := 10 - s.moveLeft; got != tc.cost {
				t.Errorf("turn %d, %d British in zone B: entering it cost %d MF, want %d", turn, tc.enemies, got, tc.cost)
			}
		}
	}
	// An HQ with MF 4 cannot pay the 5 of six enemy units; infantry with MF 5 can.
	s := rtImpulse(t, 1, German)
	ccPut(t, s, "16", "ss-bn-hq", "ss-ar1-1")
	rtPutN(t, s, British, "B", 6, false)
	ccDo(t, s, "area:16", "move", "unit:ss-bn-hq")
	if ccHas(s, "to:B") {
		t.Fatal("an MF 4 HQ is offered a zone that costs 5")
	}
	s = rtImpulse(t, 1, German)
	ccPut(t, s, "16", "ss-ar1-1")
	rtPutN(t, s, British, "B", 6, false)
	ccDo(t, s, "area:16", "move", "unit:ss-ar1-1")
	if !ccHas(s, "to:B") {
		t.Fatal("MF 5 infantry should be able to enter a zone that costs 5")
	}
}

// soa:10.5: enemy units in zone B do not raise the cost of the areas and
// zones connected to B: the armoured car goes 30 -> 16 -> 13 -> 28 (1 MF
// each, none is next to an enemy area) -> A (2, empty zone): 5 MF.
func TestMoveZoneNeighboursUnaffected_soa10_5(t *testing.T) {
	s := rtImpulse(t, 1, German)
	ccPut(t, s, "30", "ss-ac-1")
	rtPutN(t, s, British, "B", 4, false)
	ccDo(t, s, "area:30", "move", "unit:ss-ac-1")
	for _, st := range []struct {
		to   string
		left int
	}{{"16", 9}, {"13", 8}, {"28", 7}, {"A", 5}} {
		ccDo(t, s, "to:"+st.to)
		if s.moveLeft != st.left {
			t.Fatalf("after %s: %d MF left, want %d", st.to, s.moveLeft, st.left)
		}
	}
}

// soa:10.6, soa:10.4: from a zone that holds enemy units, infantry may enter
// an enemy-occupied connected area directly (4 MF by day, not 4+2), and the
// move ends there; starting in an enemy zone is not starting in an enemy
// area, so soa:8.21 does not hold it to one place.
func TestMoveFromEnemyZone_soa10_6_8_21(t *testing.T) {
	s := rtImpulse(t, 1, German)
	ccPut(t, s, "A", "ss-ar1-1", "ss-ar1-2")
	ccPut(t, s, "A", "gb-rasc-1")
	ccPut(t, s, "29", "gb-rasc-2")
	ccDo(t, s, "area:A", "move", "unit:ss-ar1-1")
	// 29: enemy area 4; 30, 28: next to enemy 29 or from a zone, 2; B, D: empty zones, 2.
	rtWant(t, "steps from A", rtSteps(s), []string{"28", "29", "30", "B", "D"})
	ccDo(t, s, "to:29")
	if s.moveLeft != 1 || rtLoc(t, s, "ss-ar1-1") != "29" || s.step != stMoveUnit {
		t.Fatalf("entering enemy 29 from zone A: %d MF left (want 1), at %s, step %s", s.moveLeft, rtLoc(t, s, "ss-ar1-1"), stepNames[s.step])
	}
	// The second unit goes A -> 28 (2) -> 13 (1: next to no British area) and on.
	ccDo(t, s, "unit:ss-ar1-2", "to:28", "to:13")
	if s.moveLeft != 2 || s.step != stMoveStep {
		t.Fatalf("infantry leaving an enemy zone keeps moving: %d MF left (want 2), step %s", s.moveLeft, stepNames[s.step])
	}
}

// soa:8.21: infantry starting in an enemy-occupied area moves one place
// only, not into another enemy-occupied area (17), but may enter an
// enemy-occupied zone (B).
func TestMoveInfantryFromEnemyArea_soa8_21(t *testing.T) {
	setup := func() *State {
		s := rtImpulse(t, 1, German)
		ccPut(t, s, "16", "ss-ar1-1")
		ccPut(t, s, "16", "gb-rasc-1")
		ccPut(t, s, "17", "gb-rasc-2")
		ccPut(t, s, "B", "gb-rasc-3")
		return s
	}
	s := setup()
	ccDo(t, s, "area:16", "move", "unit:ss-ar1-1")
	rtWant(t, "steps of infantry leaving enemy-occupied 16", rtSteps(s), []string{"13", "23", "24", "27", "28", "30", "B"})
	ccDo(t, s, "to:13") // 2 MF (next to enemy 16): 3 left, 27 would cost 2, but one place only
	if rtLoc(t, s, "ss-ar1-1") != "13" || s.step != stImpulse || s.imp != British {
		t.Fatalf("the move must end after one place: at %s, step %s", rtLoc(t, s, "ss-ar1-1"), stepNames[s.step])
	}
	s = setup()
	ccDo(t, s, "area:16", "move", "unit:ss-ar1-1", "to:B")
	if rtLoc(t, s, "ss-ar1-1") != "B" {
		t.Fatal("infantry may move from an enemy area into an enemy zone")
	}
}

// soa:8.21: armour may go from one enemy-occupied area into another (and
// stops there), or leave one and keep moving.
func TestMoveArmorFromEnemyArea_soa8_21(t *testing.T) {
	setup := func() *State {
		s := rtImpulse(t, 1, German)
		ccPut(t, s, "16", "ss-ac-1")
		ccPut(t, s, "16", "gb-rasc-1")
		ccPut(t, s, "17", "gb-rasc-2")
		return s
	}
	s := setup()
	ccDo(t, s, "area:16", "move", "unit:ss-ac-1")
	if !ccHas(s, "to:17") {
		t.Fatalf("armour may enter another enemy area; steps %v", rtSteps(s))
	}
	ccDo(t, s, "to:17")
	if s.moveLeft != 6 || s.imp != British {
		t.Fatalf("17 costs 4 by day and ends the move: %d MF left, impulse %s", s.moveLeft, s.imp)
	}
	s = setup()
	ccDo(t, s, "area:16", "move", "unit:ss-ac-1", "to:13") // 2: next to enemy 16
	rtWant(t, "armour keeps moving after leaving an enemy area", rtSteps(s), []string{"16", "27", "28", "B"})
	ccDo(t, s, "to:28") // 2: next to 16
	if s.moveLeft != 6 {
		t.Fatalf("%d MF left, want 6", s.moveLeft)
	}
}

// soa:8.2: a unit moves until it lacks the MFs for another place; units of
// one group may end in different places.
func TestMoveUntilOutOfMF_soa8_2(t *testing.T) {
	s := rtImpulse(t, 1, German)
	ccPut(t, s, "13", "ss-bn-hq", "ss-ar-hq") // MF 4 each
	ccPut(t, s, "1", "gb-rasc-1")
	ccDo(t, s, "area:13", "move", "unit:ss-bn-hq", "to:16", "to:17", "to:18")
	if s.step != stMoveStep || s.moveLeft != 1 {
		t.Fatalf("after three 1-MF areas: step %s, %d MF left", stepNames[s.step], s.moveLeft)
	}
	ccDo(t, s, "to:19")
	if s.step != stMoveUnit || rtLoc(t, s, "ss-bn-hq") != "19" {
		t.Fatal("with no MF left the HQ stops in 19 by itself")
	}
	rtWant(t, "units still to move", ccLegal(s), []string{"unit:ss-ar-hq", "end"})
	ccDo(t, s, "unit:ss-ar-hq", "to:27", "stop")
	if rtLoc(t, s, "ss-ar-hq") != "27" || s.imp != British {
		t.Fatal("the second HQ ends in 27, apart from the first; the impulse is over")
	}
}

// soa:10.1: movement between zones and areas only along the arrows: zone E
// connects to D, 1, 10, 11 and 12 but not to C; area 10 to zone E, not D.
func TestMoveZoneArrows_soa10_1(t *testing.T) {
	for _, tc := range []struct {
		from string
		want []string
	}{
		{"E", []string{"1", "10", "11", "12", "D"}},
		{"C", []string{"14", "15", "B"}},
		{"10", []string{"9", "11", "21", "E"}},
	} {
		s := rtImpulse(t, 1, German)
		ccPut(t, s, tc.from, "ss-ar1-1")
		ccPut(t, s, "19", "gb-rasc-1")
		ccDo(t, s, "area:"+tc.from, "move", "unit:ss-ar1-1")
		rtWant(t, "steps from "+tc.from, rtSteps(s), tc.want)
	}
}

// soa:7.1: the occupation limits may be exceeded while moving through an
// area: a British unit crosses 23, full with ten units, into 22, and the
// impulse ends without any removal.
func TestMoveThroughFullArea_soa7_1(t *testing.T) {
	s := rtImpulse(t, 1, British)
	ccPut(t, s, "17", "gb-a1-1")
	rtPutN(t, s, British, "23", 10, false)
	ccPut(t, s, "14", "ss-ar1-1")
	ccDo(t, s, "area:17", "move", "unit:gb-a1-1", "to:23", "to:22", "stop")
	if s.step != stImpulse || s.imp != German || trnAt(s, trnPlace(s, "23")) != 10 {
		t.Fatalf("step %s, impulse %s, %d units in 23", stepNames[s.step], s.imp, trnAt(s, trnPlace(s, "23")))
	}
}

// soa:15.1, soa:15.3: turns 2, 5 and 8 are night turns, on which entering an
// enemy-occupied area costs 3 MF instead of 4: German infantry (MF 5) in 16
// entering British 17 keeps 2 MF at night and 1 by day. The view says so.
func TestMoveNightTurns_soa15_1_15_3(t *testing.T) {
	for turn := 1; turn <= 8; turn++ {
		night := turn == 2 || turn == 5 || turn == 8
		s := rtImpulse(t, turn, German)
		ccPut(t, s, "16", "ss-ar1-1")
		ccPut(t, s, "17", "gb-rasc-1")
		ccDo(t, s, "area:16", "move", "unit:ss-ar1-1", "to:17")
		want := 1
		if night {
			want = 2
		}
		if s.moveLeft != want {
			t.Errorf("turn %d: %d MF left after entering enemy 17, want %d", turn, s.moveLeft, want)
		}
		if v := s.View("german").(View); v.Night != night {
			t.Errorf("turn %d: the view says night %v", turn, v.Night)
		}
	}
}
