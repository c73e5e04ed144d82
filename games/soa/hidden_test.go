package soa

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"sandtable/engine"
)

// Hidden information (docs/design.md section 3): the secret set-ups (soa:5.5),
// hidden anti-tank guns (soa:13.8), spectators, and the RNG, checked on the
// JSON view documents a seat receives (engine.MakeView).

// rtOnMapUnits lists side's units that are on a place of the map. German
// artillery counters are public in their box (soa:5.3) and never on the map.
func rtOnMapUnits(s *State, side Side) []int16 {
	var out []int16
	for _, u := range s.g.sideUnits[side] {
		if s.units[u].Loc >= 0 {
			out = append(out, u)
		}
	}
	return out
}

// rtNoRNG fails if a view document carries the generator's state or forced dice.
func rtNoRNG(t *testing.T, s *State, doc string) {
	t.Helper()
	var m any
	if err := json.Unmarshal([]byte(doc), &m); err != nil {
		t.Fatal(err)
	}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				switch strings.ToLower(k) {
				case "rng", "forced", "seed", "rolls", "chits":
					t.Fatalf("a view carries %q", k)
				}
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(m)
	// (a short state is the bare seed before any roll, digits any view may hold)
	if st := strconv.FormatUint(s.rng.State, 10); len(st) >= 8 && strings.Contains(doc, st) {
		t.Fatal("a view carries the RNG state")
	}
}

// soa:5.5 (and soa:5.4): until both set-ups are revealed, neither player's
// view, nor a spectator's, names a unit the other side has set up; the
// German sets up without seeing the British set-up. After the reveal both
// are seen. No view carries the RNG.
func TestHiddenSetups_soa5_5(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		pick := engine.NewRNG(seed)
		s := rtNew(t, nil, seed)
		check := func() {
			for _, seat := range []engine.Seat{"german", "british", engine.Spectator} {
				doc := rtViewJSON(t, s, seat)
				rtNoRNG(t, s, doc)
				for _, side := range []Side{German, British} {
					if side.Seat() == seat {
						continue
					}
					for _, u := range rtOnMapUnits(s, side) {
						if rtShows(s, doc, u) {
							t.Fatalf("seed %d step %s: the %s view names %s unit %s before the reveal",
								seed, stepNames[s.step], seat, side, s.g.units[u].ID)
						}
					}
				}
			}
		}
		rtRandom(t, s, &pick, func() bool {
			if !s.revealed {
				check()
			}
			return !s.revealed
		})
		if len(rtOnMapUnits(s, German)) == 0 || len(rtOnMapUnits(s, British)) == 0 {
			t.Fatal("both sides should be on the map")
		}
		for _, seat := range []engine.Seat{"german", "british", engine.Spectator} {
			doc := rtViewJSON(t, s, seat)
			for _, u := range append(rtOnMapUnits(s, German), rtOnMapUnits(s, British)...) {
				if !s.units[u].Hidden && !rtShows(s, doc, u) {
					t.Fatalf("after the reveal the %s view lacks %s", seat, s.g.units[u].ID)
				}
			}
		}
	}
}

// soa:13.8: with hidden_at=on, through whole random games, the German's and
// a spectator's views never name an anti-tank gun while it is hidden, the
// British view always shows it; guns are hidden at the start unless alone.
// No view ever carries the RNG.
func TestHiddenATRandomGames_soa13_8(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		pick := engine.NewRNG(seed + 40)
		s := rtNew(t, map[string]string{"hidden_at": "on"}, seed)
		ats := []int16{ccUnit(t, s, "gb-at-1"), ccUnit(t, s, "gb-at-2")}
		sawHidden, sawRevealed := false, false
		rtRandom(t, s, &pick, func() bool {
			hidden := false
			for _, u := range ats {
				hidden = hidden || s.units[u].Hidden
			}
			// every choice while a gun hides during the first 600, then every 5th
			// (views carry the whole log, so late views are long)
			if (!hidden || s.count > 600) && s.count%5 != 0 {
				return true
			}
			for _, seat := range []engine.Seat{"german", "british", engine.Spectator} {
				doc := rtViewJSON(t, s, seat)
				if s.count%50 == 0 {
					rtNoRNG(t, s, doc)
				}
				for _, u := range ats {
					switch {
					case !s.units[u].Hidden || !s.revealed:
					case seat == "british":
						if !rtShows(s, doc, u) {
							t.Fatalf("the British view lacks its own hidden gun %s", s.g.units[u].ID)
						}
					default:
						if rtShows(s, doc, u) {
							t.Fatalf("seed %d step %s: the %s view names hidden gun %s", seed, stepNames[s.step], seat, s.g.units[u].ID)
						}
					}
				}
			}
			for _, u := range ats {
				if s.revealed && s.units[u].Loc >= 0 {
					sawHidden = sawHidden || s.units[u].Hidden
					sawRevealed = sawRevealed || !s.units[u].Hidden
				}
			}
			return true
		})
		t.Logf("seed %d: saw a hidden gun %v, a revealed gun %v", seed, sawHidden, sawRevealed)
	}
}

