package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"
)

// An archived game is read alone, whole; a missing one is ErrNotFound.
func TestLoadGame(t *testing.T) {
	st, err := OpenSQLite(filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	created := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	for _, id := range []string{"a", "b"} {
		g := Game{ID: id, Game: "soa", Seats: map[string]string{"german": "human"}, Created: created, Choices: []string{"x", "y"}}
		if err := st.CreateGame(ctx, g, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.AppendChoices(ctx, "b", 2, []string{"z"}, false); err != nil {
		t.Fatal(err)
	}
	if err := st.Archive(ctx, "b"); err != nil {
		t.Fatal(err)
	}
	g, err := st.LoadGame(ctx, "b")
	if err != nil || !g.Archived || len(g.Choices) != 3 || !g.Updated.After(created) {
		t.Errorf("game b: %+v %v; want archived with 3 choices, updated after its creation", g, err)
	}
	if _, err := st.LoadGame(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a missing game: %v", err)
	}
}
