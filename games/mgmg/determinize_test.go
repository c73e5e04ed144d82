package mgmg

import (
	"bytes"
	"encoding/json"
	"testing"

	"sandtable/engine"
)

var _ engine.DeterminizerInto = (*State)(nil)

// withoutRNG is s's position as JSON with its generator left out.
func withoutRNG(t *testing.T, s engine.State) []byte {
	t.Helper()
	p := s.Position().(Position)
	p.RNG = engine.RNG{}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDeterminizeRedrawsOnlyTheDice: nothing on the map is hidden from
// either seat (mgmg:7.1) and every roll is public, so a determinization is
// the whole position but the generator: the dice to come (and with
// mgmg:23.7 the order in which the decks turn) are drawn anew, forced dice
// dropped; the rolls so far stay counted. Two states that differ only in
// their generators give the same determinization for the same draws.
func TestDeterminizeRedrawsOnlyTheDice(t *testing.T) {
	for _, s := range evalStates(t) {
		s.rng.Force(6, 6)
		other := s.Clone().(*State)
		other.rng.State ^= 0x5deece66d
		for _, seat := range []engine.Seat{"german", "allied", ""} {
			r1, r2 := engine.NewRNG(7), engine.NewRNG(7)
			a, b := s.Determinize(seat, &r1).(*State), other.Determinize(seat, &r2).(*State)
			if a.Hash() != b.Hash() {
				t.Fatalf("%s: states that differ only in their dice give other determinizations", seat)
			}
			if !bytes.Equal(withoutRNG(t, a), withoutRNG(t, s)) {
				t.Fatalf("%s: a determinization changes more than the dice", seat)
			}
			if a.rng.Forced != nil || a.rng.Rolls != s.rng.Rolls || a.rng.State == s.rng.State {
				t.Fatalf("%s: generator %+v, the state's %+v: want a new draw, no forced dice, the rolls so far", seat, a.rng, s.rng)
			}
			if !a.log.off || len(a.LogLines(seat, 0, 100)) != 0 {
				t.Fatalf("%s: a determinization keeps a log", seat)
			}
		}
		if s.rng.Forced == nil {
			t.Fatal("Determinize changed the state's forced dice")
		}
	}
}

// TestDeterminizeIntoAllocatesNothing: drawn into a used state, a
// determinization takes no memory and is the one drawn afresh.
func TestDeterminizeIntoAllocatesNothing(t *testing.T) {
	s := evalStates(t)[3]
	r := engine.NewRNG(1)
	used := s.Determinize("allied", &r)
	r1, r2 := engine.NewRNG(9), engine.NewRNG(9)
	if got, want := s.DeterminizeInto("allied", &r1, used), s.Determinize("allied", &r2); got.Hash() != want.Hash() || got != used {
		t.Fatal("DeterminizeInto did not draw Determinize's state into the used one")
	}
	if n := testing.AllocsPerRun(20, func() { used = s.DeterminizeInto("allied", &r, used) }); n != 0 {
		t.Errorf("DeterminizeInto allocates %v times a call", n)
	}
}
