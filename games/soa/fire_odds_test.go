package soa

import (
	"slices"
	"strings"
	"testing"

	"sandtable/engine"
)

// Differences of two 2d6 rolls, worked out by hand: of the 1296 pairs, the
// attacker's total exceeds the defender's by 1 in 140, 2 in 125, 3 in 104,
// 4 in 80, 5 in 56, 6 in 35, 7 in 20, 8 in 10, 9 in 4, 10 in 1.

// rtOdds is the ways of each number of casualty points in the German view
// (or seat's) of the attack being designated.
func rtOdds(t *testing.T, s *State, seat ...engine.Seat) (av, dv int, ways []int) {
	t.Helper()
	viewer := engine.Seat("german")
	if len(seat) > 0 {
		viewer = seat[0]
	}
	d := s.View(viewer).(View).Drafting
	if d == nil || d.Odds == nil {
		t.Fatal("the attack being designated shows no odds")
	}
	return d.Odds.AttackValue, d.Odds.DefenceValue, rtWays(t, d.Odds)
}

// rtWays lists the ways of each number of casualty points, from 0.
func rtWays(t *testing.T, o *FireOdds) []int {
	t.Helper()
	var ways []int
	for _, c := range o.Results {
		if c.Of != o.Results[0].Of || c.CP < len(ways) {
			t.Fatalf("results %+v are not in order over one total", o.Results)
		}
		for len(ways) < c.CP {
			ways = append(ways, 0)
		}
		ways = append(ways, c.Ways)
	}
	return ways
}

// rtFireAt17 has three squads of one SS platoon in 24 designate fire at a
// British section (DF 7) in 17, next door, adding the first squad.
func rtFireAt17(t *testing.T, turn int, o options) *State {
	t.Helper()
	s := rtImpulseOpt(t, o, turn, German)
	ccPut(t, s, "24", "ss-ar1-1", "ss-ar1-2", "ss-ar1-3")
	ccPut(t, s, "17", "gb-c7-1")
	ccDo(t, s, "area:24", "fire", "target:17", "with:ss-ar1-1")
	return s
}

// soa:8.351, soa:8.352, soa:8.353: before an attack is confirmed the firer
// sees its AV and DV before the dice and the chance of each result.
func TestFireOdds_soa8_351_8_352_8_353(t *testing.T) {
	s := rtFireAt17(t, 1, options{})
	// One squad: AV 3; DV 7 + 1 for fire from an adjacent area = 8. Points
	// k need the dice to favour the attacker by k+5.
	av, dv, ways := rtOdds(t, s)
	if want := []int{1296 - 70, 35, 20, 10, 4, 1}; av != 3 || dv != 8 || !slices.Equal(ways, want) {
		t.Fatalf("one squad: AV %d DV %d ways %v; want 3 8 %v", av, dv, ways, want)
	}
	// Three squads of one platoon: AV 3 + 2 more units + 1 platoon integrity = 6.
	ccDo(t, s, "with:ss-ar1-2", "with:ss-ar1-3")
	av, dv, ways = rtOdds(t, s)
	if want := []int{1296 - 310, 104, 80, 56, 35, 20, 10, 4, 1}; av != 6 || dv != 8 || !slices.Equal(ways, want) {
		t.Fatalf("three squads: AV %d DV %d ways %v; want 6 8 %v", av, dv, ways, want)
	}
	if s.View("british").(View).Drafting != nil {
		t.Fatal("the defender sees an attack not yet designated")
	}
}

// soa:15.4: at night fire from an adjacent area adds one more to the DV.
func TestFireOddsNight_soa15_4(t *testing.T) {
	s := rtFireAt17(t, 2, options{})
	ccDo(t, s, "with:ss-ar1-2", "with:ss-ar1-3")
	av, dv, ways := rtOdds(t, s)
	if want := []int{1296 - 206, 80, 56, 35, 20, 10, 4, 1}; av != 6 || dv != 9 || !slices.Equal(ways, want) {
		t.Fatalf("night: AV %d DV %d ways %v; want 6 9 %v", av, dv, ways, want)
	}
}

