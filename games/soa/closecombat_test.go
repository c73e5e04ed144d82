package soa

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"sandtable/engine"
)

// Helpers of the close-combat tests (prefixed cc to stay clear of other files).

// ccState is a revealed game on turn 8 with no unit on the map: the end of
// the Close Combat Phase then ends the game, so eliminated British units
// stay in the Reformed Units box where the tests can see them.
func ccState(t *testing.T, o options) *State {
	t.Helper()
	s := MustLoad().newState(o, 11)
	s.revealed = true
	s.turn = 8
	for p := range s.perim {
		s.perim[p] = false // gone from turn 4 (soa:11.5.1)
	}
	return s
}

func ccUnit(t *testing.T, s *State, id string) int16 {
	t.Helper()
	u, ok := s.g.byID[id]
	if !ok {
		t.Fatalf("no unit %q in units.json", id)
	}
	return u
}

// ccPut places units by id on a place by id.
func ccPut(t *testing.T, s *State, place string, ids ...string) {
	t.Helper()
	p := int16(s.g.board.MustIndex(place))
	for _, id := range ids {
		s.units[ccUnit(t, s, id)].Loc = p
		s.stale()
	}
}

// ccLegal lists the IDs of the legal choices.
func ccLegal(s *State) []string {
	var out []string
	for _, a := range s.Legal(nil) {
		out = append(out, s.Describe(a).ID)
	}
	return out
}

// ccDo applies choices by ID.
func ccDo(t *testing.T, s *State, ids ...string) {
	t.Helper()
	for _, id := range ids {
		a, err := engine.Find(s, id)
		if err != nil {
			t.Fatalf("%v; legal: %v", err, ccLegal(s))
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("apply %s: %v", id, err)
		}
		checkOccFresh(t, s)
	}
}

// ccSkipScreens declines every screening offer.
func ccSkipScreens(t *testing.T, s *State) {
	t.Helper()
	for s.step == stCCScreen {
		ccDo(t, s, "done")
	}
}

func ccHas(s *State, id string) bool { return slices.Contains(ccLegal(s), id) }

// ccTargets lists the offered close-combat targets.
func ccTargets(s *State) []string {
	var out []string
	for _, id := range ccLegal(s) {
		if strings.HasPrefix(id, "attack:") {
			out = append(out, strings.TrimPrefix(id, "attack:"))
		}
	}
	slices.Sort(out)
	return out
}

func ccGone(s *State, u int16) bool { return s.units[u].Loc < 0 }

