package mgmg

import (
	"slices"
	"strings"

	"sandtable/engine"
	"testing"
)

// ddayWith is September 17 at the Artillery Bombardment Phase with only
// the units given on the map (the first lift's in the United Kingdom box
// land next): with no XXX Corps Artillery Fresh in Zone F the phase's only
// choice is Done, which lands the lift (mgmg:20.3, 20.4).
func ddayWith(t *testing.T, units ...UnitPos) *State {
	t.Helper()
	return edited(t, newTestState(t, "standard"), func(p *Position) {
		p.Step = "dday-artillery-bombardment"
		p.Units = units
	})
}

// keepRolls keeps every roll the Advantage holder is offered.
func keepRolls(t *testing.T, s *State) {
	t.Helper()
	for s.step == stReroll {
		play(t, s, "keep")
	}
}

// freshAt and spentAt name a unit's place and face for ddayWith.
func freshAt(id, at string) UnitPos { return UnitPos{ID: id, At: at, Level: "fresh"} }
func spentAt(id, at string) UnitPos { return UnitPos{ID: id, At: at, Level: "spent"} }

// TestExample3PlaysThrough: mgmg:26.0 example 3 played (mgmg:20.4,
// mgmg:18.44, mgmg:10.72, mgmg:10.73, mgmg:10.8, mgmg:10.5): six American
// battalions land in St. Oedenrode (54) by the Fresh Son FLAK Tower; a 1
// against Interdiction Value 1 lands the 1/502 Spent, 2 to 6 the others
// Fresh. The Drop Area is Contested, so its one option is an assault; the
// 2/502 (attack 4) and 3/502 join it: AV 5 = 4 + 1 other unit; DV 3 = the
// tower's 1 + TEM 2. The Allied DR three above the German's: AT - DT = 2 +
// 3 = 5 casualty points, more than the 4 the Fresh tower can take: it is
// eliminated, with no overrun (mgmg:20.4A). The two assaulting units are
// Spent, the three others Fresh for later impulses (mgmg:20.4D).
func TestExample3PlaysThrough(t *testing.T) {
	paras := []string{"us-1-502", "us-2-502", "us-3-502", "us-1-506", "us-2-506", "us-3-506"}
	units := []UnitPos{freshAt("de-tower-son", "54")}
	for _, id := range paras {
		units = append(units, freshAt(id, "UK"))
	}
	s := ddayWith(t, units...)
	s.rng.Force(1, 2, 3, 4, 5, 6)
	play(t, s, "done")
	keepRolls(t, s)
	unitAt(t, s, "us-1-502", "54", StepSpent)
	if got := ids(s); !slices.Equal(got, []string{"drop-assault:54", "done"}) {
		t.Fatalf("choices %v; want the assault in the Contested Drop Area 54, or done (mgmg:20.4A, D)", got)
	}
	play(t, s, "drop-assault:54")
	if got := ids(s); !slices.Equal(got, []string{"point:us-2-502", "point:us-3-502", "point:us-1-506", "point:us-2-506", "point:us-3-506"}) {
		t.Fatalf("choices %v; want a Point Unit among the five Fresh battalions", got)
	}
	v := s.View("german").(View).Landing
	if v == nil || v.Phase != "landing" || !slices.Equal(v.Activated, []string{"54"}) || v.Active != "54" || v.Option != "drop-assault" {
		t.Errorf("view of the landing %+v; want 54 activated for an assault", v)
	}
	if ph := s.Phase(); ph.ID != "dday-airborne-landing" {
		t.Errorf("the assault's phase is %s; want the Airborne Landing Phase", ph.ID)
	}
	s.rng.Force(4, 4, 2, 3) // the Allied DR 8, the German 5
	// the tower is the Forward Unit at once; 5 CP eliminate it, the best the
	// Allies, holding the Advantage, can have, and a D-Day phase's DR is no
	// Sunset DR (mgmg:20.4): no reroll is offered (mgmg:12.2)
	play(t, s, "point:us-2-502", "join:us-3-502", "support-done")
	logHas(t, s, "mgmg:10.72", "AV 5")
	logHas(t, s, "mgmg:10.73", "DV 3")
	for s.step == stCasualty {
		play(t, s, "casualty:de-tower-son")
	}
	if st := s.units[s.g.unit("de-tower-son")]; st.Loc != locElim {
		t.Errorf("the Son FLAK Tower is in %s; want it eliminated by 5 casualty points", s.g.locName(st.Loc))
	}
	if s.step != stAirborneLanding || s.active != allies {
		t.Fatalf("after the assault: step %s, %s to move; want the next activation", stepNames[s.step], s.active)
	}
	for _, id := range paras[1:3] {
		unitAt(t, s, id, "54", StepSpent)
	}
	for _, id := range paras[3:] {
		unitAt(t, s, id, "54", StepFresh)
	}
	if s.control[s.g.at("54")] != ctlAirborne {
		t.Errorf("54 is Controlled %s; want the Airborne once the tower is gone (mgmg:7.2)", controlNames[s.control[s.g.at("54")]])
	}
	if got := ids(s); !slices.Equal(got, []string{"done"}) {
		t.Errorf("choices %v; want 54 activated once only (mgmg:20.4)", got)
	}
}

