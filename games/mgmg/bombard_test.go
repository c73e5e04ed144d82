package mgmg

import (
	"slices"
	"strings"
	"testing"
)

// ddayAirAt is D-Day's Air Bombardment Phase with every area before place
// p bombarded already, so that the next target is the first FLAK Tower's
// area from p on (mgmg:20.2).
func ddayAirAt(t *testing.T, p string) *State {
	t.Helper()
	s := newTestState(t, "standard")
	return edited(t, s, func(pos *Position) {
		pos.Stack = []frame{{Proc: procBombard, Place: s.g.at(p) - 1}}
	})
}

// logHas fails the test unless some log line cites rule and contains text.
func logHas(t *testing.T, s *State, rule, text string) {
	t.Helper()
	for _, l := range s.LogLines("german", 0, s.LogLen("german")) {
		if l.Rule == rule && strings.Contains(l.Text, text) {
			return
		}
	}
	t.Errorf("no log line citing %s says %q", rule, text)
}

// TestExample1PlaysThrough: mgmg:26.0 example 1 played (mgmg:20.2,
// mgmg:16.2, mgmg:11.4, mgmg:11.41): the VIII Air marker, AV 8, bombards St.
// Oedenrode (54), DV 5 = twice TEM 2 + the Fresh Son FLAK Tower, the tower
// the primary target. German DR one above the Allied: 2 AP, the tower
// Spent; two above: 1 AP, absorbed with no effect. The preview in the
// choice's label: the tower is reduced when the Allied DR is at least the
// German less one: of the 1296 pairs of DRs, 575 put the Allies ahead, 146
// tie (1+4+9+16+25+36+25+16+9+4+1) and 140 put the Germans one ahead
// (1*2+2*3+3*4+4*5+5*6, twice): 861.
func TestExample1PlaysThrough(t *testing.T) {
	for _, c := range []struct {
		allied, german []int
		want           Step
		log            string
	}{
		{[]int{3, 3}, []int{4, 3}, StepSpent, "takes 2 attrition points and becomes Spent"},
		{[]int{3, 3}, []int{4, 4}, StepFresh, "absorbs 1 attrition points"},
	} {
		s := ddayAirAt(t, "54")
		g := s.g
		if got := ids(s); !slices.Equal(got, []string{"bombard:54"}) {
			t.Fatalf("choices %v; want the air bombardment of St. Oedenrode (54)", got)
		}
		c0 := s.Describe(s.Legal(nil)[0])
		if !strings.Contains(c0.Label, "AV 8 against DV 5") || !strings.Contains(c0.Label, "66% to reduce") {
			t.Errorf("label %q; want AV 8 against DV 5, 66%% (861 in 1296) to reduce", c0.Label)
		}
		s.RNG().Force(append(c.allied, c.german...)...)
		play(t, s, "bombard:54")
		play(t, s, "keep") // the Advantage holder keeps the DRs (mgmg:12.2)
		tower := g.unit("de-tower-son")
		if s.units[tower].Level != c.want {
			t.Errorf("Allied DR %v, German DR %v: the Son FLAK Tower is %s, want %s", c.allied, c.german, s.units[tower].Level, c.want)
		}
		logHas(t, s, "mgmg:11.41", c.log)
		logHas(t, s, "mgmg:11.2", "AV 8 = 8 air bombardment marker (mgmg:16.2); DV 5 = 4 twice the TEM (mgmg:11.3A) + 1 Fresh FLAK (mgmg:11.3B)")
		if s.step != stAirBombardment || s.active != allies || s.airCursor() != g.at("54") {
			t.Errorf("after the bombardment: step %s, %s to move, cursor %d; want the next air bombardment", stepNames[s.step], s.active, s.airCursor())
		}
	}
}

// TestAirBombardmentPhaseEnds: once every FLAK Tower's area has been
// bombarded the Allies are done, and the phase gives way to the Artillery
// Bombardment Phase (mgmg:20.2, mgmg:20.3); the position round-trips mid-phase.
func TestAirBombardmentPhaseEnds(t *testing.T) {
	s := newTestState(t, "standard")
	n := 0
	for s.step == stAirBombardment || s.step == stAttrition {
		c := ids(s)
		if s.step == stAirBombardment && c[0] != "done" {
			n++
		}
		back := edited(t, s, func(*Position) {})
		if !slices.Equal(ids(back), c) || back.airCursor() != s.airCursor() {
			t.Fatalf("the position mid-phase reads back with choices %v, cursor %d; want %v, %d", ids(back), back.airCursor(), c, s.airCursor())
		}
		play(t, s, c[0])
		if s.step == stReroll {
			play(t, s, "keep")
		}
	}
	if n != 7 { // the seven towers of data/units.json
		t.Errorf("%d air bombardments; want one per FLAK Tower, 7", n)
	}
	if s.step != stArtilleryBarrage || s.stack.n != 0 {
		t.Errorf("step %s with %d frames; want the Artillery Bombardment Phase", stepNames[s.step], s.stack.n)
	}
}