// rtHiddenAT is a British impulse with hidden_at=on: gun gb-at-1 hidden in
// 17 with gb-rasc-1, German Mk III armour in adjacent 16.
func rtHiddenAT(t *testing.T) *State {
	t.Helper()
	s := rtImpulseOpt(t, options{hiddenAT: true}, 1, British)
	ccPut(t, s, "17", "gb-at-1", "gb-rasc-1")
	s.units[ccUnit(t, s, "gb-at-1")].Hidden = true
	s.stale()
	ccPut(t, s, "16", "ss-hqc-mk3-1")
	ccPut(t, s, "28", "ss-ar1-1")
	return s
}

// rtSeesAT reports whether seat's view names gb-at-1.
func rtSeesAT(t *testing.T, s *State, seat engine.Seat) bool {
	t.Helper()
	return rtShows(s, rtViewJSON(t, s, seat), ccUnit(t, s, "gb-at-1"))
}

// soa:13.8: a hidden gun is revealed when it fires (at the Mk III next door).
func TestHiddenATRevealedByFire_soa13_8(t *testing.T) {
	s := rtHiddenAT(t)
	if rtSeesAT(t, s, "german") || rtSeesAT(t, s, engine.Spectator) || !rtSeesAT(t, s, "british") {
		t.Fatal("only the British see the hidden gun")
	}
	ccDo(t, s, "area:17", "fire", "target:16", "with:gb-at-1")
	if rtSeesAT(t, s, "german") {
		t.Fatal("picking the gun as a firer before the attack is designated already shows it")
	}
	ccDo(t, s, "confirm")
	if !rtSeesAT(t, s, "german") || !rtSeesAT(t, s, engine.Spectator) {
		t.Fatal("a gun that fires is revealed")
	}
}

// soa:13.8: a hidden gun is revealed when it moves (MF 1: 17 -> 18, which
// is next to no German area once the Mk III stands in 28).
func TestHiddenATRevealedByMove_soa13_8(t *testing.T) {
	s := rtHiddenAT(t)
	ccPut(t, s, "28", "ss-hqc-mk3-1") // nothing next to 18 now
	ccDo(t, s, "area:17", "move", "unit:gb-at-1")
	if !rtSeesAT(t, s, "german") {
		t.Fatal("a gun that moves is revealed")
	}
	ccDo(t, s, "to:18")
	if rtLoc(t, s, "gb-at-1") != "18" || !rtSeesAT(t, s, "german") {
		t.Fatal("the moved gun is seen in 18")
	}
}

// soa:13.8: a hidden gun is revealed when it is the only British unit in
// its area: gb-rasc-1 leaves 17.
func TestHiddenATRevealedWhenAlone_soa13_8(t *testing.T) {
	s := rtHiddenAT(t)
	ccPut(t, s, "28", "ss-hqc-mk3-1")
	ccDo(t, s, "area:17", "move", "unit:gb-rasc-1")
	if rtSeesAT(t, s, "german") {
		t.Fatal("moving another unit does not reveal the gun")
	}
	ccDo(t, s, "to:18")
	if s.units[ccUnit(t, s, "gb-at-1")].Hidden || !rtSeesAT(t, s, "german") {
		t.Fatal("a gun left alone in 17 is revealed")
	}
}