// TestLandingAssaultStalemateAndFailure: mgmg:26.0 example 3's other
// results (mgmg:20.4A, mgmg:10.742, mgmg:10.741): the German DR two above
// the Allied is a stalemate: the Point Unit Disrupt 1, the other assaulting
// unit Spent, the units that did not assault unaffected, and nobody
// retreats; five above is a failure: both Disrupt 1, staying in 54.
func TestLandingAssaultStalemateAndFailure(t *testing.T) {
	for _, c := range []struct {
		dice         []int
		point, other Step
	}{
		{[]int{2, 2, 3, 3}, StepDisrupt1, StepSpent},    // Allied 4, German 6: AT 9 = DT 9
		{[]int{1, 1, 3, 4}, StepDisrupt1, StepDisrupt1}, // Allied 2, German 7: AT 7 < DT 10
	} {
		s := ddayWith(t, spentAt("de-tower-son", "54"), freshAt("us-2-502", "UK"), freshAt("us-3-502", "UK"), freshAt("us-1-506", "UK"))
		play(t, s, "done") // a Spent tower interdicts nothing (mgmg:18.44)
		s.rng.Force(c.dice...)
		play(t, s, "drop-assault:54", "point:us-2-502", "join:us-3-502", "support-done", "keep")
		logHas(t, s, "mgmg:10.73", "DV 3") // the Spent tower's factor 1 + TEM 2
		if s.step == stAttackerRetreat {
			t.Fatalf("the landing's assaulting units are offered a retreat (mgmg:20.4A)")
		}
		for s.step == stVoluntary {
			play(t, s, "stay")
		}
		unitAt(t, s, "us-2-502", "54", c.point)
		unitAt(t, s, "us-3-502", "54", c.other)
		unitAt(t, s, "us-1-506", "54", StepFresh)
		if s.step != stAirborneLanding {
			t.Errorf("step %s; want the next activation", stepNames[s.step])
		}
	}
}

// groundAssaultOf is the XXX Corps Ground Assault Phase of example 4
// (mgmg:26.0): the barrage has left four of Zone F's five German units
// Spent, the 10SS 2/22 Fresh; the Guards Armoured Division is Fresh there,
// the XXX Corps Artillery Spent by its barrage; the Panzerjäger 559 holds
// Valkenswaard (64). No Drop Area is activated (mgmg:20.4D).
func groundAssaultOf(t *testing.T) *State {
	t.Helper()
	units := []UnitPos{freshAt("de-10ss-2-22", "F"), spentAt("de-9ss-2-20", "F"), spentAt("de-7-1-16", "F"), spentAt("de-7-2-16", "F"),
		spentAt("de-penal-6", "F"), freshAt("de-pzjg-559", "64"), spentAt("gb-xxx-corps-art", "F")}
	for _, id := range []string{"gb-gds-2-gren", "gb-gds-1-gren", "gb-gds-1-cold", "gb-gds-5-cold", "gb-gds-2-irish", "gb-gds-3-irish", "gb-gds-2-welsh", "gb-gds-1-welsh", "gb-gds-art"} {
		units = append(units, freshAt(id, "F"))
	}
	s := ddayWith(t, units...)
	play(t, s, "done") // no barrage: the XXX Corps Artillery is Spent (mgmg:20.3)
	if got := ids(s); !slices.Equal(got, []string{"done"}) {
		t.Fatalf("landing choices %v; want only done with no airborne unit landed", got)
	}
	play(t, s, "done")
	return s
}

