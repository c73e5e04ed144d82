package soa

import (
	"slices"
	"testing"
)

// trnTables loads data/tables.json alone.
func trnTables(t *testing.T) *Tables {
	t.Helper()
	b, err := dataFS.ReadFile("data/tables.json")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := LoadTables(b)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// soa:16, soa:17.1: the Random Events Table as printed, read by hand; rolls
// below 2 read row 2, rolls above 13 read the 13+ row.
//
// Rules: soa:6.2, soa:16.2, soa:17.1.
func TestEventTableLookup_soa16_17_1(t *testing.T) {
	tb := trnTables(t)
	for _, tc := range []struct {
		roll, turn int
		want       byte
	}{
		{2, 1, 'G'}, {4, 1, 'G'}, {5, 1, '-'}, {12, 1, 'B'}, {13, 1, 'B'},
		{5, 2, 'G'}, {6, 2, '-'}, {11, 2, 'B'},
		{2, 3, 'A'}, {3, 3, 'G'}, {10, 3, 'B'},
		{3, 4, 'A'}, {6, 4, 'G'}, {7, 4, '-'},
		{4, 5, 'A'}, {11, 5, 'C'}, {12, 5, 'B'}, {13, 5, 'C'},
		{5, 6, 'A'}, {8, 6, '-'}, {9, 6, 'C'},
		{6, 7, 'A'}, {10, 7, '-'}, {11, 7, 'C'},
		{7, 8, 'A'}, {6, 8, 'G'}, {11, 8, '-'},
		{0, 1, 'G'}, {-3, 5, 'G'}, {16, 6, 'C'}, {15, 1, 'B'},
	} {
		if got := tb.event(tc.roll, tc.turn); got != tc.want {
			t.Errorf("roll %d turn %d: %c, want %c", tc.roll, tc.turn, got, tc.want)
		}
	}
}

// soa:17.1, soa:8.44, soa:17.3: the modifiers, worked out by hand.
func TestEventModifiers_soa17_1(t *testing.T) {
	s := trnState(t, 1)
	if m := s.eventRollMod(); m != 1 {
		t.Fatalf("British TA alone: %d, want +1", m)
	}
	s.ta = German
	if m := s.eventRollMod(); m != -1 {
		t.Fatalf("German TA alone: %d, want -1", m)
	}
	zd, ze := s.g.zone[3], s.g.zone[4]
	trnPut(s, British, zd, 4)
	trnPut(s, British, ze, 3) // 7 British in D and/or E: +2
	if m := s.eventRollMod(); m != -1+2 {
		t.Fatalf("7 British in D/E: %d, want +1", m)
	}
	trnPut(s, German, zd, 6)
	trnPut(s, German, ze, 4) // 10 German in D and/or E: -2
	trnPut(s, German, s.g.zone[0], 9)
	trnPut(s, British, s.g.zone[2], 9) // other zones do not count
	if m := s.eventRollMod(); m != -1+2-2 {
		t.Fatalf("with 10 German in D/E: %d, want -1", m)
	}
	s.aBonus = 2 // two armour events accepted (soa:17.3)
	if m := s.eventRollMod(); m != -1+2-2+2 {
		t.Fatalf("with two accepted armour events: %d, want +1", m)
	}
}

// soa:17.1: three British units in zone D turn a 10 on turn 1 (no event)
// into 10+1+1 = 12, a B result.
func TestEventModifierApplied_soa17_1(t *testing.T) {
	s := trnState(t, 1)
	trnPut(s, British, s.g.zone[3], 3)
	s.rng.Force(5, 5, 2) // 12: B; B die 2: one unit
	s.startTurn()
	if s.step != stEventBUnit || s.active != British || s.stack.top().Left != 1 {
		t.Fatalf("step %d active %v pending %d, want one B unit to pick", s.step, s.active, s.stack.top().Left)
	}
}

// soa:17.21: a G result, coloured die 5 gives ceil(5/2) = 3 units, white die 4 puts them uncommitted in zone D.
func TestEventGerman_soa17_2_17_21(t *testing.T) {
	s := trnState(t, 1)
	s.rng.Force(1, 2, 5, 4) // 3+1 = 4 on turn 1: G
	s.startTurn()
	zd := s.g.zone[3]
	n := 0
	for _, u := range trnPool(s, "G") {
		if s.units[u].Loc == zd {
			n++
			if s.units[u].Committed {
				t.Fatal("G units arrive uncommitted on a white 1-5")
			}
		}
	}
	if n != 3 || s.step != stImpulse {
		t.Fatalf("%d G units in zone D, step %d; want 3 and the M/F phase", n, s.step)
	}
}

// soa:17.21: on a white 6 the German picks a zone for each unit and it arrives committed.
func TestEventGermanWhiteSix_soa17_21(t *testing.T) {
	s := trnState(t, 1)
	s.rng.Force(1, 1, 4, 6) // 2+1 = 3: G; coloured 4: two units
	s.startTurn()
	if s.step != stEventZone || s.active != German || len(trnIDs(s)) != 5 {
		t.Fatalf("step %d active %v choices %v, want the German to pick one of 5 zones", s.step, s.active, trnIDs(s))
	}
	trnPick(t, s, "place:B")
	trnPick(t, s, "place:E")
	g := trnPool(s, "G")
	if s.units[g[0]].Loc != s.g.zone[1] || s.units[g[1]].Loc != s.g.zone[4] || !s.units[g[0]].Committed || !s.units[g[1]].Committed {
		t.Fatal("units should be committed in B and E")
	}
	if s.step != stImpulse {
		t.Fatalf("step %d after the last zone", s.step)
	}
}

// soa:17.23: three units called for, one left in the pool: the excess is lost.
func TestEventGermanExcessLost_soa17_23(t *testing.T) {
	s := trnState(t, 1)
	g := trnPool(s, "G")
	for _, u := range g[:11] {
		s.units[u].Loc = locElim
		s.stale()
	}
	s.rng.Force(1, 1, 6, 1) // G; coloured 6: three units; white 1: zone A
	s.startTurn()
	if s.units[g[11]].Loc != s.g.zone[0] {
		t.Fatal("the last G unit should be in zone A")
	}
	for _, u := range g[:11] {
		if s.units[u].Loc != locElim {
			t.Fatal("eliminated G units came back (soa:17.2)")
		}
	}
}

// soa:17.3, soa:17.31, soa:17.32: turn 3 with the German TA: 1+2-1 = 2 is an A;
// accepting brings ceil(3/2) = 2 StuGs to zone C and +1 to future rolls.
func TestEventArmorAccept_soa17_3_17_32(t *testing.T) {
	s := trnState(t, 3)
	s.rng.Force(1, 2, 3, 3)
	s.startTurn()
	if s.step != stEventArmor || s.active != German || !trnIDs(s)["accept"] || !trnIDs(s)["decline"] {
		t.Fatalf("step %d active %v choices %v, want the German to accept or decline", s.step, s.active, trnIDs(s))
	}
	trnPick(t, s, "accept")
	a := trnPool(s, "A")
	if s.units[a[0]].Loc != s.g.zone[2] || s.units[a[1]].Loc != s.g.zone[2] || s.units[a[2]].Loc != locPool {
		t.Fatal("want two StuGs in zone C and one in the pool")
	}
	if s.aBonus != 1 || s.eventRollMod() != -1+1 {
		t.Fatalf("aBonus %d mod %d, want 1 and 0", s.aBonus, s.eventRollMod())
	}
}

// soa:17.3: declining takes a G result instead, with no bonus.
func TestEventArmorDecline_soa17_3(t *testing.T) {
	s := trnState(t, 3)
	s.rng.Force(1, 2, 2, 5)
	s.startTurn()
	trnPick(t, s, "decline")
	if s.aBonus != 0 || s.units[trnPool(s, "G")[0]].Loc != s.g.zone[4] || s.units[trnPool(s, "A")[0]].Loc != locPool {
		t.Fatal("declining should bring one G unit to zone E and no armour")
	}
}

// soa:17.33: only one StuG left, three called for: two are lost.
func TestEventArmorExcessLost_soa17_31_17_33(t *testing.T) {
	s := trnState(t, 3)
	a := trnPool(s, "A")
	s.units[a[0]].Loc, s.units[a[1]].Loc = locElim, locElim
	s.rng.Force(1, 2, 6, 2)
	s.startTurn()
	trnPick(t, s, "accept")
	if s.units[a[2]].Loc != s.g.zone[1] || s.units[a[0]].Loc != locElim {
		t.Fatal("the last StuG should be in zone B, the others stay eliminated")
	}
}

// soa:17.4, soa:17.41: B die 3 brings ceil(3/2) = 2 units, each picked by the
// British and placed in zone D or E.
func TestEventBritish_soa17_4_17_41(t *testing.T) {
	s := trnState(t, 1)
	s.rng.Force(6, 5, 3) // 11+1 = 12 on turn 1: B
	s.startTurn()
	if s.step != stEventBUnit || len(trnIDs(s)) != 6 {
		t.Fatalf("step %d choices %v, want six B units", s.step, trnIDs(s))
	}
	trnPick(t, s, "unit:gb-reinf-3para-1")
	if ids := trnIDs(s); len(ids) != 2 || !ids["place:D"] || !ids["place:E"] {
		t.Fatalf("zones %v, want D and E", ids)
	}
	trnPick(t, s, "place:E")
	trnPick(t, s, "unit:gb-reinf-1para-2")
	trnPick(t, s, "place:D")
	if s.units[ccUnit(t, s, "gb-reinf-3para-1")].Loc != s.g.zone[4] || s.units[ccUnit(t, s, "gb-reinf-1para-2")].Loc != s.g.zone[3] {
		t.Fatal("B units not where placed")
	}
	if s.step != stImpulse {
		t.Fatalf("step %d, want the M/F phase", s.step)
	}
}

// soa:17.42: never more than six B units in a game: with five used, a roll
// of 6 (three units) brings only the last one.
func TestEventBritishLimit_soa17_42(t *testing.T) {
	s := trnState(t, 1)
	b := trnPool(s, "B")
	for _, u := range b[:5] {
		s.units[u].Loc = locElim
		s.stale()
	}
	s.rng.Force(6, 6, 6)
	s.startTurn()
	if s.stack.top().Left != 1 || len(trnIDs(s)) != 1 {
		t.Fatalf("pending %d choices %v, want only the last B unit", s.stack.top().Left, trnIDs(s))
	}
	trnPick(t, s, "unit:"+s.g.units[b[5]].ID)
	trnPick(t, s, "place:D")
	if s.step != stImpulse {
		t.Fatal("the event should end with no B unit left")
	}
}

// soa:17.5, soa:17.51: turn 6 with the German TA: 5+5-1 = 9 is a C: one Bren
// carrier, uncommitted, in zone D or E.
func TestEventBren_soa17_5_17_51(t *testing.T) {
	s := trnState(t, 6)
	s.rng.Force(5, 5)
	s.startTurn()
	if s.step != stEventCZone || s.active != British {
		t.Fatalf("step %d active %v, want the British to place a carrier", s.step, s.active)
	}
	trnPick(t, s, "place:D")
	c := trnPool(s, "C")
	if s.units[c[0]].Loc != s.g.zone[3] || s.units[c[0]].Committed || s.units[c[1]].Loc != locPool {
		t.Fatal("one carrier should be uncommitted in zone D")
	}
	if s.step != stImpulse {
		t.Fatal("want the M/F phase next")
	}
}

// soa:17.1: no event on turn 1 for 6+1 = 7.
func TestEventNone_soa17_1(t *testing.T) {
	s := trnState(t, 1)
	s.rng.Force(3, 3)
	s.startTurn()
	if s.step != stImpulse || s.active != British {
		t.Fatalf("step %d, want the British first impulse", s.step)
	}
	for u := range s.units {
		if s.g.units[u].Pool != "" && s.units[u].Loc != locPool {
			t.Fatal("a pool unit entered")
		}
	}
}

// soa:16, 17.1: while the event is resolved the view shows the roll. Turn 3
// with the German TA: 1+1-1 = 1, read on the table's lowest row, 2: an A
// (soa:17.3), offered to the German. Once resolved the roll is gone.
func TestEventRollShown_soa16_17_1(t *testing.T) {
	s := trnState(t, 3)
	s.rng.Force(1, 1, 3, 3)
	s.startTurn()
	if s.step != stEventArmor {
		t.Fatalf("step %s, want the armour offer", stepNames[s.step])
	}
	r := s.View("british").(View).EventRoll
	if r == nil || !slices.Equal(r.Dice, []int{1, 1}) || r.Modifiers != -1 || r.Total != 1 || r.Row != 2 {
		t.Fatalf("event roll %+v; want dice 1+1, modifiers -1, total 1, row 2", r)
	}
	trnPick(t, s, "accept")
	if r := s.View("british").(View).EventRoll; r != nil {
		t.Fatalf("step %s still shows the event roll %+v", stepNames[s.step], r)
	}
}
