package mgmg

import (
	"slices"
	"testing"

	"sandtable/engine"
)

// ids are the IDs of the legal choices.
func ids(s *State) []string {
	var out []string
	for _, c := range engine.Choices(s) {
		out = append(out, c.ID)
	}
	return out
}

// refitNothing plays the Refit Phase of the side to move without refitting:
// each depot to the first place offered, then done refitting and buying.
func refitNothing(t *testing.T, s *State) {
	t.Helper()
	for sd := s.active; s.active == sd && s.Phase() == phaseRefit && s.step != stReroll; {
		play(t, s, engine.Choices(s)[0].ID)
	}
}

// TestImpulsePurchases works the example of mgmg:13.7: the German buys an
// Impulse Advance to set the marker at 1; the Allies buy the most they may,
// three Retractions, and reset it to B; the next day begins there
// (mgmg:6.3). Each costs ten Reserves from the Supply Track (mgmg:3.8).
func TestImpulsePurchases(t *testing.T) {
	s := edited(t, newTestState(t, "standard"), func(p *Position) {
		p.Turn, p.Step, p.Active, p.Stack, p.Impulse = 18, "refit-purchases", "german", nil, "0"
		p.Reserves = SideNumbers{German: 15, Allied: 45}
	})
	play(t, s, "advance-impulse")
	if s.impulse != 1 || s.reserves[germans] != 5 {
		t.Fatalf("Impulse %s, German Reserves %d; want 1 and 5", impulseName(s.impulse), s.reserves[germans])
	}
	if got := ids(s); !slices.Equal(got, []string{"done"}) {
		t.Fatalf("with 5 Reserves the German may buy nothing more: choices %v", got)
	}
	play(t, s, "done")
	if s.Phase() != phaseRefit || s.active != allies {
		t.Fatalf("step %s, %s to move; want the Allied Refit Phase (mgmg:13.3)", stepNames[s.step], s.active)
	}
	s = edited(t, s, func(p *Position) { p.Step, p.Depots = "refit-purchases", nil }) // the Allies bank nothing
	play(t, s, "retract-impulse", "retract-impulse", "retract-impulse")
	if s.impulse != -2 || s.reserves[allies] != 15 {
		t.Fatalf("Impulse %s, Allied Reserves %d; want B and 15", impulseName(s.impulse), s.reserves[allies])
	}
	if got := ids(s); !slices.Equal(got, []string{"done"}) {
		t.Fatalf("after three purchases the Allies may buy no more (mgmg:13.7): choices %v", got)
	}
	play(t, s, "done", "done", "done", "keep")
	if s.turn != 19 || s.step != stImpulse || s.impulse != -2 {
		t.Fatalf("September %d, step %s, Impulse %s; want September 19's first impulse at B", s.turn, stepNames[s.step], impulseName(s.impulse))
	}
}

// TestPurchasesStayOnTheTrack: no Retraction below C, no Advance past 13
// (mgmg:3.7).
func TestPurchasesStayOnTheTrack(t *testing.T) {
	for _, c := range []struct {
		at, want string
	}{{"C", "advance-impulse"}, {"13", "retract-impulse"}} {
		s := edited(t, newTestState(t, "standard"), func(p *Position) {
			p.Turn, p.Step, p.Active, p.Stack, p.Impulse = 18, "refit-purchases", "allied", nil, c.at
			p.Reserves = SideNumbers{Allied: 30}
		})
		if got := ids(s); !slices.Equal(got, []string{"done", c.want}) {
			t.Errorf("at %s: choices %v; want done and %s", c.at, got, c.want)
		}
	}
}