// TestGroundAssaultMustBeMade: the phase opens the assault in Zone F at
// once: a Guards Armoured battalion must be its Point Unit, with no Done;
// the other battalions may join it, the Guards artillery support it, the
// Spent XXX Corps Artillery neither (mgmg:20.5, mgmg:15.12).
func TestGroundAssaultMustBeMade(t *testing.T) {
	s := groundAssaultOf(t)
	if s.step != stAssaultPoint || s.active != allies || s.Phase().ID != "dday-ground-assault" {
		t.Fatalf("step %s, %s to move, phase %s; want the Allies' Point Unit in the XXX Corps Ground Assault Phase", stepNames[s.step], s.active, s.Phase().ID)
	}
	guards := []string{"gb-gds-2-gren", "gb-gds-1-gren", "gb-gds-1-cold", "gb-gds-5-cold", "gb-gds-2-irish", "gb-gds-3-irish", "gb-gds-2-welsh", "gb-gds-1-welsh"}
	var want []string
	for _, id := range guards {
		want = append(want, "point:"+id)
	}
	if got := ids(s); !slices.Equal(got, want) {
		t.Errorf("choices %v; want the eight Guards battalions as Point Unit, no Done (mgmg:20.5)", got)
	}
	if p := s.Prompt("allied"); !strings.Contains(p.Text, "must assault") || !strings.Contains(p.Text, "Point Unit") || p.Rule != "mgmg:20.5" {
		t.Errorf("prompt %+v; want the Point Unit asked, the Guards' duty to assault said, mgmg:20.5 cited", p)
	}
	play(t, s, "point:gb-gds-2-gren")
	want = nil
	for _, id := range guards[1:] {
		want = append(want, "join:"+id)
	}
	want = append(want, "artillery:gb-gds-art", "support-done")
	if got := ids(s); !slices.Equal(got, want) {
		t.Errorf("choices %v; want %v", got, want)
	}
}

// TestExample4PlaysThrough: mgmg:26.0 example 4 played (mgmg:20.5,
// mgmg:10.72, mgmg:10.73, mgmg:10.8, mgmg:10.92, mgmg:15.12): the 2nd
// Grenadier Guards (attack 8) the Point Unit, the 1st Grenadier Guards
// with it, the Guards artillery supporting: AV 11 = 8 + 1 other + 1
// artillery + 1 divisional integrity (three Guards units). The 10SS 2/22 the
// Forward Unit: DV 5 = 3 + TEM 2, no other Fresh defender. Equal DRs: 6
// casualty points. The German takes the first on the 2/22 (Spent), two each
// on the Spent 7 1/16 and 6th Penal (Disrupt 2), and retreats the 7 1/16
// for the sixth, into Valkenswaard (64), its only retreat. The Guards that
// assaulted are Spent, their artillery Fresh (mgmg:15.12); German Impulse 0
// follows (mgmg:20.6).
func TestExample4PlaysThrough(t *testing.T) {
	s := groundAssaultOf(t)
	s.rng.Force(3, 4, 4, 3) // the Allied DR 7, the German 7
	play(t, s, "point:gb-gds-2-gren", "join:gb-gds-1-gren", "artillery:gb-gds-art", "support-done")
	if got := ids(s); !slices.Contains(got, "forward:de-10ss-2-22") {
		t.Fatalf("choices %v; want the German to name the Forward Unit", got)
	}
	play(t, s, "forward:de-10ss-2-22", "keep")
	logHas(t, s, "mgmg:10.72", "AV 11")
	logHas(t, s, "mgmg:10.73", "DV 5")
	logHas(t, s, "mgmg:10.8", "6 casualty points")
	example4Losses(t, s)
	unitAt(t, s, "gb-gds-2-gren", "F", StepSpent)
	unitAt(t, s, "gb-gds-1-gren", "F", StepSpent)
	unitAt(t, s, "gb-gds-art", "F", StepFresh)
	unitAt(t, s, "gb-gds-1-cold", "F", StepFresh)
	if s.step != stImpulse || s.active != germans || s.impulse != 0 || s.Phase().ID != "daylight" {
		t.Errorf("step %s, %s to move, impulse %d; want German Impulse 0 of the Daylight Phase (mgmg:20.6)", stepNames[s.step], s.active, s.impulse)
	}
}

// TestGroundAssaultFailureStays: a failed ground assault leaves its units
// Disrupt 1 in Zone F, with no retreat offered (mgmg:10.741, mgmg:20.5).
func TestGroundAssaultFailureStays(t *testing.T) {
	s := groundAssaultOf(t)
	s.rng.Force(1, 1, 6, 6) // the Allied DR 2, the German 12: AT 10 < DT 17
	play(t, s, "point:gb-gds-2-gren", "support-done", "forward:de-10ss-2-22", "keep")
	if s.step == stAttackerRetreat {
		t.Fatal("the Guards are offered a retreat out of Zone F (mgmg:10.741)")
	}
	play(t, s, "stay")
	unitAt(t, s, "gb-gds-2-gren", "F", StepDisrupt1)
	if s.step != stImpulse || s.active != germans {
		t.Errorf("step %s, %s to move; want German Impulse 0", stepNames[s.step], s.active)
	}
}