// TestExample2PlaysThrough: mgmg:26.0 example 2 played (mgmg:20.3,
// mgmg:11.112, mgmg:11.12, mgmg:11.41): the XXX Corps Artillery barrages Zone
// F, AV 14 (twice 7) against DV 4 (twice TEM 2), the 9SS 2/20 the primary
// target. The Germans ahead by nine: 1 AP, no effect; by eight: 2 AP, the
// 2/20 Spent and nothing left; a tie: 10 AP, the 2/20 Spent and the German
// must spend the other 8 on his four Fresh infantry battalions, two each,
// all five Spent. The barrage's artillery is Spent in every case, and no
// German unit retreats (mgmg:11.5).
func TestExample2PlaysThrough(t *testing.T) {
	five := []string{"de-9ss-2-20", "de-10ss-2-22", "de-7-1-16", "de-7-2-16", "de-penal-6"}
	for _, c := range []struct {
		allied, german []int
		spent          int // of the five, the 2/20 first
	}{
		{[]int{1, 1}, []int{5, 6}, 0},
		{[]int{1, 2}, []int{5, 6}, 1},
		{[]int{3, 3}, []int{2, 4}, 5},
	} {
		s := newTestState(t, "standard")
		g := s.g
		playDDayTo(t, s, stArtilleryBarrage)
		want := []string{}
		for _, id := range five {
			want = append(want, "primary:"+id)
		}
		if got := ids(s); !slices.Equal(got, want) {
			t.Fatalf("choices %v; want each German unit of Zone F as the primary target", got)
		}
		if l := s.Describe(s.Legal(nil)[0]).Label; !strings.Contains(l, "AV 14 against DV 4") {
			t.Errorf("label %q; want AV 14 against DV 4", l)
		}
		s.RNG().Force(append(c.allied, c.german...)...)
		play(t, s, "primary:de-9ss-2-20")
		play(t, s, "keep") // the Advantage holder keeps the DRs (mgmg:12.2)
		for s.step == stAttrition {
			if s.active != germans {
				t.Fatalf("the %s side assigns the German attrition points", s.active)
			}
			play(t, s, ids(s)[0])
		}
		for i, id := range five {
			want := StepFresh
			if i < c.spent {
				want = StepSpent
			}
			if got := s.units[g.unit(id)].Level; got != want {
				t.Errorf("DRs %v against %v: %s is %s, want %s", c.allied, c.german, id, got, want)
			}
			if at := s.units[g.unit(id)].Loc; at != g.zoneF {
				t.Errorf("%s is in %s after the bombardment; no unit retreats (mgmg:11.5)", id, g.placeIDs[at])
			}
		}
		if got := s.units[g.unit("gb-xxx-corps-art")].Level; got != StepSpent {
			t.Errorf("the XXX Corps Artillery is %s after its barrage, want Spent (mgmg:11.112)", got)
		}
		if s.step != stAirborneLanding && s.step != stReroll {
			t.Errorf("step %s after the barrage; want the Airborne Landing Phase", stepNames[s.step])
		}
	}
}

// TestAttritionChoices (mgmg:11.41): the defender may reduce only units that
// leave the most attrition points taken: with 3 AP in an area of a Fresh
// armoured unit (3) and a Spent battalion (1), the armour, not the battalion.
func TestAttritionChoices(t *testing.T) {
	s := newTestState(t, "standard")
	g := s.g
	s = edited(t, s, func(p *Position) {
		p.Step, p.Active = "attrition", "german"
		p.Stack = []frame{{Proc: procBombard, Place: g.zoneF, AP: 3}}
		for i := range p.Units {
			switch p.Units[i].ID {
			case "de-9ss-2-20":
				p.Units[i].Level = "spent"
			case "de-10ss-2-22", "de-7-1-16", "de-7-2-16", "de-penal-6":
				p.Units[i].At = "A"
			}
		}
		p.Units = append(p.Units, UnitPos{ID: armourIn(g), At: "F", Level: "fresh"})
	})
	if got := ids(s); !slices.Equal(got, []string{"attrition:" + armourIn(g)}) {
		t.Fatalf("choices %v; want only the armour, which takes all 3 AP", got)
	}
}