// TestCloseCombatTable_soa9_6_1 reproduces every line of the table of
// soa:9.6.1 with forced dice: the lowest killing roll eliminates the
// defender and the roll below it does not (soa:9.6, soa:13.4, soa:13.5, soa:17.53).
func TestCloseCombatTable_soa9_6_1(t *testing.T) {
	cases := []struct {
		line     string
		defender string
		attack   []string
		kill     int // lowest roll that eliminates
		// A gun alone with Germans is lost at the end of the phase whatever
		// the roll (soa:13.4); a German tank that takes no part gives it
		// something to attack, so the result can be read before that.
		atAlone bool
	}{
		{"4-7-5 by 3-5-5", "gb-a1-1", []string{"ss-ar1-1"}, 6, false},                                              // +0
		{"3-5-5 by 4-7-5", "ss-ar1-1", []string{"gb-a1-1"}, 5, false},                                              // AF 4-3
		{"3-5-5 by 4-7-5 + 2-8-5", "ss-ar1-1", []string{"gb-a1-1", "gb-a-hq"}, 4, false},                           // +1 unit, AF 4-3
		{"4-7-5 by 6-3-10 + 3-5-5", "gb-a1-1", []string{"ss-ac-2", "ss-ar1-1"}, 3, false},                          // +1 unit, AF 6-4
		{"4-5-8[A] by 6-X-1 + 2-8-5 + 4-7-5", "ss-hqc-mk3-1", []string{"gb-at-1", "gb-a-hq", "gb-a1-1"}, 3, false}, // +2 units, AF 6 vs DF 5
		{"6-2-8[A] by 3-7-5", "ss-hw-sp-1", []string{"gb-recce1-1"}, 5, false},                                     // AF 3 vs DF 2
		{"4-5-8[A] by 6-X-1", "ss-hqc-mk3-1", []string{"gb-at-1"}, 5, false},                                       // AF 6 vs DF 5
		{"6-X-1 by any unit (6-3-10)", "gb-at-1", []string{"ss-ac-2"}, 6, true},                                    // AT defends with 6
		{"6-X-1 by any unit (3-5-5)", "gb-at-1", []string{"ss-ar1-1"}, 6, true},
		{"6-X-1 by any two units", "gb-at-1", []string{"ss-ar1-1", "ss-ar1-2"}, 5, true}, // +1 unit
		{"6-X-1 by any two units (6-3-10 + 3-5-5)", "gb-at-1", []string{"ss-ac-2", "ss-ar1-1"}, 5, true},
	}
	for _, c := range cases {
		for _, roll := range []int{c.kill - 1, c.kill} {
			t.Run(fmt.Sprintf("%s/roll%d", c.line, roll), func(t *testing.T) {
				s := ccState(t, options{})
				ccPut(t, s, "10", c.defender)
				ccPut(t, s, "10", c.attack...)
				if c.atAlone {
					ccPut(t, s, "10", "ss-hqc-mk3-2")
				}
				def := ccUnit(t, s, c.defender)
				s.ta = s.side(def) // the attacker lacks the advantage and goes first (soa:9.4)
				s.startCloseCombat()
				ccSkipScreens(t, s)
				if s.step != stCCTarget || s.ToMove() != s.side(def).Other().Seat() {
					t.Fatalf("step %d, to move %q; want the attacker designating", s.step, s.ToMove())
				}
				ccDo(t, s, "attack:"+c.defender)
				for _, id := range c.attack {
					ccDo(t, s, "with:"+id)
				}
				s.rng.Force(roll)
				ccDo(t, s, "confirm", "resolve", "accept")
				want := roll >= c.kill
				if c.atAlone && s.step == stOver {
					t.Fatal("the gun should be asked whether it attacks the tank")
				}
				if s.step != stOver {
					if s.units[def].CCDead != want {
						t.Fatalf("roll %d: eliminated %v, want %v", roll, s.units[def].CCDead, want)
					}
					ccDo(t, s, "resolve") // the defender's side declines to attack back
				}
				if s.step != stOver {
					t.Fatalf("close combat did not end: step %d, legal %v", s.step, ccLegal(s))
				}
				if c.atAlone {
					want = true // soa:13.4
				}
				if ccGone(s, def) != want {
					t.Fatalf("roll %d: removed %v, want %v", roll, ccGone(s, def), want)
				}
			})
		}
	}
}

// ccExample95 sets up the soa:9.5 example in area 10: eight 3-5-5, a
// company HQ (2-6-4), the battalion HQ and three Mk III against n British
// 4-7-5; the German holds the Tactical Advantage, so the British attack first.
func ccExample95(t *testing.T, n int) (*State, []string, []string) {
	s := ccState(t, options{})
	line := []string{"ss-ar1-1", "ss-ar1-2", "ss-ar1-3", "ss-ar2-1", "ss-ar2-2", "ss-ar2-3", "ss-ar3-1", "ss-ar3-2", "ss-ar-hq"}
	ccPut(t, s, "10", line...)
	ccPut(t, s, "10", "ss-bn-hq", "ss-hqc-mk3-1", "ss-hqc-mk3-2", "ss-hqc-mk3-3")
	brit := []string{"gb-a1-1", "gb-a1-2", "gb-a1-3", "gb-a2-1", "gb-a2-2", "gb-a2-3", "gb-a3-1", "gb-a3-2", "gb-a3-3", "gb-b4-1"}[:n]
	ccPut(t, s, "10", brit...)
	s.ta = German
	s.startCloseCombat()
	// The British have no HQ here: only the German is asked (soa:9.5).
	if s.step != stCCScreen || s.ToMove() != "german" {
		t.Fatalf("want the German screening, step %d to move %q", s.step, s.ToMove())
	}
	if got := ccLegal(s); !slices.Equal(got, []string{"screen:ss-bn-hq", "screen:ss-ar-hq", "done"}) {
		t.Fatalf("screening choices %v", got)
	}
	ccDo(t, s, "screen:ss-bn-hq", "done")
	return s, line, brit
}

