package ai

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"sandtable/engine"
)

// shellGame is a toy game with hidden information. Seat b hides a coin under
// one of three shells, unseen by a. Then a either guesses a shell (a wins if
// the coin is there, else b wins) or takes the pile: a countdown from pile,
// a to move, each taking 1-3 in turn, whoever takes the last wins. From a
// pile of 5 taking the pile wins for a whatever the coin (take 1, then
// answer b's k with 4-k); a guess wins a third of the time.
type shellGame struct {
	coin   int // 0 while b has not hidden it, else 1-3
	pile   int
	counts bool // a took the pile
	winner engine.Seat
	turn   int
	rng    engine.RNG
}

const (
	hide1    engine.Action = 10 // +k: b hides the coin under shell k
	guess1                 = 20 // +k: a guesses shell k
	takePile               = 30
)

func (g *shellGame) ToMove() engine.Seat {
	switch {
	case g.winner != "":
		return ""
	case g.coin == 0:
		return "b"
	case !g.counts:
		return "a"
	}
	return seats[g.turn]
}
func (g *shellGame) Result() *engine.Result {
	if g.winner == "" {
		return nil
	}
	return &engine.Result{Winner: g.winner, Level: "win"}
}
func (g *shellGame) Legal(buf []engine.Action) []engine.Action {
	switch {
	case g.winner != "":
	case g.coin == 0:
		buf = append(buf, hide1+1, hide1+2, hide1+3)
	case !g.counts:
		buf = append(buf, guess1+1, guess1+2, guess1+3, takePile)
	default:
		for k := 1; k <= 3 && k <= g.pile; k++ {
			buf = append(buf, engine.Action(k))
		}
	}
	return buf
}
func (g *shellGame) Apply(a engine.Action) error {
	if !slices.Contains(g.Legal(nil), a) {
		return engine.ErrIllegal
	}
	switch {
	case g.coin == 0:
		g.coin = int(a - hide1)
	case a == takePile:
		g.counts = true
	case !g.counts:
		g.winner = "b"
		if int(a-guess1) == g.coin {
			g.winner = "a"
		}
	default:
		g.pile -= int(a)
		if g.pile == 0 {
			g.winner = seats[g.turn]
		}
		g.turn = 1 - g.turn
	}
	return nil
}
func (g *shellGame) Describe(a engine.Action) engine.Choice {
	return engine.Choice{ID: fmt.Sprint("shell-", int(a)), Label: fmt.Sprint(int(a)), Rule: "toy:1"}
}
func (g *shellGame) Clone() engine.State { c := *g; return &c }
func (g *shellGame) Hash() uint64 {
	return uint64(g.coin | g.pile<<2 | g.turn<<10 | len(g.winner)<<11)
}
func (g *shellGame) View(seat engine.Seat) any {
	v := map[string]any{"pile": g.pile, "counts": g.counts, "turn": g.turn, "winner": g.winner, "hidden": g.coin > 0}
	if seat == "b" || g.winner != "" {
		v["coin"] = g.coin
	}
	return v
}
func (g *shellGame) Position() any     { return *g }
func (g *shellGame) Invariants() error { return nil }
func (g *shellGame) RNG() *engine.RNG  { return &g.rng }

// Determinize implements engine.Determinizer: a hidden coin is drawn anew
// for a, and the dice are reseeded.
func (g *shellGame) Determinize(seat engine.Seat, r *engine.RNG) engine.State {
	c := *g
	if seat != "b" && c.coin > 0 && c.winner == "" {
		c.coin = 1 + r.Intn(3)
	}
	c.rng = engine.NewRNG(uint64(r.Intn(1 << 62)))
	return &c
}

// newSearch is a repeatable search bot for the tests.
func newSearch(t *testing.T, level string, c Config) *Search {
	t.Helper()
	c.Repeatable = true
	b, err := New(levelName("search", level), c)
	if err != nil {
		t.Fatal(err)
	}
	return b.(*Search)
}