// armourIn is a German armoured unit not in play at the start.
func armourIn(g *Game) string {
	for _, u := range g.units {
		if u.Type == Armored && u.Side() == German && u.Entry > FirstDay {
			return u.ID
		}
	}
	panic("no German armour arrives after D-Day")
}

// alliedBombardment is an Allied impulse at Impulse 1 on September 18,
// Clear, with only the units given in play and 64 and 63 Controlled by XXX
// Corps.
func alliedBombardment(t *testing.T, us []UnitPos) *State {
	t.Helper()
	return edited(t, newTestState(t, "standard"), func(p *Position) {
		p.Turn, p.Step, p.Active, p.Impulse = 18, "impulse", "allied", "1"
		p.Weather, p.DawnWeather = "clear", "clear"
		p.Stack = []frame{{Proc: procImpulse, Side: allies}}
		p.Units = us
		p.Control = map[string]string{"64": "corps", "63": "corps"}
	})
}

// TestBarrageImpulse (mgmg:8.23, mgmg:11.1, mgmg:11.111, mgmg:15.13, mgmg:11.112,
// mgmg:11.2, mgmg:11.3, mgmg:11.41, mgmg:8.3): the XXX Corps Artillery in
// Valkenswaard (64) reaches 62, two areas away, the Guards' artillery in
// Eindhoven (63) one; the 377th (US) in 63 may not join British artillery.
// A Barrage led by the corps artillery: AV 2x7 + 1 = 15 against DV 4 (TEM
// 2, no German artillery); DRs 2 and 10: 3 AP, the Fresh garrison, the
// primary target, Spent for 2, the Spent armour (2) cannot take the 1
// left. Both British guns Spent as the impulse ends; the Allied DR 2 is
// the Sunset DR, which at Impulse 1 lets the day go on to Impulse 2. Nothing
// but the bombardment's own choices is offered meanwhile: no unit moves
// (mgmg:11.1).
func TestBarrageImpulse(t *testing.T) {
	s := alliedBombardment(t, []UnitPos{
		{ID: "gb-xxx-corps-art", At: "64", Level: "fresh"},
		{ID: "gb-gds-art", At: "63", Level: "fresh"},
		{ID: "us-377-pfab", At: "63", Level: "fresh"},
		{ID: "de-eindhoven-garrison", At: "62", Level: "fresh"},
		{ID: "de-pzjg-559", At: "62", Level: "spent"},
	})
	if got := ids(s); !slices.Contains(got, "bombard-area:62") || slices.Contains(got, "bombard-area:64") {
		t.Fatalf("impulse choices %v; want a Bombardment Impulse on 62, none on the Allies' own 64", got)
	}
	play(t, s, "bombard-area:62")
	if got := ids(s); !slices.Equal(got, []string{"lead:gb-gds-art", "lead:gb-xxx-corps-art", "lead:us-377-pfab", "air:raf-2-group", "air:raf-83-group"}) {
		t.Fatalf("leads %v; want the three guns in range and the two RAF markers (an Allied unit next to 62, mgmg:16.22)", got)
	}
	play(t, s, "lead:gb-xxx-corps-art")
	if got := ids(s); !slices.Equal(got, []string{"done", "support:gb-gds-art", "barrage"}) {
		t.Fatalf("support choices %v; want the Guards' artillery (not the US 377th, mgmg:11.2), a Barrage, or done", got)
	}
	play(t, s, "barrage", "support:gb-gds-art")
	mid := edited(t, s, func(*Position) {})
	play(t, s, "done")
	play(t, mid, "done")
	if got := ids(s); !slices.Equal(got, []string{"primary:de-pzjg-559", "primary:de-eindhoven-garrison"}) || !slices.Equal(ids(mid), ids(s)) {
		t.Fatalf("primary targets %v (read back mid-bombardment: %v); want both German units", got, ids(mid))
	}
	if l := s.Describe(s.Legal(nil)[0]).Label; !strings.Contains(l, "AV 15 against DV 4") {
		t.Errorf("label %q; want AV 15 against DV 4", l)
	}
	s.RNG().Force(1, 1, 5, 5)
	play(t, s, "primary:de-eindhoven-garrison")
	play(t, s, "keep")   // the Advantage holder keeps the DRs (mgmg:12.2)
	play(t, s, "single") // and takes no Double Impulse (mgmg:12.3)
	checkLevels(t, s, map[string]Step{"de-eindhoven-garrison": StepSpent, "de-pzjg-559": StepSpent, "gb-xxx-corps-art": StepSpent, "gb-gds-art": StepSpent, "us-377-pfab": StepFresh})
	logHas(t, s, "mgmg:11.4", "Attack Total 17 (DR 2) against Defense Total 14 (DR 10): 3 attrition points")
	logHas(t, s, "mgmg:11.41", "1 attrition point is left that no unit can take")
	logHas(t, s, "mgmg:6.3", "Sunset DR 2")
	if s.step != stImpulse || s.active != germans || s.impulse != 2 {
		t.Errorf("after the impulse: step %s, %s to move, Impulse %s; want German Impulse 2", stepNames[s.step], s.active, impulseName(s.impulse))
	}
}

