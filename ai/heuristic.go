package ai

import (
	"context"
	"errors"
	"fmt"

	"sandtable/engine"
)

// Heuristic is one-step greedy on the game's evaluation (engine.Evaluator,
// issue 7 section 2). For each legal choice it draws a few states its seat
// cannot tell from the game's (Turn.Determinize), makes the choice in each,
// plays on the seat's own choices that follow by picking at random until
// the seat's sequence ends (another seat is to move or the game ends), and
// evaluates; it takes the choice with the best average. Dice rolled on the
// way do not end the sequence: a roll whose reroll the same seat is offered
// (mgmg:12.2) would otherwise be weighed before its result. Each
// determinization plays on with the same draws for every choice, so that
// choices are compared on the same dice and the same hidden units.
type Heuristic struct {
	rng        engine.RNG
	draws      int // determinizations per choice
	repeatable bool
	legal      []engine.Action
	buf        []engine.Action
	worlds     []engine.State
	seeds      []uint64
	estimate   float64 // the evaluation of its last choice weighed, -1 before any
	yield      func()  // Config.yield, between two choices weighed
}

// heuristicDraws is how many determinizations the heuristic weighs each
// choice on: enough to average a roll and the enemy's hidden units a little
// while a whole game still takes seconds.
const heuristicDraws = 4

// heuristicSequence bounds the choices a play-on makes after the one being
// weighed: longer than any sequence of one seat's choices without a roll (a
// whole set-up placed unit by unit).
const heuristicSequence = 400

// NewHeuristic makes a heuristic bot; Iterations, when set with Repeatable,
// is its number of determinizations per choice.
func NewHeuristic(c Config) *Heuristic {
	h := &Heuristic{rng: engine.NewRNG(c.Seed), draws: heuristicDraws, repeatable: c.Repeatable, estimate: -1, yield: c.yield}
	if c.Repeatable && c.Iterations > 0 {
		h.draws = c.Iterations
	}
	return h
}

// Name implements Bot.
func (h *Heuristic) Name() string { return "heuristic" }

// Choose implements Bot. With one legal choice it takes it at once. It stops
// weighing choices when ctx's deadline passes (unless it is repeatable) and
// answers with the best so far; when ctx is cancelled it returns ctx's error.
func (h *Heuristic) Choose(ctx context.Context, t engine.Turn) (engine.Action, error) {
	h.legal = t.Legal(h.legal[:0])
	switch len(h.legal) {
	case 0:
		return 0, errors.New("no legal choice")
	case 1:
		return h.legal[0], nil
	}
	h.worlds, h.seeds = h.worlds[:0], h.seeds[:0]
	for range h.draws {
		w, err := t.Determinize(&h.rng)
		if err != nil {
			return 0, err
		}
		if _, ok := w.(engine.Evaluator); !ok {
			return 0, errors.New("the game offers no evaluation (engine.Evaluator), which the heuristic bot needs")
		}
		h.worlds = append(h.worlds, w)
		h.seeds = append(h.seeds, uint64(h.rng.Intn(1<<62)))
	}
	seat := t.Seat()
	best, bestV := h.legal[0], -1.0
	for _, a := range h.legal {
		if err := ctx.Err(); err != nil {
			if errors.Is(err, context.Canceled) {
				return 0, err
			}
			if !h.repeatable {
				break
			}
		}
		h.yield()
		v := 0.0
		for i, w := range h.worlds {
			x, err := h.playOn(w, a, seat, h.seeds[i])
			if err != nil {
				return 0, err
			}
			v += x
		}
		if v > bestV {
			best, bestV = a, v
			h.estimate = v / float64(len(h.worlds))
		}
	}
	return best, nil
}

// Estimate implements Estimator: the average evaluation of the choice it
// took when it last weighed choices, the game's estimate of the seat's
// chance to win after it.
func (h *Heuristic) Estimate() (float64, bool) { return h.estimate, h.estimate >= 0 }

// playOn makes choice a in a copy of w, plays on seat's choices that follow
// at random with draws seeded by seed until the seat's sequence ends, and
// evaluates the outcome for seat.
func (h *Heuristic) playOn(w engine.State, a engine.Action, seat engine.Seat, seed uint64) (float64, error) {
	c := w.Clone()
	if err := c.Apply(a); err != nil {
		return 0, fmt.Errorf("a determinization does not take a legal choice: %w", err)
	}
	pick := engine.NewRNG(seed)
	for n := 0; n < heuristicSequence && c.ToMove() == seat; n++ {
		h.buf = c.Legal(h.buf[:0])
		if err := c.Apply(h.buf[pick.Intn(len(h.buf))]); err != nil {
			return 0, fmt.Errorf("a determinization does not take a legal choice: %w", err)
		}
	}
	return c.(engine.Evaluator).Evaluate(seat), nil
}
