package soa

import (
	"slices"
	"strings"
	"testing"

	"sandtable/engine"
)

// Fire combat tests: every number below is worked out from the rulebook.

// fireState is a revealed game on the given turn with an empty map, waiting
// for side's impulse; the British hold the Tactical Advantage.
func fireState(t *testing.T, turn int, side Side) *State {
	t.Helper()
	s := ccState(t, options{})
	s.turn = turn
	s.step, s.imp, s.active, s.ta = stImpulse, side, side, British
	return s
}

func fireAt(t *testing.T, s *State, id string) string {
	t.Helper()
	return s.g.locName(s.units[ccUnit(t, s, id)].Loc)
}

// The example under soa:8.3552: three British 4-7-5s of one platoon in 17
// fire by day at the three uncommitted German 3-5-5s in 24 (a fourth German
// unit there is committed). AV 4 +2 (two more units, soa:8.351 B) +1 (one
// lower organisation, soa:8.351 C) +9 = 16; DV 5 +1 (adjacent, soa:8.352 B)
// +5 = 11; five casualty points (soa:8.353). One 3-5-5 eliminated (3) and
// two retreated (1 each, soa:8.354); they must go to 15, not 16, which is
// next to 17 (soa:8.3551 A before F), and arrive committed (soa:8.354 A).
//
// Rules: soa:8.3, soa:8.331, soa:8.35, soa:8.3552.
func TestFireExample_soa8_3552(t *testing.T) {
	s := fireState(t, 1, British)
	ccPut(t, s, "17", "gb-a1-1", "gb-a1-2", "gb-a1-3")
	ccPut(t, s, "24", "ss-ar1-1", "ss-ar1-2", "ss-ar1-3", "ss-ar2-1")
	s.units[ccUnit(t, s, "ss-ar2-1")].Committed = true
	s.stale()
	ccDo(t, s, "area:17", "fire", "target:24")
	if !ccHas(s, "group:uncommitted") || !ccHas(s, "group:committed") {
		t.Fatalf("soa:8.33: both group types must be offered, got %v", ccLegal(s))
	}
	s.rng.Force(4, 5, 2, 3) // attacker 9, defender 5 (soa:8.36)
	ccDo(t, s, "group:uncommitted", "with:gb-a1-1", "with:gb-a1-2", "with:gb-a1-3", "confirm", "accept")
	if s.av != 16 || s.dv != 11 || s.cp != 5 {
		t.Fatalf("AV %d DV %d CP %d, want 16 11 5", s.av, s.dv, s.cp)
	}
	if s.ToMove() != "german" || ccHas(s, "done") {
		t.Fatalf("the German must satisfy 5 points first; to move %s, legal %v", s.ToMove(), ccLegal(s))
	}
	ccDo(t, s, "eliminate:ss-ar1-1", "retreat:ss-ar1-2", "retreat:ss-ar1-3")
	for _, id := range []string{"ss-ar1-2", "ss-ar1-3"} {
		if at := fireAt(t, s, id); at != "15" || !s.units[ccUnit(t, s, id)].Committed {
			t.Errorf("%s is in %s (committed %v), want 15 committed", id, at, s.units[ccUnit(t, s, id)].Committed)
		}
	}
	if fireAt(t, s, "ss-ar1-1") != "eliminated" || fireAt(t, s, "ss-ar2-1") != "24" {
		t.Errorf("eliminated unit at %s, committed unit at %s", fireAt(t, s, "ss-ar1-1"), fireAt(t, s, "ss-ar2-1"))
	}
	if s.step != stImpulse || s.imp != German {
		t.Errorf("the impulse should pass to the German, step %s", stepNames[s.step])
	}
}

// The other way out of the same example: two 3-5-5s eliminated (3 + 3 ≥ 5)
// leave the third uncommitted in 24 (soa:8.3541).
func TestFireExampleTwoEliminated_soa8_3541(t *testing.T) {
	s := fireState(t, 1, British)
	ccPut(t, s, "17", "gb-a1-1", "gb-a1-2", "gb-a1-3")
	ccPut(t, s, "24", "ss-ar1-1", "ss-ar1-2", "ss-ar1-3")
	s.rng.Force(4, 5, 2, 3)
	ccDo(t, s, "area:17", "fire", "target:24", "with:gb-a1-1", "with:gb-a1-2", "with:gb-a1-3", "confirm", "accept")
	ccDo(t, s, "eliminate:ss-ar1-1", "eliminate:ss-ar1-2")
	if !ccHas(s, "done") || !ccHas(s, "retreat:ss-ar1-3") {
		t.Fatalf("after 6 of 5 points: done, or a voluntary retreat (soa:8.3541), got %v", ccLegal(s))
	}
	ccDo(t, s, "done")
	if u := ccUnit(t, s, "ss-ar1-3"); fireAt(t, s, "ss-ar1-3") != "24" || s.units[u].Committed {
		t.Errorf("the third 3-5-5 must stay uncommitted in 24")
	}
}

// The example under soa:13.3: a British AT gun and a 4-7-5 share an area with
// a committed German Mk III (DF 5) and a committed 3-5-5 (DF 3). AT attack:
// AV 6+7 = 13, DV 5+6 = 11, two points; infantry cannot take them and a
// retreat would meet only one, so the Mk III is eliminated. Then the 4-7-5
// fires at the same area in the same impulse (soa:13.21): AV 4+5 = 9, DV
// 3+8 = 11, no effect.
func TestFireExampleAntiTank_soa13_3(t *testing.T) {
	s := fireState(t, 1, British)
	ccPut(t, s, "26", "gb-at-1", "gb-a1-1", "ss-hqc-mk3-1", "ss-ar1-1")
	s.units[ccUnit(t, s, "ss-hqc-mk3-1")].Committed = true
	s.stale()
	s.units[ccUnit(t, s, "ss-ar1-1")].Committed = true
	s.stale()
	ccDo(t, s, "area:26", "fire", "target:26")
	if ccHas(s, "with:gb-a1-1") && ccHas(s, "with:gb-at-1") {
		// both may open the attack; the first decides its kind
	} else {
		t.Fatalf("both units may open an attack on 26, got %v", ccLegal(s))
	}
	ccDo(t, s, "with:gb-at-1")
	if ccHas(s, "with:gb-a1-1") {
		t.Fatal("soa:13.22: a non-AT unit may not join an AT attack")
	}
	ccDo(t, s, "confirm", "target:26", "with:gb-a1-1")
	s.rng.Force(3, 4, 2, 4, 2, 3, 4, 4)
	ccDo(t, s, "confirm", "accept")
	if s.av != 13 || s.dv != 11 {
		t.Fatalf("AT attack AV %d DV %d, want 13 11", s.av, s.dv)
	}
	if ccHas(s, "retreat:ss-hqc-mk3-1") || ccHas(s, "eliminate:ss-ar1-1") {
		t.Fatalf("soa:13.3: only the armour takes the losses and a retreat cannot meet two points: %v", ccLegal(s))
	}
	ccDo(t, s, "eliminate:ss-hqc-mk3-1")
	if !ccHas(s, "retreat:ss-ar1-1") {
		t.Errorf("soa:13.3: the infantry of the group may still choose to retreat, got %v", ccLegal(s))
	}
	ccDo(t, s, "done", "accept")
	if s.av != 9 || s.dv != 11 {
		t.Fatalf("second attack AV %d DV %d, want 9 11", s.av, s.dv)
	}
	ccDo(t, s, "done")
	if fireAt(t, s, "ss-ar1-1") != "26" || fireAt(t, s, "ss-hqc-mk3-1") != "eliminated" {
		t.Errorf("after both attacks: 3-5-5 in %s, Mk III %s", fireAt(t, s, "ss-ar1-1"), fireAt(t, s, "ss-hqc-mk3-1"))
	}
}

