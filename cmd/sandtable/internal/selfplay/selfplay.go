// Package selfplay plays bots against each other for `sandtable selfplay`
// and sums up their games: scores with confidence intervals, results per
// seat, game lengths, an Elo ladder and plots (docs/cli.md#selfplay, issue 7
// section 3). It holds real game states, which is why it lives here and not
// in package ai, whose bots never see one.
package selfplay

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"sandtable/ai"
	"sandtable/engine"
)

// Config says what to play.
type Config struct {
	Game     engine.Game
	Scenario string
	Options  map[string]string // resolved (engine.ResolveOptions)
	// Bots are the bots' names with their levels; every two of them meet.
	Bots []string
	// Pairs is how many pairs of games each pairing plays: pair p of
	// pairing k is played with the game seed Seed+k*Pairs+p twice, the
	// second time with the seats swapped, so that no two pairs share dice.
	Pairs int
	Seed  uint64
	// Workers is how many games are played at once; the results do not
	// depend on it.
	Workers int
}

// Pairing is two bots that meet, as indexes into Config.Bots.
type Pairing struct{ A, B int }

// Pairings is every pairing of n bots, a round robin: (0,1), (0,2), (1,2)...
func Pairings(n int) []Pairing {
	var out []Pairing
	for a := range n {
		for b := a + 1; b < n; b++ {
			out = append(out, Pairing{a, b})
		}
	}
	return out
}

// Played is one game played.
type Played struct {
	Pairing int // index into Pairings
	Pair    int
	// Swapped is the second game of the pair: bot B took the first seat.
	Swapped bool
	// Bots is the bot at each of Game.Seats(), as indexes into Config.Bots.
	Bots    []int
	Record  *engine.Record
	Result  engine.Result
	Choices int
	// Scores is the running score (engine.Scorer) from the start, a point
	// each time it changed; nil for a game that offers no running score.
	Scores []Point
	// Thinking is what the bot at each seat spent choosing.
	Thinking []Thinking
}

// Thinking is the time a bot took over its decisions, which made Choices
// atomic choices (a macro makes several). It depends on the machine, so
// Summarize leaves it out.
type Thinking struct {
	Decisions, Choices int
	Time               time.Duration
}

// Point is the running score after a count of choices.
type Point struct{ Choice, Score int }

// Winner is the index in Config.Bots of the bot that won, -1 for a draw.
func (p Played) Winner(seats []engine.Seat) int {
	for i, s := range seats {
		if s == p.Result.Winner {
			return p.Bots[i]
		}
	}
	return -1
}

