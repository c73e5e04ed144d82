package soa

import (
	"testing"

	"sandtable/engine"
)

// trnBox puts n British starting units in the Reformed Units box with weight w.
func trnBox(s *State, n int, w uint8) {
	for _, u := range s.g.britStart {
		if n == 0 {
			return
		}
		if s.units[u].Loc == locPool {
			s.units[u].Loc, s.units[u].Weight = locBox, w
			s.stale()
			n--
		}
	}
}

func trnReformedOnMap(s *State) []int16 {
	var out []int16
	for _, u := range trnPool(s, "R") {
		if s.units[u].Loc >= 0 {
			out = append(out, u)
		}
	}
	return out
}

func trnBoxEmpty(t *testing.T, s *State) {
	t.Helper()
	for u := range s.units {
		if s.units[u].Loc == locBox {
			t.Fatal("the Reformed Units box is not empty (soa:19.2)")
		}
	}
}

// soa:19.1 example, first half: four lost on turn 1; a 4 at the start of
// turn 2 brings a 3-6-3, a 5 does not.
func TestReformExampleFour_soa19_1(t *testing.T) {
	s := trnState(t, 2)
	trnBox(s, 4, 1)
	s.rng.Force(4, 3, 3) // reform roll 4; events 6+1 on turn 2: none
	s.startTurn()
	if s.step != stReformPlace || s.active != British || len(trnIDs(s)) != 6 {
		t.Fatalf("step %d choices %v, want the British to place in one of six VP areas", s.step, trnIDs(s))
	}
	trnPick(t, s, "place:17")
	r := trnReformedOnMap(s)
	if len(r) != 1 || s.units[r[0]].Loc != trnPlace(s, "17") || s.units[r[0]].Committed || s.step != stImpulse {
		t.Fatalf("reformed %v step %d, want one uncommitted unit in 17 and the M/F phase", r, s.step)
	}
	trnBoxEmpty(t, s)

	s = trnState(t, 2)
	trnBox(s, 4, 1)
	s.rng.Force(5, 3, 3)
	s.startTurn()
	if len(trnReformedOnMap(s)) != 0 || s.step != stImpulse {
		t.Fatal("a 5 against four losses brings nothing")
	}
	trnBoxEmpty(t, s)
}

// soa:19.1 example, second half: seven lost on turn 2 give one unit and a
// second on a 1 at the start of turn 3; placed one per area (soa:19.4).
func TestReformExampleSeven_soa19_1_19_4(t *testing.T) {
	s := trnState(t, 3)
	trnBox(s, 7, 1)
	s.rng.Force(1, 4, 4) // reform roll 1; events 8-1 on turn 3: none
	s.startTurn()
	trnPick(t, s, "place:4")
	if trnIDs(s)["place:4"] || len(trnIDs(s)) != 5 {
		t.Fatalf("choices %v: area 4 already had one this turn (soa:19.4)", trnIDs(s))
	}
	trnPick(t, s, "place:5")
	if n := len(trnReformedOnMap(s)); n != 2 || s.step != stImpulse {
		t.Fatalf("%d reformed units, step %d; want 2 and the M/F phase", n, s.step)
	}

	s = trnState(t, 3)
	trnBox(s, 7, 1)
	s.rng.Force(2, 4, 4)
	s.startTurn()
	trnPick(t, s, "place:4")
	if n := len(trnReformedOnMap(s)); n != 1 || s.step != stImpulse {
		t.Fatalf("a 2 against a remainder of 1: %d units", n)
	}
}

// soa:19.21, soa:19.22: units eliminated uncommitted count double: three of them
// make six, one unit with no roll.
func TestReformWeights_soa19_21_19_22(t *testing.T) {
	s := trnState(t, 2)
	trnBox(s, 3, 2)
	s.rng.Force(3, 3) // events only
	s.startTurn()
	trnPick(t, s, "place:22")
	if n := len(trnReformedOnMap(s)); n != 1 || s.step != stImpulse {
		t.Fatalf("%d units, want 1", n)
	}
}

