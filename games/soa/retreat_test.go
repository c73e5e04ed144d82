package soa

import (
	"slices"
	"strings"
	"testing"
)

// retreatFrom15 has the British in 24 fire by day at a German 3-5-5 in 15
// (neighbours 14, 20, 24, 25 and zone C) for one casualty point, which the
// German takes as a retreat; it returns the destinations offered.
func retreatFrom15(t *testing.T, prepare func(s *State)) (*State, []string) {
	t.Helper()
	s := fireState(t, 1, British)
	ccPut(t, s, "24", "gb-a1-1")
	ccPut(t, s, "15", "ss-ar1-1")
	prepare(s)
	s.rng.Force(3, 3, 1, 1)          // AV 4+6 = 10, DV 5+1+2 = 8: two points... see below
	s.rng.Forced = []int{2, 2, 1, 1} // AV 4+4 = 8, DV 5+1+2 = 8: no effect; the German retreats anyway (soa:8.3553)
	ccDo(t, s, "area:24", "fire", "target:15", "with:gb-a1-1", "confirm", "accept", "retreat:ss-ar1-1")
	var dests []string
	for _, l := range ccLegal(s) {
		if d, ok := strings.CutPrefix(l, "dest:"); ok {
			dests = append(dests, d)
		}
	}
	slices.Sort(dests)
	return s, dests
}

// soa:8.3551 B before C: with 14, 20 and 25 next to British-held 20, zone C
// (no enemy) comes first.
func TestRetreatZoneFirst_soa8_3551(t *testing.T) {
	s, _ := retreatFrom15(t, func(s *State) { ccPut(t, s, "20", "gb-a1-2") })
	if at := fireAt(t, s, "ss-ar1-1"); at != "C" {
		t.Errorf("retreated to %s, want zone C (priority B)", at)
	}
}

// soa:8.3551 C before D: with British in zone C too, 14 and 25 (not next to
// 24, the area that fired) come before the enemy-held zone; the German picks.
func TestRetreatPriorityC_soa8_3551(t *testing.T) {
	_, dests := retreatFrom15(t, func(s *State) { ccPut(t, s, "20", "gb-a1-2"); ccPut(t, s, "C", "gb-a1-3") })
	if !slices.Equal(dests, []string{"14", "25"}) {
		t.Errorf("destinations %v, want 14 and 25", dests)
	}
}

// soa:8.3551 D before E, soa:8.3552: full areas come after a zone held by the
// enemy (soa:10.2).
func TestRetreatEnemyZoneBeforeFullArea_soa8_3551_10_2(t *testing.T) {
	s, _ := retreatFrom15(t, func(s *State) {
		ccPut(t, s, "20", "gb-a1-2")
		ccPut(t, s, "C", "gb-a1-3")
		ccPut(t, s, "14", "bo-1-1-1", "bo-1-1-2", "bo-1-1-3", "bo-1-2-1", "bo-1-2-2", "bo-1-2-3", "bo-1-3-1", "bo-1-3-2", "bo-1-3-3", "bo-1-hq")
		ccPut(t, s, "25", "bo-2-1-1", "bo-2-1-2", "bo-2-1-3", "bo-2-2-1", "bo-2-2-2", "bo-2-2-3", "bo-2-3-1", "bo-2-3-2", "bo-2-3-3", "bo-2-hq")
	})
	if at := fireAt(t, s, "ss-ar1-1"); at != "C" {
		t.Errorf("retreated to %s, want zone C (priority D)", at)
	}
}

// soa:8.3551 E, 8.3552: with only full areas open the retreat passes
// through one and goes on from there by the same priorities.
func TestRetreatThroughFullArea_soa8_3552(t *testing.T) {
	s := fireState(t, 1, British)
	ccPut(t, s, "17", "gb-a1-1")
	ccPut(t, s, "18", "gb-a1-2")
	ccPut(t, s, "26", "ss-ar1-1")
	ccPut(t, s, "24", "bo-1-1-1", "bo-1-1-2", "bo-1-1-3", "bo-1-2-1", "bo-1-2-2", "bo-1-2-3", "bo-1-3-1", "bo-1-3-2", "bo-1-3-3", "bo-1-hq")
	ccPut(t, s, "25", "bo-2-1-1", "bo-2-1-2", "bo-2-1-3", "bo-2-2-1", "bo-2-2-2", "bo-2-2-3", "bo-2-3-1", "bo-2-3-2", "bo-2-3-3", "bo-2-hq")
	s.rng.Force(2, 2, 1, 1)
	ccDo(t, s, "area:17", "fire", "target:26", "with:gb-a1-1", "confirm", "accept", "retreat:ss-ar1-1")
	if got := ccLegal(s); !slices.Equal(got, []string{"dest:24", "dest:25"}) {
		t.Fatalf("both neighbours are full (E): %v", got)
	}
	// From 25 the retreat goes on: 15 and 20 are free, 18 holds British
	// infantry and 26 was passed; 15 touches no British area (A), 20 touches 18.
	ccDo(t, s, "dest:25")
	if at := fireAt(t, s, "ss-ar1-1"); at != "15" {
		t.Errorf("the retreat should end in 15, at %s", at)
	}
}

