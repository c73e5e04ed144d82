package mgmg

import (
	"math"

	"sandtable/engine"
)

// Determinize implements engine.Determinizer. Nothing on the map is hidden
// (mgmg:7.1: stacks may be examined at any time) and every roll and its
// result is public, so a seat knows the whole state but the dice to come
// and the other seat's secret bid until both are in (mgmg:23.51): the bid
// is drawn from r, and the dice, with the cards of mgmg:23.7 the order in
// which the decks turn, come from the generator, which is seeded anew from
// r. The copy keeps no log (SearchClone). docs/conformance/mgmg.md lists
// what mgmg hides.
func (s *State) Determinize(seat engine.Seat, r *engine.RNG) engine.State {
	return s.DeterminizeInto(seat, r, nil)
}

// DeterminizeInto implements engine.DeterminizerInto: Determinize, drawn
// into dst's memory when dst is an mgmg state other than s.
func (s *State) DeterminizeInto(seat engine.Seat, r *engine.RNG, dst engine.State) engine.State {
	c, ok := dst.(*State)
	if !ok || c == s {
		c = new(State)
	}
	s.cloneInto(c)
	c.log = gameLog{off: true}
	for _, sd := range []side{germans, allies} {
		if s.bidSecretFrom(sd, seat) {
			c.bids[sd] = int16(r.Intn(maxBid + 1))
		}
	}
	// forced dice are a test's, not the game's: the draw replaces them too
	c.rng = engine.RNG{State: uint64(r.Intn(math.MaxInt64)), Rolls: s.rng.Rolls}
	return c
}