// TestLandingSeizesBridges: mgmg:20.4B, mgmg:9.22, mgmg:19.3: the 2/501
// and 3/501 land Fresh in Eerde (55), Uncontested, beside the Spent Son FLAK
// Tower in St. Oedenrode (54), so that nothing interdicts them. Activated
// to seize bridges, one unit tries each German bridge of 55 once, one MF a
// try: into 54 the modifier is 0 (not Vacant, no Fresh enemy, a canal), so
// a 4 takes it; into Veghel (51) it is +1 (Vacant), so a 2 fails. With no
// bridge left to try the activation ends: the 2/501 is Spent, the 3/501
// still Fresh, and 55 is not activated again.
func TestLandingSeizesBridges(t *testing.T) {
	s := ddayWith(t, spentAt("de-tower-son", "54"), freshAt("us-2-501", "UK"), freshAt("us-3-501", "UK"))
	play(t, s, "done")
	if got := ids(s); !slices.Equal(got, []string{"drop-seize:55", "drop-move:55", "done"}) {
		t.Fatalf("choices %v; want 55 to seize bridges or move, or done (mgmg:20.4)", got)
	}
	play(t, s, "drop-seize:55")
	if got := ids(s); !slices.Equal(got, []string{"move:us-2-501", "move:us-3-501"}) {
		t.Fatalf("choices %v; want the one unit that seizes", got)
	}
	play(t, s, "move:us-2-501")
	if p := s.Prompt("allied").Text; strings.Contains(p, "or stop") {
		t.Errorf("before its first try the prompt %q offers to stop", p)
	}
	got := ids(s)
	slices.Sort(got)
	if !slices.Equal(got, []string{"seize:51", "seize:54"}) {
		t.Fatalf("choices %v; want the bridges to 51 and 54", got)
	}
	s.rng.Force(4, 2)
	play(t, s, "seize:54") // seized: the Allies, holding the Advantage, are offered no reroll (mgmg:12.2)
	if got := ids(s); !slices.Equal(got, []string{"seize:51", "stop"}) {
		t.Fatalf("choices %v; want the bridge to 51 still, or stop, after one try", got)
	}
	if p := s.Prompt("allied").Text; !strings.HasSuffix(p, "or stop") {
		t.Errorf("after a try the prompt %q does not offer to stop", p)
	}
	play(t, s, "seize:51", "keep")
	g := s.g
	if h := s.bridges[g.bridgeAt[int(g.at("54"))*nPlaces+int(g.at("55"))]].Held; h != heldAllied {
		t.Errorf("the bridge 54/55 is %s; want it seized by the 4", bridgeHeldNames[h])
	}
	if h := s.bridges[g.bridgeAt[int(g.at("51"))*nPlaces+int(g.at("55"))]].Held; h != heldGerman {
		t.Errorf("the bridge 51/55 is %s; want it German after the 2 failed", bridgeHeldNames[h])
	}
	unitAt(t, s, "us-2-501", "55", StepSpent)
	unitAt(t, s, "us-3-501", "55", StepFresh)
	if got := ids(s); s.step != stAirborneLanding || !slices.Equal(got, []string{"done"}) {
		t.Errorf("step %s, choices %v; want the landing with 55 done", stepNames[s.step], got)
	}
}

// TestLandingMovesIntoVacantPlaces: mgmg:20.4C, mgmg:9.62, mgmg:7.2: the
// three parachute battalions land in Renkum (11). Activated to move, each
// may enter an adjacent Vacant place with all its MF: Wolfheze (5), 6 and
// 10, not Heveadorp (12), which Krafft holds, nor 18 and 24 across the
// Rhine without a bridge. The 1st enters 10 and takes it for the Airborne;
// the Allies end the moves there: the 1st is Spent, the others Fresh.
func TestLandingMovesIntoVacantPlaces(t *testing.T) {
	s := ddayWith(t, freshAt("de-ss-krafft", "12"), freshAt("gb-1abn-1-para", "UK"), freshAt("gb-1abn-2-para", "UK"), freshAt("gb-1abn-3-para", "UK"))
	play(t, s, "done", "drop-move:11", "move:gb-1abn-1-para")
	got := ids(s)
	slices.Sort(got)
	if !slices.Equal(got, []string{"enter:10", "enter:5", "enter:6"}) {
		t.Fatalf("choices %v; want the Vacant places 5, 6 and 10", got)
	}
	play(t, s, "enter:10")
	if l := logText(s, "allied"); !strings.Contains(l, "enters 10 Wageningen with all its MF") {
		t.Errorf("the log does not say the move took all its MF:\n%s", l)
	}
	if got := ids(s); !slices.Equal(got, []string{"move:gb-1abn-2-para", "move:gb-1abn-3-para", "drop-done"}) {
		t.Fatalf("choices %v; want the other two to move, or the end of 11's moves", got)
	}
	play(t, s, "drop-done")
	unitAt(t, s, "gb-1abn-1-para", "10", StepSpent)
	unitAt(t, s, "gb-1abn-2-para", "11", StepFresh)
	if c := s.control[s.g.at("10")]; c != ctlAirborne {
		t.Errorf("10 is Controlled %s; want the Airborne", controlNames[c])
	}
	if s.step != stAirborneLanding {
		t.Errorf("step %s; want the landing", stepNames[s.step])
	}
}