// soa:13.8 is optional: without it the guns are never hidden and the German
// sees them as soon as the set-ups are revealed.
func TestHiddenATOptionOff_soa13_8(t *testing.T) {
	pick := engine.NewRNG(3)
	s := rtNew(t, nil, 3)
	rtRandom(t, s, &pick, func() bool { return !s.revealed })
	for _, id := range []string{"gb-at-1", "gb-at-2"} {
		u := ccUnit(t, s, id)
		if s.units[u].Hidden || !rtShows(s, rtViewJSON(t, s, "german"), u) {
			t.Fatalf("%s hidden without the option", id)
		}
	}
	s = rtNew(t, map[string]string{"hidden_at": "on"}, 3)
	rtRandom(t, s, &pick, func() bool { return !s.revealed })
	n := 0
	for _, id := range []string{"gb-at-1", "gb-at-2"} {
		if s.units[ccUnit(t, s, id)].Hidden {
			n++
		}
	}
	t.Logf("with the option %d of 2 guns start hidden", n)
}

// docs/design.md section 3: forced dice and the generator never reach a view,
// neither the seat to move (whose document lists its choices) nor others.
func TestHiddenViewsCarryNoRNG(t *testing.T) {
	s := rtNew(t, map[string]string{"bidding": "on", "combat": "chits"}, 987654321987)
	s.rng.Force(3, 4, 5)
	for _, seat := range []engine.Seat{"german", "british", engine.Spectator} {
		doc := rtViewJSON(t, s, seat)
		rtNoRNG(t, s, doc)
		if strings.Contains(doc, "[3,4,5]") {
			t.Fatal("forced dice in a view")
		}
	}
}

// soa:13.8: the guns are revealed when AT guns are the only British units in
// their area, however many: gb-at-2, revealed, stays in 17 with the hidden
// gb-at-1 when gb-rasc-1 leaves, and both are then all the British there.
func TestHiddenATRevealedWhenAloneWithGun_soa13_8(t *testing.T) {
	s := rtHiddenAT(t)
	ccPut(t, s, "17", "gb-at-2")
	ccPut(t, s, "28", "ss-hqc-mk3-1")
	ccDo(t, s, "area:17", "move", "unit:gb-rasc-1", "to:18")
	if s.units[ccUnit(t, s, "gb-at-1")].Hidden || !rtSeesAT(t, s, "german") {
		t.Fatal("a gun left in 17 with only another gun is revealed")
	}
}

// soa:8.43, soa:13.8: when both sides have passed, the British holding the
// Tactical Advantage is asked whether to continue the phase while a gun is
// hidden, whether or not the gun could fire: asking only when a hidden gun
// stands next to German armour would tell the German so. With the gun in
// 17, next to the Mk III in 16, he may continue; with it in 12, where German
// infantry in 1, 6 and 7 leave its 1 MF no area to enter (soa:8.22) and no
// armour to fire at, he may only let the phase end.
func TestHiddenATContinueNoTell_soa8_43_13_8(t *testing.T) {
	for _, near := range []bool{true, false} {
		s := rtImpulseOpt(t, options{hiddenAT: true}, 1, German)
		s.ta, s.passes = British, 1 // the British passed
		ccPut(t, s, "16", "ss-hqc-mk3-1")
		ccPut(t, s, "1", "ss-ar1-1")
		ccPut(t, s, "6", "ss-ar1-2")
		ccPut(t, s, "7", "ss-ar1-3")
		gunAt := "12"
		if near {
			gunAt = "17"
		}
		ccPut(t, s, gunAt, "gb-at-1", "gb-rasc-1")
		s.units[ccUnit(t, s, "gb-at-1")].Hidden = true
		s.units[ccUnit(t, s, "gb-rasc-1")].Committed = true
		s.stale()
		ccDo(t, s, "pass")
		if s.step != stContinue || s.ToMove() != "british" {
			t.Fatalf("gun near the tank %v: step %s, to move %s; want the British asked", near, stepNames[s.step], s.ToMove())
		}
		if want := map[bool][]string{true: {"end-phase", "continue"}, false: {"end-phase"}}[near]; !slices.Equal(ccLegal(s), want) {
			t.Fatalf("gun near the tank %v: %v, want %v", near, ccLegal(s), want)
		}
	}
}