// The example under soa:13.7: an AT gun fires from 17 at 6-2-8, 3-3-10 and
// 6-7-7 in 24 with the 6-2-8 as primary target. A tied roll gives AV 6+x,
// DV 2+1+x: three points. The defender may retreat all three, or eliminate
// the 6-2-8, and any loss starts with the primary.
func TestFireExamplePrimary_soa13_7(t *testing.T) {
	setup := func(att, def [2]int) *State {
		s := fireState(t, 1, British)
		ccPut(t, s, "17", "gb-at-1")
		ccPut(t, s, "24", "ss-hw-sp-1", "ss-ac-1", "de-tiger-1")
		ccDo(t, s, "area:17", "fire", "target:24", "with:gb-at-1", "confirm")
		if !ccHas(s, "primary:ss-ac-1") || !ccHas(s, "primary:de-tiger-1") {
			t.Fatalf("soa:13.7: mixed armour needs a primary target, got %v", ccLegal(s))
		}
		s.rng.Force(att[0], att[1], def[0], def[1])
		ccDo(t, s, "primary:ss-hw-sp-1", "accept")
		return s
	}
	s := setup([2]int{3, 3}, [2]int{3, 3})
	if s.cp != 3 {
		t.Fatalf("tie: %d casualty points, want 3", s.cp)
	}
	if got := ccLegal(s); !slices.Equal(got, []string{"eliminate:ss-hw-sp-1", "retreat:ss-hw-sp-1"}) {
		t.Fatalf("the primary goes first: %v", got)
	}
	ccDo(t, s, "retreat:ss-hw-sp-1")
	if ccHas(s, "eliminate:ss-ac-1") || ccHas(s, "eliminate:de-tiger-1") {
		t.Fatalf("with the primary retreated nobody else may be eliminated: %v", ccLegal(s))
	}
	ccDo(t, s, "retreat:ss-ac-1", "retreat:de-tiger-1")
	if fireAt(t, s, "ss-ac-1") != fireAt(t, s, "ss-hw-sp-1") || fireAt(t, s, "de-tiger-1") == "24" {
		t.Errorf("the group retreats together (soa:8.3552)")
	}

	// Six points (AV 6+9 = 15, DV 2+1+6 = 9): eliminate the 6-2-8 and retreat
	// the other two, or eliminate two including the 6-2-8; retreating the
	// primary first is not possible any more.
	s = setup([2]int{4, 5}, [2]int{3, 3})
	if s.cp != 6 {
		t.Fatalf("%d casualty points, want 6", s.cp)
	}
	if got := ccLegal(s); !slices.Equal(got, []string{"eliminate:ss-hw-sp-1"}) {
		t.Fatalf("six points: the primary must be eliminated, got %v", got)
	}
	ccDo(t, s, "eliminate:ss-hw-sp-1")
	if got := ccLegal(s); !slices.Equal(got, []string{"eliminate:ss-ac-1", "retreat:ss-ac-1", "eliminate:de-tiger-1", "retreat:de-tiger-1"}) {
		t.Fatalf("4 of 6 points: eliminate a second unit or retreat both others (4+1+1), got %v", got)
	}
	c := s.Clone().(*State)
	ccDo(t, c, "retreat:ss-ac-1", "retreat:de-tiger-1")
	if fireAt(t, c, "ss-ac-1") == "24" || fireAt(t, c, "de-tiger-1") != fireAt(t, c, "ss-ac-1") {
		t.Errorf("both retreat together out of 24")
	}
	ccDo(t, s, "eliminate:de-tiger-1")
	if !ccHas(s, "done") {
		t.Errorf("4 + 4 ≥ 6: done, got %v", ccLegal(s))
	}
}

// Armour in an area fired on from an adjacent area by non-AT units is neither
// in the DV nor hurt; it may retreat once infantry of its group has retreated
// or suffered losses (soa:8.34, soa:12.1, soa:12.2).
// An armour unit that does take losses absorbs four points (soa:12.5).
//
// Rules: soa:8.34, soa:12.1, soa:12.2, soa:13.1.
func TestFireArmorImmuneFromAdjacent_soa8_34_12_2(t *testing.T) {
	s := fireState(t, 1, British)
	ccPut(t, s, "17", "gb-a1-1")
	ccPut(t, s, "24", "ss-hw-sp-1", "ss-ar1-1") // 6-2-8 (DF 2) and 3-5-5 (DF 5)
	s.rng.Force(6, 6, 1, 1)                     // AV 4+12 = 16, DV 5+1+2 = 8
	ccDo(t, s, "area:17", "fire", "target:24", "with:gb-a1-1", "confirm", "accept")
	if s.dv != 8 {
		t.Fatalf("DV %d: the 6-2-8's DF 2 must not count against adjacent infantry fire", s.dv)
	}
	if ccHas(s, "eliminate:ss-hw-sp-1") || ccHas(s, "retreat:ss-hw-sp-1") {
		t.Fatalf("armour cannot take the points, nor retreat before its infantry suffers: %v", ccLegal(s))
	}
	ccDo(t, s, "eliminate:ss-ar1-1") // 3 of 8 points; the group can absorb no more
	if !ccHas(s, "retreat:ss-hw-sp-1") || !ccHas(s, "done") {
		t.Fatalf("soa:12.2: once its infantry suffered losses the armour may retreat: %v", ccLegal(s))
	}
	// soa:12.2: with no effect (AV 4+2 = 6, DV 5+1+12 = 18) the armour may
	// retreat only after the infantry of its group retreats.
	s = fireState(t, 1, British)
	ccPut(t, s, "17", "gb-a1-1")
	ccPut(t, s, "24", "ss-hw-sp-1", "ss-ar1-1")
	s.rng.Force(1, 1, 6, 6)
	ccDo(t, s, "area:17", "fire", "target:24", "with:gb-a1-1", "confirm", "accept")
	if got := ccLegal(s); !slices.Equal(got, []string{"done", "retreat:ss-ar1-1"}) {
		t.Fatalf("no effect: only the infantry may retreat first, got %v", got)
	}
	ccDo(t, s, "retreat:ss-ar1-1")
	if !ccHas(s, "retreat:ss-hw-sp-1") {
		t.Fatalf("the armour may now join the retreat: %v", ccLegal(s))
	}
	// Armour alone cannot be fired on by adjacent infantry at all (soa:12.1).
	s = fireState(t, 1, British)
	ccPut(t, s, "17", "gb-a1-1")
	ccPut(t, s, "24", "ss-hw-sp-1")
	ccDo(t, s, "area:17")
	if ccHas(s, "fire") {
		t.Errorf("soa:12.1: nothing to fire at, got %v", ccLegal(s))
	}
	// From the same area the armour is a target and sets the DV: 6-2-8 DF 2.
	s = fireState(t, 1, British)
	ccPut(t, s, "24", "gb-a1-1", "ss-hw-sp-1")
	s.rng.Force(6, 6, 1, 1) // AV 16, DV 2+2 = 4 (same area: no +1): 12 points
	ccDo(t, s, "area:24", "fire", "target:24", "with:gb-a1-1", "confirm", "accept")
	if s.dv != 4 || s.cp != 12 {
		t.Fatalf("same area: DV %d CP %d, want 4 12", s.dv, s.cp)
	}
	ccDo(t, s, "eliminate:ss-hw-sp-1")
	if s.step == stAbsorb {
		t.Errorf("the group is gone; %v", ccLegal(s))
	}
}

