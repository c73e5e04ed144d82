package mgmg

import (
	"math"

	"sandtable/engine"
)

// Determinize implements engine.Determinizer. Nothing on the map is hidden
// from either seat (mgmg:7.1), so only the dice to come are drawn anew: the
// copy's generator is seeded from r, its forced dice dropped. The copy
// keeps no log (SearchClone).
func (s *State) Determinize(seat engine.Seat, r *engine.RNG) engine.State {
	return s.DeterminizeInto(seat, r, nil)
}

// DeterminizeInto implements engine.DeterminizerInto: Determinize, drawn
// into dst's memory when dst is an mgmg state other than s.
func (s *State) DeterminizeInto(_ engine.Seat, r *engine.RNG, dst engine.State) engine.State {
	c, ok := dst.(*State)
	if !ok || c == s {
		c = new(State)
	}
	*c = *s
	c.log = gameLog{off: true}
	c.rng = engine.RNG{State: uint64(r.Intn(math.MaxInt64)), Rolls: s.rng.Rolls}
	return c
}