// soa:22.2: with chits the odds come from the chits left in each cup.
func TestFireOddsChits_soa22_2(t *testing.T) {
	s := rtFireAt17(t, 1, options{chits: true})
	ccDo(t, s, "with:ss-ar1-2", "with:ss-ar1-3")
	s.chits[German] = [13]uint8{12: 1}
	s.chits[British] = [13]uint8{2: 1, 3: 1}
	// AV 6 + 12 = 18 against DV 8 + 2 = 10 (8 points) or 8 + 3 = 11 (7 points).
	if _, _, ways := rtOdds(t, s); !slices.Equal(ways, []int{0, 0, 0, 0, 0, 0, 0, 1, 1}) {
		t.Fatalf("chits: ways %v; want one way each to 7 and 8 points", ways)
	}
}

// soa:8.35, soa:8.41: the roll resolves with the same values; the log
// shows how AV and DV were built, and the reroll offer shows the roll.
func TestFireRollShown_soa8_35_8_41(t *testing.T) {
	s := rtFireAt17(t, 1, options{})
	ccDo(t, s, "with:ss-ar1-2", "with:ss-ar1-3")
	s.rng.Force(6, 6, 1, 1)
	ccDo(t, s, "confirm")
	if s.step != stReroll || s.av != 18 || s.dv != 10 {
		t.Fatalf("step %s AV %d DV %d; want the reroll offer with AV 6+12 = 18, DV 8+2 = 10", stepNames[s.step], s.av, s.dv)
	}
	v := s.View("german").(View)
	if r := v.Roll; r == nil || r.AttackValue != 18 || r.DefenceValue != 10 || r.CP != 8 || !slices.Equal(r.Dice, []int{6, 6, 1, 1}) {
		t.Fatalf("roll under the offer: %+v", v.Roll)
	}
	if c := s.Describe(act(kAccept, 0)); !strings.Contains(c.Label, "AV 18 against DV 10, 8 casualty points") {
		t.Fatalf("accept label %q does not show the roll", c.Label)
	}
	var av, dv *engine.LogLine
	log := s.LogLines("german", 0, s.LogLen("german"))
	for i, l := range log {
		switch l.Rule {
		case "soa:8.351":
			av = &log[i]
		case "soa:8.352":
			dv = &log[i]
		}
	}
	// Only the terms that apply: no ammunition shortage for German fire on
	// turn 1 (soa:20.1), no night on turn 1 (soa:15.1).
	if av == nil || av.Text != "fire at 17: AV 18 = AF 3, +2 more units, +1 platoon, dice 6+6" || !slices.Equal(av.Numbers, []int{18, 3, 2, 1, 6, 6}) {
		t.Fatalf("AV log line %+v", av)
	}
	if dv == nil || dv.Text != "fire at 17: DV 10 = DF 7, +1 adjacent, dice 1+1" || !slices.Equal(dv.Numbers, []int{10, 7, 1, 1, 1}) {
		t.Fatalf("DV log line %+v", dv)
	}
	ccDo(t, s, "accept")
	if r := s.View("british").(View).Roll; s.step != stAbsorb || r == nil || r.CP != 8 {
		t.Fatalf("the defender taking the points sees roll %+v at step %s", r, stepNames[s.step])
	}
}

// soa:8.22: the moving unit's movement factors left, and the cost of each
// place it may enter, are view fields.
func TestMoveLeftShown_soa8_22(t *testing.T) {
	s := rtImpulse(t, 1, German)
	ccPut(t, s, "24", "ss-ar1-1") // MF 5
	ccPut(t, s, "17", "gb-c7-1")
	ccDo(t, s, "area:24", "move", "unit:ss-ar1-1")
	v := s.View("german").(View)
	// 17 holds the enemy: 4 MF (soa:8.22 E); 16 is next to it: 2 (soa:8.22 B).
	if v.MoveLeft == nil || *v.MoveLeft != 5 || v.MoveCosts["17"] != 4 || v.MoveCosts["16"] != 2 {
		t.Fatalf("move_left %v, costs %v; want 5, 17: 4, 16: 2", v.MoveLeft, v.MoveCosts)
	}
	ccDo(t, s, "to:16")
	if v := s.View("german").(View); v.MoveLeft == nil || *v.MoveLeft != 3 {
		t.Fatalf("after entering 16: move_left %v, want 3", v.MoveLeft)
	}
}

