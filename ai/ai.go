// Package ai holds the bots: programs that choose for a seat.
//
// A bot never holds a game state of its own: when its seat is to move it is
// handed a Turn, which answers only for that seat (docs/design.md section 3). The
// random bot uses the legal list alone; bots that search will reach a state
// through Turn.State, which for now is the game's state and will become a
// determinization (the seat's view with the hidden parts drawn anew) once the
// engine offers one.
package ai

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"sandtable/engine"
)

// Bot chooses for the seat to move.
type Bot interface {
	Name() string
	// Choose returns one of t.Legal's actions.
	Choose(t Turn) (engine.Action, error)
}

// Turn is what a bot receives when its seat is to move: the state plus the
// seat, reachable only through methods that answer for that seat.
type Turn struct {
	seat  engine.Seat
	state engine.State
}

// NewTurn is the turn of the seat to move in s.
func NewTurn(s engine.State) Turn { return Turn{seat: s.ToMove(), state: s} }

// Seat is the seat the bot chooses for.
func (t Turn) Seat() engine.Seat { return t.seat }

// Legal appends the seat's legal actions to buf.
func (t Turn) Legal(buf []engine.Action) []engine.Action { return t.state.Legal(buf) }

// Describe names one of the legal actions.
func (t Turn) Describe(a engine.Action) engine.Choice { return t.state.Describe(a) }

// View is what the seat may know (the game's view document).
func (t Turn) View() any { return t.state.View(t.seat) }

// State is the game as the engine offers it to this seat. For now it is the
// state itself, so a bot must treat it as a model of what View shows and must
// not read its hidden parts; it is the one place to change when the engine
// offers determinized states.
func (t Turn) State() engine.State { return t.state }

// Move asks b to choose in s and checks that the answer is legal.
func Move(b Bot, s engine.State) (engine.Action, error) {
	if s.ToMove() == "" {
		return 0, fmt.Errorf("bot %s: the game has ended", b.Name())
	}
	a, err := b.Choose(NewTurn(s))
	if err != nil {
		return 0, fmt.Errorf("bot %s: %w", b.Name(), err)
	}
	if !slices.Contains(s.Legal(nil), a) {
		return 0, fmt.Errorf("bot %s chose action %d, which is not legal for %s: %w", b.Name(), a, s.ToMove(), engine.ErrIllegal)
	}
	return a, nil
}

// makers builds the known bots from a seed.
var makers = map[string]func(seed uint64) Bot{
	"random": func(seed uint64) Bot { return NewRandom(seed) },
}

// Names lists the known bots.
func Names() []string {
	out := make([]string, 0, len(makers))
	for n := range makers {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// New makes the bot called name, seeded for reproducible play.
func New(name string, seed uint64) (Bot, error) {
	m, ok := makers[name]
	if !ok {
		return nil, fmt.Errorf("no bot %q; known bots: %s", name, strings.Join(Names(), ", "))
	}
	return m(seed), nil
}
