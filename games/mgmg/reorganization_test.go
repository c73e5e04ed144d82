package mgmg

import (
	"slices"
	"testing"

	"sandtable/engine"
)

// reorgState is the Allied end of the Refit Phase of September 19 with the
// reorganization option as given: in Isolated area 5 (as in TestSurrender)
// 1 Para is Spent, 2 Para Disrupt 1 (and refitted this phase), 3 Para and
// 1 Border Disrupt 2, the Airlanding Light Regiment Disrupt 1. The four
// Surrender drs are forced to 6, above every Isolation Level (mgmg:13.9).
func reorgState(t *testing.T, option string) *State {
	t.Helper()
	s := edited(t, newTestState(t, "standard"), func(p *Position) {
		p.Turn, p.Step, p.Active, p.Stack = 19, "refit-purchases", "allied", nil
		p.Options = map[string]string{"reorganization": option}
		p.Units = []UnitPos{
			{ID: "gb-1abn-1-para", At: "5", Level: "spent"},
			{ID: "gb-1abn-2-para", At: "5", Level: "disrupt-1"},
			{ID: "gb-1abn-3-para", At: "5", Level: "disrupt-2"},
			{ID: "gb-1abn-border", At: "5", Level: "disrupt-2"},
			{ID: "gb-1abn-art", At: "5", Level: "disrupt-1"},
		}
		p.Refitted = []string{"gb-1abn-2-para"}
		p.Control = map[string]string{"5": "airborne"}
	})
	s.rng.Force(6, 6, 6, 6, 6)
	play(t, s, "done") // every unit holds: the Allies, holding the Advantage, are offered no reroll (mgmg:12.2)
	return s
}

// sortedChoices are the IDs of the legal choices, sorted.
func sortedChoices(s *State) []string {
	ids := choiceIDs(s)
	slices.Sort(ids)
	return ids
}

// TestReorganization works mgmg:23.6 through: after the Surrender drs the
// Germans (no units here) and then the Allies reorganize. A Spent or
// Disrupt 1 infantry unit may eliminate a Disrupt 1 or 2 infantry unit in
// its Isolated area: 1 Para with 2 Para, 3 Para or 1 Border; 2 Para, though
// refitted this phase, with 3 Para or 1 Border. The artillery, alone of its
// type, neither reorganizes nor is eliminated for infantry. 2 Para takes
// 3 Para (Disrupt 1 to Spent); then, once reorganized, it is offered no
// more though 1 Border is still Disrupt 2; 1 Para takes 1 Border (Spent to
// Fresh), and the Regroup Phase follows.
func TestReorganization(t *testing.T) {
	s := reorgState(t, "on")
	g := s.g
	if s.step != stReorganize || s.active != germans {
		t.Fatalf("after the Surrender drs: step %s, %s to move; want the German reorganization", stepNames[s.step], s.active.name())
	}
	if got := sortedChoices(s); !slices.Equal(got, []string{"done"}) {
		t.Fatalf("German choices %v; want done alone", got)
	}
	play(t, s, "done")
	want := []string{"done",
		"reorganize:gb-1abn-1-para:gb-1abn-2-para", "reorganize:gb-1abn-1-para:gb-1abn-3-para", "reorganize:gb-1abn-1-para:gb-1abn-border",
		"reorganize:gb-1abn-2-para:gb-1abn-3-para", "reorganize:gb-1abn-2-para:gb-1abn-border"}
	if got := sortedChoices(s); s.active != allies || !slices.Equal(got, want) {
		t.Fatalf("%s choices %v; want %v", s.active.name(), got, want)
	}
	if p := s.Prompt(engine.Seat(allies.seat())); p.Rule != "mgmg:23.6" {
		t.Errorf("prompt cites %q; want mgmg:23.6", p.Rule)
	}
	play(t, s, "reorganize:gb-1abn-2-para:gb-1abn-3-para")
	if got := s.units[g.unit("gb-1abn-2-para")].Level; got != StepSpent {
		t.Errorf("2 Para is %s; want Spent, a level up from Disrupt 1", got)
	}
	if got := s.units[g.unit("gb-1abn-3-para")].Loc; got != locElim {
		t.Errorf("3 Para is at %s; want eliminated", g.locName(got))
	}
	want = []string{"done", "reorganize:gb-1abn-1-para:gb-1abn-border"}
	if got := sortedChoices(s); !slices.Equal(got, want) {
		t.Fatalf("choices %v; want %v (2 Para has reorganized)", got, want)
	}
	play(t, s, "reorganize:gb-1abn-1-para:gb-1abn-border")
	if got := s.units[g.unit("gb-1abn-1-para")].Level; got != StepFresh {
		t.Errorf("1 Para is %s; want Fresh, a level up from Spent", got)
	}
	if got := sortedChoices(s); !slices.Equal(got, []string{"done"}) {
		t.Fatalf("choices %v; want done alone", got)
	}
	play(t, s, "done")
	if s.step != stRegroup {
		t.Errorf("after the Allies' reorganization: step %s; want regroup", stepNames[s.step])
	}
}

// TestReorganizationOff: without the option the Regroup Phase follows the
// Surrender drs at once (mgmg:23.1, 23.6).
func TestReorganizationOff(t *testing.T) {
	if s := reorgState(t, "off"); s.step != stRegroup {
		t.Errorf("after the Surrender drs: step %s; want regroup", stepNames[s.step])
	}
}