// soa:14.5, soa:14.6, soa:15.2: while artillery is called, the caller sees
// the odds of each barrage: the counter's AF (day or night) against the DV
// with no modifier for adjacency.
func TestBarrageOdds_soa14_5_15_2(t *testing.T) {
	for _, c := range []struct {
		turn, av int
		ways     []int
	}{
		// day: AV 8 against DV 7; k points when the dice favour the attacker by k-1
		{1, 8, []int{575, 146, 140, 125, 104, 80, 56, 35, 20, 10, 4, 1}},
		// night: AV 5 against DV 7; k points need k+2
		{2, 5, []int{1296 - 310, 104, 80, 56, 35, 20, 10, 4, 1}},
	} {
		s := fireState(t, c.turn, German)
		ccPut(t, s, "10", "bo-bn-hq")
		ccPut(t, s, "21", "gb-a1-2")
		ccDo(t, s, "artillery:de-art-hzr-1")
		b := s.View("german").(View).Barrages
		if len(b) != 1 || b[0].Target != "21" || b[0].Group != "uncommitted" {
			t.Fatalf("turn %d: barrages %+v; want one on 21's uncommitted group", c.turn, b)
		}
		if o, ways := b[0].Odds, rtWays(t, b[0].Odds); o.AttackValue != c.av || o.DefenceValue != 7 || !slices.Equal(ways, c.ways) {
			t.Fatalf("turn %d: AV %d DV %d ways %v; want %d 7 %v", c.turn, o.AttackValue, o.DefenceValue, ways, c.av, c.ways)
		}
		if s.View("british").(View).Barrages != nil {
			t.Fatal("the target's side sees the barrage odds")
		}
	}
}

// soa:9.6, soa:9.6.1: while a close combat attack is designated, the attacker
// sees the die it needs: a 4-7-5 against a 3-5-5 adds 1 for the better AF
// (a 5 or 6 eliminates); a second attacker adds 1 more (4, 5 or 6).
func TestCloseCombatOdds_soa9_6_1(t *testing.T) {
	s := ccState(t, options{})
	ccPut(t, s, "10", "ss-ar1-1", "gb-a1-1", "gb-a-hq")
	s.ta = German // the British lack the advantage and attack first (soa:9.4)
	s.startCloseCombat()
	ccSkipScreens(t, s)
	ccDo(t, s, "attack:ss-ar1-1", "with:gb-a1-1")
	if o := s.View("british").(View).CloseCombat; o == nil || o.Target != "ss-ar1-1" || o.Modifier != 1 || o.Need != 5 || o.Ways != 2 {
		t.Fatalf("one attacker: odds %+v; want +1, a 5 or more, 2 ways", o)
	}
	ccDo(t, s, "with:gb-a-hq")
	if o := s.View("british").(View).CloseCombat; o == nil || o.Modifier != 2 || o.Need != 4 || o.Ways != 3 {
		t.Fatalf("two attackers: odds %+v; want +2, a 4 or more, 3 ways", o)
	}
	if s.View("german").(View).CloseCombat != nil {
		t.Fatal("the defender sees the attack being designated")
	}
}

// soa:18.3, soa:18.81: while a fire-setting attempt is designated, the firer
// sees the highest die that sets the fire: an engineer counts three, a squad
// one, a fire already burning adds its level.
func TestSetFireOdds_soa18_3_18_81(t *testing.T) {
	for _, c := range []struct {
		level         uint8
		engineer, all int // at most, with the engineer alone, then with the squad too
	}{{0, 3, 4}, {1, 4, 5}, {2, 5, 6}} {
		s := fireSetting(t, c.level)
		ccDo(t, s, "area:24", "fire", "target:24", "group:setfire", "with:ss-hw-eng-1")
		odds := func() *SetFireOdds { return s.View("german").(View).Drafting.SetFire }
		if o := odds(); o == nil || o.AtMost != c.engineer || o.Ways != c.engineer {
			t.Fatalf("level %d, the engineer: %+v; want %d", c.level, o, c.engineer)
		}
		ccDo(t, s, "with:bo-1-1-1")
		if o := odds(); o == nil || o.AtMost != c.all || o.Ways != c.all {
			t.Fatalf("level %d, engineer and squad: %+v; want %d", c.level, o, c.all)
		}
	}
}