// TestBombardmentStaysFresh (mgmg:11.111, mgmg:8.3, mgmg:11.4): without a
// Barrage the artillery stays Fresh; the defender assigns the attrition
// points left: DRs 12 and 2 against AV 7 + 1 and DV 4: 14 AP, the primary
// target Spent (2), then the German must reduce the Spent armour (2).
func TestBombardmentStaysFresh(t *testing.T) {
	s := alliedBombardment(t, []UnitPos{
		{ID: "gb-xxx-corps-art", At: "64", Level: "fresh"},
		{ID: "gb-gds-art", At: "63", Level: "fresh"},
		{ID: "de-eindhoven-garrison", At: "62", Level: "fresh"},
		{ID: "de-pzjg-559", At: "62", Level: "spent"},
	})
	play(t, s, "bombard-area:62", "lead:gb-xxx-corps-art", "support:gb-gds-art", "done")
	s.RNG().Force(6, 6, 1, 1)
	play(t, s, "primary:de-eindhoven-garrison")
	play(t, s, "keep") // the Advantage holder keeps the DRs (mgmg:12.2)
	if s.step != stAttrition || s.active != germans {
		t.Fatalf("step %s with %s to move; want the German to assign 12 attrition points", stepNames[s.step], s.active)
	}
	if got := ids(s); !slices.Equal(got, []string{"attrition:de-pzjg-559"}) {
		t.Fatalf("attrition choices %v; want the armour, the one unit left to reduce", got)
	}
	back := edited(t, s, func(*Position) {})
	play(t, s, "attrition:de-pzjg-559")
	play(t, back, "attrition:de-pzjg-559")
	want := map[string]Step{"de-eindhoven-garrison": StepSpent, "de-pzjg-559": StepDisrupt1, "gb-xxx-corps-art": StepFresh, "gb-gds-art": StepFresh}
	checkLevels(t, s, want)
	checkLevels(t, back, want) // read back mid-bombardment
}

// TestAirBombardmentImpulse (mgmg:16.2, mgmg:16.21, mgmg:16.22, mgmg:17, mgmg:6.3): an
// RAF marker bombards in Clear weather only, where an Allied unit is next
// to the target; AV its attack factor, DV twice the TEM plus the Fresh FLAK
// unit; no artillery joins it (the Guards' artillery in 63 is not offered);
// it is used for the day after, and the Advantage marker stays on Impulse 1.
func TestAirBombardmentImpulse(t *testing.T) {
	us := []UnitPos{
		{ID: "gb-gds-2-gren", At: "63", Level: "fresh"},
		{ID: "gb-gds-art", At: "63", Level: "fresh"},
		{ID: "de-eindhoven-garrison", At: "62", Level: "fresh"},
		{ID: "de-flak-welschap", At: "62", Level: "fresh"},
	}
	over := edited(t, alliedBombardment(t, us), func(p *Position) { p.Weather = "overcast" })
	play(t, over, "bombard-area:62")
	if got := ids(over); !slices.Equal(got, []string{"lead:gb-gds-art"}) {
		t.Errorf("Overcast: choices %v; want the artillery only, no Air Bombardment (mgmg:16.2)", got)
	}
	s := alliedBombardment(t, us)
	g := s.g
	play(t, s, "bombard-area:62", "air:raf-83-group")
	if got := ids(s); !slices.Equal(got, []string{"primary:de-flak-welschap", "primary:de-eindhoven-garrison"}) {
		t.Errorf("choices after the air marker %v; want the primary targets only: nothing supports it (mgmg:16.21)", got)
	}
	if l := s.Describe(s.Legal(nil)[0]).Label; !strings.Contains(l, "AV 7 against DV 5") {
		t.Errorf("label %q; want AV 7 against DV 5", l)
	}
	s.RNG().Force(3, 3, 3, 3)
	play(t, s, "primary:de-eindhoven-garrison")
	play(t, s, "keep") // the Advantage holder keeps the DRs (mgmg:12.2)
	if s.step == stAttrition {
		play(t, s, ids(s)[0])
	}
	if got := s.units[g.unit("de-eindhoven-garrison")].Level; got != StepSpent {
		t.Errorf("the garrison is %s after 2 AP, want Spent", got)
	}
	if s.impulse != 1 || s.active != germans {
		t.Errorf("Impulse %s, %s to move; want German Impulse 1 again, the marker staying (mgmg:16.2)", impulseName(s.impulse), s.active)
	}
	i := slices.IndexFunc(g.pieces.Setup.AirMarkers, func(m AirMarker) bool { return m.ID == "raf-83-group" })
	if s.airUsed&(1<<i) == 0 {
		t.Error("the RAF 83 Group marker is not used after its bombardment")
	}
}