// soa:8.32: into one area per impulse at most six infantry plus one more HQ
// plus three armour; one fire attack per defending area, except AT attacks.
func TestFireLimits_soa8_32(t *testing.T) {
	s := fireState(t, 1, German)
	ccPut(t, s, "16", "ss-ar1-1", "ss-ar1-2", "ss-ar1-3", "ss-ar2-1", "ss-ar2-2", "ss-ar2-3", "ss-ar3-1",
		"ss-ar-hq", "ss-lr-hq", "ss-hqc-mk3-1", "ss-hqc-mk3-2", "ss-hqc-mk3-3")
	ccPut(t, s, "17", "gb-a1-1")
	ccDo(t, s, "area:16", "fire", "target:17")
	ccDo(t, s, "with:ss-ar1-1", "with:ss-ar1-2", "with:ss-ar1-3", "with:ss-ar2-1", "with:ss-ar2-2", "with:ss-ar2-3")
	if ccHas(s, "with:ss-ar3-1") {
		t.Error("a seventh squad may not fire into the area")
	}
	ccDo(t, s, "with:ss-ar-hq")
	if ccHas(s, "with:ss-lr-hq") {
		t.Error("only one HQ beyond six infantry")
	}
	ccDo(t, s, "with:ss-hqc-mk3-1", "with:ss-hqc-mk3-2", "with:ss-hqc-mk3-3", "confirm")
	if ccHas(s, "target:17") {
		t.Error("one fire attack per defending area per impulse")
	}
}

// soa:8.31, soa:8.33: fire at an area that also holds friendly units affects only
// the chosen enemy group; soa:8.3553: a group may retreat without losses.
func TestFireVoluntaryRetreat_soa8_3553(t *testing.T) {
	s := fireState(t, 1, British)
	ccPut(t, s, "17", "gb-a1-1")
	ccPut(t, s, "24", "ss-ar1-1", "gb-a2-1")
	s.rng.Force(1, 1, 6, 6) // AV 4+2 = 6, DV 5+1+12 = 18: no effect
	ccDo(t, s, "area:17", "fire", "target:24", "with:gb-a1-1", "confirm", "accept")
	if s.cp != 0 || !ccHas(s, "retreat:ss-ar1-1") || !ccHas(s, "done") {
		t.Fatalf("no effect: the German may still retreat (soa:8.3553): %v", ccLegal(s))
	}
	ccDo(t, s, "retreat:ss-ar1-1")
	if at := fireAt(t, s, "ss-ar1-1"); at == "24" || !s.units[ccUnit(t, s, "ss-ar1-1")].Committed {
		t.Fatalf("retreated to %s", at)
	}
	if fireAt(t, s, "gb-a2-1") != "24" || s.units[ccUnit(t, s, "gb-a2-1")].Committed {
		t.Error("soa:8.31: the British unit in 24 is not touched by British fire")
	}
}

// soa:8.355: infantry with every way out held by enemy infantry cannot
// retreat and must be eliminated; a British unit lost so counts twice for
// reformed units (soa:19.22).
func TestFireNoRetreat_soa8_355_19_22(t *testing.T) {
	s := fireState(t, 1, German)
	ccPut(t, s, "26", "gb-a1-1")
	ccPut(t, s, "17", "ss-ar1-1")
	ccPut(t, s, "18", "ss-ar1-2")
	ccPut(t, s, "24", "ss-ar1-3")
	ccPut(t, s, "25", "ss-ar2-1")
	s.rng.Force(6, 6, 1, 1) // AV 3+12 = 15, DV 7+1+2 = 10: five points
	ccDo(t, s, "area:17", "fire", "target:26", "with:ss-ar1-1", "confirm", "accept")
	if ccHas(s, "retreat:gb-a1-1") {
		t.Fatalf("26's neighbours all hold German infantry: %v", ccLegal(s))
	}
	ccDo(t, s, "eliminate:gb-a1-1")
	u := ccUnit(t, s, "gb-a1-1")
	if s.units[u].Loc != locElim {
		t.Errorf("five points on a lone unit: three then two more, it is gone for good (soa:19.23), at %s", fireAt(t, s, "gb-a1-1"))
	}
}