func TestSearchTakesThePileRatherThanGuessing(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		for coin := 1; coin <= 3; coin++ {
			b := newSearch(t, "", Config{Seed: seed, Iterations: 400})
			g := &shellGame{coin: coin, pile: 5}
			a, err := Move(context.Background(), b, g)
			if err != nil {
				t.Fatal(err)
			}
			if a != takePile {
				t.Fatalf("seed %d, coin under %d: chose %d; taking the pile (%d) wins whatever the coin, a guess a third of the time", seed, coin, a, takePile)
			}
			if err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
			// From 5, a wins only by taking 1, leaving 4 (a multiple of 4).
			if a, err := Move(context.Background(), b, g); err != nil || a != 1 {
				t.Fatalf("seed %d, pile 5: took %d (%v), want 1", seed, a, err)
			}
		}
	}
}

func TestSearchEstimatesAWonPositionHigh(t *testing.T) {
	b := newSearch(t, "", Config{Seed: 3, Iterations: 400})
	if _, ok := b.Estimate(); ok {
		t.Fatal("an estimate before the first choice")
	}
	g := &shellGame{coin: 2, pile: 5, counts: true} // a to move from 5: won by taking 1
	if _, err := Move(context.Background(), b, g); err != nil {
		t.Fatal(err)
	}
	p, ok := b.Estimate()
	if !ok || p < 0.8 || p > 1 {
		t.Fatalf("Estimate in a won position = %v, %v; want in [0.8, 1]", p, ok)
	}
	b = newSearch(t, "", Config{Seed: 3, Iterations: 400})
	g = &shellGame{coin: 2, pile: 4, counts: true} // a to move from 4: lost against b's best
	if _, err := Move(context.Background(), b, g); err != nil {
		t.Fatal(err)
	}
	if q, ok := b.Estimate(); !ok || q < 0 || q >= p {
		t.Fatalf("Estimate in a lost position = %v, %v; want in [0, %v)", q, ok, p)
	}
}

// playShell plays a shell game of pile 21, the search bot at both seats.
func playShell(t *testing.T, c Config) []engine.Action {
	t.Helper()
	bots := map[engine.Seat]Bot{"a": newSearch(t, "fast", c), "b": newSearch(t, "fast", Config{Seed: c.Seed + 1, Iterations: c.Iterations, Workers: c.Workers})}
	g := &shellGame{pile: 21}
	var got []engine.Action
	for g.ToMove() != "" {
		a, err := Move(context.Background(), bots[g.ToMove()], g)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, a)
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return got
}

func TestSearchRepeatsItsChoicesForTheSameSeed(t *testing.T) {
	for _, workers := range []int{1, 2} {
		c := Config{Seed: 11, Iterations: 40, Workers: workers}
		first, second := playShell(t, c), playShell(t, c)
		if !slices.Equal(first, second) {
			t.Fatalf("workers %d, same seed, different games:\n%v\n%v", workers, first, second)
		}
	}
}

func TestSearchReturnsPromptlyWhenCancelled(t *testing.T) {
	g := &shellGame{coin: 1, pile: 21, counts: true}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []Config{{Seed: 1}, {Seed: 1, Repeatable: true, Iterations: 1 << 30, Workers: 2}} {
		b, err := New("search:strong", c)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		if _, err := Move(cancelled, b, g); err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d > 100*time.Millisecond {
			t.Fatalf("%+v: a cancelled search took %v", c, d)
		}
	}

	// A deadline shorter than the level's think time ends a search by the
	// clock; a repeatable search is cut short only by a cancellation.
	b, _ := New("search:strong", Config{Seed: 1})
	ctx, stop := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer stop()
	start := time.Now()
	if _, err := Move(ctx, b, g); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 300*time.Millisecond {
		t.Fatalf("a search under a 20 ms deadline took %v (the level thinks 400 ms)", d)
	}
	b, _ = New("search:strong", Config{Seed: 1, Repeatable: true, Iterations: 1 << 30})
	ctx, stop = context.WithCancel(context.Background())
	time.AfterFunc(30*time.Millisecond, stop)
	start = time.Now()
	if _, err := Move(ctx, b, g); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 30*time.Millisecond || d > 350*time.Millisecond {
		t.Fatalf("a repeatable search cancelled after 30 ms took %v", d)
	}
}

