package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
	"time"
)

// Choices of several games committed together: a conflicting one (not the
// next choice of its game) is refused alone, the others in its batch are
// stored, and every game's choices read back in order.
func TestGroupCommitRefusesAConflictAlone(t *testing.T) {
	st, err := OpenSQLite(filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	for _, id := range []string{"a", "b"} {
		if err := st.CreateGame(ctx, Game{ID: id, Game: "soa", Seats: map[string]string{"german": "human"}, Created: time.Now()}, nil); err != nil {
			t.Fatal(err)
		}
	}
	// The writer is held inside a batch of its own, so that the next
	// operations queue up into one batch.
	started, release := make(chan struct{}), make(chan struct{})
	first := make(chan error, 1)
	go func() {
		first <- st.write(ctx, func(*sql.Tx) error { close(started); <-release; return nil })
	}()
	<-started
	appended := func(id string, n int, c string) <-chan error {
		errc := make(chan error, 1)
		go func() { errc <- st.AppendChoices(ctx, id, n, []string{c}, false) }()
		return errc
	}
	conflict := appended("b", 5, "late") // b has no choice 0 to 4
	for len(st.queue) < 1 {
		time.Sleep(time.Millisecond)
	}
	goodA := appended("a", 0, "x")
	for len(st.queue) < 2 {
		time.Sleep(time.Millisecond)
	}
	goodB := appended("b", 0, "y")
	for len(st.queue) < 3 {
		time.Sleep(time.Millisecond)
	}
	close(release)
	if err := <-first; err != nil {
		t.Fatalf("the first batch: %v", err)
	}
	if err := <-conflict; !errors.Is(err, ErrConflict) {
		t.Fatalf("choice 5 of a game without choices: %v, want ErrConflict", err)
	}
	for _, errc := range []<-chan error{goodA, goodB} {
		if err := <-errc; err != nil {
			t.Fatalf("a good choice committed with a conflicting one: %v", err)
		}
	}
	games, _, damaged, err := st.Load(ctx)
	if err != nil || len(damaged) > 0 {
		t.Fatal(err, damaged)
	}
	for _, g := range games {
		if want := map[string]string{"a": "x", "b": "y"}[g.ID]; len(g.Choices) != 1 || g.Choices[0] != want {
			t.Errorf("game %s stored %v, want [%s]", g.ID, g.Choices, want)
		}
	}
}