// soa:19.21-19.23: a British unit absorbing three points counts one lost unit,
// two points count two, and points beyond three for every unit of the group
// remove units for good.
//
// Rules: soa:3.8, soa:19.21, soa:19.22, soa:19.23.
func TestFireReformedWeights_soa19_23(t *testing.T) {
	run := func(att int, cp int) (int16, uint8) {
		s := fireState(t, 1, German)
		ccPut(t, s, "18", "gb-a1-1")
		ccPut(t, s, "17", "ss-hw-eng-1") // 5-7-6
		for i, q := range []string{"3", "4", "19", "20", "25", "26"} {
			ccPut(t, s, q, []string{"ss-lr4-1", "ss-lr4-2", "ss-lr4-3", "ss-lr5-1", "ss-lr5-2", "ss-lr5-3"}[i])
		}
		// AV 5 + att; DV 7 + 1 + 2 (dice 1,1) = 10
		s.rng.Force(att/2, att-att/2, 1, 1)
		ccDo(t, s, "area:17", "fire", "target:18", "with:ss-hw-eng-1", "confirm", "accept")
		if s.cp != cp {
			t.Fatalf("AV %d DV %d: %d points, want %d", s.av, s.dv, s.cp, cp)
		}
		ccDo(t, s, "eliminate:gb-a1-1")
		u := ccUnit(t, s, "gb-a1-1")
		return s.units[u].Loc, s.units[u].Weight
	}
	if loc, w := run(7, 2); loc != locBox || w != 2 {
		t.Errorf("two points: box with weight 2, got %d %d", loc, w)
	}
	if loc, w := run(8, 3); loc != locBox || w != 1 {
		t.Errorf("three points: box with weight 1, got %d %d", loc, w)
	}
	if loc, _ := run(9, 4); loc != locElim {
		t.Errorf("four points on the only unit: gone for good, got %d", loc)
	}
}

// soa:10.7, soa:15.4: no fire from an area into a zone or back; fire inside a
// zone is as from an adjacent area, +2 DV at night.
func TestFireZones_soa10_7_15_4(t *testing.T) {
	s := fireState(t, 2, British) // turn 2 is a night turn (soa:15.1)
	ccPut(t, s, "D", "gb-a1-1", "ss-ar1-1")
	ccPut(t, s, "8", "gb-a1-2")
	ccDo(t, s, "area:D", "fire")
	if got := ccLegal(s); !slices.Equal(got, []string{"target:D"}) {
		t.Fatalf("from a zone only into the zone: %v", got)
	}
	s.rng.Force(3, 3, 3, 3) // AV 4+6 = 10, DV 5+2+6 = 13
	ccDo(t, s, "target:D", "with:gb-a1-1", "confirm", "accept")
	if s.dv != 13 {
		t.Errorf("night intra-zone DV %d, want 13", s.dv)
	}
	s = fireState(t, 1, British)
	ccPut(t, s, "D", "ss-ar1-1")
	ccPut(t, s, "8", "gb-a1-2")
	ccDo(t, s, "area:8")
	if ccHas(s, "fire") {
		t.Errorf("no fire from area 8 into zone D: %v", ccLegal(s))
	}
}

// soa:20.1, soa:20.2, soa:20.4: British fire attacks lose one from turn 6, two on turn 8.
func TestFireAmmunition_soa20_1(t *testing.T) {
	for _, c := range []struct{ turn, ammo, av int }{{5, 0, 10}, {6, 1, 9}, {8, 2, 8}} {
		s := fireState(t, c.turn, British)
		s.ammo = c.ammo
		ccPut(t, s, "17", "gb-a1-1")
		ccPut(t, s, "24", "ss-ar1-1")
		s.rng.Force(3, 3, 6, 6)
		ccDo(t, s, "area:17", "fire", "target:24", "with:gb-a1-1", "confirm", "accept")
		if s.av != c.av {
			t.Errorf("turn %d: AV %d, want %d (4+6 less %d)", c.turn, s.av, c.av, c.ammo)
		}
	}
}

// soa:13.4: AT guns are never attacked in an impulse unless alone in the area;
// then they are eliminated without dice and count one lost unit (soa:19.21).
func TestFireLoneAT_soa13_4(t *testing.T) {
	s := fireState(t, 1, German)
	ccPut(t, s, "17", "gb-at-1", "gb-a1-1")
	ccPut(t, s, "24", "ss-ar1-1")
	s.rng.Force(6, 6, 1, 1) // AV 15, DV 7+1+2 = 10: five points
	ccDo(t, s, "area:24", "fire", "target:17", "with:ss-ar1-1", "confirm", "accept")
	if s.dv != 10 {
		t.Errorf("the AT gun's X is no DF: DV %d, want 10", s.dv)
	}
	if ccHas(s, "retreat:gb-at-1") || !ccHas(s, "eliminate:gb-at-1") {
		t.Errorf("an AT gun can take three points by elimination but never retreats: %v", ccLegal(s))
	}
	s = fireState(t, 1, German)
	ccPut(t, s, "17", "gb-at-1")
	ccPut(t, s, "24", "ss-ar1-1")
	rolls := s.rng.Rolls
	ccDo(t, s, "area:24", "fire", "target:17", "with:ss-ar1-1", "confirm")
	u := ccUnit(t, s, "gb-at-1")
	if s.units[u].Loc != locBox || s.units[u].Weight != 1 || s.rng.Rolls != rolls {
		t.Errorf("lone AT gun: at %s weight %d, dice rolled %d", fireAt(t, s, "gb-at-1"), s.units[u].Weight, s.rng.Rolls-rolls)
	}
}

// soa:8.12, soa:8.11: attacks from one area into several are all designated before
// any die is thrown, then resolved in order; units may be left out.
func TestFirePredesignation_soa8_12(t *testing.T) {
	s := fireState(t, 1, British)
	ccPut(t, s, "17", "gb-a1-1", "gb-a1-2", "gb-a1-3")
	ccPut(t, s, "24", "ss-ar1-1")
	ccPut(t, s, "16", "ss-ar1-2")
	rolls := s.rng.Rolls
	ccDo(t, s, "area:17", "fire", "target:24", "with:gb-a1-1", "confirm")
	if s.rng.Rolls != rolls || !ccHas(s, "target:16") || !ccHas(s, "resolve") {
		t.Fatalf("after the first designation: no dice yet, another target or resolve: %v", ccLegal(s))
	}
	ccDo(t, s, "target:16", "with:gb-a1-2")
	if s.rng.Rolls != rolls {
		t.Fatal("no dice before every attack is designated")
	}
	// Nothing is left to designate (the third unit has no target left), so
	// confirming starts the rolls.
	s.rng.Force(1, 1, 6, 6, 1, 1, 6, 6)
	ccDo(t, s, "confirm", "accept")
	if s.cur.Target != s.g.placeIndex["24"] {
		t.Errorf("the first designated attack resolves first")
	}
	ccDo(t, s, "done", "accept")
	if s.cur.Target != s.g.placeIndex["16"] {
		t.Errorf("then the second")
	}
	ccDo(t, s, "done")
	if s.units[ccUnit(t, s, "gb-a1-3")].Committed {
		t.Error("the unit left out stays uncommitted (soa:8.11)")
	}
}