// soa:8.2, soa:13.8: a British move impulse ends by itself once no unit of
// the area can move; while a gun is hidden, that must not tell the German
// whether one stayed behind. The 4-7-5 leaves 17, where a committed RASC
// section stays, with or without a hidden gun: both times the British is
// asked to end the impulse, the gun offered to move when it is there.
func TestHiddenATMoveEndNoTell_soa8_2_13_8(t *testing.T) {
	for _, gun := range []bool{true, false} {
		s := rtImpulseOpt(t, options{hiddenAT: true}, 1, British)
		ccPut(t, s, "30", "ss-ar1-1")
		ccPut(t, s, "17", "gb-a1-1", "gb-rasc-1")
		s.units[ccUnit(t, s, "gb-rasc-1")].Committed = true
		rtHideGun(t, s, "17", gun)
		ccDo(t, s, "area:17", "move", "unit:gb-a1-1", "to:18", "stop")
		if s.step != stMoveUnit || s.ToMove() != "british" {
			t.Fatalf("gun in 17 %v: step %s, to move %s; want the British asked to end", gun, stepNames[s.step], s.ToMove())
		}
		if want := map[bool][]string{true: {"unit:gb-at-1", "end"}, false: {"end"}}[gun]; !slices.Equal(ccLegal(s), want) {
			t.Fatalf("gun in 17 %v: %v, want %v", gun, ccLegal(s), want)
		}
	}
}

// soa:8.12, soa:13.8: the attacks of an impulse resolve by themselves once
// nothing else can be designated; while a gun is hidden and German armour
// stands where an AT gun of the firing area could reach it (soa:13.1,
// 13.21), that must not tell the German whether a gun is there. The 4-7-5 in
// 17 fires at the 3-5-5 in 24, with the Mk III in 16 next door: with or
// without a hidden gun in 17 the British is asked before the dice.
func TestHiddenATResolveNoTell_soa8_12_13_8(t *testing.T) {
	for _, gun := range []bool{true, false} {
		s := rtImpulseOpt(t, options{hiddenAT: true}, 1, British)
		ccPut(t, s, "16", "ss-hqc-mk3-1")
		ccPut(t, s, "24", "ss-ar1-1")
		ccPut(t, s, "17", "gb-a1-1")
		rtHideGun(t, s, "17", gun)
		rolls := s.rng.Rolls
		ccDo(t, s, "area:17", "fire", "target:24", "with:gb-a1-1", "confirm")
		if s.step != stFireTarget || s.ToMove() != "british" || s.rng.Rolls != rolls {
			t.Fatalf("gun in 17 %v: step %s, to move %s; want the British asked before the dice", gun, stepNames[s.step], s.ToMove())
		}
		if want := map[bool][]string{true: {"target:16", "resolve"}, false: {"resolve"}}[gun]; !slices.Equal(ccLegal(s), want) {
			t.Fatalf("gun in 17 %v: %v, want %v", gun, ccLegal(s), want)
		}
	}
	// With no German armour in reach of 17 no gun there could fire: the
	// attack resolves at once.
	s := rtImpulseOpt(t, options{hiddenAT: true}, 1, British)
	ccPut(t, s, "24", "ss-ar1-1")
	ccPut(t, s, "17", "gb-a1-1", "gb-at-1")
	s.units[ccUnit(t, s, "gb-at-1")].Hidden = true
	s.stale()
	ccDo(t, s, "area:17", "fire", "target:24", "with:gb-a1-1", "confirm")
	if s.step != stReroll {
		t.Fatalf("no armour in reach: step %s, want the roll under the reroll offer", stepNames[s.step])
	}
}

// rtHideGun hides gb-at-1 in place here when gun, else in 12 beside a
// British 4-7-5 (not alone, so it stays hidden): the German's view must not
// tell the two apart.
func rtHideGun(t *testing.T, s *State, here string, gun bool) {
	t.Helper()
	if gun {
		ccPut(t, s, here, "gb-at-1")
	} else {
		ccPut(t, s, "12", "gb-at-1", "gb-a1-2")
	}
	s.units[ccUnit(t, s, "gb-at-1")].Hidden = true
	s.stale()
}
