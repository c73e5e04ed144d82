package enginetest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"sandtable/engine"
	"sandtable/engine/enginetest"
)

// secretPile is a toy game: seat a first picks a secret bonus, then the
// seats take 1-3 counters in turn (or both one, a macro); taking 3 rolls a die, and a 6 puts one
// back. It has hidden information, dice, a position and a slice, so each
// bug below breaks exactly one property the kit checks.
type secretPile struct{ bug string }

type pileState struct {
	bug    string
	N      int        `json:"n"`
	Turn   int        `json:"turn"`
	Secret int        `json:"secret"` // 0 until picked
	Taken  []int      `json:"taken"`  // per seat
	RNGs   engine.RNG `json:"rng"`
}

var seats = []engine.Seat{"a", "b"}

func (g secretPile) ID() string                   { return "secretpile" }
func (g secretPile) Name() string                 { return "Secret pile" }
func (g secretPile) Seats() []engine.Seat         { return seats }
func (g secretPile) Scenarios() []engine.Scenario { return []engine.Scenario{{ID: "basic"}} }
func (g secretPile) Options() []engine.Option     { return nil }
func (g secretPile) MaxChoices() int              { return 100 }
func (g secretPile) New(_ string, _ map[string]string, seed uint64) (engine.State, error) {
	return &pileState{bug: g.bug, N: 12, Taken: []int{0, 0}, RNGs: engine.NewRNG(seed)}, nil
}
func (g secretPile) LoadPosition(data []byte) (engine.State, error) {
	s := &pileState{bug: g.bug}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, err
	}
	if s.Taken == nil {
		s.Taken = []int{0, 0}
	}
	return s, nil
}

func (s *pileState) ToMove() engine.Seat {
	if s.N == 0 {
		return ""
	}
	return seats[s.Turn]
}
func (s *pileState) Result() *engine.Result {
	if s.N > 0 {
		return nil
	}
	return &engine.Result{Winner: seats[1-s.Turn], Level: "win", Score: s.Secret}
}
func (s *pileState) Legal(buf []engine.Action) []engine.Action {
	if s.Secret == 0 {
		return append(buf, 11, 12)
	}
	for k := 1; k <= 3 && k <= s.N; k++ {
		buf = append(buf, s.encode(engine.Action(k)))
	}
	if s.N >= 2 {
		buf = append(buf, s.encode(twoOnes))
	}
	return buf
}

// encode is a's number in Legal: with the bug "legal-numbers" it carries
// the secret in bits above those Describe and Apply read.
func (s *pileState) encode(a engine.Action) engine.Action {
	if s.bug == "legal-numbers" {
		return a | engine.Action(s.Secret)<<8
	}
	return a
}

// twoOnes is a macro: each seat takes one, this one first.
const twoOnes engine.Action = 20

// Expand implements engine.Expander.
func (s *pileState) Expand(a engine.Action) []string {
	if a == twoOnes {
		return []string{"take-1", "take-1"}
	}
	return nil
}
func (s *pileState) Apply(a engine.Action) error {
	a &= 0xff
	if s.Secret == 0 {
		s.Secret = int(a) - 10
		return nil
	}
	if a == twoOnes {
		s.N -= 2
		s.Taken[0]++
		if s.bug != "macro" {
			s.Taken[1]++
		}
		return nil
	}
	s.N -= int(a)
	s.Taken[s.Turn] += int(a)
	if a == 3 && s.N > 0 && s.RNGs.Die(6) == 6 {
		s.N++
	}
	s.Turn = 1 - s.Turn
	return nil
}
func (s *pileState) Describe(a engine.Action) engine.Choice {
	a &= 0xff
	if a == twoOnes {
		return engine.Choice{ID: "two-ones"}
	}
	if a > 10 {
		return engine.Choice{ID: fmt.Sprint("secret-", int(a)-10)}
	}
	return engine.Choice{ID: fmt.Sprint("take-", int(a))}
}
func (s *pileState) Clone() engine.State {
	c := *s
	c.RNGs = s.RNGs.Clone()
	if s.bug != "shared-clone" {
		c.Taken = append([]int(nil), s.Taken...)
	}
	return &c
}
func (s *pileState) SearchClone() engine.State {
	c := s.Clone().(*pileState)
	if s.bug == "search-clone" {
		c.N++
	}
	return c
}