// soa:4.23, soa:13.6: HQ and AT units are infantry for the occupation limit; an
// area holding only enemy AT guns does not stop infantry retreating into it
// but does stop armour.
func TestFireATOccupation_soa4_23_13_6(t *testing.T) {
	s := fireState(t, 1, German)
	ccPut(t, s, "15", "gb-a1-1", "gb-a1-2", "gb-a1-3", "gb-a2-1", "gb-a2-2", "gb-a2-3", "gb-a3-1", "gb-a3-2", "gb-a-hq", "gb-at-1")
	p15 := s.g.placeIndex["15"]
	if s.fits(p15, British, 1, 0) {
		t.Error("eight squads, an HQ and an AT gun fill the area: no eleventh infantry unit")
	}
	ccPut(t, s, "14", "gb-at-2")
	p14 := s.g.placeIndex["14"]
	if p := s.retreatPriority(p14, German, 1, 0, -1); p != prioG {
		t.Errorf("German infantry into an area of British AT guns alone: priority %d, want G", p)
	}
	if p := s.retreatPriority(p14, German, 0, 1, -1); p != prioNone {
		t.Errorf("German armour into it: priority %d, want none", p)
	}
}

// The example under soa:8.12: three uncommitted British units in 17 may fire
// one at each of three adjacent areas (16, 24, 26), or one at one area and
// two at another, or one, two or three at one area and keep the rest back.
// Every attack is designated before the first roll. Dice 1+1 against 6+6:
// a single 4-7-5 has AV 4+2 = 6, two of different platoons 4+1+2 = 7, three
// of one platoon 4+2+1+2 = 9 (soa:8.351 B, C).
func TestFireExample_soa8_12(t *testing.T) {
	run := func(brit []string, plan [][]string, avs []int) *State {
		t.Helper()
		s := fireState(t, 1, British)
		ccPut(t, s, "17", brit...)
		ccPut(t, s, "16", "ss-ar1-1")
		ccPut(t, s, "24", "ss-ar1-2")
		ccPut(t, s, "26", "ss-ar1-3")
		ccDo(t, s, "area:17", "fire")
		rolls := s.rng.Rolls
		for i, attack := range plan {
			ccDo(t, s, "target:"+attack[0])
			for _, id := range attack[1:] {
				ccDo(t, s, "with:"+id)
			}
			if i < len(plan)-1 {
				ccDo(t, s, "confirm")
			}
		}
		if s.rng.Rolls != rolls {
			t.Fatal("dice were thrown before every attack was designated")
		}
		for range avs {
			s.rng.Force(1, 1, 6, 6)
		}
		ccDo(t, s, "confirm") // the last attack; "resolve" if units are held back
		if s.step == stFireTarget {
			ccDo(t, s, "resolve")
		}
		for i, want := range avs {
			if s.step != stReroll || s.av != want || s.cur.Target != trnPlace(s, plan[i][0]) {
				t.Fatalf("attack %d on %s: step %s AV %d, want %d", i+1, plan[i][0], stepNames[s.step], s.av, want)
			}
			ccDo(t, s, "accept", "done")
		}
		if s.step != stImpulse || s.imp != German {
			t.Fatalf("the impulse should be over: step %s", stepNames[s.step])
		}
		return s
	}
	three := []string{"gb-a1-1", "gb-a2-1", "gb-a3-1"}
	run(three, [][]string{{"16", "gb-a1-1"}, {"24", "gb-a2-1"}, {"26", "gb-a3-1"}}, []int{6, 6, 6})
	run(three, [][]string{{"16", "gb-a1-1"}, {"24", "gb-a2-1", "gb-a3-1"}}, []int{6, 7})
	run([]string{"gb-a1-1", "gb-a1-2", "gb-a1-3"}, [][]string{{"24", "gb-a1-1", "gb-a1-2", "gb-a1-3"}}, []int{9})
	s := run(three, [][]string{{"26", "gb-a1-1", "gb-a2-1"}}, []int{7})
	if s.units[ccUnit(t, s, "gb-a3-1")].Committed {
		t.Error("the unit held back stays uncommitted (soa:8.11)")
	}
}

// The example under soa:8.351 C: the LR Company HQ (2-6-4) fires with two
// LR/4 squads (3-5-5) for +1; so do three squads of one platoon. Squads of two
// platoons with the HQ, a battalion HQ with two squads (it has no lower
// organisation), three German reinforcements (soa:17.22), three British
// reinforcements (soa:17.43) or three reformed units (soa:19.5) do not earn
// it. Dice 1+1 against 6+6: AV = best AF + 2 more units + 2 (+1).
func TestFirePlatoonIntegrity_soa8_351(t *testing.T) {
	for _, c := range []struct {
		side  Side
		units []string
		av    int
	}{
		{German, []string{"ss-lr-hq", "ss-lr4-1", "ss-lr4-2"}, 3 + 2 + 2 + 1},
		{German, []string{"ss-lr-hq", "ss-lr6-1", "ss-lr6-3"}, 3 + 2 + 2 + 1},
		{German, []string{"ss-lr4-1", "ss-lr4-2", "ss-lr4-3"}, 3 + 2 + 2 + 1},
		{German, []string{"ss-lr-hq", "ss-lr4-1", "ss-lr5-1"}, 3 + 2 + 2},
		{German, []string{"ss-bn-hq", "ss-lr4-1", "ss-lr4-2"}, 3 + 2 + 2},
		{German, []string{"ss-ar-hq", "ss-lr4-1", "ss-lr4-2"}, 3 + 2 + 2},
		{German, []string{"de-g-01", "de-g-02", "de-g-03"}, 3 + 2 + 2},
		{British, []string{"gb-reinf-1para-1", "gb-reinf-1para-2", "gb-reinf-3para-1"}, 4 + 2 + 2},
		{British, []string{"gb-reformed-1", "gb-reformed-2", "gb-reformed-3"}, 3 + 2 + 2},
		{British, []string{"gb-a-hq", "gb-a2-1", "gb-a2-3"}, 4 + 2 + 2 + 1},
	} {
		s := fireState(t, 1, c.side)
		from, to, target := "16", "17", "gb-a1-1"
		if c.side == British {
			from, to, target = "17", "16", "ss-ar1-1"
		}
		ccPut(t, s, from, c.units...)
		ccPut(t, s, to, target)
		ccDo(t, s, "area:"+from, "fire", "target:"+to)
		for _, id := range c.units {
			ccDo(t, s, "with:"+id)
		}
		s.rng.Force(1, 1, 6, 6)
		ccDo(t, s, "confirm")
		if s.av != c.av {
			t.Errorf("%v: AV %d, want %d", c.units, s.av, c.av)
		}
	}
}

