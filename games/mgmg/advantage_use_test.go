package mgmg

import (
	"testing"

	"sandtable/engine"
)

// TestSunsetReroll: the Advantage holder may reroll the Allied Sunset DR
// (mgmg:12.2); the reroll is the effective Sunset DR, and the Advantage
// passes to the other side as the impulse ends (mgmg:12.5). Kept, the roll
// stands and the Advantage stays. Worked at Impulse 5: DR 4 ends the day,
// DR 6 lets it go on.
func TestSunsetReroll(t *testing.T) {
	cases := []struct {
		name     string
		holder   string
		first    [2]int
		keep     string // the label of keeping the first
		choice   string
		second   [2]int
		ends     bool
		afterAdv side
	}{
		{"the Allies reroll a DR 4 into a 6", "allied", [2]int{2, 2}, "Keep the Sunset DR 4: with the Sunset DRM +0 it is below Impulse 5: the sun sets and the Daylight Phase ends",
			"reroll", [2]int{3, 3}, false, germans},
		{"the Germans reroll a DR 8 into a 2", "german", [2]int{4, 4}, "Keep the Sunset DR 8: with the Sunset DRM +0 it is not below Impulse 5: the day goes on",
			"reroll", [2]int{1, 1}, true, allies},
		{"the Allies keep a DR 4", "allied", [2]int{2, 2}, "", "keep", [2]int{}, true, allies},
		{"the Germans keep a DR 5", "german", [2]int{2, 3}, "Keep the Sunset DR 5: equal to Impulse 5: the day goes on, and the weather changes as the next impulse begins",
			"keep", [2]int{}, false, germans},
	}
	for _, c := range cases {
		s := edited(t, alliedImpulse(t, "5", 0), func(p *Position) { p.Advantage = c.holder })
		s.rng.Force(c.first[0], c.first[1])
		play(t, s, "pass")
		if s.step != stReroll || s.active.String() != c.holder || s.stack.top().Roll != int8(c.first[0]+c.first[1]) {
			t.Fatalf("%s: step %s, %s to choose; want the holder's reroll offer of DR %d", c.name, stepNames[s.step], s.active, c.first[0]+c.first[1])
		}
		if got := label(t, s, "keep"); c.keep != "" && got != c.keep {
			t.Errorf("%s: %q, want %q (mgmg:6.3, 17.4)", c.name, got, c.keep)
		}
		if c.choice == "reroll" {
			s.rng.Force(c.second[0], c.second[1])
		}
		play(t, s, c.choice)
		if ended := s.Phase() == phaseRefit; ended != c.ends || s.advantage != c.afterAdv {
			t.Errorf("%s: the day ended %v, the Advantage %s; want %v and %s", c.name, ended, s.advantage, c.ends, c.afterAdv)
		}
	}
}

// TestSurrenderReroll: the Advantage holder may have a Surrender dr rerolled
// (mgmg:12.2, mgmg:13.9): the Allies, holding it, reroll the 1 that would
// have turned an Isolated Fresh para Spent into a 6, and the para holds. The
// Advantage then belongs to nobody until the Refit Phase ends (mgmg:12.5):
// the second para's 1 stands without an offer, and the Advantage passes to
// the Germans as the phase ends.
func TestSurrenderReroll(t *testing.T) {
	s := edited(t, newTestState(t, "standard"), func(p *Position) {
		p.Turn, p.Step, p.Active, p.Stack, p.Advantage = 19, "refit-purchases", "allied", nil, "allied"
		p.Units = []UnitPos{{ID: "gb-1abn-1-para", At: "5", Level: "fresh"}, {ID: "gb-1abn-2-para", At: "5", Level: "fresh"}}
		p.Control = map[string]string{"5": "airborne"}
	})
	s.rng.Force(1, 6, 1)
	play(t, s, "done")
	if s.step != stReroll || s.active != allies || s.stack.top().For != rrSurrender {
		t.Fatalf("step %s, %s to choose; want the Allied holder's offer for the Surrender dr", stepNames[s.step], s.active)
	}
	play(t, s, "reroll")
	first, second := s.units[s.g.unit("gb-1abn-1-para")], s.units[s.g.unit("gb-1abn-2-para")]
	if first.Level != StepFresh || second.Level != StepSpent || s.advantage != germans || s.step != stRegroup {
		t.Errorf("paras %s and %s, Advantage %s, step %s; want Fresh and Spent, German, the Regroup Phase", first.Level, second.Level, s.advantage, stepNames[s.step])
	}
}

// TestRerollPositionsLoad: a position saved while the Advantage holder
// weighs a reroll loads again to the same state, whatever the roll: the
// Repair dr of Evening Construction among the refits (mgmg:19.23, 12.2),
// the other side choosing, included.
func TestRerollPositionsLoad(t *testing.T) {
	g := MustLoad()
	pick := engine.NewRNG(7)
	seen := map[rollFor]bool{}
	for i := range 12 {
		st, err := g.New("extended", nil, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; st.ToMove() != ""; n++ {
			if s := st.(*State); s.step == stReroll {
				seen[s.stack.top().For] = true
				back, err := engine.LoadPositionDoc(g, engine.EncodePosition("mgmg", st))
				if err != nil || back.Hash() != st.Hash() {
					t.Fatalf("game %d choice %d, a %s roll on offer: %v", i, n, rollNames[s.stack.top().For], err)
				}
			}
			acts := st.Legal(nil)
			if err := st.Apply(acts[pick.Intn(len(acts))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !seen[rrRepair] {
		t.Errorf("rolls on offer %v; want a Repair dr among them", seen)
	}
}
