package engine

import (
	"errors"
	"fmt"
)

// Turn is what a bot receives when its seat is to move: the seat's view, its
// legal choices, and complete states drawn anew from what the seat may know
// (Determinizer). The game's state is held unexported, so a bot, which works
// only through a Turn, cannot read what its seat may not know (docs/design.md
// section 3; package ai's contract test checks that it imports nothing that
// could get around this).
type Turn struct {
	seat Seat
	held *held
}

// held holds a Turn's state behind a pointer, which fmt prints as an
// address: fmt reads unexported fields, and would print a state held by
// value in full.
type held struct{ state State }

// NewTurn is the turn of the seat to move in s. The turn reads s whenever
// the bot asks, so s must not change until the bot has chosen: the server
// hands bots a clone.
func NewTurn(s State) Turn { return Turn{seat: s.ToMove(), held: &held{s}} }

// Seat is the seat the bot chooses for.
func (t Turn) Seat() Seat { return t.seat }

// Legal appends the seat's legal actions to buf.
func (t Turn) Legal(buf []Action) []Action { return t.held.state.Legal(buf) }

// Describe names one of the legal actions.
func (t Turn) Describe(a Action) Choice { return t.held.state.Describe(a) }

// View is what the seat may know: the game's view document for it.
func (t Turn) View() any { return t.held.state.View(t.seat) }

// ErrNoDeterminizer is returned by Turn.Determinize for a game that cannot
// draw states for a seat: bots that search cannot play it.
var ErrNoDeterminizer = errors.New("the game offers no determinization (engine.Determinizer), so a bot cannot search it without reading hidden information")

// Determinize draws a complete state the seat cannot tell from the game's:
// the same view and legal choices, with everything hidden from the seat
// (the other side's secrets, the dice to come) drawn anew from r. The bot
// may play on it freely; the game is untouched.
func (t Turn) Determinize(r *RNG) (State, error) {
	d, ok := t.held.state.(Determinizer)
	if !ok {
		return nil, fmt.Errorf("%w", ErrNoDeterminizer)
	}
	return d.Determinize(t.seat, r), nil
}