// soa:13.4: fire at an anti-tank gun alone in its area eliminates it without
// a roll, so the odds say so rather than offering casualty points; the same
// for a barrage.
func TestFireOddsLoneAT_soa13_4(t *testing.T) {
	s := fireState(t, 1, German)
	ccPut(t, s, "17", "gb-at-1")
	ccPut(t, s, "24", "ss-ar1-1")
	ccDo(t, s, "area:24", "fire", "target:17", "with:ss-ar1-1")
	if o := s.View("german").(View).Drafting.Odds; o == nil || !o.Eliminated || o.Results != nil {
		t.Fatalf("fire at a lone AT gun: odds %+v; want eliminated, no casualty points", o)
	}
	if want, text := "  odds: an anti-tank gun alone in its area is eliminated without a roll (soa:13.4)\n", s.Text("german"); !strings.Contains(text, want) {
		t.Errorf("the firer's text lacks %q:\n%s", want, text)
	}
	s = fireState(t, 1, German)
	ccPut(t, s, "10", "bo-bn-hq")
	ccPut(t, s, "21", "gb-at-1")
	ccDo(t, s, "artillery:de-art-hzr-1")
	if b := s.View("german").(View).Barrages; len(b) != 1 || !b[0].Odds.Eliminated || b[0].Odds.Results != nil {
		t.Fatalf("barrage on a lone AT gun: %+v; want eliminated, no casualty points", b)
	}
}

// soa:13.7: an anti-tank gun firing at armour of several types names a
// primary target, whose DF makes the DV. While it names one, the odds of
// each choice are shown: from 17 into 24 by day, AV 6 (the gun's circled
// AF) against the 6-2-8's DF 2 + 1 adjacent = 3, the armoured car's 3 + 1
// = 4, the Tiger's 7 + 1 = 8.
func TestFireOddsPrimary_soa13_7(t *testing.T) {
	s := fireState(t, 1, British)
	ccPut(t, s, "17", "gb-at-1")
	ccPut(t, s, "24", "ss-hw-sp-1", "ss-ac-1", "de-tiger-1")
	ccDo(t, s, "area:17", "fire", "target:24", "with:gb-at-1", "confirm")
	d := s.View("british").(View).Drafting
	if d == nil || d.Odds != nil {
		t.Fatalf("while the primary is named, no single DV stands: %+v", d)
	}
	got := map[string][2]int{}
	for _, p := range d.Primary {
		got[p.Unit] = [2]int{p.Odds.AttackValue, p.Odds.DefenceValue}
	}
	want := map[string][2]int{"ss-hw-sp-1": {6, 3}, "ss-ac-1": {6, 4}, "de-tiger-1": {6, 8}}
	if len(got) != 3 || got["ss-hw-sp-1"] != want["ss-hw-sp-1"] || got["ss-ac-1"] != want["ss-ac-1"] || got["de-tiger-1"] != want["de-tiger-1"] {
		t.Fatalf("primary odds %v; want %v", got, want)
	}
	// The Tiger: k points need the dice to favour the gun by k+2.
	for _, p := range d.Primary {
		if p.Unit == "de-tiger-1" {
			if ways := rtWays(t, p.Odds); !slices.Equal(ways, []int{1296 - 310, 104, 80, 56, 35, 20, 10, 4, 1}) {
				t.Fatalf("Tiger as primary: ways %v", ways)
			}
		}
	}
	if want, text := "odds with "+s.g.units[s.g.byID["de-tiger-1"]].Name+" as primary target (soa:13.7): AV 6 against DV 8: no effect", s.Text("british"); !strings.Contains(text, want) {
		t.Errorf("the firer's text lacks %q:\n%s", want, text)
	}
	s.rng.Force(3, 3, 3, 3)
	ccDo(t, s, "primary:de-tiger-1")
	if s.av != 12 || s.dv != 14 {
		t.Fatalf("the roll: AV %d DV %d; want 6+6 = 12 against 8+6 = 14, as shown", s.av, s.dv)
	}
}