// Determinize implements engine.Determinizer: the bonus is drawn anew for
// every seat but a, and the dice reseeded.
func (s *pileState) Determinize(seat engine.Seat, r *engine.RNG) engine.State {
	c := s.Clone().(*pileState)
	if (seat != "a" || s.bug == "determinize-view") && c.Secret != 0 && s.bug != "determinize-reads" {
		c.Secret = 1 + r.Intn(2)
		if s.bug == "determinize-choices" && seat == "b" {
			c.Secret = 0
		}
	}
	c.RNGs = engine.NewRNG(uint64(r.Intn(1 << 62)))
	if s.bug == "determinize-mutates" {
		s.RNGs.Rolls++
	}
	return c
}

// DeterminizeInto implements engine.DeterminizerInto.
func (s *pileState) DeterminizeInto(seat engine.Seat, r *engine.RNG, dst engine.State) engine.State {
	c := s.Determinize(seat, r).(*pileState)
	d, ok := dst.(*pileState)
	if !ok {
		return c
	}
	turn := d.Turn
	*d = *c
	if s.bug == "determinize-into-stale" {
		d.Turn = turn
	}
	return d
}
func (s *pileState) Hash() uint64 {
	h := fnv.New64a()
	p := *s
	if s.bug == "hash-no-rng" {
		p.RNGs = engine.RNG{}
	}
	h.Write(mustJSON(p))
	return h.Sum64()
}
func (s *pileState) View(seat engine.Seat) any {
	v := map[string]any{"n": s.N, "turn": s.Turn, "taken": s.Taken}
	if seat == "a" || s.bug == "secret-view" {
		v["secret"] = s.Secret
	}
	if s.bug == "rng-view" {
		v["rolls"] = s.RNGs.Rolls
	}
	return v
}
func (s *pileState) Position() any {
	p := *s
	if s.bug == "lossy-position" {
		p.Taken = nil
	}
	return p
}
func (s *pileState) Invariants() error { return nil }
func (s *pileState) RNG() *engine.RNG  { return &s.RNGs }
func mustJSON(v any) []byte            { b, _ := json.Marshal(v); return b }

// hidden: the bonus is seat a's secret from its pick to the end, when the score shows it.
func hidden(st engine.State, seat engine.Seat, _ *engine.RNG) (a, b engine.State, ok bool) {
	s := st.(*pileState)
	if seat == "a" || s.Secret == 0 || s.N == 0 {
		return nil, nil, false
	}
	flipped := s.Clone().(*pileState)
	flipped.Secret = 3 - s.Secret
	return s.Clone(), flipped, true
}

func TestSoundGamePasses(t *testing.T) {
	if err := enginetest.TestGame(secretPile{}, enginetest.Config{Hidden: hidden}); err != nil {
		t.Fatal(err)
	}
}

// Each bug is caught, and the report says which property broke.
func TestBugsAreCaught(t *testing.T) {
	for bug, want := range map[string]string{
		"rng-view":               "the view shows the RNG",
		"secret-view":            "hidden information reaches b",
		"shared-clone":           "changed the original",
		"lossy-position":         "position round trip",
		"hash-no-rng":            "does not change with the RNG state",
		"search-clone":           "a SearchClone hashes",
		"macro":                  "the macro two-ones reaches hash",
		"determinize-reads":      "Determinize reads what b may not know",
		"determinize-view":       "a determinization for a shows it another view",
		"determinize-choices":    "a determinization for b offers it other choices",
		"determinize-mutates":    "Determinize changed the state",
		"determinize-into-stale": "drawn into a used state (round 1) differs",
		"legal-numbers":          "hidden information reaches b: its legal actions",
	} {
		err := enginetest.TestGame(secretPile{bug: bug}, enginetest.Config{Games: 2, Hidden: hidden})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("bug %s: error %v, want one saying %q", bug, err, want)
		}
	}
}

