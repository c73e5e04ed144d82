package play

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"sandtable/ai"
	"sandtable/engine"
)

// hintBudget is how long the hint bot thinks for one hint.
const hintBudget = time.Second

// Hint is the hint bot's suggested choice for the seat to move.
type Hint struct {
	Bot    string
	Action engine.Action
	Choice engine.Choice
	// P is the bot's estimate of the seat's chance to win, when Estimated.
	P         float64
	Estimated bool
}

// String is the hint as the status shows it.
func (h Hint) String() string {
	s := fmt.Sprintf("hint (%s): %s", h.Bot, h.Choice.Label)
	if h.Estimated {
		s += fmt.Sprintf(" · %d%% to win", int(math.Round(h.P*100)))
	}
	return s
}

// hintBot is the bot that gives hints: HintBot, else ai.Default.
func (p *Session) hintBot() string {
	if p.HintBot != "" {
		return p.HintBot
	}
	return ai.Default
}

// Hint asks the hint bot what the seat to move in s should choose. s is a
// copy of the game that nothing changes meanwhile; the bot gets the seat's
// turn only (ai.Move), as a bot playing that seat would.
func (p *Session) Hint(ctx context.Context, s engine.State) (Hint, error) {
	if !p.Rec.Hints {
		return Hint{}, fmt.Errorf("this game has no hints; start it with --hints")
	}
	b, err := ai.New(p.hintBot(), ai.Config{Seed: rand.Uint64(), Workers: 1})
	if err != nil {
		return Hint{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, hintBudget)
	defer cancel()
	a, err := ai.Move(ctx, b, s)
	if err != nil {
		return Hint{}, err
	}
	h := Hint{Bot: b.Name(), Action: a, Choice: s.Describe(a)}
	if e, ok := b.(ai.Estimator); ok {
		h.P, h.Estimated = e.Estimate()
	}
	return h, nil
}