// TestCloseCombatScreenExampleNine_soa9_5: with nine British units the
// screened battalion HQ and the tanks cannot be reached: only the nine
// screening units may be attacked, and no attack may double up (soa:9.5, soa:12.3).
func TestCloseCombatScreenExampleNine_soa9_5(t *testing.T) {
	s, line, brit := ccExample95(t, 9)
	want := slices.Clone(line)
	slices.Sort(want)
	if got := ccTargets(s); !slices.Equal(got, want) {
		t.Fatalf("targets %v, want the nine screening units %v", got, want)
	}
	for i, id := range line {
		ccDo(t, s, "attack:"+id, "with:"+brit[i])
		if i == 0 && ccHas(s, "with:"+brit[1]) {
			t.Fatal("a second attacker on one unit would leave a screening unit unattacked (soa:9.5)")
		}
		ccDo(t, s, "confirm")
		for _, id := range ccTargets(s) {
			if id == "ss-bn-hq" || strings.HasPrefix(id, "ss-hqc-mk3") {
				t.Fatalf("after %d attacks %s is offered; the screen holds (soa:9.5)", i+1, id)
			}
		}
	}
	if got := ccLegal(s); !slices.Equal(got, []string{"resolve"}) {
		t.Fatalf("all British units used: legal %v", got)
	}
}

// TestCloseCombatScreenExampleTen_soa9_5: with a tenth British unit the
// screen is outnumbered: once the nine screening units are attacked the
// tenth may attack a tank or go around the screen to the battalion HQ.
func TestCloseCombatScreenExampleTen_soa9_5(t *testing.T) {
	s, line, brit := ccExample95(t, 10)
	// Ten against nine: one attack may double up and still leave enough
	// attackers for the rest of the line (soa:9.5).
	ccDo(t, s, "attack:"+line[0], "with:"+brit[0])
	if !ccHas(s, "with:"+brit[9]) {
		t.Fatal("ten attackers may put two on one unit and still attack the whole line")
	}
	ccDo(t, s, "confirm")
	for i := 1; i < len(line); i++ {
		if i < len(line)-1 && slices.Contains(ccTargets(s), "ss-bn-hq") {
			t.Fatalf("battalion HQ offered with %d screening units unattacked", len(line)-i)
		}
		ccDo(t, s, "attack:"+line[i], "with:"+brit[i], "confirm")
	}
	want := []string{"ss-bn-hq", "ss-hqc-mk3-1", "ss-hqc-mk3-2", "ss-hqc-mk3-3"}
	if got := ccTargets(s); !slices.Equal(got, want) {
		t.Fatalf("targets %v, want %v", got, want)
	}
	ccDo(t, s, "attack:ss-bn-hq", "with:"+brit[9], "confirm")
	if got := ccLegal(s); !slices.Equal(got, []string{"resolve"}) {
		t.Fatalf("legal %v", got)
	}
	// Nine rolls of 1 miss (4-7-5 vs AF 3 or 2: at most +2); the tenth,
	// 4-7-5 against the 2-6-4 HQ, needs 4 (+2 for AF 4-2).
	for i := 0; i < 9; i++ {
		s.rng.Force(1)
	}
	s.rng.Force(4)
	ccDo(t, s, "resolve")
	for i := 0; i < 10; i++ {
		ccDo(t, s, "accept")
	}
	if !s.units[ccUnit(t, s, "ss-bn-hq")].CCDead {
		t.Fatal("the battalion HQ should be eliminated on 4 (soa:9.6.1)")
	}
	for _, id := range line {
		if s.units[ccUnit(t, s, id)].CCDead {
			t.Fatalf("%s eliminated on a 1", id)
		}
	}
}

// TestCloseCombatScreenedAttacker_soa9_5: a screened HQ attacks only
// together with a screening unit.
func TestCloseCombatScreenedAttacker_soa9_5(t *testing.T) {
	s := ccState(t, options{})
	ccPut(t, s, "10", "ss-ar1-1", "ss-bn-hq", "gb-a1-1")
	s.ta = British // the German attacks first
	s.startCloseCombat()
	ccDo(t, s, "screen:ss-bn-hq")
	if s.step != stCCTarget {
		t.Fatalf("only one HQ to screen: want designation, step %d", s.step)
	}
	ccDo(t, s, "attack:gb-a1-1")
	if got := ccLegal(s); !slices.Equal(got, []string{"with:ss-ar1-1"}) {
		t.Fatalf("a screened HQ may not lead an attack: legal %v", got)
	}
	ccDo(t, s, "with:ss-ar1-1")
	if !ccHas(s, "with:ss-bn-hq") || !ccHas(s, "confirm") {
		t.Fatalf("the HQ may join its screening unit: legal %v", ccLegal(s))
	}
	ccDo(t, s, "with:ss-bn-hq", "confirm")
	// +1 for the second attacker, AF 3 vs 4: 5 eliminates.
	s.rng.Force(5)
	ccDo(t, s, "resolve", "accept")
	if !s.units[ccUnit(t, s, "gb-a1-1")].CCDead {
		t.Fatal("gb-a1-1 should be eliminated on 5")
	}
}

