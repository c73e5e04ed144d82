package soa

import (
	"slices"
	"strings"
	"testing"
	"time"

	"sandtable/engine"
)

// The Movement/Fire Phase: impulses, passes and the Tactical Advantage
// (soa:6.3, soa:7.3, soa:8.1, soa:8.11, soa:8.13, soa:8.15, soa:8.16, soa:8.43, soa:8.44).

// rtTwoSides puts two German infantry in 13 and two British infantry in 1:
// far apart, outside the S areas (soa:14.4) and without HQs, so neither side
// can fire or call artillery; both can only move or pass.
func rtTwoSides(t *testing.T, s *State) {
	t.Helper()
	ccPut(t, s, "13", "ss-ar1-1", "ss-ar1-2")
	ccPut(t, s, "1", "gb-rasc-1", "gb-rasc-2")
}

// soa:8.1, soa:8.44, soa:6.3: whoever holds the Tactical Advantage has the first
// impulse, then the players alternate, a pass being an impulse too.
func TestImpulseAdvantageFirstThenAlternate_soa8_1_8_44_6_3(t *testing.T) {
	for _, ta := range []Side{German, British} {
		s := rtImpulse(t, 1, ta)
		rtTwoSides(t, s)
		s.startMF()
		if s.ToMove() != ta.Seat() || s.imp != ta {
			t.Fatalf("Tactical Advantage %s: %s has the first impulse", ta, s.ToMove())
		}
		var order []engine.Seat
		for range 4 {
			order = append(order, s.ToMove())
			if s.imp == German {
				// move one German unit 13 -> 27 and end the impulse
				for _, u := range []string{"ss-ar1-1", "ss-ar1-2"} {
					if ccHas(s, "area:13") && !s.units[ccUnit(t, s, u)].Committed {
						ccDo(t, s, "area:13", "move", "unit:"+u, "to:27", "stop")
						if s.step == stMoveUnit {
							ccDo(t, s, "end")
						}
						break
					}
				}
			} else {
				ccDo(t, s, "pass")
			}
		}
		want := []engine.Seat{ta.Seat(), ta.Other().Seat(), ta.Seat(), ta.Other().Seat()}
		if !slices.Equal(order, want) {
			t.Fatalf("impulse order %v, want %v", order, want)
		}
	}
}

// soa:8.11: an impulse acts from one area, either moving or firing. After
// "move" only units of that area are offered and no fire; another area's
// units wait. Units may act from the area again in a later impulse.
func TestImpulseOneAreaMoveOrFire_soa8_11(t *testing.T) {
	s := rtImpulse(t, 1, German)
	ccPut(t, s, "16", "ss-ar1-1", "ss-ar1-2")
	ccPut(t, s, "13", "ss-ar2-1")
	ccPut(t, s, "17", "gb-rasc-1")
	rtWant(t, "impulse choices", ccLegal(s), []string{"pass", "area:13", "area:16"})
	ccDo(t, s, "area:16")
	rtWant(t, "mode", ccLegal(s), []string{"move", "fire"})
	ccDo(t, s, "move")
	rtWant(t, "units to move", ccLegal(s), []string{"unit:ss-ar1-1", "unit:ss-ar1-2"})
	ccDo(t, s, "unit:ss-ar1-1", "to:28", "stop")
	rtWant(t, "after one unit moved", ccLegal(s), []string{"unit:ss-ar1-2", "end"})
	ccDo(t, s, "end")
	ccDo(t, s, "pass") // British
	if !ccHas(s, "area:16") {
		t.Fatal("the German may return to 16, where an uncommitted unit is left (soa:8.11)")
	}
	ccDo(t, s, "area:16")
	rtWant(t, "mode later", ccLegal(s), []string{"move", "fire"})
}

