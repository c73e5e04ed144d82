package ai

import (
	"context"
	"errors"

	"sandtable/engine"
)

// Random picks uniformly among the legal choices, with its own generator so
// that a game against it is reproducible from the bot's seed.
type Random struct {
	rng engine.RNG
	buf []engine.Action
}

// NewRandom makes a random bot.
func NewRandom(seed uint64) *Random { return &Random{rng: engine.NewRNG(seed)} }

// Name implements Bot.
func (r *Random) Name() string { return "random" }

// Choose implements Bot.
func (r *Random) Choose(_ context.Context, t engine.Turn) (engine.Action, error) {
	r.buf = t.Legal(r.buf[:0])
	if len(r.buf) == 0 {
		return 0, errors.New("no legal choice")
	}
	return r.buf[r.rng.Intn(len(r.buf))], nil
}