// TestDDayPrompts: each D-Day step says what it asks and cites its rule;
// the German is told whom the game waits for; nothing says "not yet built"
// (mgmg:20.4, 20.5).
func TestDDayPrompts(t *testing.T) {
	s := newTestState(t, "standard")
	playDDayTo(t, s, stAirborneLanding)
	if p := s.Prompt("allied"); !strings.Contains(p.Text, "activate a Drop Area") || p.Rule != "mgmg:20.4" {
		t.Errorf("Allied prompt %+v; want the Drop Areas' activation, citing mgmg:20.4", p)
	}
	if p := s.Prompt("german"); !strings.Contains(p.Text, "Waiting for the Allied player") {
		t.Errorf("German prompt %+v; want whom the game waits for", p)
	}
	// option A's assault asks name the Drop Area once
	a := s.Clone().(*State)
	play(t, a, "drop-assault:54")
	if p := a.Prompt("allied"); p.Text != "Airborne Landing Phase, A, an assault: Assault in 54 St. Oedenrode: name the Point Unit" {
		t.Errorf("the assault in St. Oedenrode asks %q", p.Text)
	}
	for s.step != stImpulse {
		for _, c := range engine.Choices(s) {
			if strings.Contains(c.Label, "not yet built") || c.Rule == "" {
				t.Errorf("step %s: choice %+v", stepNames[s.step], c)
			}
		}
		if p := s.Prompt(s.ToMove()); p.Rule == "" || strings.Contains(p.Text, "not yet built") {
			t.Errorf("step %s: prompt %+v", stepNames[s.step], p)
		}
		play(t, s, ddayChoice(s))
	}
}

// TestDDayRefitAndRegroup: after D-Day's Daylight Phase (two passes end it
// in Impulse 0, mgmg:8.24) the German and Allied Refit Phases and Regroup
// Phases follow as on any turn, and September 18 begins (mgmg:20.7,
// mgmg:6.4, mgmg:6.5).
func TestDDayRefitAndRegroup(t *testing.T) {
	s := newTestState(t, "standard")
	playDDay(t, s)
	play(t, s, "pass", "pass")
	for i, w := range []struct {
		ph engine.Phase
		sd side
	}{{phaseRefit, germans}, {phaseRefit, allies}, {phaseRegroup, germans}, {phaseRegroup, allies}} {
		if s.Phase() != w.ph || s.active != w.sd || s.turn != FirstDay {
			t.Fatalf("step %d: September %d, step %s, %s to move; want September 17, the %s, %s", i, s.turn, stepNames[s.step], s.active, w.ph.Name, w.sd)
		}
		if w.ph == phaseRefit {
			refitNothing(t, s)
			continue
		}
		play(t, s, "done")
	}
	if s.turn != 18 || s.step != stImpulse || s.active != germans {
		t.Errorf("September %d, step %s, %s to move; want the German impulse of September 18", s.turn, stepNames[s.step], s.active)
	}
}

// TestDoubleLifts: with the option, the airborne units dated September 18
// are in the United Kingdom box once the Advantage marker reaches Impulse
// 7 of D-Day, those of the 19th still waiting, and those of the 19th come
// at Impulse 7 of the 18th; without it they wait for their dawn
// (mgmg:23.3, mgmg:18.4). The Allied Sunset DR of 12 at Impulse 6 goes on
// to Impulse 7 (mgmg:6.3).
func TestDoubleLifts(t *testing.T) {
	for _, c := range []struct {
		day       int
		early, no string // a unit flying early, one that does not
	}{{17, "gb-1abn-10-para", "pl-1-para"}, {17, "us-1-327", "us-1-325"}, {18, "pl-1-para", "gb-1abn-10-para"}} {
		for _, on := range []bool{false, true} {
			s := newTestState(t, "standard")
			s.opt.doubleLifts = on
			playDDay(t, s)
			s = edited(t, s, func(p *Position) {
				p.Turn, p.Impulse, p.Active, p.Stack = c.day, "6", "allied", []frame{{Proc: procImpulse, Side: allies}}
			})
			s.rng.Force(6, 6)
			play(t, s, "pass", "keep")
			if s.impulse != 7 || s.active != germans {
				t.Fatalf("Impulse %s, %s to move; want German Impulse 7", impulseName(s.impulse), s.active)
			}
			want := locPool
			if on {
				want = s.g.uk
			}
			if got := s.units[s.g.unit(c.early)].Loc; got != want {
				t.Errorf("September %d, double lifts %v: %s is in %s, want %s", c.day, on, c.early, s.g.locName(got), s.g.locName(want))
			}
			if got := s.units[s.g.unit(c.no)].Loc; got != locPool {
				t.Errorf("September %d, double lifts %v: %s is in %s, want it waiting", c.day, on, c.no, s.g.locName(got))
			}
		}
	}
}

