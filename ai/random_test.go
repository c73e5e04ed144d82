package ai

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"sandtable/engine"
	"sandtable/games"
)

// countdown is a toy game: two seats take 1-3 from a pile; who takes the last wins.
type countdown struct {
	pile, turn int
	rng        engine.RNG
}

var seats = [2]engine.Seat{"a", "b"}

func (c *countdown) ToMove() engine.Seat {
	if c.pile == 0 {
		return ""
	}
	return seats[c.turn]
}
func (c *countdown) Result() *engine.Result {
	if c.pile > 0 {
		return nil
	}
	return &engine.Result{Winner: seats[1-c.turn], Level: "win"}
}
func (c *countdown) Legal(buf []engine.Action) []engine.Action {
	for k := 1; k <= 3 && k <= c.pile; k++ {
		buf = append(buf, engine.Action(k))
	}
	return buf
}
func (c *countdown) Apply(a engine.Action) error {
	if a < 1 || int(a) > min(3, c.pile) {
		return engine.ErrIllegal
	}
	c.pile -= int(a)
	c.turn = 1 - c.turn
	return nil
}
func (c *countdown) Describe(a engine.Action) engine.Choice {
	return engine.Choice{ID: fmt.Sprint("take-", int(a)), Label: fmt.Sprint("take ", int(a)), Rule: "toy:1"}
}
func (c *countdown) Clone() engine.State { d := *c; return &d }
func (c *countdown) Hash() uint64        { return uint64(c.pile*2 + c.turn) }
func (c *countdown) View(seat engine.Seat) any {
	return map[string]any{"pile": c.pile, "seat": seat}
}
func (c *countdown) Position() any     { return c.pile }
func (c *countdown) Invariants() error { return nil }
func (c *countdown) RNG() *engine.RNG  { return &c.rng }

func TestRandomIsDeterministicPerSeed(t *testing.T) {
	play := func(seed uint64) []engine.Action {
		b := NewRandom(seed)
		s := &countdown{pile: 40}
		var got []engine.Action
		for s.ToMove() != "" {
			a, err := Move(context.Background(), b, s)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, a)
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		return got
	}
	a, b, c := play(7), play(7), play(8)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("same seed, different games:\n%v\n%v", a, b)
	}
	if fmt.Sprint(a) == fmt.Sprint(c) {
		t.Fatalf("seeds 7 and 8 played the same game %v", a)
	}
}

type liar struct{}

func (liar) Name() string                                               { return "liar" }
func (liar) Choose(context.Context, engine.Turn) (engine.Action, error) { return 99, nil }

func TestMoveRejectsIllegalAnswers(t *testing.T) {
	if _, err := Move(context.Background(), liar{}, &countdown{pile: 5}); !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("Move with an illegal answer: %v, want ErrIllegal", err)
	}
	if _, err := New("oracle", Config{Seed: 1}); err == nil {
		t.Fatal("New(oracle) made a bot")
	}
}

func TestRandomPlaysAWholeSoaGame(t *testing.T) {
	g, err := games.Get("soa")
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.New("basic", nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	bots := map[engine.Seat]Bot{"german": NewRandom(1), "british": NewRandom(2)}
	for n := 0; s.ToMove() != ""; n++ {
		if n > g.MaxChoices() {
			t.Fatalf("no result within %d choices", g.MaxChoices())
		}
		a, err := Move(context.Background(), bots[s.ToMove()], s)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if s.Result() == nil {
		t.Fatal("game over without a result")
	}
}
