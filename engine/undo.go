package engine

import "fmt"

// Mark is what one choice must leave unchanged to be taken back (docs/design.md
// section 1): the seat to move, the random generator and what has been
// revealed. Any use of the generator counts, not only dice: a chit drawn from
// a cup or a card from a deck is as much a secret of the future as a die.
type Mark struct {
	seat     Seat
	rng      uint64 // the generator's state: every draw moves it
	rolls    int    // dice rolled: a forced die does not move the state
	revealed uint64
}

// MarkOf notes what a choice from s must leave unchanged to be taken back.
func MarkOf(s State) Mark {
	m := Mark{seat: s.ToMove(), rng: s.RNG().State, rolls: s.RNG().Rolls}
	if r, ok := s.(Revealer); ok {
		m.revealed = r.Revealed()
	}
	return m
}

// Irreversible says why the choice that led from the marked state to s cannot
// be taken back; nil when it can.
func (m Mark) Irreversible(s State) error {
	after := MarkOf(s)
	switch {
	case after.rng != m.rng || after.rolls != m.rolls:
		return fmt.Errorf("it used the random generator (dice, chits or cards)")
	case after.revealed != m.revealed:
		return fmt.Errorf("it revealed something hidden")
	case after.seat != m.seat:
		return fmt.Errorf("the move passed to %s", after.seat)
	}
	return nil
}
