// Package engine is the game-agnostic core of sandtable: the choice model,
// the random number generator, records, positions, views and replay.
//
// A game is a state machine of atomic choices (docs/design.md section 1): at every
// moment it has either ended with a Result or waits for exactly one seat to
// pick one choice from an enumerated list. Games encode their choices as
// compact Actions for speed; Describe turns an Action into the stable,
// human-readable Choice that records, clients and bots use.
package engine

import (
	"errors"
	"fmt"
	"time"
)

// Seat names a side at the table, e.g. "german" or "british".
type Seat string

// Spectator is the seat of someone who watches: it sees no secrets.
const Spectator Seat = "spectator"

// Action is a game-defined compact encoding of one atomic choice. It is only
// meaningful to the state that listed it.
type Action uint64

// Choice is an Action as people and tools see it.
type Choice struct {
	ID    string   `json:"id"`             // stable within a game version; what records store
	Label string   `json:"label"`          // for people
	Rule  string   `json:"rule"`           // governing rule, e.g. "soa:8.32"
	Refs  []string `json:"refs,omitempty"` // things to highlight, e.g. "area:17", "unit:gb-a1-2"
}

// Result is how a game ended.
type Result struct {
	Winner Seat   `json:"winner,omitempty"` // empty for a draw
	Level  string `json:"level"`            // e.g. "decisive", "marginal", "draw"
	Score  int    `json:"score"`            // the game's score (e.g. German victory points)
	Text   string `json:"text"`
}

// For is what the result is worth to seat: 1 a win, 0.5 a draw, 0 a loss.
func (r *Result) For(seat Seat) float64 {
	switch r.Winner {
	case seat:
		return 1
	case "":
		return 0.5
	}
	return 0
}

// State is one game in progress. Implementations are not safe for concurrent use.
type State interface {
	// ToMove is the seat that must choose next; "" once the game has ended.
	ToMove() Seat
	// Result is nil while the game runs.
	Result() *Result
	// Legal appends the legal actions of the seat to move to buf and returns it.
	// It never returns an empty list while the game runs.
	Legal(buf []Action) []Action
	// Apply plays one action; it must be one that Legal lists.
	Apply(a Action) error
	// Describe names an action of the current legal list.
	Describe(a Action) Choice
	// Clone is an independent deep copy.
	Clone() State
	// Hash identifies the complete state, RNG included.
	Hash() uint64
	// View is what seat may know of the state, as a JSON-encodable value (docs/design.md section 3).
	View(seat Seat) any
	// Position is the complete state as a JSON-encodable value that LoadPosition accepts.
	Position() any
	// Invariants reports the first broken invariant, if any; the fuzzer calls it after every choice.
	Invariants() error
	// RNG is the state's random number generator, for forcing dice.
	RNG() *RNG
}

// Option is one setting a game accepts at creation.
type Option struct {
	Key     string   `json:"key"`
	Values  []string `json:"values"` // the first is the default
	Rule    string   `json:"rule"`
	Summary string   `json:"summary"`
}

// Scenario is one starting situation of a game.
type Scenario struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Summary string `json:"summary"`
}

// Game creates states of one game.
type Game interface {
	ID() string
	Name() string
	Seats() []Seat
	Scenarios() []Scenario
	Options() []Option
	// New starts a game. opts holds only keys from Options; missing keys take defaults.
	New(scenario string, opts map[string]string, seed uint64) (State, error)
	// LoadPosition starts from a position written by Position (or by hand).
	LoadPosition(data []byte) (State, error)
	// MaxChoices bounds the length of any game, random play included.
	MaxChoices() int
}

// Clocked is implemented by states whose players decide against a clock
// (e.g. soa:8.17). ReactionTime is the time the seat to move has for its
// choice, 0 when the game is played without a clock. Timeout is the legal
// action to apply for that seat when its time runs out; false when the clock
// does not run at this moment. A client starts the clock only when both say so.
type Clocked interface {
	ReactionTime() time.Duration
	Timeout() (Action, bool)
}

// ErrIllegal is wrapped by every error about a choice that is not legal now.
var ErrIllegal = errors.New("illegal choice")

// ChoiceParser is implemented by states that can turn a choice ID back into
// an action without describing every legal choice; replay is then fast.
type ChoiceParser interface {
	ParseChoice(id string) (Action, bool)
}

// Find returns the legal action whose choice ID is id.
func Find(s State, id string) (Action, error) {
	if s.ToMove() == "" {
		return 0, fmt.Errorf("%w: %q: the game has ended", ErrIllegal, id)
	}
	legal := s.Legal(nil)
	if p, ok := s.(ChoiceParser); ok {
		if a, ok := p.ParseChoice(id); ok {
			for _, l := range legal {
				if l == a && s.Describe(a).ID == id {
					return a, nil
				}
			}
		}
		return 0, notLegal(s, id)
	}
	for _, a := range legal {
		if s.Describe(a).ID == id {
			return a, nil
		}
	}
	return 0, notLegal(s, id)
}

// notLegal is the error for a choice ID that is not legal in s. It names no
// tool: the command line and the HTTP API each say how to list the choices.
func notLegal(s State, id string) error {
	return fmt.Errorf("%w: %q is not among the %s seat's legal choices now", ErrIllegal, id, s.ToMove())
}

// Choices lists the legal choices of the seat to move.
func Choices(s State) []Choice {
	acts := s.Legal(nil)
	out := make([]Choice, len(acts))
	for i, a := range acts {
		out[i] = s.Describe(a)
	}
	return out
}

// ResolveOptions fills defaults and rejects unknown keys or values.
func ResolveOptions(g Game, opts map[string]string) (map[string]string, error) {
	out := map[string]string{}
	known := map[string]Option{}
	for _, o := range g.Options() {
		known[o.Key] = o
		out[o.Key] = o.Values[0]
	}
	for k, v := range opts {
		o, ok := known[k]
		if !ok {
			return nil, fmt.Errorf("unknown option %q for game %s; known options: %s", k, g.ID(), optionKeys(g))
		}
		if !contains(o.Values, v) {
			return nil, fmt.Errorf("option %s=%q is not one of %v", k, v, o.Values)
		}
		out[k] = v
	}
	return out, nil
}

func optionKeys(g Game) string {
	s := ""
	for i, o := range g.Options() {
		if i > 0 {
			s += ", "
		}
		s += o.Key
	}
	return s
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