// soa:19.4: with one British VP area all reformed units go there; with none
// there are none (and no roll), and the box still empties (soa:19.2).
func TestReformPlacement_soa19_4(t *testing.T) {
	s := trnState(t, 2)
	for _, p := range trnVPAreas(s) {
		s.control[p] = German
	}
	s.control[trnPlace(s, "18")] = British
	trnBox(s, 12, 1)
	s.rng.Force(3, 3)
	s.startTurn()
	for i := 0; i < 2; i++ {
		if ids := trnIDs(s); len(ids) != 1 || !ids["place:18"] {
			t.Fatalf("choices %v, want only 18", ids)
		}
		trnPick(t, s, "place:18")
	}
	if n := len(trnReformedOnMap(s)); n != 2 {
		t.Fatalf("%d units, want 2 in 18", n)
	}

	s = trnState(t, 2)
	for _, p := range trnVPAreas(s) {
		s.control[p] = German
	}
	trnBox(s, 12, 1)
	s.rng.Force(3, 3)
	s.startTurn()
	if n := len(trnReformedOnMap(s)); n != 0 || s.step != stImpulse {
		t.Fatal("no British VP area: no reformed units")
	}
	trnBoxEmpty(t, s)
}

// soa:19.4 "if possible": seven units over six areas: every area once, then a second round.
func TestReformRounds_soa19_4(t *testing.T) {
	s := trnState(t, 2)
	trnBox(s, 42, 1)
	s.rng.Force(3, 3)
	s.startTurn()
	order := []string{"4", "5", "17", "18", "22", "23"}
	for i, id := range order {
		if n := len(trnIDs(s)); n != 6-i {
			t.Fatalf("placement %d: %d choices, want %d", i, n, 6-i)
		}
		trnPick(t, s, "place:"+id)
	}
	if n := len(trnIDs(s)); n != 6 {
		t.Fatalf("second round: %d choices, want 6", n)
	}
	trnPick(t, s, "place:4")
	if n := len(trnReformedOnMap(s)); n != 7 || s.step != stImpulse {
		t.Fatalf("%d units placed, step %d", n, s.step)
	}
}

// soa:19.3, soa:19.6: eliminated reformed units count toward new ones but never
// return; with seven of eight counters used only one more can come.
func TestReformCounters_soa19_3_19_6(t *testing.T) {
	s := trnState(t, 2)
	r := trnPool(s, "R")
	s.units[r[0]].Loc, s.units[r[0]].Weight = locBox, 1
	s.reformUsed[r[0]] = true
	for _, u := range r[1:7] {
		s.reformUsed[u], s.units[u].Loc = true, locElim
		s.stale()
	}
	trnBox(s, 11, 1) // 12 lost with the reformed unit: two due
	s.rng.Force(3, 3)
	s.startTurn()
	trnPick(t, s, "place:4")
	if s.units[r[7]].Loc != trnPlace(s, "4") || s.units[r[0]].Loc != locElim || s.step != stImpulse {
		t.Fatal("want only the eighth counter placed and the eliminated one gone for good")
	}
}

// soa:11.2, soa:11.3: control flips only to a sole occupant; British AT guns and
// Bren carriers never count; empty areas keep their marker.
//
// Rules: soa:3.5, soa:11.1, soa:11.2, soa:11.3.
func TestVictoryControl_soa11_2_11_3(t *testing.T) {
	s := trnState(t, 8)
	for _, p := range trnPerimAreas(s) {
		s.perim[p] = false
	}
	a4, a5, a17, a18, a22, a23 := trnPlace(s, "4"), trnPlace(s, "5"), trnPlace(s, "17"), trnPlace(s, "18"), trnPlace(s, "22"), trnPlace(s, "23")
	trnPut(s, German, a4, 1) // German sole: flips
	trnPut(s, German, a5, 1) // German with a British AT gun only: flips
	s.units[trnOfType(t, s, British, AntiTank)].Loc = a5
	s.stale()
	trnPut(s, German, a17, 2) // contested: stays British
	trnPut(s, British, a17, 1)
	// 18 empty: stays British
	s.control[a22] = German // British sole: flips back
	trnPut(s, British, a22, 1)
	s.control[a23] = German // only a Bren carrier: stays German
	s.units[trnPool(s, "C")[0]].Loc = a23
	s.vp = 0
	s.endCloseCombat()
	want := map[int16]Side{a4: German, a5: German, a17: British, a18: British, a22: British, a23: German}
	for p, w := range want {
		if s.control[p] != w {
			t.Errorf("%s: %v, want %v", s.g.board.Place(int(p)).ID, s.control[p], w)
		}
	}
	vp := func(p int16) int { return s.g.board.Place(int(p)).VP }
	if s.vp != vp(a4)+vp(a5)+vp(a23) {
		t.Fatalf("vp %d, want %d", s.vp, vp(a4)+vp(a5)+vp(a23))
	}
}