// Run plays every game of every pairing, c.Workers at a time, and returns
// them in order: pairing, pair, then the swapped game. progress, if not nil,
// is called from Run's goroutine after each game. The first failure (a bot's
// error, a game that does not end) stops the run.
func Run(ctx context.Context, c Config, progress func()) ([]Played, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	pairings := Pairings(len(c.Bots))
	total := len(pairings) * c.Pairs * 2
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	out := make([]Played, total)
	errs := make([]error, total)
	jobs, done := make(chan int), make(chan int)
	var wg sync.WaitGroup
	for range min(c.Workers, total) {
		wg.Go(func() {
			for i := range jobs {
				p := Played{Pairing: i / (c.Pairs * 2), Pair: i / 2 % c.Pairs, Swapped: i%2 == 1}
				errs[i] = c.play(ctx, pairings[p.Pairing], &p)
				out[i] = p
				if errs[i] != nil {
					cancel()
				}
				done <- i
			}
		})
	}
	go func() {
		defer close(done)
		defer wg.Wait()
		defer close(jobs)
		for i := range total {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	n := 0
	for range done {
		n++
		if progress != nil {
			progress()
		}
	}
	for _, err := range errs {
		if err != nil && !errors.Is(err, context.Canceled) {
			return nil, err // the first failure; the games it cancelled say nothing more
		}
	}
	if n < total {
		return nil, fmt.Errorf("self-play stopped after %d of %d games: %w", n, total, context.Canceled)
	}
	return out, nil
}

func (c Config) check() error {
	if n := len(c.Game.Seats()); n != 2 {
		return fmt.Errorf("self-play pairs two bots, but game %s has %d seats", c.Game.ID(), n)
	}
	if len(c.Bots) < 2 {
		return errors.New("self-play needs at least two bots")
	}
	if c.Pairs < 1 || c.Workers < 1 {
		return errors.New("self-play needs at least one pair of games and one worker")
	}
	for _, b := range c.Bots {
		if _, err := ai.New(b, ai.Config{}); err != nil {
			return err
		}
	}
	return nil
}

// botSeed is the seed of the bot in slot (0 for A, 1 for B) of a pairing in
// the games of seed: the swapped game gives each bot the seed it had, so a
// random bot does not replay its opponent's picks.
func botSeed(seed uint64, slot int) uint64 { return ai.BotSeed(seed, "AB"[slot:slot+1]) }

// play plays one game of pairing pr into p, recording it as every caller
// records bots' games: a macro choice as its atomic choices (engine.Apply).
func (c Config) play(ctx context.Context, pr Pairing, p *Played) error {
	g, seed := c.Game, c.Seed+uint64(p.Pairing*c.Pairs+p.Pair)
	slots := []int{pr.A, pr.B}
	if p.Swapped {
		slots = []int{pr.B, pr.A}
	}
	rec := engine.NewRecord(g)
	rec.Scenario, rec.Options, rec.Seed = c.Scenario, c.Options, seed
	rec.Players = map[engine.Seat]string{}
	p.Record, p.Bots = rec, slots
	bots := map[engine.Seat]ai.Bot{}
	seatIndex := map[engine.Seat]int{}
	p.Thinking = make([]Thinking, len(g.Seats()))
	for i, st := range g.Seats() {
		seatIndex[st] = i
		slot := 0
		if slots[i] == pr.B {
			slot = 1
		}
		b, err := ai.New(c.Bots[slots[i]], ai.Config{Seed: botSeed(seed, slot), Repeatable: true, Workers: 1})
		if err != nil {
			return err
		}
		bots[st], rec.Players[st] = b, c.Bots[slots[i]]
	}
	s, err := g.New(c.Scenario, c.Options, seed)
	if err != nil {
		return err
	}
	scorer, _ := s.(engine.Scorer)
	if scorer != nil {
		p.Scores = []Point{{0, scorer.Score()}}
	}
	fail := func(err error) error {
		return &GameError{Record: rec, Err: fmt.Errorf("%s (%s) against %s, seed %d, after %d choices: %w",
			rec.Players[g.Seats()[0]], g.Seats()[0], rec.Players[g.Seats()[1]], seed, len(rec.Choices), err)}
	}
	for s.ToMove() != "" {
		if len(rec.Choices) >= g.MaxChoices() {
			return fail(fmt.Errorf("the game did not end within %d choices", g.MaxChoices()))
		}
		th := &p.Thinking[seatIndex[s.ToMove()]]
		start := time.Now()
		a, err := ai.Move(ctx, bots[s.ToMove()], s)
		if err != nil {
			return fail(err)
		}
		th.Time += time.Since(start)
		made, err := engine.Apply(s, a)
		th.Decisions, th.Choices = th.Decisions+1, th.Choices+len(made)
		rec.Choices = append(rec.Choices, engine.IDs(made)...)
		if err != nil {
			return fail(err)
		}
		if scorer != nil && scorer.Score() != p.Scores[len(p.Scores)-1].Score {
			p.Scores = append(p.Scores, Point{len(rec.Choices), scorer.Score()})
		}
	}
	rec.Hash = engine.FormatHash(s.Hash())
	p.Result, p.Choices = *s.Result(), len(rec.Choices)
	return nil
}

// GameError is a game that failed, with its record up to the failure.
type GameError struct {
	Record *engine.Record
	Err    error
}

func (e *GameError) Error() string { return e.Err.Error() }

func (e *GameError) Unwrap() error { return e.Err }

// Labels names the bots for tables and files: a name given twice gets "#2".
func Labels(bots []string) []string {
	out := make([]string, len(bots))
	seen := map[string]int{}
	for i, b := range bots {
		seen[b]++
		out[i] = b
		if seen[b] > 1 {
			out[i] = fmt.Sprintf("%s#%d", b, seen[b])
		}
	}
	return out
}

// slug makes a label safe in a file name: "search:fast" -> "search-fast".
func slug(label string) string {
	return strings.NewReplacer(":", "-", "#", "-", "/", "-").Replace(label)
}