// A Hidden that never returns a pair checked nothing, and the kit says so.
func TestHiddenThatNeverPairsIsReported(t *testing.T) {
	never := func(engine.State, engine.Seat, *engine.RNG) (a, b engine.State, ok bool) { return nil, nil, false }
	err := enginetest.TestGame(secretPile{}, enginetest.Config{Games: 2, Hidden: never})
	if err == nil || !strings.Contains(err.Error(), "never returned a pair") {
		t.Fatalf("error %v", err)
	}
}

// fair chooses by what a determinization shows: it takes 3 when a playout
// of its own draws leaves it winning, else 1.
type fair struct{ seed uint64 }

func (f fair) Choose(_ context.Context, t engine.Turn) (engine.Action, error) {
	r := engine.NewRNG(f.seed)
	d, err := t.Determinize(&r)
	if err != nil {
		return 0, err
	}
	legal := t.Legal(nil)
	if d.RNG().Die(6) > 3 {
		return legal[len(legal)-1], nil
	}
	return legal[0], nil
}

// peek reads the state inside t with reflection and unsafe memory.
func peek(t engine.Turn) *pileState {
	f := reflect.ValueOf(&t).Elem().FieldByName("held").Elem().FieldByName("state")
	return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Interface().(*pileState)
}

// peeker gets around engine.Turn, as package ai may not (its contract
// test), to read seat a's secret bonus and the next die.
type peeker struct{}

func (peeker) Choose(_ context.Context, t engine.Turn) (engine.Action, error) {
	s := peek(t)
	legal := t.Legal(nil)
	if s.Secret == 1 {
		return legal[0], nil
	}
	return legal[len(legal)-1], nil
}

// A fair bot passes; one that reads its seat's hidden information is caught.
func TestBotsThatPeekAreCaught(t *testing.T) {
	fairBot := func(seed uint64) enginetest.Chooser { return fair{seed} }
	if err := enginetest.TestGame(secretPile{}, enginetest.Config{Hidden: hidden, Bots: []func(uint64) enginetest.Chooser{fairBot}}); err != nil {
		t.Fatalf("a fair bot: %v", err)
	}
	peek := func(uint64) enginetest.Chooser { return peeker{} }
	err := enginetest.TestGame(secretPile{}, enginetest.Config{Hidden: hidden, Bots: []func(uint64) enginetest.Chooser{fairBot, peek}})
	if err == nil || !strings.Contains(err.Error(), "the bot reads what its seat may not know") {
		t.Fatalf("a bot that peeks: error %v, want one saying it reads what its seat may not know", err)
	}
}

// quietPeeker reads seat a's secret as peeker does but always takes the
// first choice: only its estimate of its chances shows what it read.
type quietPeeker struct{ p float64 }

func (q *quietPeeker) Choose(_ context.Context, t engine.Turn) (engine.Action, error) {
	s := peek(t)
	q.p = float64(s.Secret) / 4
	return t.Legal(nil)[0], nil
}
func (q *quietPeeker) Estimate() (float64, bool) { return q.p, true }

// A bot that estimates its chances (ai.Estimator) is caught by its estimate
// when its choice does not show what it read.
func TestBotsThatPeekAreCaughtByTheirEstimate(t *testing.T) {
	peek := func(uint64) enginetest.Chooser { return &quietPeeker{} }
	err := enginetest.TestGame(secretPile{}, enginetest.Config{Hidden: hidden, Bots: []func(uint64) enginetest.Chooser{peek}})
	if err == nil || !strings.Contains(err.Error(), "the bot reads what its seat may not know") {
		t.Fatalf("a bot whose estimate peeks: error %v, want one saying it reads what its seat may not know", err)
	}
}