// soa:11.5, soa:11.5.1, soa:11.5.2: a perimeter area captured on turn 1 gives 2 VP
// once; one captured on turn 3 gives 1; losing it again costs nothing.
func TestVictoryPerimeter_soa11_5_11_5_1_11_5_2(t *testing.T) {
	s := trnState(t, 1)
	pa := trnPerimAreas(s)
	g := trnPut(s, German, pa[0], 1)
	s.rng.Force(3, 3)  // turn 2 events: 6+1, none
	s.endCloseCombat() // turn 1 VP phase, then turn 2 begins
	if s.vp != 2 || s.perim[pa[0]] {
		t.Fatalf("vp %d marker %v, want 2 and the marker gone", s.vp, s.perim[pa[0]])
	}
	// turn 2: still held, and a British unit retakes nothing
	s.rng.Force(4, 4) // turn 3 events: 8-1, none
	s.endCloseCombat()
	if s.vp != 2 {
		t.Fatalf("turn 2: vp %d, want still 2 (soa:11.5.1)", s.vp)
	}
	s.units[g[0]].Loc = locElim
	trnPut(s, British, pa[0], 1) // soa:11.5.2
	trnPut(s, German, pa[1], 1)
	s.rng.Force(4, 4) // turn 4 events: 8-1, none
	s.endCloseCombat()
	if s.vp != 3 || s.perim[pa[1]] {
		t.Fatalf("turn 3: vp %d, want 2+1", s.vp)
	}
	if s.turn != 4 {
		t.Fatalf("turn %d", s.turn)
	}
	trnPut(s, German, pa[2], 1) // markers went at the start of turn 4
	s.rng.Force(4, 4)
	s.endCloseCombat()
	if s.vp != 3 {
		t.Fatalf("turn 4: vp %d, want 3", s.vp)
	}
}

// soa:11.4 example: 15 is a British marginal victory, 22 a German marginal one.
//
// Rules: soa:2.1, soa:11.4.
func TestVictoryLevels_soa11_4(t *testing.T) {
	tb := trnTables(t)
	if v := tb.victory(15); v.Winner != "british" || v.Level != "marginal" {
		t.Fatalf("15: %+v", v)
	}
	if v := tb.victory(22); v.Winner != "german" || v.Level != "marginal" {
		t.Fatalf("22: %+v", v)
	}
	s := trnState(t, 8)
	for _, p := range trnPerimAreas(s) {
		s.perim[p] = false
	}
	s.vp = 15
	s.endCloseCombat()
	r := s.Result()
	if s.step != stOver || r == nil || r.Winner != "british" || r.Level != "marginal" || r.Score != 15 || s.ToMove() != "" {
		t.Fatalf("result %+v", r)
	}
}

// soa:21.1, soa:11.4: after a won bid the player seated "german" commands the
// British, so a British victory goes to that seat.
func TestVictorySwappedSeats_soa11_4(t *testing.T) {
	s := trnState(t, 8)
	for _, p := range trnPerimAreas(s) {
		s.perim[p] = false
	}
	s.swapped = true
	s.vp = 22
	trnPut(s, British, trnPlace(s, "4"), 1)
	s.endCloseCombat()
	if r := s.Result(); r == nil || r.Winner != engine.Seat("british") || r.Level != "marginal" {
		t.Fatalf("result %+v, want the German side's player (seat british) to win", r)
	}
}