// TestMistakenAttackPlays (mgmg:16.23, mgmg:11.41): an Air Bombardment of a
// Contested area with equal DRs, 5 each: AV 7 against DV 5 gives 2 AP, the
// German garrison Spent; the Allies take half the Allied DR rounded up, 3.
// The German names the Fresh 5th Coldstream (2) their primary target; the
// 1 left must go to the Spent 1st Grenadiers (1), not the Fresh armour
// (3); all is the Allies' to assign, then the impulse ends.
func TestMistakenAttackPlays(t *testing.T) {
	s := alliedBombardment(t, []UnitPos{
		{ID: "gb-gds-2-gren", At: "62", Level: "fresh"},
		{ID: "gb-gds-1-gren", At: "62", Level: "spent"},
		{ID: "gb-gds-5-cold", At: "62", Level: "fresh"},
		{ID: "de-eindhoven-garrison", At: "62", Level: "fresh"},
		{ID: "de-flak-welschap", At: "62", Level: "fresh"},
	})
	play(t, s, "bombard-area:62", "air:raf-83-group")
	s.RNG().Force(2, 3, 4, 1)
	play(t, s, "primary:de-eindhoven-garrison")
	play(t, s, "keep") // the Advantage holder keeps the DRs (mgmg:12.2)
	if s.step != stMistaken || s.active != germans {
		t.Fatalf("step %s with %s to move; want the German to name the Allied primary target", stepNames[s.step], s.active)
	}
	if got := ids(s); !slices.Equal(got, []string{"primary:gb-gds-2-gren", "primary:gb-gds-1-gren", "primary:gb-gds-5-cold"}) {
		t.Fatalf("choices %v; want the three Allied units", got)
	}
	back := edited(t, s, func(*Position) {})
	if !slices.Equal(ids(back), ids(s)) {
		t.Fatalf("read back mid-attack: choices %v, want %v", ids(back), ids(s))
	}
	play(t, s, "primary:gb-gds-5-cold")
	if s.step != stAttrition || s.active != allies {
		t.Fatalf("step %s with %s to move; want the Allies to assign their last attrition point", stepNames[s.step], s.active)
	}
	if got := ids(s); !slices.Equal(got, []string{"attrition:gb-gds-1-gren"}) {
		t.Fatalf("choices %v; want only the Spent 1st Grenadiers, which takes the 1 left", got)
	}
	play(t, s, "attrition:gb-gds-1-gren")
	checkLevels(t, s, map[string]Step{"de-eindhoven-garrison": StepSpent, "de-flak-welschap": StepFresh, "gb-gds-5-cold": StepSpent, "gb-gds-1-gren": StepDisrupt1, "gb-gds-2-gren": StepFresh})
	logHas(t, s, "mgmg:16.23", "inflicts 3 attrition points on the Allies")
	if s.step != stImpulse || s.active != germans {
		t.Errorf("step %s with %s to move; want the next German impulse", stepNames[s.step], s.active)
	}
}

