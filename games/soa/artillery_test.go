package soa

import (
	"slices"
	"strings"
	"testing"
)

// artTargets lists the places offered for an artillery counter after choosing it.
func artTargets(t *testing.T, s *State, id string) []string {
	t.Helper()
	c := s.Clone().(*State)
	if !ccHas(c, "artillery:"+id) {
		return nil
	}
	ccDo(t, c, "artillery:"+id)
	var out []string
	for _, l := range ccLegal(c) {
		if p, ok := strings.CutPrefix(l, "target:"); ok {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// The artillery example after soa:14.7 on our map: the HQs that can call the
// Heavy Weapons artillery and the Harzer Kampfgruppe artillery stand in 29
// with a British unit, which stops them spotting (soa:14.3); another
// Kampfgruppe HQ in 10 reaches only 21. Without the British unit in 29 the
// Heavy Weapons artillery may fire into 22 and the Kampfgruppe's into 21 or 22.
func TestArtilleryExample_soa14_3_14_31(t *testing.T) {
	s := fireState(t, 1, German)
	ccPut(t, s, "29", "ss-lr-hq", "ss-bn-hq", "gb-a1-1")
	ccPut(t, s, "10", "bo-bn-hq")
	ccPut(t, s, "21", "gb-a1-2")
	ccPut(t, s, "22", "gb-a1-3")
	if got := artTargets(t, s, "de-art-hw-1"); got != nil {
		t.Errorf("Heavy Weapons artillery: no spotter may place it, got %v", got)
	}
	if got := artTargets(t, s, "de-art-hzr-1"); !slices.Equal(got, []string{"21"}) {
		t.Errorf("Kampfgruppe artillery: only 21, got %v", got)
	}
	s.units[ccUnit(t, s, "gb-a1-1")].Loc = locPool
	s.stale()
	if got := artTargets(t, s, "de-art-hw-1"); !slices.Equal(got, []string{"22"}) {
		t.Errorf("Heavy Weapons artillery with 29 free: 22, got %v", got)
	}
	if got := artTargets(t, s, "de-art-hzr-1"); !slices.Equal(got, []string{"21", "22"}) {
		t.Errorf("Kampfgruppe artillery with 29 free: 21 and 22, got %v", got)
	}
	// soa:14.3: never into an area holding friendly units
	ccPut(t, s, "22", "ss-ar1-1")
	if got := artTargets(t, s, "de-art-hw-1"); got != nil {
		t.Errorf("22 holds a German unit: got %v", got)
	}
}

// soa:14.5, soa:14.6, soa:15.2: the barrage adds only the dice to the counter's AF
// (day or night), the DV only its dice (no +1 for adjacency), and armour is
// hit as if fired on from inside the area; the counter is used for the turn
// (soa:14.2) and spotting does not commit the HQ (soa:14.3).
//
// Rules: soa:4.22, soa:14.1, soa:14.5, soa:14.6, soa:15.2.
func TestArtilleryResolution_soa14_5_14_6_15_2(t *testing.T) {
	for _, c := range []struct{ turn, af int }{{1, 8}, {2, 5}} { // the Kampfgruppe counter is 8 (5)
		s := fireState(t, c.turn, German)
		ccPut(t, s, "10", "bo-bn-hq")
		ccPut(t, s, "21", "gb-a1-2")
		s.rng.Force(3, 3, 1, 1) // AV af+6, DV 7+2 = 9
		ccDo(t, s, "artillery:de-art-hzr-1", "target:21", "accept")
		if want := c.af + 6; s.av != want || s.dv != 9 {
			t.Errorf("turn %d: AV %d DV %d, want %d 9", c.turn, s.av, s.dv, want)
		}
		if !s.units[ccUnit(t, s, "de-art-hzr-1")].Committed || s.units[ccUnit(t, s, "bo-bn-hq")].Committed {
			t.Errorf("the counter is fired; the spotting HQ stays uncommitted")
		}
	}
	// Armour in the target group counts with its DF: 6-2-8 in 21 gives DV 2+dice.
	s := fireState(t, 1, British)
	ccPut(t, s, "22", "gb-2para-hq")
	ccPut(t, s, "21", "ss-hw-sp-1", "ss-ar1-1")
	s.rng.Force(1, 3, 3, 1, 1) // British roll 1 (soa:14.32), AV 9+6 = 15, DV 2+2 = 4
	ccDo(t, s, "artillery:gb-art-1lt-1", "target:21", "accept")
	if s.dv != 4 || s.cp != 11 {
		t.Errorf("armour in the barrage: DV %d CP %d, want 4 11", s.dv, s.cp)
	}
}

// soa:14.32: the British artillery needs a 4 or less; a failure spends the
// counter and the impulse but is not a pass.
func TestArtilleryBritishRoll_soa14_32(t *testing.T) {
	s := fireState(t, 1, British)
	ccPut(t, s, "22", "gb-bde-hq")
	ccPut(t, s, "21", "ss-ar1-1")
	s.passes = 1 // the German passed just before
	s.rng.Force(5)
	ccDo(t, s, "artillery:gb-art-1lt-1")
	if !s.units[ccUnit(t, s, "gb-art-1lt-1")].Committed || s.imp != German || s.passes != 0 {
		t.Errorf("failed roll: counter fired, impulse over, not a pass (passes %d)", s.passes)
	}
	if ccHas(s, "artillery:gb-art-1lt-1") {
		t.Error("used for the whole turn")
	}
	// soa:14.31: a company HQ cannot call the British artillery
	s = fireState(t, 1, British)
	ccPut(t, s, "22", "gb-a-hq")
	ccPut(t, s, "21", "ss-ar1-1")
	if ccHas(s, "artillery:gb-art-1lt-1") {
		t.Error("a company HQ may not place the British artillery")
	}
}

// soa:14.4: the "S Area Only" counter needs no spotter and fires only into
// areas 2, 3 and 4 (soa:3.22).
func TestArtillerySAreas_soa14_4_3_22(t *testing.T) {
	s := fireState(t, 1, German)
	ccPut(t, s, "3", "gb-a1-1")
	ccPut(t, s, "18", "gb-a1-2")
	if got := artTargets(t, s, "de-art-garr-1"); !slices.Equal(got, []string{"3"}) {
		t.Errorf("S-only artillery: only 3, got %v", got)
	}
}

// soa:14.7, soa:10.7: an HQ in a zone calls fire into its own zone only, and the
// barrage leaves friendly units there alone.
func TestArtilleryZone_soa14_7(t *testing.T) {
	s := fireState(t, 1, German)
	ccPut(t, s, "A", "bo-bn-hq", "gb-a1-1")
	ccPut(t, s, "30", "gb-a1-2")
	if got := artTargets(t, s, "de-art-hzr-1"); !slices.Equal(got, []string{"A"}) {
		t.Errorf("from zone A: only A, got %v", got)
	}
	s.rng.Force(6, 6, 1, 1)
	ccDo(t, s, "artillery:de-art-hzr-1", "target:A", "accept")
	if s.ToMove() != "british" || ccHas(s, "eliminate:bo-bn-hq") {
		t.Errorf("only the British group takes losses: %v", ccLegal(s))
	}
}

// soa:14.33: the two battalion HQs in 29 may each call a Harzer
// Kampfgruppe counter in one impulse, on two different areas. By day the
// counter is 8: the first on 22 rolls 1+1 against 6+6 (AV 10, DV 7+12 = 19,
// no effect); then the second counter is offered, only on 30, not 22 again;
// 2+2 against 3+3 gives AV 12, DV 13, no effect, and the impulse ends with
// no offer of a third counter (the Heavy Weapons one, whose HQ is in 29 too).
func TestArtilleryTwoBarrages_soa14_33(t *testing.T) {
	s := fireState(t, 1, German)
	ccPut(t, s, "29", "ss-bn-hq", "bo-bn-hq", "ss-ar-hq")
	ccPut(t, s, "22", "gb-a1-1")
	ccPut(t, s, "30", "gb-a1-2")
	if got := artTargets(t, s, "de-art-hzr-1"); !slices.Equal(got, []string{"22", "30"}) {
		t.Fatalf("first counter: %v", got)
	}
	ccDo(t, s, "artillery:de-art-hzr-1", "target:22")
	if s.step != stArtMore || s.ToMove() != "german" {
		t.Fatalf("step %s: the second HQ in 29 may call another counter", stepNames[s.step])
	}
	rtWant(t, "second counters", ccLegal(s), []string{"artillery:de-art-hzr-2", "artillery:de-art-hw-1", "resolve"})
	if c := s.Describe(act(kArtillery, int(ccUnit(t, s, "de-art-hzr-2")))); c.Rule != "soa:14.33" {
		t.Errorf("the second barrage cites %s", c.Rule)
	}
	ccDo(t, s, "artillery:de-art-hzr-2")
	rtWant(t, "second targets", ccLegal(s), []string{"target:30"})
	s.rng.Force(1, 1, 6, 6, 2, 2, 3, 3)
	ccDo(t, s, "target:30", "accept")
	if s.av != 10 || s.dv != 19 {
		t.Fatalf("first barrage AV %d DV %d, want 10 19", s.av, s.dv)
	}
	ccDo(t, s, "done", "accept")
	if s.av != 12 || s.dv != 13 {
		t.Fatalf("second barrage AV %d DV %d, want 12 13", s.av, s.dv)
	}
	ccDo(t, s, "done")
	if s.step != stImpulse || s.imp != British {
		t.Fatalf("after two barrages the impulse ends: step %s impulse %s", stepNames[s.step], s.imp)
	}
	for _, id := range []string{"ss-bn-hq", "bo-bn-hq", "ss-ar-hq"} {
		if s.units[ccUnit(t, s, id)].Committed {
			t.Errorf("%s: spotting does not commit (soa:14.3)", id)
		}
	}
}

// soa:14.33 with soa:8.12, the reproduction of issue 6: with the two
// battalion HQs in 29 and British units in 22, 8 and 23, the German calls
// the first Kampfgruppe counter on 22 and must designate the second, on 8
// (23 is not next to 29), before any die is thrown. By day: first barrage
// AV 8+6+5 = 19 against the 4-7-5's DV 7+1+1 = 9, ten points: eliminating
// the unit takes three and the seven left remove it for good (soa:19.23);
// second barrage AV 8+1+1 = 10, DV 7+6+6 = 19, no effect. Only then does
// the impulse end.
func TestArtilleryBarragesDesignatedFirst_soa14_33_8_12(t *testing.T) {
	s := fireState(t, 1, German)
	ccPut(t, s, "29", "ss-bn-hq", "bo-bn-hq")
	ccPut(t, s, "22", "gb-a1-1")
	ccPut(t, s, "8", "gb-a1-2")
	ccPut(t, s, "23", "gb-a1-3")
	rolls := s.rng.Rolls
	ccDo(t, s, "artillery:de-art-hzr-1", "target:22")
	if s.rng.Rolls != rolls || s.step != stArtMore {
		t.Fatalf("no die before the second barrage is declared or declined: %d rolls, step %s", s.rng.Rolls-rolls, stepNames[s.step])
	}
	rtWant(t, "after the first barrage", ccLegal(s), []string{"artillery:de-art-hzr-2", "resolve"})
	ccDo(t, s, "artillery:de-art-hzr-2")
	rtWant(t, "second targets", ccLegal(s), []string{"target:8"})
	s.rng.Force(6, 5, 1, 1, 1, 1, 6, 6)
	ccDo(t, s, "target:8")
	if len(s.attacks) != 2 || s.step != stReroll {
		t.Fatalf("both barrages designated, then the first roll: %d attacks, step %s", len(s.attacks), stepNames[s.step])
	}
	ccDo(t, s, "accept")
	if s.av != 19 || s.dv != 9 || s.cp != 10 {
		t.Fatalf("first barrage AV %d DV %d CP %d, want 19 9 10", s.av, s.dv, s.cp)
	}
	ccDo(t, s, "eliminate:gb-a1-1", "accept")
	if u := ccUnit(t, s, "gb-a1-1"); s.units[u].Loc != locElim {
		t.Errorf("ten points on a lone unit: gone for good (soa:19.23), at %s", fireAt(t, s, "gb-a1-1"))
	}
	if s.av != 10 || s.dv != 19 || s.cp != 0 {
		t.Fatalf("second barrage AV %d DV %d CP %d, want 10 19 0", s.av, s.dv, s.cp)
	}
	ccDo(t, s, "done")
	if s.step != stImpulse || s.imp != British || fireAt(t, s, "gb-a1-2") != "8" {
		t.Fatalf("after both barrages the impulse ends: step %s impulse %s", stepNames[s.step], s.imp)
	}
}

// soa:14.33: "resolve" after the first barrage fires it alone and closes
// the impulse, and no second counter is offered when only one HQ could have
// called the first, when the second could only fall on the first one's
// area, or for the S-only counter, which no HQ calls (soa:14.4).
func TestArtilleryOneBarrage_soa14_33(t *testing.T) {
	first := func(prepare func(s *State)) *State {
		s := fireState(t, 1, German)
		ccPut(t, s, "22", "gb-a1-1")
		ccPut(t, s, "3", "gb-a1-3")
		prepare(s)
		s.rng.Force(1, 1, 6, 6)
		ccDo(t, s, "artillery:de-art-hzr-1", "target:22")
		return s
	}
	s := first(func(s *State) { ccPut(t, s, "29", "ss-bn-hq", "bo-bn-hq"); ccPut(t, s, "30", "gb-a1-2") })
	rtWant(t, "second counters", ccLegal(s), []string{"artillery:de-art-hzr-2", "resolve"})
	ccDo(t, s, "resolve", "accept", "done")
	if s.step != stImpulse || s.imp != British || len(s.attacks) != 0 {
		t.Fatalf("resolve: step %s impulse %s", stepNames[s.step], s.imp)
	}
	for name, prepare := range map[string]func(s *State){
		"one HQ": func(s *State) { ccPut(t, s, "29", "ss-bn-hq"); ccPut(t, s, "30", "gb-a1-2") },
		"HQs in two areas": func(s *State) {
			ccPut(t, s, "29", "ss-bn-hq")
			ccPut(t, s, "16", "bo-bn-hq") // could call the other counter on 30, but not with the first HQ
			ccPut(t, s, "30", "gb-a1-2")
		},
		"only the same target": func(s *State) { ccPut(t, s, "29", "ss-bn-hq", "bo-bn-hq") },
		"a pair away from the first target": func(s *State) {
			ccPut(t, s, "29", "ss-bn-hq")
			ccPut(t, s, "16", "bo-bn-hq", "ss-ar-hq") // 16 is not next to 22
			ccPut(t, s, "30", "gb-a1-2")
		},
	} {
		s := first(prepare)
		if s.step != stReroll || len(s.attacks) != 1 {
			t.Errorf("%s: no second barrage, the first is rolled at once: step %s %v", name, stepNames[s.step], ccLegal(s))
		}
	}
}