// TestCloseCombatAntiTank_soa13_5_13_2: an AT gun attacks armour without
// waiting for the infantry, but never infantry; infantry may not join it
// until the infantry is attacked.
//
// Rules: soa:13.5, soa:13.2.
func TestCloseCombatAntiTank_soa13_5_13_2(t *testing.T) {
	s := ccState(t, options{})
	ccPut(t, s, "10", "ss-ar1-1", "ss-hqc-mk3-1", "gb-at-1", "gb-a1-1")
	s.ta = German
	s.startCloseCombat()
	ccSkipScreens(t, s)
	if got := ccTargets(s); !slices.Equal(got, []string{"ss-ar1-1", "ss-hqc-mk3-1"}) {
		t.Fatalf("targets %v", got)
	}
	ccDo(t, s, "attack:ss-hqc-mk3-1")
	if got := ccLegal(s); !slices.Equal(got, []string{"with:gb-at-1"}) {
		t.Fatalf("only the AT gun may attack armour before the infantry: %v", got)
	}
	ccDo(t, s, "with:gb-at-1", "confirm", "attack:ss-ar1-1")
	if ccHas(s, "with:gb-at-1") || !ccHas(s, "with:gb-a1-1") {
		t.Fatalf("AT guns never attack infantry (soa:13.2): %v", ccLegal(s))
	}
	ccDo(t, s, "with:gb-a1-1", "confirm")
	s.rng.Force(5, 4) // 6-X-1 vs DF 5: 5 kills; 4-7-5 vs AF 3: 4 misses
	ccDo(t, s, "resolve", "accept", "accept")
	if !s.units[ccUnit(t, s, "ss-hqc-mk3-1")].CCDead || s.units[ccUnit(t, s, "ss-ar1-1")].CCDead {
		t.Fatal("want the tank eliminated and the infantry not")
	}
	// The German armour, eliminated, still attacks; the AT gun defends with AF 6 (soa:13.4).
	if got := ccTargets(s); !slices.Equal(got, []string{"gb-a1-1", "gb-at-1"}) {
		t.Fatalf("German targets %v", got)
	}
	ccDo(t, s, "attack:gb-at-1", "with:ss-hqc-mk3-1")
	if ccHas(s, "with:ss-ar1-1") {
		t.Fatal("two attackers on the gun would leave gb-a1-1 unattacked (soa:9.5)")
	}
	ccDo(t, s, "confirm", "attack:gb-a1-1", "with:ss-ar1-1", "confirm")
	s.rng.Force(5, 1) // AF 4 vs the gun's 6: +0, so 5 misses (soa:13.4)
	ccDo(t, s, "resolve", "accept")
	if s.units[ccUnit(t, s, "gb-at-1")].CCDead {
		t.Fatal("5 does not eliminate an AT gun")
	}
	ccDo(t, s, "accept")
	if ccGone(s, ccUnit(t, s, "gb-at-1")) || ccGone(s, ccUnit(t, s, "gb-a1-1")) || !ccGone(s, ccUnit(t, s, "ss-hqc-mk3-1")) {
		t.Fatal("the eliminated tank is removed at the end of the phase; the gun and its companion stay")
	}
}