// checkLevels fails the test for each unit not at the level wanted.
func checkLevels(t *testing.T, s *State, want map[string]Step) {
	t.Helper()
	for id, w := range want {
		if got := s.units[s.g.unit(id)].Level; got != w {
			t.Errorf("%s is %s, want %s", id, got, w)
		}
	}
}

// TestExample11FerryPlaysThrough: mgmg:26.0 example 11 played (mgmg:11.12,
// mgmg:4.7, mgmg:11.41): the Allies bombard Huissen (16), the Ferry Crossing
// to Pannerden (15) the primary target, from artillery in Huissen: the
// Guards' (5) leading, the 43rd's (+1): AV 6 against DV 4 (twice TEM 2).
// Pannerden could be the target too, DV 2. The Germans winning the DR by
// two or more leave the ferry; otherwise its one AP destroys it for good:
// 1296 less the 435 pairs with the German DR two or more ahead, 861.
func TestExample11FerryPlaysThrough(t *testing.T) {
	for _, c := range []struct {
		allied, german []int
		destroyed      bool
	}{{[]int{2, 3}, []int{3, 3}, true}, {[]int{2, 3}, []int{4, 3}, false}} {
		s := alliedBombardment(t, []UnitPos{
			{ID: "gb-gds-art", At: "16", Level: "fresh"},
			{ID: "gb-43-art", At: "16", Level: "fresh"},
		})
		s = edited(t, s, func(p *Position) { p.Control = map[string]string{"16": "corps"} })
		if got := ids(s); !slices.Contains(got, "bombard-area:16") || !slices.Contains(got, "bombard-area:15") {
			t.Fatalf("choices %v; want Huissen and Pannerden, both bordering the ferry", got)
		}
		play(t, s, "bombard-area:16", "lead:gb-gds-art", "support:gb-43-art", "done")
		if got := ids(s); !slices.Equal(got, []string{"primary-ferry:15/16"}) {
			t.Fatalf("primary targets %v; want the Ferry Crossing 15/16 alone", got)
		}
		if l := s.Describe(s.Legal(nil)[0]).Label; !strings.Contains(l, "AV 6 against DV 4, 66% to hit it") {
			t.Errorf("label %q; want AV 6 against DV 4, 66%% (861 in 1296) to hit it", l)
		}
		i := slices.IndexFunc(s.g.ferries, func(b Border) bool { return s.g.placeIDs[b.A] == "15" && s.g.placeIDs[b.B] == "16" })
		s.RNG().Force(append(c.allied, c.german...)...)
		play(t, s, "primary-ferry:15/16")
		play(t, s, "keep") // the Advantage holder keeps the DRs (mgmg:12.2)
		if !c.destroyed {  // the ferry still stands: the Fresh guns may bombard it again in a Double Impulse (mgmg:12.3)
			play(t, s, "single")
		}
		if got := s.ferries[i] == ferryDestroyed; got != c.destroyed {
			t.Errorf("DRs %v against %v: ferry destroyed %v, want %v", c.allied, c.german, got, c.destroyed)
		}
		if s.step != stImpulse || s.active != germans {
			t.Errorf("step %s with %s to move; want the next German impulse", stepNames[s.step], s.active)
		}
	}
	s := alliedBombardment(t, []UnitPos{{ID: "gb-gds-art", At: "16", Level: "fresh"}})
	play(t, s, "bombard-area:15", "lead:gb-gds-art", "done")
	if l := s.Describe(s.Legal(nil)[0]).Label; !strings.Contains(l, "AV 5 against DV 2") {
		t.Errorf("Pannerden: label %q; want AV 5 against DV 2", l)
	}
}

