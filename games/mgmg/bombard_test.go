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
		if !strings.Contains(c0.Label, "AV 8 against DV 5") || !strings.Contains(c0.Label, "reduced 861 in 1296") {
			t.Errorf("label %q; want AV 8 against DV 5, reduced 861 in 1296", c0.Label)
		}
		s.RNG().Force(append(c.allied, c.german...)...)
		play(t, s, "bombard:54")
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
// all five Spent. The barrage's artillery is Spent in every case.
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