// soa:8.13: a unit that moved is committed and never offered again in the phase.
func TestImpulseMovedUnitsCommitted_soa8_13(t *testing.T) {
	s := rtImpulse(t, 1, German)
	rtTwoSides(t, s)
	ccDo(t, s, "area:13", "move", "unit:ss-ar1-1", "to:27", "stop", "end")
	if !s.units[ccUnit(t, s, "ss-ar1-1")].Committed || s.units[ccUnit(t, s, "ss-ar1-2")].Committed {
		t.Fatal("the mover and only the mover is committed")
	}
	ccDo(t, s, "pass")
	if ccHas(s, "area:27") {
		t.Fatal("the committed unit in 27 is offered an impulse")
	}
	ccDo(t, s, "area:13", "move")
	rtWant(t, "units of 13", ccLegal(s), []string{"unit:ss-ar1-2"})
}

// soa:8.13: a unit that fired is committed and not offered again: the
// German fire from 16 at 17 with no effect (rtFire16At17).
func TestImpulseFiredUnitsCommitted_soa8_13(t *testing.T) {
	s := rtFire16At17(t)
	if s.step != stReroll || s.av != 5 || s.dv != 20 {
		t.Fatalf("step %s AV %d DV %d, want the reroll offer with AV 5, DV 20", stepNames[s.step], s.av, s.dv)
	}
	ccDo(t, s, "accept", "done")
	if !s.units[ccUnit(t, s, "ss-ar1-1")].Committed || s.imp != British {
		t.Fatal("the firer is committed and the British have the next impulse")
	}
	ccDo(t, s, "pass")
	if ccHas(s, "area:16") {
		t.Fatal("the committed firer is offered another impulse")
	}
}

// soa:8.15: with every unit committed (artillery included) a pass is all
// that is left.
func TestImpulseMustPassWhenAllCommitted_soa8_15(t *testing.T) {
	s := rtImpulse(t, 1, German)
	ccPut(t, s, "16", "ss-ar1-1")
	ccPut(t, s, "17", "gb-rasc-1")
	for _, u := range s.g.sideUnits[German] {
		s.units[u].Committed = true
		s.stale()
	}
	for _, u := range s.g.artillery {
		if s.side(u) == German {
			s.units[u].Committed = true
			s.stale()
		}
	}
	rtWant(t, "German choices", ccLegal(s), []string{"pass"})
}

// soa:8.16: two consecutive passes end the phase at once when the Tactical
// Advantage holder has nothing to force it on with (soa:8.43); a pass, an
// action and a pass are not consecutive.
func TestImpulseTwoPassesEndPhase_soa8_16(t *testing.T) {
	s := rtImpulse(t, 1, British)
	rtTwoSides(t, s)
	ccDo(t, s, "area:1", "move", "unit:gb-rasc-1", "to:12", "stop", "end") // British act
	ccDo(t, s, "pass")                                                     // German
	ccDo(t, s, "area:1", "move", "unit:gb-rasc-2", "to:12", "stop")        // British act again
	ccDo(t, s, "pass")                                                     // German
	if s.step != stImpulse || s.imp != British || rtLogged(s, "soa:8.16", "ends") {
		t.Fatal("pass, action, pass must not end the phase")
	}
	ccDo(t, s, "pass") // British: all committed; second consecutive pass
	if !rtLogged(s, "soa:8.16", "ends") || s.turn != 2 {
		t.Fatalf("two consecutive passes should end the phase (and the turn); turn %d step %s", s.turn, stepNames[s.step])
	}
}

