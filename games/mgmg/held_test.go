package mgmg

import (
	"slices"
	"testing"
)

// mgmg:9.22, mgmg:4.6: the 1/508 wades the canal from Hatert (29) into
// German, vacant Beuningen (30): it has crossed the
// boundary, which becomes Allied, a Held! marker on it; the position keeps
// it. Each side's movement sees the canal as the Allies' (mgmg:9.621).
func TestHeldByCrossing(t *testing.T) {
	s := impulseOf(t, 19, allies, "clear", []UnitPos{{ID: "us-1-508", At: "29", Level: "fresh"}}, map[string]string{"29": "airborne"})
	a, b := int(s.g.at("29")), int(s.g.at("30"))
	if s.heldBoundary(a, b, allies) || !s.heldBoundary(a, b, germans) {
		t.Fatal("the canal 29/30 starts Allied: want German-held (mgmg:9.62)")
	}
	play(t, s, "assault:29", "move:us-1-508", "enter:30")
	if !s.heldBoundary(a, b, allies) || s.heldBoundary(a, b, germans) {
		t.Fatal("after the crossing the canal is not the Allies': want a Held! marker (mgmg:9.22, 4.6)")
	}
	if got := s.Position().(Position).Held; !slices.Equal(got, []string{"29/30"}) {
		t.Errorf("position held %v, want [29/30]", got)
	}
	back := edited(t, s, func(*Position) {})
	if back.Hash() != s.Hash() || !back.heldBoundary(a, b, allies) {
		t.Error("the Held! marker does not round-trip through the position")
	}
	p := s.Position().(Position)
	p.Held = []string{"1/2"}
	if _, err := s.g.LoadPosition(mustJSON(p)); err == nil {
		t.Error("a Held! marker on open ground 1/2 loads, want an error (mgmg:4.6)")
	}
	if !s.ground(allies, &s.impulseFrame().Move).border(a, b).Held || s.ground(germans, &s.impulseFrame().Move).border(a, b).Held {
		t.Error("the ground shows the canal held by the Germans, want the Allies (mgmg:9.621, 10.2)")
	}
}

// mgmg:10.2, mgmg:10.4, mgmg:7.2, mgmg:10.73D: the 1/508 wades the canal
// into 30 and the Spent Hermann (DF 1) there: a Mandatory Assault, AV 4
// against DV 1 + 1 (TEM) + 2 (canal without a bridge) = 4. AT 4 + 6
// against DT 4 + 5 succeeds: the canal becomes the Allies'. A failure
// (AT 4 + 2 against DT 4 + 12) leaves it German.
func TestHeldByMandatoryAssault(t *testing.T) {
	setup := func(dice ...int) *State {
		s := impulseOf(t, 19, allies, "clear", []UnitPos{{ID: "us-1-508", At: "29", Level: "fresh"}, {ID: "de-fj-hermann", At: "30", Level: "spent"}},
			map[string]string{"29": "airborne"})
		s.rng.Force(dice...)
		play(t, s, "assault:29", "move:us-1-508", "enter:30", "resolve:30", "keep") // one unit a side: named at once
		return s
	}
	s := setup(3, 3, 2, 3)
	logHas(t, s, "mgmg:10.73", "DV 4 = 1 forward unit")
	logHas(t, s, "mgmg:10.73", "2 crossing (mgmg:10.73D)")
	a, b := int(s.g.at("29")), int(s.g.at("30"))
	play(t, s, "casualty:de-fj-hermann", "stay")
	if !s.heldBoundary(a, b, allies) {
		t.Error("after the success the canal is German: want a Held! marker (mgmg:10.2)")
	}
	s = setup(1, 1, 6, 6)
	if s.heldBoundary(a, b, allies) {
		t.Error("after the failure the canal is the Allies': want it German (mgmg:10.2)")
	}
}

// TestGermanHeldCanals: every canal is German-held until a Held! marker
// says otherwise (mgmg:9.62), so German infantry wades the canal 49/50 out
// of Contested Schijndel (49) (mgmg:9.621 bars only the enemy's), and
// wading it back into Contested 49 binds it to no Mandatory Assault, which
// 10.2 asks only over an enemy-held boundary.
func TestGermanHeldCanals(t *testing.T) {
	s := impulseOf(t, 19, germans, "clear", []UnitPos{
		{ID: "de-59-1034", At: "49", Level: "fresh"},
		{ID: "us-1-501", At: "49", Level: "fresh"},
	}, nil)
	play(t, s, "assault:49", "move:de-59-1034")
	if !slices.Contains(ids(s), "enter:50") {
		t.Errorf("out of Contested 49: %v; want enter:50 over the German canal", ids(s))
	}
	s = impulseOf(t, 19, germans, "clear", []UnitPos{
		{ID: "de-59-1034", At: "50", Level: "fresh"},
		{ID: "de-59-1035", At: "49", Level: "fresh"},
		{ID: "us-1-501", At: "49", Level: "fresh"},
	}, nil)
	play(t, s, "assault:50", "move:de-59-1034", "enter:49")
	if s.pendingAssault(&s.impulseFrame().Move, s.g.at("49")) {
		t.Error("into Contested 49 over the German canal: bound to a Mandatory Assault; want none (mgmg:10.2)")
	}
}