func TestSearchKeepsItsTreeOnlyAfterItsOwnPureChoice(t *testing.T) {
	b := newSearch(t, "", Config{Seed: 5, Iterations: 300})
	g := &shellGame{coin: 3, pile: 5}
	a, err := Move(context.Background(), b, g)
	if err != nil || a != takePile {
		t.Fatalf("chose %d (%v), want %d", a, err, takePile)
	}
	kept := b.kept[0]
	if kept == nil || kept.visits == 0 || !kept.pure {
		t.Fatalf("after taking the pile the subtree kept is %+v, want the visited, pure child", kept)
	}
	if err := g.Apply(a); err != nil {
		t.Fatal(err)
	}
	if r := b.reuse(0, "a", g.Legal(nil)); r != kept {
		t.Fatal("a's next choice, right after its own, starts a new tree")
	}
	if r := b.reuse(0, "a", []engine.Action{1, 2}); r == kept {
		t.Fatal("the kept tree is reused for a different list of choices")
	}
	if _, err := Move(context.Background(), b, g); err != nil {
		t.Fatal(err)
	}
	if k := b.kept[0]; k == nil || k.pure {
		t.Fatalf("after taking from the pile (b moves next) the kept subtree is %+v, want an impure one", k)
	}
}

// brokenShells panics on every choice made in it, as a game with a bug would.
type brokenShells struct{ shellGame }

func (g *brokenShells) Apply(engine.Action) error { panic("broken rule") }
func (g *brokenShells) Determinize(seat engine.Seat, r *engine.RNG) engine.State {
	return &brokenShells{*g.shellGame.Determinize(seat, r).(*shellGame)}
}

func TestSearchReportsAGamesPanicAsAnError(t *testing.T) {
	for _, workers := range []int{1, 2} {
		b := newSearch(t, "fast", Config{Seed: 1, Workers: workers})
		_, err := Move(context.Background(), b, &brokenShells{shellGame{coin: 1, pile: 5}})
		if err == nil || !strings.Contains(err.Error(), "broken rule") {
			t.Fatalf("workers %d: a search in a game that panics returned %v, want an error naming the panic", workers, err)
		}
	}
}

func TestSearchByTheClockOnTwoWorkers(t *testing.T) {
	b, err := New("search:fast", Config{Seed: 2, Workers: 2}) // 25 ms a choice
	if err != nil {
		t.Fatal(err)
	}
	g := &shellGame{coin: 2, pile: 5}
	start := time.Now()
	a, err := Move(context.Background(), b, g)
	if d := time.Since(start); err != nil || d < 25*time.Millisecond || d > 300*time.Millisecond {
		t.Fatalf("chose %d (%v) in %v, want about the level's 25 ms", a, err, d)
	}
	if a != takePile {
		t.Fatalf("chose %d, want %d: 25 ms on two workers is thousands of iterations of this toy", a, takePile)
	}
	if p, ok := b.(Estimator).Estimate(); !ok || p < 0.8 {
		t.Fatalf("Estimate after taking the pile = %v, %v; want at least 0.8", p, ok)
	}
}

// TestSearchSeesNothingOfTheHiddenCoin: where b hid the coin, a's search
// thinks alike to the last bit, since it reads only determinizations, and
// they draw the coin anew.
func TestSearchSeesNothingOfTheHiddenCoin(t *testing.T) {
	var want string
	for coin := 1; coin <= 3; coin++ {
		b := newSearch(t, "fast", Config{Seed: 9, Iterations: 60})
		a, err := Move(context.Background(), b, &shellGame{coin: coin, pile: 21})
		if err != nil {
			t.Fatal(err)
		}
		p, _ := b.Estimate()
		got := fmt.Sprintf("chose %d, estimate %v", a, p)
		if coin == 1 {
			want = got
		} else if got != want {
			t.Fatalf("coin under %d: %s; coin under 1: %s", coin, got, want)
		}
	}
}
