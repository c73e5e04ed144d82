package mgmg

import (
	"testing"

	"sandtable/engine"
)

// newTestState starts a game of the scenario from a fixed seed, both sides
// set up as their Setup Cards show (mgmg:5.2): D-Day's first phase.
func newTestState(t *testing.T, scenario string) *State {
	t.Helper()
	st, err := MustLoad().New(scenario, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	play(t, s, "setup-historical", "setup-historical")
	return s
}

// play applies choices by ID, failing the test on any that is not legal.
func play(t *testing.T, s *State, ids ...string) {
	t.Helper()
	for _, id := range ids {
		a, err := engine.Find(s, id)
		if err == nil {
			err = s.Apply(a)
		}
		if err != nil {
			t.Fatalf("%s at step %s: %v", id, stepNames[s.step], err)
		}
		if err := s.Invariants(); err != nil {
			t.Fatalf("after %s: %v", id, err)
		}
	}
}

// edited is s written as a position, changed by edit and loaded again, so
// that a test sets up a situation as a person would write it by hand.
func edited(t *testing.T, s *State, edit func(*Position)) *State {
	t.Helper()
	p := s.Position().(Position)
	edit(&p)
	back, err := s.g.LoadPosition(mustJSON(p))
	if err != nil {
		t.Fatal(err)
	}
	return back.(*State)
}

// at is the index of a place by its ID.
func (g *Game) at(id string) int16 {
	i, ok := g.placeIndex[id]
	if !ok {
		panic("no place " + id)
	}
	return i
}

// unit is the index of a unit by its ID.
func (g *Game) unit(id string) int16 {
	u, ok := g.byID[id]
	if !ok {
		panic("no unit " + id)
	}
	return u
}

// playDDay plays the four D-Day phases (mgmg:20.1), keeping every roll,
// taking the first choice of each bombardment step, activating no Drop
// Area, and assaulting Zone F with the first Guards Armoured unit alone
// (its assault's choices the first offered, no retreat made), to German
// Impulse 0.
func playDDay(t *testing.T, s *State) {
	t.Helper()
	playDDayTo(t, s, stImpulse)
}

// playDDayTo plays D-Day as playDDay does until step stop.
func playDDayTo(t *testing.T, s *State, stop step) {
	t.Helper()
	for s.step != stop {
		play(t, s, ddayChoice(s))
	}
}

// ddayChoice is the choice playDDay makes.
func ddayChoice(s *State) string {
	switch s.step {
	case stReroll:
		return "keep"
	case stAirborneLanding, stVoluntary, stAttackerRetreat, stAssaultSupport:
		return map[step]string{stAirborneLanding: "done", stVoluntary: "stay", stAttackerRetreat: "stay", stAssaultSupport: "support-done"}[s.step]
	}
	return s.Describe(s.Legal(nil)[0]).ID
}