// TestCloseCombatBren_soa17_53_17_54: a Bren carrier never attacks; screened
// as if armour it is reached only after the line, and it defends with its DF.
func TestCloseCombatBren_soa17_53_17_54(t *testing.T) {
	s := ccState(t, options{})
	ccPut(t, s, "10", "gb-a1-1", "gb-bren-1", "ss-ar1-1", "ss-ar1-2")
	ccPut(t, s, "11", "gb-bren-2", "ss-ar2-1")
	s.ta = British
	s.startCloseCombat()
	ccDo(t, s, "cc:10")
	// German first: no HQ; the British may screen the carrier (soa:17.54).
	if got := ccLegal(s); !slices.Equal(got, []string{"screen:gb-bren-1", "done"}) {
		t.Fatalf("British screening %v", got)
	}
	ccDo(t, s, "screen:gb-bren-1")
	if got := ccTargets(s); !slices.Equal(got, []string{"gb-a1-1"}) {
		t.Fatalf("screened carrier offered before the line: %v", got)
	}
	ccDo(t, s, "attack:gb-a1-1", "with:ss-ar1-1", "confirm")
	if got := ccTargets(s); !slices.Equal(got, []string{"gb-bren-1"}) {
		t.Fatalf("targets after the line %v", got)
	}
	ccDo(t, s, "attack:gb-bren-1", "with:ss-ar1-2", "confirm")
	s.rng.Force(1, 4) // AF 3 vs the carrier's DF 2: +1, so 4 misses
	ccDo(t, s, "resolve", "accept", "accept")
	if s.units[ccUnit(t, s, "gb-bren-1")].CCDead {
		t.Fatal("4+1 does not eliminate")
	}
	ccDo(t, s, "attack:ss-ar1-1")
	if got := ccLegal(s); !slices.Equal(got, []string{"with:gb-a1-1"}) {
		t.Fatalf("the carrier may not attack (soa:17.53): %v", got)
	}
	ccDo(t, s, "with:gb-a1-1", "confirm")
	s.rng.Force(1)
	ccDo(t, s, "resolve", "accept")
	// Area 11: a lone carrier has no attack; the German's 3 vs DF 2 kills on 5.
	if s.ccPlace != int16(s.g.board.MustIndex("11")) || s.ToMove() != "german" {
		t.Fatalf("want the German attacking in 11, place %d to move %q", s.ccPlace, s.ToMove())
	}
	ccDo(t, s, "attack:gb-bren-2", "with:ss-ar2-1", "confirm")
	s.rng.Force(5)
	ccDo(t, s, "resolve", "accept")
	if s.step != stOver {
		t.Fatalf("the carrier cannot attack back: want the phase over, legal %v", ccLegal(s))
	}
	if !ccGone(s, ccUnit(t, s, "gb-bren-2")) || s.units[ccUnit(t, s, "gb-bren-2")].Loc != locElim {
		t.Fatal("an eliminated Bren carrier leaves the game (soa:19.3)")
	}
}

// TestCloseCombatATAlone_soa13_4: AT guns left as the only British units in a
// place with a German unit are eliminated at the end of the phase, counted
// as close-combat losses (soa:19.21); with a British companion they stay.
func TestCloseCombatATAlone_soa13_4(t *testing.T) {
	s := ccState(t, options{})
	ccPut(t, s, "10", "gb-at-1", "gb-a1-1", "ss-ar1-1") // the companion falls
	ccPut(t, s, "11", "gb-at-2", "ss-ar2-1")            // alone, never attacked
	ccPut(t, s, "12", "gb-a2-1", "ss-ar3-1")            // no AT gun
	s.ta = British
	s.startCloseCombat()
	ccDo(t, s, "cc:10", "attack:gb-a1-1", "with:ss-ar1-1", "confirm")
	s.rng.Force(6)
	ccDo(t, s, "resolve", "accept")
	// The eliminated section still attacks back (soa:9.4).
	ccDo(t, s, "attack:ss-ar1-1", "with:gb-a1-1", "confirm")
	s.rng.Force(1)
	ccDo(t, s, "resolve", "accept")
	ccDo(t, s, "cc:11", "resolve") // the German declines; the gun has no armour to attack
	ccDo(t, s, "resolve", "resolve")
	if s.step != stOver {
		t.Fatalf("legal %v", ccLegal(s))
	}
	for _, id := range []string{"gb-a1-1", "gb-at-1", "gb-at-2"} {
		st := s.units[ccUnit(t, s, id)]
		if st.Loc != locBox || st.Weight != 1 {
			t.Fatalf("%s: loc %d weight %d; want the Reformed Units box, weight 1", id, st.Loc, st.Weight)
		}
	}
	if ccGone(s, ccUnit(t, s, "gb-a2-1")) || ccGone(s, ccUnit(t, s, "ss-ar1-1")) {
		t.Fatal("survivors stay")
	}
}

// TestCloseCombatSimultaneous_soa9_2_9_4: a unit eliminated by the first
// attacker still attacks; both are removed only at the end of the phase.
//
// Rules: soa:9.2, soa:9.4.
func TestCloseCombatSimultaneous_soa9_2_9_4(t *testing.T) {
	s := ccState(t, options{})
	ccPut(t, s, "10", "gb-a1-1", "ss-ar1-1")
	s.ta = British
	s.startCloseCombat()
	ccDo(t, s, "attack:gb-a1-1", "with:ss-ar1-1", "confirm")
	s.rng.Force(6)
	ccDo(t, s, "resolve", "accept")
	gb, de := ccUnit(t, s, "gb-a1-1"), ccUnit(t, s, "ss-ar1-1")
	if !s.units[gb].CCDead || ccGone(s, gb) {
		t.Fatal("eliminated but not yet removed")
	}
	ccDo(t, s, "attack:ss-ar1-1", "with:gb-a1-1", "confirm")
	s.rng.Force(5) // AF 4 vs 3: 5 kills
	ccDo(t, s, "resolve", "accept")
	if !ccGone(s, gb) || !ccGone(s, de) {
		t.Fatal("both removed at the end")
	}
	if s.units[de].Loc != locElim || s.units[gb].Loc != locBox {
		t.Fatal("German losses leave the game; British go to the box (soa:19.21)")
	}
}

