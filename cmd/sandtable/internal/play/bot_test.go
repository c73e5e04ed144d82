package play

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"sandtable/engine"
)

// thinker is a bot that thinks until its context ends, as a search bot
// with a long budget would; it tells when it starts and why it stopped.
type thinker struct {
	entered chan struct{}
	stopped chan error
}

func newThinker() *thinker {
	return &thinker{entered: make(chan struct{}, 4), stopped: make(chan error, 4)}
}

func (b *thinker) Name() string { return "thinker" }
func (b *thinker) Choose(ctx context.Context, t engine.Turn) (engine.Action, error) {
	b.entered <- struct{}{}
	<-ctx.Done()
	b.stopped <- ctx.Err()
	return t.Legal(nil)[0], nil // the best it has: it must not be played
}

// thinkerSession: the person plays the British, who set up first
// (soa:5.5); the thinker plays the Germans.
func thinkerSession(t *testing.T) (*Session, *thinker) {
	p := newSession(t, 3, nil, vsBot)
	b := newThinker()
	p.Bots["german"] = b
	return p, b
}

// historical is the British choice that takes the historical set-up (one
// choice, a macro of every placement), after which the Germans set up.
func historical(t *testing.T, p *Session) engine.Action {
	for i, c := range engine.Choices(p.State) {
		if c.ID == "setup-historical" {
			return p.State.Legal(nil)[i]
		}
	}
	t.Fatal("the British are not offered the historical set-up")
	return 0
}

const patience = 5 * time.Second

// thinking waits until the bot thinks.
func (b *thinker) thinking(t *testing.T) {
	t.Helper()
	select {
	case <-b.entered:
	case <-time.After(patience):
		t.Fatal("the bot did not start thinking")
	}
}

// mustStop checks that what happened (by) cancelled the bot's thinking.
func (b *thinker) mustStop(t *testing.T, by string) {
	t.Helper()
	select {
	case err := <-b.stopped:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("the bot stopped with %v, want context.Canceled", err)
		}
	case <-time.After(patience):
		t.Fatalf("%s did not stop the thinking bot", by)
	}
}

// setUp is how many choices the historical set-up records.
func setUp(t *testing.T, p *Session) int {
	made, err := engine.Apply(p.State.Clone(), historical(t, p))
	if err != nil {
		t.Fatal(err)
	}
	return len(made)
}

// Resigning while the bot thinks stops it (any change of the game does:
// an undo cannot come then, since the move has passed to the bot), and what
// it answers once stopped is not played.
func TestScreenResignStopsTheThinkingBot(t *testing.T) {
	p, b := thinkerSession(t)
	m := newModel(p)
	m.Init()
	think := m.choose(historical(t, p), "")
	if p.State.ToMove() != "german" || think == nil {
		t.Fatalf("after the British set-up %q is to move", p.State.ToMove())
	}
	answer := make(chan tea.Msg, 1)
	go func() { answer <- think() }()
	b.thinking(t)
	n := len(p.Rec.Choices)
	for _, k := range "Ry" {
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{k}})
	}
	b.mustStop(t, "the resignation")
	m.Update(<-answer)
	if len(p.Rec.Choices) != n+1 || p.Rec.Choices[n] != (engine.Ending{Kind: engine.EndResign, Seat: "british"}).ID() || p.State.ToMove() != "" {
		t.Fatalf("after the resignation and the stopped bot's answer: choices %v after the set-up, %q to move", p.Rec.Choices[n:], p.State.ToMove())
	}
}

// Quitting while the bot thinks stops it; the record is saved without its
// choice.
func TestScreenQuitStopsTheThinkingBot(t *testing.T) {
	p, b := thinkerSession(t)
	if engine.Choices(p.State)[12].ID != "setup-historical" {
		t.Fatal("the historical set-up is not choice 13")
	}
	n := setUp(t, p)
	r, w := io.Pipe()
	defer w.Close()
	done := make(chan error, 1)
	var out bytes.Buffer
	go func() { done <- Screen(context.Background(), p, r, &out) }()
	io.WriteString(w, "13\r")
	b.thinking(t)
	io.WriteString(w, "q")
	b.mustStop(t, "quitting")
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(patience):
		t.Fatal("the screen did not end on q while the bot thought")
	}
	if got := len(readRecord(t, p.Path).Choices); got != n || p.State.ToMove() != "german" {
		t.Fatalf("saved %d choices with %q to move, want the British set-up's %d and the Germans to move", got, p.State.ToMove(), n)
	}
}

// Line mode: an interrupt while the bot thinks stops it and saves the
// record without its choice.
func TestLinesInterruptStopsTheThinkingBot(t *testing.T) {
	p, b := thinkerSession(t)
	n := setUp(t, p)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r, w := io.Pipe()
	defer w.Close()
	done := make(chan error, 1)
	var out bytes.Buffer
	go func() { done <- Lines(ctx, p, r, &out, false) }()
	io.WriteString(w, "setup-historical\n")
	b.thinking(t)
	cancel()
	b.mustStop(t, "the interrupt")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	mustContain(t, out.String(), "\ninterrupted\nrecord saved to "+p.Path)
	if got := len(readRecord(t, p.Path).Choices); got != n || p.State.ToMove() != "german" {
		t.Fatalf("saved %d choices with %q to move, want the British set-up's %d and the Germans to move", got, p.State.ToMove(), n)
	}
}

// A hint asked for before an undo and another choice is stale though the
// record is as long again: the position is another.
func TestScreenHintStaleAfterUndo(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	p.Rec.Hints, p.HintBot = true, "random"
	m := start(t, p, britSize)
	press(m, "enter") // the British HQ in the first area (soa:5.4); the British set up on
	msg, ok := press(m, "h").(hintMsg)
	if !ok || msg.err != nil {
		t.Fatalf("h gave %#v, want the hint bot's answer", msg)
	}
	press(m, "u", "2", "enter") // the HQ in the second area instead
	if len(p.Rec.Choices) != 1 || p.State.ToMove() != "british" {
		t.Fatalf("after the undo and another choice: %v, %q to move", p.Rec.Choices, p.State.ToMove())
	}
	m.Update(msg)
	if strings.Contains(m.View(), "hint (random)") {
		t.Fatalf("a hint for the position before the undo is shown:\n%s", m.View())
	}
}
