package soa

import "testing"

// fireSetting prepares the example after soa:18.4: a German 5-7-6 engineer
// and a 3-5-5 in area 24 with two uncommitted British units.
func fireSetting(t *testing.T, level uint8) *State {
	t.Helper()
	s := fireState(t, 1, German)
	ccPut(t, s, "24", "ss-hw-eng-1", "bo-1-1-1", "gb-a1-1", "gb-a1-2")
	s.fire[s.g.placeIndex["24"]] = level
	return s
}

// soa:18.3, soa:18.4 example: engineer (three) + squad (one) = 4: a 1 commits one
// British unit of the British player's choice, 2-4 both, 5-6 nothing.
//
// Rules: soa:18.1, soa:18.3, soa:18.4.
func TestSetFireExample_soa18_3_18_4(t *testing.T) {
	for roll := 1; roll <= 6; roll++ {
		s := fireSetting(t, 0)
		s.rng.Force(roll)
		ccDo(t, s, "area:24", "fire", "target:24", "group:setfire", "with:ss-hw-eng-1", "with:bo-1-1-1", "confirm", "accept")
		committed := 0
		if roll == 1 {
			if s.ToMove() != "british" || !ccHas(s, "commit:gb-a1-1") || !ccHas(s, "commit:gb-a1-2") {
				t.Fatalf("roll 1: the British picks the unit (soa:18.4): %v", ccLegal(s))
			}
			ccDo(t, s, "commit:gb-a1-2")
		}
		for _, id := range []string{"gb-a1-1", "gb-a1-2"} {
			if s.units[ccUnit(t, s, id)].Committed {
				committed++
			}
		}
		want := map[int]int{1: 1, 2: 2, 3: 2, 4: 2, 5: 0, 6: 0}[roll]
		if committed != want {
			t.Errorf("roll %d: %d British committed, want %d", roll, committed, want)
		}
		if lvl := s.fire[s.g.placeIndex["24"]]; (lvl == 1) != (want > 0) {
			t.Errorf("roll %d: fire level %d (soa:18.8)", roll, lvl)
		}
		if !s.units[ccUnit(t, s, "ss-hw-eng-1")].Committed || !s.units[ccUnit(t, s, "bo-1-1-1")].Committed {
			t.Errorf("roll %d: the German units are committed either way (soa:18.2)", roll)
		}
	}
}

// soa:18.8, soa:18.81, soa:18.82 example: with a level-1 fire the same pair succeeds
// on anything but a 6; success turns the fire to level 2, never more.
func TestSetFireLevels_soa18_81_18_82(t *testing.T) {
	for roll := 1; roll <= 6; roll++ {
		s := fireSetting(t, 1)
		s.rng.Force(roll)
		ccDo(t, s, "area:24", "fire", "target:24", "group:setfire", "with:ss-hw-eng-1", "with:bo-1-1-1", "confirm", "accept")
		lvl := s.fire[s.g.placeIndex["24"]]
		if want := map[bool]uint8{true: 2, false: 1}[roll <= 5]; lvl != want {
			t.Errorf("roll %d: level %d, want %d", roll, lvl, want)
		}
	}
	s := fireSetting(t, 2)
	s.rng.Force(1)
	ccDo(t, s, "area:24", "fire", "target:24", "group:setfire", "with:bo-1-1-1", "confirm", "accept", "commit:gb-a1-1")
	if lvl := s.fire[s.g.placeIndex["24"]]; lvl != 2 {
		t.Errorf("a fire never grows beyond level 2, got %d", lvl)
	}
}

// soa:18.5, soa:18.7: other German units of the area may fire at adjacent areas in
// the same impulse, not at their own area; one attempt per impulse.
func TestSetFireWithOtherAttacks_soa18_5_18_7(t *testing.T) {
	s := fireSetting(t, 0)
	ccPut(t, s, "24", "bo-1-1-2")
	ccPut(t, s, "17", "gb-a1-3")
	ccDo(t, s, "area:24", "fire", "target:24", "group:setfire", "with:ss-hw-eng-1", "confirm")
	if ccHas(s, "target:24") {
		t.Errorf("no second attempt and no fire at the own area this impulse: %v", ccLegal(s))
	}
	if !ccHas(s, "target:17") {
		t.Errorf("the other squad may fire at adjacent 17: %v", ccLegal(s))
	}
}

// soa:18.6, soa:10.8: no fires in perimeter zones, and the British never set any.
func TestSetFireNotInZonesNorBritish_soa18_6_10_8(t *testing.T) {
	s := fireState(t, 1, German)
	ccPut(t, s, "C", "ss-hw-eng-1", "gb-a1-1")
	ccDo(t, s, "area:C", "fire", "target:C")
	if ccHas(s, "group:setfire") || s.step == stFireWith && s.cur.Kind == atkSetFire {
		t.Errorf("no fire setting in a zone: %v", ccLegal(s))
	}
	s = fireState(t, 1, British)
	ccPut(t, s, "24", "ss-ar1-1", "gb-a1-1")
	ccDo(t, s, "area:24", "fire", "target:24")
	if ccHas(s, "group:setfire") {
		t.Errorf("the British may not set fires")
	}
}

// soa:6.4: after close combat (none here: no place holds both sides) the
// British roll to put out each fire.
func TestCloseCombatThenFires_soa6_4(t *testing.T) {
	s := fireState(t, 8, British)
	s.fire[s.g.placeIndex["1"]] = 1
	ccPut(t, s, "24", "ss-ar1-1")
	s.startCloseCombat()
	if s.step != stReroll || s.rollFor() != rrExtinguish || s.extPlace != s.g.placeIndex["1"] {
		t.Fatalf("step %s: want the extinguishing roll for area 1", stepNames[s.step])
	}
}

// soa:18.4, soa:13.8: a hidden AT gun is not among the units a fire commits
// (offering it would reveal it). Engineer and squad (4) roll a 2: the one
// visible British unit is committed, the hidden gun stays uncommitted and
// hidden, and the German sees no British choice.
func TestSetFireHiddenAT_soa18_4_13_8(t *testing.T) {
	s := ccState(t, options{hiddenAT: true})
	s.step, s.imp, s.active, s.ta = stImpulse, German, German, German
	ccPut(t, s, "24", "ss-hw-eng-1", "bo-1-1-1", "gb-a1-1", "gb-at-1")
	at := ccUnit(t, s, "gb-at-1")
	s.units[at].Hidden = true
	s.stale()
	s.rng.Force(2)
	ccDo(t, s, "area:24", "fire", "target:24", "group:setfire", "with:ss-hw-eng-1", "with:bo-1-1-1", "confirm", "accept")
	if s.step != stImpulse || !s.units[ccUnit(t, s, "gb-a1-1")].Committed || s.units[at].Committed || !s.units[at].Hidden {
		t.Fatalf("step %s: want the visible unit committed and the hidden gun untouched", stepNames[s.step])
	}
}