// soa:8.3551 C before F: 25 is not next to 17, which fired; 24 is.
func TestRetreatPriorityCBeforeF_soa8_3551(t *testing.T) {
	s := fireState(t, 1, British)
	ccPut(t, s, "17", "gb-a1-1")
	ccPut(t, s, "18", "gb-a1-2")
	ccPut(t, s, "15", "gb-a1-3")
	ccPut(t, s, "26", "ss-ar1-1")
	s.rng.Force(2, 2, 1, 1)
	ccDo(t, s, "area:17", "fire", "target:26", "with:gb-a1-1", "confirm", "accept", "retreat:ss-ar1-1")
	if at := fireAt(t, s, "ss-ar1-1"); at != "25" {
		t.Errorf("retreated to %s, want 25", at)
	}
}

// soa:8.3551 F: among areas next to the firing area, the one next to the
// fewest enemy-occupied areas. From 24 fired on by 17 (15 blocked by British
// infantry), 16 and 26 are both next to 17.
func TestRetreatFewestEnemies_soa8_3551(t *testing.T) {
	for _, c := range []struct {
		extra []string // places given a British unit besides 17, 15 and 18
		want  string
	}{
		{nil, "16"},                  // 16 touches 17 (1); 26 touches 17 and 18 (2)
		{[]string{"23", "13"}, "26"}, // 16 now touches 17, 23 and 13 (3)
	} {
		s := fireState(t, 1, British)
		ccPut(t, s, "17", "gb-a1-1")
		ccPut(t, s, "15", "gb-a1-2")
		ccPut(t, s, "18", "gb-a1-3")
		for i, q := range c.extra {
			ccPut(t, s, q, []string{"gb-a2-1", "gb-a2-2"}[i])
		}
		ccPut(t, s, "24", "ss-ar1-1")
		s.rng.Force(2, 2, 1, 1)
		ccDo(t, s, "area:17", "fire", "target:24", "with:gb-a1-1", "confirm", "accept", "retreat:ss-ar1-1")
		if at := fireAt(t, s, "ss-ar1-1"); at != c.want {
			t.Errorf("British also in %v: retreated to %s, want %s", c.extra, at, c.want)
		}
	}
}

// soa:12.4, soa:8.3551 G/H, 13.6: only armour retreats into an area of enemy
// infantry, as a last resort, and never where an enemy AT gun stands.
func TestRetreatArmor_soa12_4_13_6(t *testing.T) {
	s := fireState(t, 1, British)
	ccPut(t, s, "26", "gb-a1-1", "ss-hw-sp-1") // fire from within 26 at the 6-2-8
	ccPut(t, s, "17", "gb-a1-2")
	ccPut(t, s, "18", "gb-a1-3")
	ccPut(t, s, "24", "gb-a2-1")
	ccPut(t, s, "25", "gb-a2-2", "gb-at-1")
	s.rng.Force(1, 1, 6, 6) // no effect; the armour retreats anyway
	ccDo(t, s, "area:26", "fire", "target:26", "with:gb-a1-1", "confirm", "accept")
	if !ccHas(s, "retreat:ss-hw-sp-1") {
		t.Fatalf("armour may retreat into enemy infantry (H): %v", ccLegal(s))
	}
	ccDo(t, s, "retreat:ss-hw-sp-1")
	var dests []string
	for _, l := range ccLegal(s) {
		if d, ok := strings.CutPrefix(l, "dest:"); ok {
			dests = append(dests, d)
		}
	}
	slices.Sort(dests)
	if !slices.Equal(dests, []string{"17", "18", "24"}) {
		t.Errorf("H: 17, 18 or 24 but not 25 with its AT gun; offered %v", dests)
	}
}

// soa:10.2: a retreat may go into any zone connected by an arrow, whatever
// it would cost to enter: the German battalion HQ (MF 4) in 29, with British
// infantry in 8, 22 and 30, retreats into zone A although six British units
// there would cost 5 MF to enter (soa:10.4).
func TestRetreatIntoCostlyZone_soa10_2(t *testing.T) {
	s := fireState(t, 1, British)
	ccPut(t, s, "22", "gb-a1-1")
	ccPut(t, s, "8", "gb-a1-2")
	ccPut(t, s, "30", "gb-a1-3")
	rtPutN(t, s, British, "A", 6, false)
	ccPut(t, s, "29", "ss-bn-hq")
	s.rng.Force(1, 1, 6, 6) // AV 4+2 = 6, DV 6+1+12 = 19: no effect; the HQ retreats anyway
	ccDo(t, s, "area:22", "fire", "target:29", "with:gb-a1-1", "confirm", "accept", "retreat:ss-bn-hq")
	if at := fireAt(t, s, "ss-bn-hq"); at != "A" {
		t.Fatalf("retreated to %s, want zone A", at)
	}
}