// TestCloseCombatOrderAndAdvantage_soa8_45_9_4_8_42: the holder picks each
// next place; the side without the advantage at the outset attacks first
// and the holder at the outset second, even if a reroll moved it; a rerolled
// roll stands.
//
// Rules: soa:8.45, soa:9.3, soa:8.42.
func TestCloseCombatOrderAndAdvantage_soa8_45_9_4_8_42(t *testing.T) {
	s := ccState(t, options{})
	ccPut(t, s, "10", "gb-a1-1", "ss-ar1-1")
	ccPut(t, s, "11", "gb-a1-2", "ss-ar1-2")
	ccPut(t, s, "12", "gb-a1-3", "ss-ar1-3")
	s.ta = German
	s.startCloseCombat()
	if s.step != stCCPlace || s.ToMove() != "german" {
		t.Fatalf("the German (advantage) picks the order: step %d to move %q", s.step, s.ToMove())
	}
	if got := ccLegal(s); !slices.Equal(got, []string{"cc:10", "cc:11", "cc:12"}) {
		t.Fatalf("places %v", got)
	}
	ccDo(t, s, "cc:11")
	if s.ToMove() != "british" || s.step != stCCTarget {
		t.Fatal("the British, without the advantage, attack first")
	}
	ccDo(t, s, "attack:ss-ar1-2", "with:gb-a1-2", "confirm")
	s.rng.Force(1, 5)
	ccDo(t, s, "resolve")
	if s.step != stReroll || s.ToMove() != "german" {
		t.Fatal("the holder may reroll (soa:8.41)")
	}
	ccDo(t, s, "reroll")
	if s.ta != British {
		t.Fatal("the advantage passes on a reroll")
	}
	if s.step == stReroll {
		t.Fatal("the reroll stands (soa:8.42)")
	}
	if !s.units[ccUnit(t, s, "ss-ar1-2")].CCDead {
		t.Fatal("rerolled 5 with AF 4 vs 3 eliminates")
	}
	if s.step != stCCTarget || s.ToMove() != "german" {
		t.Fatal("the German, holder at the outset, attacks second")
	}
	ccDo(t, s, "resolve")
	if s.step != stCCPlace || s.ToMove() != "british" {
		t.Fatal("the new holder picks the next place")
	}
	ccDo(t, s, "cc:12")
	if s.ToMove() != "german" {
		t.Fatal("in 12 the German, now without the advantage, attacks first")
	}
	ccDo(t, s, "resolve", "resolve")
	if s.ccPlace != int16(s.g.board.MustIndex("10")) || s.step != stCCTarget {
		t.Fatal("the last place follows without a choice")
	}
	ccDo(t, s, "resolve", "resolve")
	if s.step != stOver {
		t.Fatalf("legal %v", ccLegal(s))
	}
}

// TestCloseCombatUncommitted_soa9_1: the phase flips every unit uncommitted;
// a phase without contested places ends at once.
//
// Rules: soa:9.1.
func TestCloseCombatUncommitted_soa9_1(t *testing.T) {
	s := ccState(t, options{})
	ccPut(t, s, "10", "gb-a1-1")
	ccPut(t, s, "11", "ss-ar1-1")
	for u := range s.units {
		if s.units[u].Loc >= 0 {
			s.units[u].Committed = true
			s.stale()
		}
	}
	s.startCloseCombat()
	if s.step != stOver {
		t.Fatalf("nothing contested: step %d", s.step)
	}
	for _, id := range []string{"gb-a1-1", "ss-ar1-1"} {
		if s.units[ccUnit(t, s, id)].Committed {
			t.Fatalf("%s still committed", id)
		}
	}
}

