package engine_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"sandtable/engine"
)

// pile is a toy state: the seat to move takes one of its stones; the other
// seat's stones are hidden from it, and Determinize redraws them.
type pile struct {
	turn   int
	stones [2]int
	rng    engine.RNG
}

var pileSeats = [2]engine.Seat{"a", "b"}

func (p *pile) ToMove() engine.Seat {
	if p.stones[p.turn] == 0 {
		return ""
	}
	return pileSeats[p.turn]
}
func (p *pile) Result() *engine.Result {
	if p.ToMove() != "" {
		return nil
	}
	return &engine.Result{Winner: pileSeats[1-p.turn]}
}
func (p *pile) Legal(buf []engine.Action) []engine.Action { return append(buf, 1) }
func (p *pile) Apply(engine.Action) error                 { p.stones[p.turn]--; p.turn = 1 - p.turn; return nil }
func (p *pile) Describe(engine.Action) engine.Choice      { return engine.Choice{ID: "take"} }
func (p *pile) Clone() engine.State                       { q := *p; return &q }
func (p *pile) Hash() uint64                              { return uint64(p.stones[0]<<8 | p.stones[1]<<1 | p.turn) }
func (p *pile) View(seat engine.Seat) any {
	if seat == pileSeats[0] {
		return p.stones[0]
	}
	return p.stones[1]
}
func (p *pile) Position() any     { return p.stones }
func (p *pile) Invariants() error { return nil }
func (p *pile) RNG() *engine.RNG  { return &p.rng }
func (p *pile) Determinize(seat engine.Seat, r *engine.RNG) engine.State {
	q := *p
	q.stones[1-p.turn] = 1 + r.Intn(9)
	q.rng = engine.NewRNG(uint64(r.Intn(1 << 30)))
	return &q
}

// plain hides pile's Determinize.
type plain struct{ engine.State }

func TestTurnAnswersForTheSeatToMove(t *testing.T) {
	p := &pile{turn: 1, stones: [2]int{4, 7}}
	tr := engine.NewTurn(p)
	if tr.Seat() != "b" || tr.View() != 7 {
		t.Fatalf("turn of seat %q with view %v, want b with its 7 stones", tr.Seat(), tr.View())
	}
	r := engine.NewRNG(1)
	for range 20 {
		d, err := tr.Determinize(&r)
		if err != nil {
			t.Fatal(err)
		}
		if d.View("b") != 7 || d.ToMove() != "b" {
			t.Fatalf("a determinization shows b %v with %q to move, want its own 7 stones and b to move", d.View("b"), d.ToMove())
		}
		d.Apply(1)
	}
	if p.stones != [2]int{4, 7} || p.turn != 1 {
		t.Fatalf("playing on determinizations changed the game: %+v", p)
	}
	if _, err := engine.NewTurn(plain{p}).Determinize(&r); !errors.Is(err, engine.ErrNoDeterminizer) {
		t.Fatalf("Determinize of a game without a Determinizer: %v, want ErrNoDeterminizer", err)
	}
}

// marked is a state held by value with a number of its own, as a game's
// state could be.
type marked struct {
	engine.State
	secret int
}

// Printing a Turn (fmt reads unexported fields, without package reflect
// in the bot's imports) shows nothing of the state it holds, even one held
// by value.
func TestPrintingATurnShowsNoState(t *testing.T) {
	tr := engine.NewTurn(marked{&pile{turn: 1, stones: [2]int{4, 7}}, 4242})
	for _, verb := range []string{"%v", "%+v", "%#v"} {
		for _, x := range []any{tr, &tr, []engine.Turn{tr}} {
			if s := fmt.Sprintf(verb, x); strings.Contains(s, "4242") {
				t.Fatalf("fmt.Sprintf(%q, %T) shows the state's secret: %s", verb, x, s)
			}
		}
	}
}
