package engine

import (
	"fmt"
	"runtime/debug"
)

// PlayStats counts what one played game did.
type PlayStats struct {
	Choices int
}

// PickSeed derives the seed of random play's picks from the game's seed, so
// that `sandtable fuzz`, the conformance kit and the benchmarks reproduce a
// random game from its seed alone.
func PickSeed(seed uint64) uint64 { return seed ^ 0x6a09e667f3bcc909 }

// RandomGame plays one whole game in which every seat picks uniformly among
// its legal choices, with the picks drawn from pick (separate from the game's
// own dice). It checks the invariants after every choice, that the list is
// never empty while the game runs and that the game ends within
// g.MaxChoices(). The returned record holds every choice made, a macro as its
// atomic choices (Apply), also on error, so that a failure can be replayed.
func RandomGame(g Game, scenario string, opts map[string]string, seed uint64, pick *RNG) (rec *Record, s State, err error) {
	rec = NewRecord(g)
	rec.Scenario, rec.Options, rec.Seed = scenario, opts, seed
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic after %d choices: %v\n%s", len(rec.Choices), r, debug.Stack())
		}
	}()
	s, err = g.New(scenario, opts, seed)
	if err != nil {
		return rec, nil, err
	}
	var buf []Action
	for s.ToMove() != "" {
		if len(rec.Choices) >= g.MaxChoices() {
			return rec, s, fmt.Errorf("game did not end within %d choices", g.MaxChoices())
		}
		buf = s.Legal(buf[:0])
		if len(buf) == 0 {
			return rec, s, fmt.Errorf("empty choice list for %s after %d choices", s.ToMove(), len(rec.Choices))
		}
		a := buf[pick.Intn(len(buf))]
		made, err := Apply(s, a)
		rec.Choices = append(rec.Choices, IDs(made)...)
		if err != nil {
			return rec, s, fmt.Errorf("choice %d: %w", len(rec.Choices)+1, err) // Apply's error names the choice
		}
		if err := s.Invariants(); err != nil {
			return rec, s, fmt.Errorf("invariant broken after choice %d (%s): %w", len(rec.Choices), rec.Choices[len(rec.Choices)-1], err)
		}
	}
	if s.Result() == nil {
		return rec, s, fmt.Errorf("game ended without a result")
	}
	rec.Hash = FormatHash(s.Hash())
	return rec, s, nil
}