// TestCloseCombatHiddenAT_soa13_8: a hidden gun is not a target and does not
// screen, and attacking reveals it.
func TestCloseCombatHiddenAT_soa13_8(t *testing.T) {
	s := ccState(t, options{hiddenAT: true})
	ccPut(t, s, "10", "gb-at-1", "gb-a1-1", "ss-ar1-1", "ss-hqc-mk3-1")
	at := ccUnit(t, s, "gb-at-1")
	s.units[at].Hidden = true
	s.stale()
	s.ta = German
	s.startCloseCombat()
	ccDo(t, s, "attack:ss-hqc-mk3-1", "with:gb-at-1")
	if s.units[at].Hidden {
		t.Fatal("attacking reveals the gun")
	}
	ccDo(t, s, "confirm")
	s.rng.Force(1)
	ccDo(t, s, "resolve", "accept")
	if got := ccTargets(s); !slices.Equal(got, []string{"gb-a1-1", "gb-at-1"}) {
		t.Fatalf("revealed gun is a target: %v", got)
	}

	s = ccState(t, options{hiddenAT: true})
	ccPut(t, s, "10", "gb-at-1", "gb-a1-1", "ss-ar1-1")
	s.units[at].Hidden = true
	s.stale()
	s.ta = British
	s.startCloseCombat()
	if got := ccTargets(s); !slices.Equal(got, []string{"gb-a1-1"}) {
		t.Fatalf("hidden gun offered as a target: %v", got)
	}
}

// TestCloseCombatHiddenATOutsideLine_soa9_5_13_8: a hidden gun is outside
// the British line (docs/conformance/soa.md), the British holding the
// Tactical Advantage so that the German attacks first (soa:8.45).
//
// With the Brigade HQ and the gun alone against a 3-5-5 in 10, the gun does
// not count as the other infantry unit a screen needs, so the HQ cannot be
// screened (soa:9.5). With a 4-7-5 and the gun against two 3-5-5s, the
// German may attack the 4-7-5 with both without attacking the gun (soa:9.5):
// die 5 +1 (second unit) +0 (AF 3 is not above 4) = 6 eliminates it (soa:9.6,
// 9.6.1). At the end of the phase the gun, then the only British unit in
// 10, is eliminated too and counts one lost unit (soa:13.4, 19.21).
func TestCloseCombatHiddenATOutsideLine_soa9_5_13_8(t *testing.T) {
	s := ccState(t, options{hiddenAT: true})
	ccPut(t, s, "10", "gb-bde-hq", "gb-at-1", "ss-ar1-1")
	gun := ccUnit(t, s, "gb-at-1")
	s.units[gun].Hidden = true
	s.stale()
	s.ta = British
	s.startCloseCombat()
	if s.step != stCCTarget || s.ToMove() != "german" {
		t.Fatalf("no screen is offered for the HQ: step %s, to move %s", stepNames[s.step], s.ToMove())
	}
	if got := ccTargets(s); !slices.Equal(got, []string{"gb-bde-hq"}) {
		t.Fatalf("the German sees the HQ only: %v", got)
	}

	s = ccState(t, options{hiddenAT: true})
	ccPut(t, s, "10", "gb-a1-1", "gb-at-1", "ss-ar1-1", "ss-ar1-2")
	s.units[gun].Hidden = true
	s.stale()
	s.ta = British
	s.startCloseCombat()
	ccDo(t, s, "attack:gb-a1-1", "with:ss-ar1-1")
	if !ccHas(s, "with:ss-ar1-2") {
		t.Fatalf("the line is the 4-7-5 alone: a second attacker may join, got %v", ccLegal(s))
	}
	ccDo(t, s, "with:ss-ar1-2", "confirm")
	if !ccHas(s, "resolve") {
		t.Fatalf("the gun need not be attacked: got %v", ccLegal(s))
	}
	s.rng.Force(5)
	ccDo(t, s, "resolve", "accept", "resolve") // the British makes no attack
	if st := s.units[gun]; st.Loc != locBox || st.Weight != 1 || st.Hidden {
		t.Errorf("the gun left alone with the Germans: loc %d weight %d hidden %v, want the box, weight 1, revealed", st.Loc, st.Weight, st.Hidden)
	}
	if st := s.units[ccUnit(t, s, "gb-a1-1")]; st.Loc != locBox {
		t.Errorf("the 4-7-5 is eliminated: loc %d", st.Loc)
	}
}