// soa:12.1, soa:8.34, soa:10.7: infantry may fire on armour in its own zone.
// By day in zone D a 4-7-5 fires at a 6-2-8 and a 3-5-5: the 6-2-8's DF 2
// sets the DV, with the +1 of an attack from an adjacent area (10.7):
// AV 4+12 = 16, DV 2+1+2 = 5, eleven points; the 6-2-8 may take four of them
// (soa:12.5). A 6-2-8 alone in a zone is a target too: AV 4+10 = 14,
// DV 2+1+4 = 7, seven points, and eliminating it takes four.
func TestFireArmorInZone_soa12_1_10_7(t *testing.T) {
	s := fireState(t, 1, British)
	ccPut(t, s, "D", "gb-a1-1", "ss-hw-sp-1", "ss-ar1-1")
	s.rng.Force(6, 6, 1, 1)
	ccDo(t, s, "area:D", "fire", "target:D", "with:gb-a1-1", "confirm", "accept")
	if s.av != 16 || s.dv != 5 || s.cp != 11 {
		t.Fatalf("AV %d DV %d CP %d, want 16 5 11", s.av, s.dv, s.cp)
	}
	rtWant(t, "eleven points in D", ccLegal(s), []string{"eliminate:ss-hw-sp-1", "eliminate:ss-ar1-1"})
	ccDo(t, s, "eliminate:ss-hw-sp-1")
	if s.cp != 7 {
		t.Fatalf("the 6-2-8 takes four points: %d left, want 7", s.cp)
	}

	s = fireState(t, 1, British)
	ccPut(t, s, "D", "gb-a1-1", "ss-hw-sp-1")
	ccDo(t, s, "area:D")
	if !ccHas(s, "fire") {
		t.Fatalf("soa:12.1: armour alone in the zone is a target, got %v", ccLegal(s))
	}
	s.rng.Force(5, 5, 2, 2)
	ccDo(t, s, "fire", "target:D", "with:gb-a1-1", "confirm", "accept")
	if s.av != 14 || s.dv != 7 || s.cp != 7 {
		t.Fatalf("AV %d DV %d CP %d, want 14 7 7", s.av, s.dv, s.cp)
	}
	ccDo(t, s, "eliminate:ss-hw-sp-1")
	if fireAt(t, s, "ss-hw-sp-1") != "eliminated" || s.step != stImpulse {
		t.Errorf("the 6-2-8 is gone and the impulse over: at %s, step %s", fireAt(t, s, "ss-hw-sp-1"), stepNames[s.step])
	}
}

// soa:13.4 with soa:13.8: a hidden AT gun may take three casualty points of
// its group by being eliminated. A 3-5-5 in 24 fires by day at a RASC
// section (DF 7) in 17 that shares the area with hidden gun gb-at-1: AV
// 3+12 = 15, DV 7+1+2 = 10, five points. The section alone could take only
// three and would be gone for good (soa:19.23, see the next test); the gun
// takes three and the section the other two. Only the British choices name
// the gun; the German sees it once chosen. (Eliminating the section first
// would leave the gun alone in 17, which reveals it as well.)
func TestFireHiddenATTakesLosses_soa13_4_13_8(t *testing.T) {
	s := rtImpulseOpt(t, options{hiddenAT: true}, 1, German)
	ccPut(t, s, "17", "gb-at-1", "gb-rasc-1")
	s.units[ccUnit(t, s, "gb-at-1")].Hidden = true
	s.stale()
	ccPut(t, s, "24", "ss-ar1-1")
	s.rng.Force(6, 6, 1, 1)
	ccDo(t, s, "area:24", "fire", "target:17", "with:ss-ar1-1", "confirm", "accept")
	if s.av != 15 || s.dv != 10 || s.cp != 5 {
		t.Fatalf("AV %d DV %d CP %d, want 15 10 5", s.av, s.dv, s.cp)
	}
	// retreating the section (one point) would leave the gun's three: 4 < 5
	rtWant(t, "five points", ccLegal(s), []string{"eliminate:gb-at-1", "eliminate:gb-rasc-1"})
	if rtSeesAT(t, s, "german") || rtSeesAT(t, s, engine.Spectator) {
		t.Fatal("soa:13.8: offering the gun to the British shows it to nobody else")
	}
	ccDo(t, s, "eliminate:gb-at-1")
	if !rtSeesAT(t, s, "german") || !rtLogged(s, "soa:13.8", "revealed to take losses") {
		t.Fatal("the gun chosen to take losses is revealed")
	}
	// two points left: a retreat would meet only one
	rtWant(t, "two points left", ccLegal(s), []string{"eliminate:gb-rasc-1"})
	ccDo(t, s, "eliminate:gb-rasc-1")
	rasc, gun := ccUnit(t, s, "gb-rasc-1"), ccUnit(t, s, "gb-at-1")
	if s.units[gun].Loc != locBox || s.units[gun].Weight != 1 || s.units[rasc].Loc != locBox || s.units[rasc].Weight != 2 {
		t.Errorf("gun: %s weight %d (want box 1); section: %s weight %d (want box 2, soa:19.22)",
			fireAt(t, s, "gb-at-1"), s.units[gun].Weight, fireAt(t, s, "gb-rasc-1"), s.units[rasc].Weight)
	}
	if !rtLogged(s, "soa:8.354", "(3 casualty points)") || !rtLogged(s, "soa:8.354", "(2 casualty points)") {
		t.Error("the log counts the points each elimination took")
	}
}

// soa:13.8: while a gun is hidden the British owing points he cannot
// meet is asked all the same, gun or no gun in the place: the German's view
// must not tell the two apart. The same fire on the RASC section alone, a
// gun hidden in 18: after the section is eliminated the British still has
// the step, with only "done".
func TestFireHiddenATNoTell_soa13_8(t *testing.T) {
	s := rtImpulseOpt(t, options{hiddenAT: true}, 1, German)
	ccPut(t, s, "17", "gb-rasc-1")
	ccPut(t, s, "18", "gb-at-1", "gb-a1-1")
	s.units[ccUnit(t, s, "gb-at-1")].Hidden = true
	s.stale()
	ccPut(t, s, "24", "ss-ar1-1")
	s.rng.Force(6, 6, 1, 1)
	ccDo(t, s, "area:24", "fire", "target:17", "with:ss-ar1-1", "confirm", "accept", "eliminate:gb-rasc-1")
	if s.ToMove() != "british" || !slices.Equal(ccLegal(s), []string{"done"}) {
		t.Fatalf("the British confirms: to move %s, %v", s.ToMove(), ccLegal(s))
	}
	ccDo(t, s, "done")
	if s.units[ccUnit(t, s, "gb-rasc-1")].Loc != locElim {
		t.Errorf("two points beyond the section's three: gone for good (soa:19.23)")
	}
}