// soa:8.43: the holder of the Tactical Advantage may force the phase on after
// two passes; the advantage changes hands and the forcer may not pass in his
// next impulse. Later the new holder may do the same.
func TestImpulseContinuation_soa8_43(t *testing.T) {
	s := rtImpulse(t, 1, British)
	rtTwoSides(t, s)
	ccDo(t, s, "pass", "pass") // British, German
	if s.step != stContinue || s.ToMove() != British.Seat() {
		t.Fatalf("step %s to move %s: the British holder may force the phase on", stepNames[s.step], s.ToMove())
	}
	rtWant(t, "continuation", ccLegal(s), []string{"end-phase", "continue"})
	ccDo(t, s, "continue")
	if s.ta != German || s.imp != British {
		t.Fatalf("Tactical Advantage %s, impulse %s: the advantage passes to the German, the British act", s.ta, s.imp)
	}
	if ccHas(s, "pass") {
		t.Fatal("the forcer may not pass in his next impulse")
	}
	ccDo(t, s, "area:1", "move", "unit:gb-rasc-1", "to:12", "stop", "end")
	ccDo(t, s, "pass") // German
	if !ccHas(s, "pass") {
		t.Fatal("once the forcer has acted he may pass again")
	}
	ccDo(t, s, "pass") // British: two passes, the German now holds the advantage
	if s.step != stContinue || s.ToMove() != German.Seat() {
		t.Fatalf("step %s to move %s: the new holder may force the phase on", stepNames[s.step], s.ToMove())
	}
	ccDo(t, s, "end-phase")
	if !rtLogged(s, "soa:8.16", "ends") {
		t.Fatal("declining the continuation ends the phase")
	}
}

// soa:8.43: when the holder passed second, the opponent's impulse comes
// first and may be a pass; the forcer's own next impulse may not.
func TestImpulseContinuationForcerPassedLast_soa8_43(t *testing.T) {
	s := rtImpulse(t, 1, German)
	rtTwoSides(t, s)
	ccDo(t, s, "area:13", "move", "unit:ss-ar1-1", "to:27", "stop", "end") // German acts
	ccDo(t, s, "pass", "pass")                                             // British, German
	ccDo(t, s, "continue")
	if s.ta != British || s.imp != British || !ccHas(s, "pass") {
		t.Fatal("the British (not the forcer) move next and may pass")
	}
	ccDo(t, s, "pass")
	if s.imp != German || ccHas(s, "pass") {
		t.Fatalf("impulse %s: the forcing German must act, not pass; legal %v", s.imp, ccLegal(s))
	}
}

// soa:7.3, soa:7.1: an area with more than ten infantry or three armour at the
// end of an impulse loses units of the owner's choice, of the type over the
// limit, for good.
func TestImpulseOverstackRemoval_soa7_3_7_1(t *testing.T) {
	s := rtImpulse(t, 1, German)
	in13 := rtPutN(t, s, German, "13", 10, false)
	ccPut(t, s, "27", "ss-lr6-3")
	ccPut(t, s, "1", "gb-rasc-1")
	ccDo(t, s, "area:27", "move", "unit:ss-lr6-3", "to:13", "stop")
	if s.step != stOverstack || s.ToMove() != German.Seat() {
		t.Fatalf("step %s: eleven infantry in 13 must be cut back (soa:7.3)", stepNames[s.step])
	}
	var want []string
	for _, u := range append(in13, ccUnit(t, s, "ss-lr6-3")) {
		want = append(want, "eliminate:"+s.g.units[u].ID)
	}
	rtWant(t, "units to remove", ccLegal(s), want)
	victim := s.g.units[in13[0]].ID
	ccDo(t, s, "eliminate:"+victim)
	if s.units[in13[0]].Loc >= 0 || trnAt(s, trnPlace(s, "13")) != 10 || s.step != stImpulse || s.imp != British {
		t.Fatalf("after removing %s: %d units in 13, step %s", victim, trnAt(s, trnPlace(s, "13")), stepNames[s.step])
	}

	// Armour: four armour in 16 lose one of the armour, never the infantry.
	s = rtImpulse(t, 1, German)
	arm := rtPutN(t, s, German, "16", 3, true)
	inf := rtPutN(t, s, German, "16", 2, false)
	ccPut(t, s, "28", "ss-ac9-1")
	ccPut(t, s, "1", "gb-rasc-1")
	ccDo(t, s, "area:28", "move", "unit:ss-ac9-1", "to:16", "stop")
	want = []string{"eliminate:ss-ac9-1"}
	for _, u := range arm {
		want = append(want, "eliminate:"+s.g.units[u].ID)
	}
	rtWant(t, "armour to remove", ccLegal(s), want)
	ccDo(t, s, want[0])
	for _, u := range inf {
		if s.units[u].Loc != trnPlace(s, "16") {
			t.Fatal("infantry is not removed for an armour excess")
		}
	}
}