// TestDDayLossesKeepTheAdvantage: the Germans lose all five units of Zone
// F to the ground assault, but the phase is no impulse, so the German
// keeps the Advantage (mgmg:12.4, mgmg:20.5): the Guards (AV 8 + 7 others +
// 1 artillery + 1 divisional integrity = 17) roll 12 against the German's 2
// and DV 5: 22 casualty points, more than the 16 the defenders can take.
func TestDDayLossesKeepTheAdvantage(t *testing.T) {
	s := groundAssaultOf(t)
	s = edited(t, s, func(p *Position) { p.Advantage = "german" })
	play(t, s, "point:gb-gds-2-gren")
	for _, id := range ids(s) {
		if strings.HasPrefix(id, "join:") {
			play(t, s, id)
		}
	}
	s.rng.Force(6, 6, 1, 1)
	play(t, s, "artillery:gb-gds-art", "forward:de-10ss-2-22", "keep")
	logHas(t, s, "mgmg:10.72", "AV 17")
	for _, id := range []string{"de-10ss-2-22", "de-9ss-2-20", "de-7-1-16", "de-7-2-16", "de-penal-6"} {
		if st := s.units[s.g.unit(id)]; st.Loc != locElim {
			t.Errorf("%s is in %s; want it eliminated", id, s.g.locName(st.Loc))
		}
	}
	if s.step != stImpulse || s.advantage != germans {
		t.Errorf("step %s, the Advantage %s's; want German Impulse 0 with the German holding it", stepNames[s.step], s.advantage)
	}
}

// TestOptionalLandings: mgmg:23.2 with no German unit about: the 1st
// Parachute Battalion may land in the Red Devils' areas with TEM +1 or +2
// or a Supply Head (5, 12, 24) that trace a supply line to the Supply
// Heads 5 or 12: those, 6, 9 and 11 next to 5, and 24 over its bridge to
// 12; not 1, two areas from both. Once the battalion holds 6 for the
// Airborne, 1 next to it may take the next unit. In the Polder of 24 the
// 2nd Parachute Battalion lands against Interdiction Value 1 and the
// Border Regiment, by glider, against 2: a 1 lands the first Spent, the
// second Spent and Disrupt 1 (mgmg:18.44).
func TestOptionalLandings(t *testing.T) {
	s := edited(t, ddayWith(t, freshAt("gb-1abn-1-para", "UK"), freshAt("gb-1abn-2-para", "UK"), freshAt("gb-1abn-border", "UK")),
		func(p *Position) { p.Options["dday_landings"] = "on" })
	play(t, s, "done")
	got := ids(s)
	slices.Sort(got)
	if want := []string{"drop-zone:11", "drop-zone:12", "drop-zone:24", "drop-zone:5", "drop-zone:6", "drop-zone:9"}; s.step != stDropZone || !slices.Equal(got, want) {
		t.Fatalf("step %s, choices %v; want %v", stepNames[s.step], got, want)
	}
	if v := s.View("german").(View).Landing; v == nil || v.Phase != "drop-zones" || v.Next != "gb-1abn-1-para" {
		t.Errorf("view %+v; want the 1st Parachute Battalion to land next", v)
	}
	play(t, s, "drop-zone:6")
	if back := edited(t, s, func(*Position) {}); !slices.Equal(ids(back), ids(s)) || back.Hash() != s.Hash() {
		t.Errorf("the position mid-landing reads back with choices %v; want %v and the same hash", ids(back), ids(s))
	}
	if !slices.Contains(ids(s), "drop-zone:1") {
		t.Errorf("choices %v; want 1, next to the Airborne's 6", ids(s))
	}
	play(t, s, "drop-zone:24")
	c, err := engine.Find(s, "drop-zone:24")
	if err != nil || !strings.Contains(s.Describe(c).Label, "Interdiction Value 2") {
		t.Errorf("the glider's landing in 24: %+v, %v; want Interdiction Value 2", s.Describe(c), err)
	}
	s.rng.Force(1, 1)
	play(t, s, "drop-zone:24")
	keepRolls(t, s)
	unitAt(t, s, "gb-1abn-1-para", "6", StepFresh)
	unitAt(t, s, "gb-1abn-2-para", "24", StepSpent)
	unitAt(t, s, "gb-1abn-border", "24", StepDisrupt1)
	if s.step != stAirborneLanding {
		t.Errorf("step %s; want the Drop Areas' activations", stepNames[s.step])
	}
}