// TestBombardmentReroll (mgmg:12.2, mgmg:12.5, mgmg:20.3): the Allies, who
// hold the Advantage on D-Day, reroll the barrage's DRs 2 against 11 (1 AP,
// no effect): all four dice are rolled again, 6 against 6 (10 AP, all five
// German units in Zone F Spent). The Advantage belongs to nobody until the
// Artillery Bombardment Phase ends, then to the Germans.
func TestBombardmentReroll(t *testing.T) {
	s := newTestState(t, "standard")
	playDDayTo(t, s, stArtilleryBarrage)
	if s.advantage != allies {
		t.Fatalf("the Advantage is %s's; want the Allies' still (mgmg:5.1)", s.advantage)
	}
	s.RNG().Force(1, 1, 5, 6)
	play(t, s, "primary:de-9ss-2-20")
	if s.step != stReroll || s.active != allies || s.Phase().ID != "dday-artillery-bombardment" {
		t.Fatalf("step %s, %s to move, phase %s; want the Allies offered the reroll in the Artillery Bombardment Phase", stepNames[s.step], s.active, s.Phase().ID)
	}
	back := edited(t, s, func(*Position) {})
	s.RNG().Force(3, 3, 2, 4)
	back.RNG().Force(3, 3, 2, 4)
	for _, st := range []*State{s, back} {
		play(t, st, "reroll")
		for st.step == stAttrition {
			play(t, st, ids(st)[0])
		}
		checkLevels(t, st, map[string]Step{"de-9ss-2-20": StepSpent, "de-10ss-2-22": StepSpent, "de-7-1-16": StepSpent, "de-7-2-16": StepSpent, "de-penal-6": StepSpent})
		logHas(t, st, "mgmg:11.4", "Attack Total 20 (DR 6) against Defense Total 10 (DR 6): 10 attrition points")
		if st.advantage != germans {
			t.Errorf("after the phase the Advantage is %s's; want the Germans' (mgmg:12.2)", st.advantage)
		}
	}
}

// TestArtilleryRange (mgmg:15.11, mgmg:15.13, mgmg:11.111, mgmg:8.3): German
// field artillery in Contested Heumensoord (34) bombards only its own area;
// the II SS corps artillery in Free 36 reaches 35 next to it and 34 and 33
// two away (through 35); the Spent 10SS artillery in 36 bombards nothing.
func TestArtilleryRange(t *testing.T) {
	s := edited(t, germanImpulse(t, 19), func(p *Position) {
		p.Units = []UnitPos{
			{ID: "de-9ss-art", At: "34", Level: "fresh"},
			{ID: "de-fj-hermann", At: "34", Level: "fresh"},
			{ID: "us-1-504", At: "34", Level: "fresh"},
			{ID: "de-2ss-corps-art", At: "36", Level: "fresh"},
			{ID: "de-10ss-art", At: "36", Level: "spent"},
			{ID: "us-2-504", At: "33", Level: "fresh"},
			{ID: "us-3-504", At: "35", Level: "fresh"},
		}
		p.Control = map[string]string{"33": "airborne", "35": "airborne"}
	})
	got := slices.DeleteFunc(ids(s), func(id string) bool { return !strings.HasPrefix(id, "bombard-area:") })
	if !slices.Equal(got, []string{"bombard-area:33", "bombard-area:34", "bombard-area:35"}) {
		t.Fatalf("targets %v; want 33 and 34 (corps artillery two away) and 35 (next to it)", got)
	}
	play(t, s, "bombard-area:34")
	if got := ids(s); !slices.Equal(got, []string{"lead:de-9ss-art", "lead:de-2ss-corps-art"}) {
		t.Errorf("leads on 34: %v; want the 9SS artillery in it and the corps artillery two away, not the Spent 10SS (mgmg:8.3)", got)
	}
	s = edited(t, s, func(p *Position) { p.Step, p.Stack = "impulse", p.Stack[:1] })
	play(t, s, "bombard-area:33")
	if got := ids(s); !slices.Equal(got, []string{"lead:de-2ss-corps-art"}) {
		t.Errorf("leads on 33: %v; want the corps artillery alone: the 9SS artillery is in a Contested area (mgmg:15.11)", got)
	}
}

// TestBombardmentView (mgmg:11.2, mgmg:11.3, mgmg:11.4): the view shows the
// bombardment in progress: example 2's barrage in Zone F, AV 14 against DV
// 4, the DRs 6 and 6 once rolled and the 8 attrition points the German has
// still to assign after the primary target's 2.
func TestBombardmentView(t *testing.T) {
	s := newTestState(t, "standard")
	playDDayTo(t, s, stArtilleryBarrage)
	if v := s.View("german").(View); v.Bombardment != nil {
		t.Fatalf("before the barrage the view shows a bombardment: %+v", v.Bombardment)
	}
	s.RNG().Force(3, 3, 2, 4)
	play(t, s, "primary:de-9ss-2-20", "keep")
	v := s.View("allied").(View).Bombardment
	if v == nil || v.Target != "F" || v.Defender != "german" || !slices.Equal(v.Artillery, []string{"gb-xxx-corps-art"}) || !v.Barrage ||
		v.AV.Total != 14 || v.DV.Total != 4 || v.AttackDR != 6 || v.DefenseDR != 6 || v.AP != 8 {
		t.Errorf("view of the barrage %+v; want Zone F, German defending, the XXX Corps Artillery barraging, AV 14, DV 4, DRs 6 and 6, 8 AP left", v)
	}
}

