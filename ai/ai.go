// Package ai holds the bots: programs that choose for a seat.
//
// A bot never holds a game state of its own: when its seat is to move it is
// handed an engine.Turn, which shows it the seat's view and legal choices
// and draws complete states from what the seat may know (determinizations);
// the game's own state stays out of its reach (docs/design.md section 3,
// contract_test.go).
package ai

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"sandtable/engine"
)

// Bot chooses for the seat to move.
type Bot interface {
	// Name is the bot's name with its level, as New takes it: "search:fast".
	Name() string
	// Choose returns one of t.Legal's actions. A bot that thinks by the clock
	// stops when ctx is done and answers with the best it has; one made with
	// Config.Repeatable thinks its full count of iterations whatever ctx says,
	// unless ctx is cancelled.
	Choose(ctx context.Context, t engine.Turn) (engine.Action, error)
}

// Estimator is a bot that, having chosen, estimates the chance that the seat
// it chose for wins (a draw counting a half), from what it saw while it
// thought. ok is false before its first choice.
type Estimator interface {
	Estimate() (p float64, ok bool)
}

// Pacer is a bot that thinks by the clock: Think is the time it takes for
// a choice it weighs, 0 when it thinks by a count of iterations. A server
// that paces bots' moves gives each that long at least, so that a choice
// made at once, being the only one, does not show by coming sooner.
type Pacer interface {
	Think() time.Duration
}

// Config makes a bot.
type Config struct {
	// Seed seeds every draw the bot makes, so that a game against it can be
	// played again.
	Seed uint64
	// Repeatable makes a bot think by a count of iterations (its level's, or
	// Iterations when set) rather than by the clock, so that the same seed
	// gives the same choices on any machine: tests and self-play use it.
	Repeatable bool
	// Iterations overrides the level's count when Repeatable is set.
	Iterations int
	// Workers is how many cores the bot may think on; 0 means one.
	Workers int
	// Yield is called by a bot between short stretches of its thinking
	// (some 0.1 ms), so that more urgent work can run first: a server
	// gives way to the people it serves there. Nil lets the other
	// goroutines of the process run (runtime.Gosched).
	Yield func()
}

// yield is c.Yield, or runtime.Gosched.
func (c Config) yield() {
	if c.Yield != nil {
		c.Yield()
		return
	}
	runtime.Gosched()
}

// Default is the bot a player meets unless they pick another, and the one
// that gives hints and estimates: the default search level.
const Default = "search"

// BotSeed is the seed of the bot called who (its seat, or its place in a
// self-play pairing) in a game started from seed. It is derived through a
// hash: the game's dice and the bot's draws are both SplitMix64
// (engine.RNG), and seeds a multiple of its increment apart would run along
// one sequence, the bot's picks a step behind the dice.
func BotSeed(seed uint64, who string) uint64 {
	r := engine.NewRNG(seed)
	return r.Derive("bot:" + who).State
}

// Move asks b to choose in s and checks that the answer is legal. s must not
// change while b thinks.
func Move(ctx context.Context, b Bot, s engine.State) (engine.Action, error) {
	if s.ToMove() == "" {
		return 0, fmt.Errorf("bot %s: the game has ended", b.Name())
	}
	a, err := b.Choose(ctx, engine.NewTurn(s))
	if err != nil {
		return 0, fmt.Errorf("bot %s: %w", b.Name(), err)
	}
	if !slices.Contains(s.Legal(nil), a) {
		return 0, fmt.Errorf("bot %s chose action %d, which is not legal for %s: %w", b.Name(), a, s.ToMove(), engine.ErrIllegal)
	}
	return a, nil
}

// kind is one bot and its levels.
type kind struct {
	name   string
	levels []string // "" is the default level, named by the bot's name alone
	make   func(level string, c Config) Bot
}

// kinds are the known bots, weakest first.
var kinds = []kind{
	{name: "random", levels: []string{""}, make: func(_ string, c Config) Bot { return NewRandom(c.Seed) }},
	{name: "heuristic", levels: []string{""}, make: func(_ string, c Config) Bot { return NewHeuristic(c) }},
	{name: "search", levels: []string{"fast", "", "strong"}, make: func(l string, c Config) Bot { return NewSearch(l, c) }},
}

// Names lists the known bots with their levels, weakest first: "random",
// "search:fast", "search", "search:strong".
func Names() []string {
	var out []string
	for _, k := range kinds {
		for _, l := range k.levels {
			out = append(out, levelName(k.name, l))
		}
	}
	return out
}

func levelName(name, level string) string {
	if level == "" {
		return name
	}
	return name + ":" + level
}

// New makes the bot called name ("search" or "search:strong").
func New(name string, c Config) (Bot, error) {
	base, level, _ := strings.Cut(name, ":")
	for _, k := range kinds {
		if k.name == base && slices.Contains(k.levels, level) {
			return k.make(level, c), nil
		}
	}
	return nil, fmt.Errorf("no bot %q; known bots: %s", name, strings.Join(Names(), ", "))
}