// soa:13.3, soa:8.3553, soa:13.7: an AT gun in 17 fires at a 6-2-8 (primary
// target), a 3-3-10 and a 3-5-5 in 24: AV 6+2 = 8, DV 2+1+12 = 15, no
// effect. The 3-5-5, not hit by the AT attack, may still retreat, and so may
// the primary; the 3-3-10 only once the primary has gone first. "Done"
// comes first and says the fire had no effect (soa:8.354). All that retreat
// go together to 15, the one area not next to the British (soa:8.3551 A).
func TestFirePrimaryOthersRetreat_soa13_3_13_7(t *testing.T) {
	s := fireState(t, 1, British)
	ccPut(t, s, "17", "gb-at-1")
	ccPut(t, s, "24", "ss-hw-sp-1", "ss-ac-1", "ss-ar1-1")
	s.rng.Force(1, 1, 6, 6)
	ccDo(t, s, "area:17", "fire", "target:24", "with:gb-at-1", "confirm", "primary:ss-hw-sp-1", "accept")
	if s.av != 8 || s.dv != 15 || s.cp != 0 {
		t.Fatalf("AV %d DV %d CP %d, want 8 15 0", s.av, s.dv, s.cp)
	}
	got := ccLegal(s)
	rtWant(t, "no effect", got, []string{"done", "retreat:ss-hw-sp-1", "retreat:ss-ar1-1"})
	if got[0] != "done" {
		t.Errorf("soa:8.354: no retreat is offered first, got %v", got)
	}
	if c := s.Describe(act(kDone, 0)); !strings.Contains(c.Label, "no effect") {
		t.Errorf("the first choice says the fire had no effect: %q", c.Label)
	}
	if !rtLogged(s, "soa:8.3553", "may still retreat") {
		t.Error("the log says the units fired on may still retreat")
	}
	ccDo(t, s, "retreat:ss-ar1-1")
	rtWant(t, "after the 3-5-5", ccLegal(s), []string{"done", "retreat:ss-hw-sp-1"})
	ccDo(t, s, "retreat:ss-hw-sp-1")
	rtWant(t, "after the primary", ccLegal(s), []string{"done", "retreat:ss-ac-1"})
	ccDo(t, s, "done")
	for id, want := range map[string]string{"ss-ar1-1": "15", "ss-hw-sp-1": "15", "ss-ac-1": "24"} {
		if at := fireAt(t, s, id); at != want {
			t.Errorf("%s in %s, want %s", id, at, want)
		}
	}
}

// soa:8.3552 with soa:13.21: an AT gun and a 4-7-5 in 17 fire in one impulse
// at the Mk III (DF 5) and the 3-5-5 in 24; British infantry in 15 shuts
// that way for the 3-5-5, so the ways out are 16 and 26, each next to one
// British area (soa:8.3551 F). AT attack: AV 6+2 = 8, DV 5+1+12 = 18, no
// effect; the Mk III chooses to retreat, and waits. Fire: AV 4+8 = 12,
// DV 5+1+5 = 11, one point, met by retreating the 3-5-5. Both retreat as
// one group: one choice of area, and both end there.
func TestFireRetreatOneGroup_soa8_3552_13_21(t *testing.T) {
	s := fireState(t, 1, British)
	ccPut(t, s, "17", "gb-at-1", "gb-a1-1")
	ccPut(t, s, "15", "gb-a2-1")
	ccPut(t, s, "24", "ss-hqc-mk3-1", "ss-ar1-1")
	s.rng.Force(1, 1, 6, 6, 4, 4, 2, 3)
	ccDo(t, s, "area:17", "fire", "target:24", "with:gb-at-1", "confirm", "target:24", "with:gb-a1-1", "confirm", "accept")
	if s.av != 8 || s.dv != 18 {
		t.Fatalf("AT attack AV %d DV %d, want 8 18", s.av, s.dv)
	}
	ccDo(t, s, "retreat:ss-hqc-mk3-1", "done")
	if fireAt(t, s, "ss-hqc-mk3-1") != "24" || s.step != stReroll {
		t.Fatalf("the Mk III waits in 24 for the impulse's other attack: in %s, step %s", fireAt(t, s, "ss-hqc-mk3-1"), stepNames[s.step])
	}
	ccDo(t, s, "accept")
	if s.av != 12 || s.dv != 11 || s.cp != 1 {
		t.Fatalf("fire AV %d DV %d CP %d, want 12 11 1", s.av, s.dv, s.cp)
	}
	if !rtLogged(s, "soa:8.353", "1 casualty point in 24") {
		t.Error("the log says 1 casualty point")
	}
	c := s.Clone().(*State)
	ccDo(t, c, "eliminate:ss-ar1-1")
	if !rtLogged(c, "soa:8.354", "(1 casualty point)") {
		t.Error("the log says the elimination took 1 casualty point")
	}
	ccDo(t, s, "retreat:ss-ar1-1")
	rtWant(t, "one retreat for both", ccLegal(s), []string{"dest:16", "dest:26"})
	for _, c := range engine.Choices(s) {
		rtWant(t, c.ID+" names the area and both retreating units", c.Refs, []string{"area:" + strings.TrimPrefix(c.ID, "dest:"), "unit:ss-hqc-mk3-1", "unit:ss-ar1-1"})
	}
	ccDo(t, s, "dest:26")
	for _, id := range []string{"ss-hqc-mk3-1", "ss-ar1-1"} {
		if u := ccUnit(t, s, id); fireAt(t, s, id) != "26" || !s.units[u].Committed {
			t.Errorf("%s in %s (committed %v), want 26 committed", id, fireAt(t, s, id), s.units[u].Committed)
		}
	}
	if s.step != stImpulse || s.imp != German {
		t.Errorf("one retreat, then the German impulse: step %s", stepNames[s.step])
	}
}

// soa:13.7 with soa:13.21, soa:8.3552: both AT guns in 17 fire at 24, each
// naming the Tiger (DF 7) its primary target. First: AV 6+2 = 8, DV
// 7+1+12 = 20, no effect, and the Tiger chooses to retreat. It has left
// when the second attack resolves, which then has no primary: DV is the
// 6-2-8's 2+1+6 = 9 against AV 6+6 = 12, three points, which only
// eliminating the 6-2-8 meets (a retreat is one point).
func TestFirePrimaryGoneBeforeSecondAT_soa13_7(t *testing.T) {
	s := fireState(t, 1, British)
	ccPut(t, s, "17", "gb-at-1", "gb-at-2")
	ccPut(t, s, "24", "ss-hw-sp-1", "de-tiger-1")
	s.rng.Force(1, 1, 6, 6, 3, 3, 3, 3)
	ccDo(t, s, "area:17", "fire", "target:24", "with:gb-at-1", "confirm", "primary:de-tiger-1",
		"target:24", "with:gb-at-2", "confirm", "primary:de-tiger-1", "accept")
	if s.av != 8 || s.dv != 20 {
		t.Fatalf("first AT attack AV %d DV %d, want 8 20", s.av, s.dv)
	}
	ccDo(t, s, "retreat:de-tiger-1", "done", "accept")
	if s.av != 12 || s.dv != 9 || s.cp != 3 {
		t.Fatalf("second AT attack AV %d DV %d CP %d, want 12 9 3", s.av, s.dv, s.cp)
	}
	rtWant(t, "three points", ccLegal(s), []string{"eliminate:ss-hw-sp-1"})
	ccDo(t, s, "eliminate:ss-hw-sp-1")
	if fireAt(t, s, "de-tiger-1") != "15" || fireAt(t, s, "ss-hw-sp-1") != "eliminated" {
		t.Errorf("Tiger in %s (want 15), 6-2-8 %s", fireAt(t, s, "de-tiger-1"), fireAt(t, s, "ss-hw-sp-1"))
	}
}