// TestOptionalLandingsLimit: four units of the lift at most in an area,
// six in St. Oedenrode (54) (mgmg:23.2).
func TestOptionalLandingsLimit(t *testing.T) {
	paras := []string{"us-1-502", "us-2-502", "us-3-502", "us-1-506", "us-2-506", "us-3-506", "us-2-501"}
	var units []UnitPos
	for _, id := range paras {
		units = append(units, freshAt(id, "UK"))
	}
	for _, c := range []struct {
		at string
		n  int
	}{{"55", 4}, {"54", 6}} {
		s := edited(t, ddayWith(t, units...), func(p *Position) { p.Options["dday_landings"] = "on" })
		play(t, s, "done")
		for i := range c.n {
			if !slices.Contains(ids(s), "drop-zone:"+c.at) {
				t.Fatalf("unit %d may not land in %s; want %d to", i+1, c.at, c.n)
			}
			play(t, s, "drop-zone:"+c.at)
		}
		if slices.Contains(ids(s), "drop-zone:"+c.at) {
			t.Errorf("a unit more may land in %s; want %d at most", c.at, c.n)
		}
	}
}

// TestExample5PlaysThrough: mgmg:26.0 example 5 reached from the landing
// (mgmg:20.4, 20.61, 19.4, 19.5): six American battalions land in St.
// Oedenrode (54) beside the Fresh Son FLAK Tower, two in Eerde (55); 6s
// against Interdiction Value 1 leave them Fresh, and the Allies activate
// no Drop Area, so 54 stays German and Contested. With no German unit in
// Zone F there is no ground assault. In Impulse 0 the German activates 54
// to blow its three bridges: the drm into Eerde, Allied and Free, is +2 (54
// Contested and friendly); into Breugel (59) and Woensel (61), German and
// Free, +5. A 5 blows the bridge to Eerde (5 + 2 = 7). The Allies may then
// activate 54, whose battalions did nothing and are Fresh (mgmg:20.4D).
func TestExample5PlaysThrough(t *testing.T) {
	units := []UnitPos{freshAt("de-tower-son", "54")}
	for _, id := range []string{"us-1-502", "us-2-502", "us-3-502", "us-1-506", "us-2-506", "us-3-506", "us-2-501", "us-3-501"} {
		units = append(units, freshAt(id, "UK"))
	}
	s := ddayWith(t, units...)
	s.rng.Force(6, 6, 6, 6, 6, 6, 6, 6)
	play(t, s, "done")
	keepRolls(t, s)
	play(t, s, "done")
	if s.step != stImpulse || s.active != germans || s.impulse != 0 || !s.contested(s.g.at("54")) || s.controller(s.g.at("54")) != germans {
		t.Fatalf("step %s, %s to move, Impulse %d, 54 contested %v; want German Impulse 0 with 54 German and Contested", stepNames[s.step], s.active, s.impulse, s.contested(s.g.at("54")))
	}
	play(t, s, "assault:54")
	if got := ids(s); !slices.Equal(got, []string{"end-impulse"}) {
		t.Errorf("German Impulse 0 in 54: choices %v; want no assault there, only the end of the movement (mgmg:20.61)", got)
	}
	play(t, s, "end-impulse")
	want := map[string]string{"54/55": "+2", "54/59": "+5", "54/61": "+5"}
	for _, c := range engine.Choices(s) {
		name, ok := strings.CutPrefix(c.ID, "demolish:")
		if !ok {
			continue
		}
		if !strings.Contains(c.Label, "Demolition dr "+want[name]) {
			t.Errorf("%s: %q; want the drm %s", c.ID, c.Label, want[name])
		}
		delete(want, name)
	}
	if len(want) > 0 {
		t.Fatalf("no demolition offered for %v", want)
	}
	s.rng.Force(5)
	play(t, s, "demolish:54/55", "keep")
	g := s.g
	if h := s.bridges[g.bridgeAt[int(g.at("54"))*nPlaces+int(g.at("55"))]].Held; h != heldBlown {
		t.Errorf("the bridge 54/55 is %s; want it blown by 5 + 2", bridgeHeldNames[h])
	}
	// The battalions that did nothing in the landing are Fresh for the
	// Allies' Impulse 0: 54 may be activated for an assault (mgmg:20.4D).
	for s.step == stImpulse && s.active == germans {
		play(t, s, "done")
	}
	if got := ids(s); s.active != allies || !slices.Contains(got, "assault:54") {
		t.Fatalf("%s to move, choices %v; want the Allies able to activate 54", s.active, got)
	}
	play(t, s, "assault:54")
	if got := ids(s); !slices.Contains(got, "resolve:54") {
		t.Errorf("choices %v; want the assault in 54, the Contested Active Area (mgmg:10.6)", got)
	}
}