// soa:7.2, soa:10.3: any number of units may occupy a zone: twelve infantry and
// four armour in zone A at the end of an impulse stay.
func TestImpulseZoneUnlimited_soa7_2_10_3(t *testing.T) {
	s := rtImpulse(t, 1, German)
	rtPutN(t, s, German, "A", 12, false)
	rtPutN(t, s, German, "A", 3, true)
	ccPut(t, s, "29", "ss-ac9-1")
	ccPut(t, s, "1", "gb-rasc-1")
	ccDo(t, s, "area:29", "move", "unit:ss-ac9-1", "to:A", "stop")
	if s.step != stImpulse || s.imp != British || trnAt(s, trnPlace(s, "A")) != 16 {
		t.Fatalf("step %s, %d units in A: no removal in a zone", stepNames[s.step], trnAt(s, trnPlace(s, "A")))
	}
}

// soa:8.11, soa:8.15: the choice IDs of an impulse are stable: "pass",
// "area:<id>", "artillery:<unit>".
func TestImpulseChoiceIDs_soa8_11(t *testing.T) {
	s := rtImpulse(t, 1, German)
	rtTwoSides(t, s)
	for _, id := range ccLegal(s) {
		if id != "pass" && !strings.HasPrefix(id, "area:") && !strings.HasPrefix(id, "artillery:") {
			t.Fatalf("unexpected impulse choice %q", id)
		}
	}
}

// soa:8.17: with the reaction-time option a seat has the agreed seconds to
// declare its impulse, and one that runs out passes; the clock runs only
// between impulses, never once an area is picked, and not for a player who
// forced the phase on and may not pass (soa:8.43). Without the option there
// is no clock.
func TestImpulseReactionTime_soa8_17(t *testing.T) {
	var _ engine.Clocked = (*State)(nil)
	s := rtImpulseOpt(t, options{reaction: 10}, 1, German)
	rtTwoSides(t, s)
	if d := s.ReactionTime(); d != 10*time.Second {
		t.Fatalf("reaction time %v, want 10s", d)
	}
	a, ok := s.Timeout()
	if !ok || s.Describe(a).ID != "pass" || !slices.Contains(s.Legal(nil), a) {
		t.Fatalf("timeout at the start of an impulse: %v %v, want the legal pass", a, ok)
	}
	if err := s.Apply(a); err != nil || s.imp != British || s.passes != 1 {
		t.Fatalf("the timed-out seat passes: %v, impulse %s, passes %d", err, s.imp, s.passes)
	}
	ccDo(t, s, "area:1")
	if _, ok := s.Timeout(); ok {
		t.Fatal("no clock once the impulse is declared")
	}
	ccDo(t, s, "move", "unit:gb-rasc-1", "to:12", "stop", "end", "pass", "pass", "continue")
	if _, ok := s.Timeout(); ok || ccHas(s, "pass") {
		t.Fatalf("the forcer may not pass, so his clock does not run (soa:8.43): %v", ccLegal(s))
	}
	for _, r := range []struct {
		opt  string
		want time.Duration
	}{{"off", 0}, {"20", 20 * time.Second}, {"60", time.Minute}} {
		st := rtNew(t, map[string]string{"reaction": r.opt}, 1)
		if st.ReactionTime() != r.want {
			t.Errorf("reaction=%s: %v, want %v", r.opt, st.ReactionTime(), r.want)
		}
		if _, ok := st.Timeout(); ok {
			t.Errorf("reaction=%s: a clock during the set-up", r.opt)
		}
	}
	s = rtImpulse(t, 1, German)
	rtTwoSides(t, s)
	if _, ok := s.Timeout(); ok || s.ReactionTime() != 0 {
		t.Fatal("without the option there is no clock")
	}
}