// soa:13.21 with soa:8.351 B: both AT guns of an area may fire together as
// one AT attack (docs/conformance/soa.md). From 17 by day at a lone Mk III
// (DF 5) in 24: AV 6 +1 (second gun) +6 = 13, DV 5 +1 (adjacent) +4 = 10,
// three points, which a retreat (one) cannot meet: the Mk III is eliminated.
func TestFireTwoATGunsTogether_soa13_21(t *testing.T) {
	s := fireState(t, 1, British)
	ccPut(t, s, "17", "gb-at-1", "gb-at-2")
	ccPut(t, s, "24", "ss-hqc-mk3-1")
	ccDo(t, s, "area:17", "fire", "target:24", "with:gb-at-1")
	if !ccHas(s, "with:gb-at-2") {
		t.Fatalf("the second gun may join the first: %v", ccLegal(s))
	}
	s.rng.Force(3, 3, 2, 2)
	ccDo(t, s, "with:gb-at-2", "confirm", "accept")
	if s.av != 13 || s.dv != 10 || s.cp != 3 {
		t.Fatalf("AV %d DV %d CP %d, want 13 10 3", s.av, s.dv, s.cp)
	}
	rtWant(t, "three points on the Mk III", ccLegal(s), []string{"eliminate:ss-hqc-mk3-1"})
}

// soa:13.4, soa:10.7: in a perimeter zone, where fire and close combat are
// conducted as in an area, an AT gun alone is eliminated when fired on,
// without dice, and at the end of close combat when Germans share the zone;
// each counts one lost unit (soa:19.21).
func TestFireLoneATInZone_soa13_4_10_7(t *testing.T) {
	s := fireState(t, 1, German)
	ccPut(t, s, "A", "gb-at-1", "ss-ar1-1")
	rolls := s.rng.Rolls
	ccDo(t, s, "area:A", "fire", "target:A", "with:ss-ar1-1", "confirm")
	if u := s.units[ccUnit(t, s, "gb-at-1")]; u.Loc != locBox || u.Weight != 1 || s.rng.Rolls != rolls {
		t.Fatalf("fire in the zone: the gun at %s weight %d, %d dice", fireAt(t, s, "gb-at-1"), u.Weight, s.rng.Rolls-rolls)
	}

	s = ccState(t, options{})
	ccPut(t, s, "A", "gb-at-1", "ss-ar1-1")
	s.ta = German // the British attack first and have no target for the gun
	s.startCloseCombat()
	s.rng.Force(1) // the German's attack on the gun fails
	ccDo(t, s, "attack:gb-at-1", "with:ss-ar1-1", "confirm", "resolve", "accept")
	if u := s.units[ccUnit(t, s, "gb-at-1")]; u.Loc != locBox || u.Weight != 1 {
		t.Fatalf("end of close combat in the zone: the gun at %s weight %d", fireAt(t, s, "gb-at-1"), u.Weight)
	}
}

// soa:8.3554: a unit that has retreated may be fired on again in its new
// area in a later impulse, and retreat again. The German 3-5-5 retreats
// from 24 without losses and arrives committed (soa:8.354 A); in the next
// British impulse a 4-7-5 in its new area fires at the committed group:
// AV 4 + 6 = 10 against DV 3 (its committed face, soa:4.2) + 0 (same area)
// + 6 = 9, one casualty point, which it may take by retreating again.
func TestFireRetreatAgain_soa8_3554(t *testing.T) {
	s := fireState(t, 1, British)
	ccPut(t, s, "17", "gb-a1-1")
	ccPut(t, s, "24", "ss-ar1-1")
	s.rng.Force(1, 1, 6, 6) // no effect
	ccDo(t, s, "area:17", "fire", "target:24", "with:gb-a1-1", "confirm", "accept", "retreat:ss-ar1-1")
	for s.step != stImpulse { // the German finishes his step and picks any retreat destination
		ccDo(t, s, ccLegal(s)[0])
	}
	at := fireAt(t, s, "ss-ar1-1")
	if at == "24" || !s.units[ccUnit(t, s, "ss-ar1-1")].Committed || s.imp != German {
		t.Fatalf("after the retreat: in %s, committed %v, impulse %s", at, s.units[ccUnit(t, s, "ss-ar1-1")].Committed, s.imp)
	}
	ccDo(t, s, "pass")
	ccPut(t, s, at, "gb-a1-2")
	s.rng.Force(3, 3, 3, 3)
	ccDo(t, s, "area:"+at, "fire", "target:"+at, "with:gb-a1-2", "confirm", "accept")
	if s.av != 10 || s.dv != 9 || s.cp != 1 {
		t.Fatalf("second fire: AV %d DV %d, %d points; want 10, 9, 1", s.av, s.dv, s.cp)
	}
	if !ccHas(s, "retreat:ss-ar1-1") {
		t.Fatalf("the retreated unit may retreat again: %v", ccLegal(s))
	}
}

// soa:13.8: once no AT gun is hidden, a British defender owing points he
// cannot meet is not asked to confirm: the RASC section in 17, fired on for
// five points, is eliminated for three and the step ends (soa:19.23).
func TestFireNoGunHiddenNoAsk_soa13_8(t *testing.T) {
	s := rtImpulseOpt(t, options{hiddenAT: true}, 1, German)
	ccPut(t, s, "17", "gb-rasc-1")
	ccPut(t, s, "24", "ss-ar1-1")
	s.rng.Force(6, 6, 1, 1)
	ccDo(t, s, "area:24", "fire", "target:17", "with:ss-ar1-1", "confirm", "accept", "eliminate:gb-rasc-1")
	if s.step == stAbsorb {
		t.Fatalf("the British is asked to confirm: %v", ccLegal(s))
	}
}
