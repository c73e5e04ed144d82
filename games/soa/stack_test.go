package soa

import (
	"reflect"
	"testing"

	"sandtable/engine"
)

// rtStackIs checks that s's stack of procedures holds want, and holds it
// again once the position is written and read back.
func rtStackIs(t *testing.T, s *State, what string, want ...frame) {
	t.Helper()
	if got := s.stack.list(); !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: stack %+v, want %+v", what, got, want)
	}
	back, err := engine.LoadPositionDoc(s.g, engine.EncodePosition("soa", s))
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if got := back.(*State).stack.list(); !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: stack read back %+v, want %+v", what, got, want)
	}
}

// TestProceduresNestOnTheStack follows one fire attack: its reroll offer
// runs inside the resolution of the impulse's attacks, the defender's
// choices inside the resolution alone, and the retreat after it on its own
// frame; each frame is written in the position and read back.
func TestProceduresNestOnTheStack(t *testing.T) {
	s := rtImpulse(t, 2, British)
	ccPut(t, s, "16", "ss-ar1-1", "ss-ar1-2")
	ccPut(t, s, "17", "gb-a1-1")
	s.rng.Force(1, 1, 6, 6) // no effect: the Germans may still retreat (soa:8.3553)
	p16, p17 := int16(s.g.board.MustIndex("16")), int16(s.g.board.MustIndex("17"))
	stackIs := func(what string, want ...frame) { t.Helper(); rtStackIs(t, s, what, want...) }
	stackIs("before the impulse")
	ccDo(t, s, "area:17", "fire", "target:16", "with:gb-a1-1", "confirm")
	// soa:8.41: the British, holding the Tactical Advantage, decide on their
	// own roll and choose again afterwards.
	stackIs("under the reroll offer", frame{Proc: procResolution, Cause: -1}, frame{Proc: procReroll, For: rrFire, Back: British})
	over := s.Clone().(*State)
	over.End(engine.Ending{Kind: engine.EndResign, Seat: "german"})
	if _, err := engine.LoadPositionDoc(over.g, engine.EncodePosition("soa", over)); err != nil {
		t.Fatalf("a game resigned under the reroll offer: %v", err)
	}
	ccDo(t, s, "accept")
	// soa:8.3551: the fire came from area 17.
	stackIs("while the Germans answer", frame{Proc: procResolution, Cause: p17})
	ccDo(t, s, "retreat:ss-ar1-1", "retreat:ss-ar1-2")
	if s.step != stRetreatDest {
		t.Fatalf("step %s, want the retreat's destination", stepNames[s.step])
	}
	stackIs("on the retreat", frame{Proc: procRetreat, At: p16, Cause: p17, Visited: 1 << uint(p16)})
	ccDo(t, s, ccLegal(s)[0])
	stackIs("after the retreat")
}

// TestCloseCombatRollNestsInItsPlace: the reroll offer of a close-combat
// roll runs inside the close combat of its place, which knows who attacks
// first: the side without the Tactical Advantage (soa:8.45, 9.4).
func TestCloseCombatRollNestsInItsPlace(t *testing.T) {
	s := ccState(t, options{})
	s.ta = British
	s.ammo = ammoLevel(s.turn) // ccState's turn 8 with its shortage, so that the position loads (soa:20.2)
	ccPut(t, s, "10", "ss-ar1-1", "gb-a1-1", "gb-a1-2")
	s.startCloseCombat()
	ccSkipScreens(t, s)
	stackIs := func(what string, want ...frame) { t.Helper(); rtStackIs(t, s, what, want...) }
	// soa:9.5: the British were offered screening last.
	stackIs("the Germans designate", frame{Proc: procCloseCombat, First: German, Screen: British})
	ccDo(t, s, "attack:gb-a1-1")
	ccDo(t, s, "with:ss-ar1-1", "confirm", "resolve")
	// soa:8.41: the British hold the Tactical Advantage; the German roll is theirs to keep or reroll.
	stackIs("under the reroll offer", frame{Proc: procCloseCombat, First: German, Screen: British}, frame{Proc: procReroll, For: rrCloseCombat, Back: German})
	ccDo(t, s, "accept")
	if s.step != stCCTarget || s.active != British {
		t.Fatalf("step %s active %s, want the British to designate", stepNames[s.step], s.active)
	}
	stackIs("the British designate", frame{Proc: procCloseCombat, First: German, Round: 1, Screen: British})
}