// TestCloseCombatRandomNeverStuck: random choices in random positions always
// have a non-empty list and finish the phase (DESIGN 1).
func TestCloseCombatRandomNeverStuck(t *testing.T) {
	pick := engine.NewRNG(5)
	places := []string{"10", "11", "12", "A"}
	for game := 0; game < 300; game++ {
		s := ccState(t, options{hiddenAT: game%2 == 0})
		s.rng = engine.NewRNG(uint64(game))
		for _, side := range []Side{German, British} {
			units := s.g.sideUnits[side]
			for _, p := range places {
				n := pick.Intn(7)
				for k := 0; k < n; k++ {
					u := units[pick.Intn(len(units))]
					if s.units[u].Loc == locPool {
						s.units[u].Loc = int16(s.g.board.MustIndex(p))
						s.stale()
						if s.typ(u) == AntiTank && s.opt.hiddenAT && pick.Intn(2) == 0 {
							s.units[u].Hidden = true
							s.stale()
						}
					}
				}
			}
		}
		s.ta = Side(pick.Intn(2))
		s.startCloseCombat()
		for n := 0; s.step != stOver; n++ {
			if n > 1000 {
				t.Fatalf("game %d: close combat does not end", game)
			}
			acts := s.Legal(nil)
			if len(acts) == 0 {
				t.Fatalf("game %d: empty choice list at step %d", game, s.step)
			}
			if err := s.Apply(acts[pick.Intn(len(acts))]); err != nil {
				t.Fatalf("game %d: %v", game, err)
			}
			if err := s.Invariants(); err != nil {
				t.Fatalf("game %d: %v", game, err)
			}
		}
		for u := range s.units {
			if st := s.units[u]; st.CCDead || st.CCAttacked || st.CCDone || st.Screened {
				t.Fatalf("game %d: close-combat flags left on %s", game, s.g.units[u].ID)
			}
		}
	}
}

// soa:20.4: the ammunition shortage never touches close combat. On turn 8
// (shortage 2, soa:20.2) a British 4-7-5 still eliminates a German 3-5-5 on
// a 5 (+1 for AF 4 against 3), and a 4 still misses.
func TestCloseCombatNoAmmoShortage_soa20_4(t *testing.T) {
	for _, c := range []struct {
		roll int
		dead bool
	}{{4, false}, {5, true}} {
		s := ccState(t, options{})
		s.ammo = ammoLevel(8)
		ccPut(t, s, "10", "gb-a1-1", "ss-ar1-1")
		s.ta = German
		s.startCloseCombat()
		ccDo(t, s, "attack:ss-ar1-1", "with:gb-a1-1", "confirm")
		s.rng.Force(c.roll)
		ccDo(t, s, "resolve", "accept")
		if s.units[ccUnit(t, s, "ss-ar1-1")].CCDead != c.dead {
			t.Errorf("roll %d with shortage %d: eliminated %v, want %v", c.roll, s.ammo, !c.dead, c.dead)
		}
	}
}

// TestCloseCombatHiddenATNoTell_soa13_8: while a gun is hidden the German
// must not learn where from the British being asked for attacks. A Bren
// carrier, which may not attack (soa:17.53), with a hidden gun or with the
// gun hidden in another area, against a German Mk III in 10, the German holding the Tactical Advantage
// so that the British attack first (soa:8.45): both times the British is
// asked, and the German's log reads the same.
func TestCloseCombatHiddenATNoTell_soa13_8(t *testing.T) {
	germanLog := func(gun bool) []string {
		s := ccState(t, options{hiddenAT: true})
		ccPut(t, s, "10", "gb-bren-1", "ss-hqc-mk3-1")
		rtHideGun(t, s, "10", gun)
		s.ta = German
		s.startCloseCombat()
		ccSkipScreens(t, s)
		if s.step != stCCTarget || s.ToMove() != "british" {
			t.Fatalf("gun %v: step %s, to move %s; want the British asked for attacks", gun, stepNames[s.step], s.ToMove())
		}
		ccDo(t, s, "resolve")
		var out []string
		for _, l := range s.LogLines("german", 0, s.LogLen("german")) {
			out = append(out, l.Text)
		}
		return out
	}
	with, without := germanLog(true), germanLog(false)
	if !slices.Equal(with, without) {
		t.Fatalf("the German's log tells the gun apart:\nwith    %q\nwithout %q", with, without)
	}
	if !slices.Contains(with, "British makes no close combat attack in 10") { // the same, and not empty
		t.Fatalf("the German's log does not say the British made no attack: %q", with)
	}
}

// TestCloseCombatNoGunHiddenNoAsk_soa13_8: once no AT gun is hidden, which
// the German knows from the order of battle and what he has seen, asking
// the British for attacks he cannot make hides nothing: a Bren carrier
// alone against a Mk III is passed over (soa:17.53, 9.4).
func TestCloseCombatNoGunHiddenNoAsk_soa13_8(t *testing.T) {
	s := ccState(t, options{hiddenAT: true})
	ccPut(t, s, "10", "gb-bren-1", "ss-hqc-mk3-1")
	s.ta = German
	s.startCloseCombat()
	ccSkipScreens(t, s)
	if s.ToMove() == "british" {
		t.Fatalf("step %s: the British is asked though no gun is hidden", stepNames[s.step])
	}
}