// TestLandingMoveTakesTheBridge: mgmg:20.4C, mgmg:19.1: the 1/504, landed
// in Overasselt (39), crosses the German bridge over the canal into Malden
// (33), Vacant and German: Malden and then the bridge, both its places
// Allied, pass to the Allies without a seizure dr, as 19.1's note says of
// the Airborne Landing Phase.
func TestLandingMoveTakesTheBridge(t *testing.T) {
	s := ddayWith(t, freshAt("us-1-504", "UK"))
	rolls := s.rng.Rolls
	play(t, s, "done", "drop-move:39", "move:us-1-504", "enter:33")
	g := s.g
	if h := s.bridges[g.bridgeAt[int(g.at("33"))*nPlaces+int(g.at("39"))]].Held; h != heldAllied || s.controller(g.at("33")) != allies {
		t.Errorf("the bridge 33/39 is %s, Malden %s's; want both Allied", bridgeHeldNames[h], s.controller(g.at("33")))
	}
	if s.rng.Rolls != rolls {
		t.Errorf("%d dice rolled; want none", s.rng.Rolls-rolls)
	}
	unitAt(t, s, "us-1-504", "33", StepSpent)
}

// TestLandingAdvantagePassesAtPhaseEnd: the Allies reroll a 1 for the
// seizure of the bridge to 54 with the Advantage and get a 6; no roll of
// the phase is offered again, and the Advantage passes to the German as
// the Airborne Landing Phase ends (mgmg:12.2, mgmg:20.4, mgmg:9.22).
func TestLandingAdvantagePassesAtPhaseEnd(t *testing.T) {
	s := ddayWith(t, spentAt("de-tower-son", "54"), freshAt("us-2-501", "UK"), freshAt("us-3-501", "UK"))
	s.rng.Force(1, 6, 2)
	play(t, s, "done", "drop-seize:55", "move:us-2-501", "seize:54", "reroll", "seize:51")
	if s.step != stAirborneLanding || s.advantage != nobody || s.advantageNext != germans {
		t.Fatalf("step %s, Advantage %s (next %s); want the landing with the Advantage used", stepNames[s.step], s.advantage, s.advantageNext)
	}
	g := s.g
	if h := s.bridges[g.bridgeAt[int(g.at("54"))*nPlaces+int(g.at("55"))]].Held; h != heldAllied {
		t.Errorf("the bridge 54/55 is %s; want it seized on the reroll's 6", bridgeHeldNames[h])
	}
	play(t, s, "done")
	if s.step != stImpulse || s.advantage != germans {
		t.Errorf("step %s, the Advantage %s's; want German Impulse 0 with the German holding it", stepNames[s.step], s.advantage)
	}
}

// TestDropZoneStepChecked: a position in the optional landings' step with
// no unit left to land is refused when loaded (mgmg:23.2).
func TestDropZoneStepChecked(t *testing.T) {
	s := edited(t, ddayWith(t, freshAt("gb-1abn-1-para", "UK")), func(p *Position) { p.Options["dday_landings"] = "on" })
	play(t, s, "done")
	p := s.Position().(Position)
	p.Units = nil
	if _, err := s.g.LoadPosition(mustJSON(p)); err == nil || !strings.Contains(err.Error(), "mgmg:23.2") {
		t.Errorf("loading the landing with nobody to land: %v; want it refused citing mgmg:23.2", err)
	}
}

// example4Losses takes example 4's six casualty points (mgmg:26.0, 10.8,
// 10.92): the first on the Forward Unit, the 10SS 2/22 (Spent), two each on
// the Spent 7 1/16 and 6th Penal (Disrupt 2), and the 7 1/16's retreat for
// the sixth, into Valkenswaard (64), its only retreat; no unit retreats
// voluntarily after.
func example4Losses(t *testing.T, s *State) {
	t.Helper()
	play(t, s, "casualty:de-10ss-2-22", "casualty:de-7-1-16", "casualty:de-7-1-16", "casualty:de-penal-6", "casualty:de-penal-6", "withdraw:de-7-1-16")
	if got := ids(s); !slices.Equal(got, []string{"retreat-to:64"}) {
		t.Fatalf("retreat choices %v; want Valkenswaard (64) alone (mgmg:10.92)", got)
	}
	play(t, s, "retreat-to:64", "stay")
	unitAt(t, s, "de-10ss-2-22", "F", StepSpent)
	unitAt(t, s, "de-penal-6", "F", StepDisrupt2)
	unitAt(t, s, "de-7-1-16", "64", StepDisrupt2)
}