// soa:20.2, soa:20.3, soa:15.2, soa:15.4: the odds carry the ammunition
// shortage. On turn 8 (a night) with one Bren carrier on the track, British
// fire pays 1: a 4-7-5 in 17 at a 3-5-5 in 24 has AV 4-1 = 3 against DV
// 5+2 = 7. The British artillery still pays 2: AV 6 (night) - 2 = 4 against
// the 3-5-5's DF 5 with no modifier.
func TestFireOddsAmmo_soa20_2_20_3(t *testing.T) {
	s := fireState(t, 8, British)
	s.ammo = ammoLevel(8)
	for _, u := range s.g.sideUnits[British] {
		if s.typ(u) == Bren {
			s.units[u].Loc = locTrack
			s.stale()
			break
		}
	}
	ccPut(t, s, "17", "gb-a1-1")
	ccPut(t, s, "22", "gb-2para-hq")
	ccPut(t, s, "24", "ss-ar1-1")
	ccPut(t, s, "21", "ss-ar1-2")
	c := s.Clone().(*State)
	ccDo(t, c, "area:17", "fire", "target:24", "with:gb-a1-1")
	// k points need the dice to favour the attacker by k+4.
	if av, dv, ways := rtOdds(t, c, "british"); av != 3 || dv != 7 || !slices.Equal(ways, []int{1296 - 126, 56, 35, 20, 10, 4, 1}) {
		t.Fatalf("British fire: AV %d DV %d ways %v; want 3 7", av, dv, ways)
	}
	s.rng.Force(1) // soa:14.32: the battery answers
	ccDo(t, s, "artillery:gb-art-1lt-1")
	b := s.View("british").(View).Barrages
	if len(b) != 1 || b[0].Target != "21" || b[0].Odds.AttackValue != 4 || b[0].Odds.DefenceValue != 5 {
		t.Fatalf("British barrage: %+v; want one on 21 with AV 4 and DV 5", b)
	}
}

// soa:8.351, soa:8.352, soa:13.7: through random games, every fire or AT
// attack designated alone in its impulse rolls the AV and DV its odds showed:
// with each player's dice forced to 7, AV and DV are those of the odds plus 7.
func TestFireOddsAreTheRoll_soa8_351_8_352(t *testing.T) {
	g := MustLoad()
	pick := engine.NewRNG(11)
	checked := 0
	for i := 0; i < 12; i++ {
		st, err := g.New("basic", map[string]string{"hidden_at": "on"}, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for s.ToMove() != "" {
			if s.step == stFireWith && len(s.attacks) == 0 && s.cur.Kind != atkSetFire && ccHas(s, "confirm") {
				checked += rtOddsAreTheRoll(t, s)
			}
			l := s.Legal(nil)
			if err := s.Apply(l[pick.Intn(len(l))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d attacks checked", checked)
	}
}

// rtOddsAreTheRoll confirms the attack being designated on a clone (naming
// the first primary target offered, if it asks for one) and compares the
// roll with the odds shown; it returns 1 when a roll was compared.
func rtOddsAreTheRoll(t *testing.T, s *State) int {
	t.Helper()
	seat := s.seatOf(s.imp)
	o := s.View(seat).(View).Drafting.Odds
	c := s.Clone().(*State)
	c.rng.Force(3, 4, 2, 5)
	ccDo(t, c, "confirm")
	if c.step == stFirePrimary {
		p := c.View(seat).(View).Drafting.Primary[0]
		o = p.Odds
		ccDo(t, c, "primary:"+p.Unit)
	}
	if c.step == stFireTarget {
		ccDo(t, c, "resolve")
	}
	switch {
	case o == nil:
		t.Fatalf("an attack ready to confirm shows no odds (step %s)", stepNames[s.step])
	case o.Eliminated:
		if c.step == stReroll {
			t.Fatal("the odds said eliminated without a roll, but a roll was made")
		}
		return 0
	case c.step != stReroll:
		t.Fatalf("odds %+v but no roll: step %s", o, stepNames[c.step])
	case c.av != o.AttackValue+7 || c.dv != o.DefenceValue+7:
		t.Fatalf("odds AV %d DV %d; the roll with 7 each: AV %d DV %d", o.AttackValue, o.DefenceValue, c.av, c.dv)
	}
	return 1
}