// soa:6.6: reaching the decisive total ends the game at once, before turn 8.
func TestVictoryDecisive_soa6_6(t *testing.T) {
	s := trnState(t, 4)
	for _, p := range trnPerimAreas(s) {
		s.perim[p] = false
	}
	a4 := trnPlace(s, "4")
	s.control[a4] = German
	s.vp = s.g.tables.decisiveGerman() - s.g.board.Place(int(a4)).VP
	s.endCloseCombat()
	r := s.Result()
	if r == nil || s.turn != 4 || r.Winner != "german" || r.Level != "decisive" || r.Score != s.g.tables.decisiveGerman() {
		t.Fatalf("turn %d result %+v, want a German decisive victory on turn 4", s.turn, r)
	}
	if _, err := engine.Find(s, "pass"); err == nil {
		t.Fatal("choices after the end")
	}
}

// soa:6.5, soa:11.1: one point short of decisive, the turn goes on.
func TestVictoryNotYet_soa6_5_11_1(t *testing.T) {
	s := trnState(t, 4)
	for _, p := range trnPerimAreas(s) {
		s.perim[p] = false
	}
	a4 := trnPlace(s, "4")
	s.control[a4] = German
	s.vp = s.g.tables.decisiveGerman() - s.g.board.Place(int(a4)).VP - 1
	s.rng.Force(4, 4)
	s.endCloseCombat()
	if s.result != nil || s.turn != 5 || s.vp != s.g.tables.decisiveGerman()-1 {
		t.Fatalf("turn %d vp %d result %+v", s.turn, s.vp, s.result)
	}
}

// soa:19.4, soa:7.1: a reformed unit goes only where one more infantry unit
// fits; with no such British VP area it is not received.
func TestReformRoom_soa19_4_7_1(t *testing.T) {
	s := trnState(t, 2)
	for _, p := range trnVPAreas(s) {
		s.control[p] = German
	}
	a4, a5 := trnPlace(s, "4"), trnPlace(s, "5")
	s.control[a4], s.control[a5] = British, British
	trnPut(s, British, a4, 10)
	trnBox(s, 12, 1)
	s.rng.Force(3, 3)
	s.startTurn()
	if ids := trnIDs(s); len(ids) != 1 || !ids["place:5"] {
		t.Fatalf("choices %v, want only 5 (4 is full)", ids)
	}
	trnPick(t, s, "place:5")
	trnPick(t, s, "place:5")
	trnPut(s, British, a5, 10-trnAt(s, a5))

	s.turn = 3
	trnBox(s, 6, 1)
	s.rng.Force(4, 4)
	s.startTurn()
	if n := len(trnReformedOnMap(s)); n != 2 || s.step != stImpulse {
		t.Fatalf("%d reformed units, step %d: no room, none placed", n, s.step)
	}
}

// soa:11.5, soa:11.5.1: the German is not sole occupant of a perimeter area
// while a British AT gun or Bren carrier is there (11.2 excludes them only
// from control of victory point areas): no bonus, the marker stays.
func TestVictoryPerimeterSoleOccupant_soa11_5(t *testing.T) {
	for _, ty := range []UnitType{AntiTank, Bren} {
		s := trnState(t, 2)
		pa := trnPerimAreas(s)[0]
		trnPut(s, German, pa, 1)
		u := trnOfType(t, s, British, AntiTank)
		if ty == Bren {
			u = trnPool(s, "C")[0]
		}
		s.units[u].Loc = pa
		s.stale()
		s.rng.Force(3, 3) // turn 3 events: 6-1, none
		s.endCloseCombat()
		if s.vp != 0 || !s.perim[pa] {
			t.Errorf("%s with the Germans: vp %d, marker %v; want 0 and the marker kept", ty, s.vp, s.perim[pa])
		}
	}
}