// TestConstructMarkerTarget (mgmg:19.22, mgmg:11.12, mgmg:11.41): a German
// Construct marker on the blown Nijmegen bridge (23/28) is the primary
// target of the Guards' artillery in 23, bombarding 28 across it, where no
// German unit stands: AV 5 against DV twice TEM of 28. Enough AP take the
// +2 marker to +1, the rest finding no unit; a +1 marker leaves the map
// for the Used box.
func TestConstructMarkerTarget(t *testing.T) {
	for _, level := range []int{2, 1} {
		s := alliedBombardment(t, []UnitPos{{ID: "gb-gds-art", At: "23", Level: "fresh"}})
		s = edited(t, s, func(p *Position) {
			p.Control = map[string]string{"23": "corps"}
			p.Bridges = map[string]BridgePos{"23/28": {Held: "blown", Construct: SideNumbers{German: level}}}
		})
		g := s.g
		play(t, s, "bombard-area:28", "lead:gb-gds-art", "done")
		if got := ids(s); !slices.Equal(got, []string{"primary-construct:23/28"}) {
			t.Fatalf("primary targets %v; want the German Construct marker alone", got)
		}
		s.RNG().Force(6, 6, 1, 1)
		play(t, s, "primary-construct:23/28", "keep")
		i := g.bridgeIndexOf("23/28")
		if got := int(s.bridges[i].Construct[germans]); got != level-1 {
			t.Errorf("a +%d Construct marker is +%d after its attrition point, want +%d", level, got, level-1)
		}
		if used := int(s.constructUsed[germans]); used != map[int]int{2: 0, 1: 1}[level] {
			t.Errorf("a +%d marker hit: %d German Construct markers in the Used box", level, used)
		}
		logHas(t, s, "mgmg:19.22", "Construct marker on the bridge")
	}
}

// TestDisrupt2PrimarySlidesOff (mgmg:11.12, mgmg:11.4): a Disrupt 2 unit may
// be the primary target; its attrition points slide off to the others:
// AV 5 against DV 4, DRs 7 and 6, 2 AP, the Fresh garrison Spent.
func TestDisrupt2PrimarySlidesOff(t *testing.T) {
	s := alliedBombardment(t, []UnitPos{
		{ID: "gb-gds-art", At: "63", Level: "fresh"},
		{ID: "de-eindhoven-garrison", At: "62", Level: "fresh"},
		{ID: "de-pzjg-559", At: "62", Level: "disrupt-2"},
	})
	play(t, s, "bombard-area:62", "lead:gb-gds-art", "done")
	s.RNG().Force(3, 4, 3, 3)
	play(t, s, "primary:de-pzjg-559", "keep")
	if got := ids(s); s.step != stAttrition || !slices.Equal(got, []string{"attrition:de-eindhoven-garrison"}) {
		t.Fatalf("step %s, choices %v; want the German to put the 2 AP on the garrison", stepNames[s.step], got)
	}
	play(t, s, "attrition:de-eindhoven-garrison")
	checkLevels(t, s, map[string]Step{"de-eindhoven-garrison": StepSpent, "de-pzjg-559": StepDisrupt2})
}

// TestNoGermanBombardmentInDDayImpulse0: in Impulse 0 of September 17 the
// Germans attack nothing (mgmg:20.61), so the 10SS artillery next to the 1st
// Airborne in Oosterbeek (12) bombards nothing then, and may in Impulse 1.
func TestNoGermanBombardmentInDDayImpulse0(t *testing.T) {
	for _, c := range []struct {
		impulse string
		want    bool
	}{{"0", false}, {"1", true}} {
		s := impulseOf(t, FirstDay, germans, "clear", []UnitPos{
			{ID: "de-10ss-art", At: "14", Level: "fresh"},
			{ID: "gb-1abn-1-para", At: "12", Level: "fresh"},
		}, map[string]string{"12": "airborne"})
		s = edited(t, s, func(p *Position) { p.Impulse = c.impulse })
		if got := slices.Contains(ids(s), "bombard-area:12"); got != c.want {
			t.Errorf("German Impulse %s of September 17: bombard 12 offered %v, want %v (mgmg:20.61)", c.impulse, got, c.want)
		}
	}
}
