package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
	"time"
)

// A database written before games had updated and archived columns opens
// with them added: its games load, idle since they were created.
func TestOlderDatabaseGainsColumns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, scenario TEXT NOT NULL, options TEXT NOT NULL, seed TEXT NOT NULL,
			seed_chosen INTEGER NOT NULL DEFAULT 0, position TEXT, seats TEXT NOT NULL, created TEXT NOT NULL, over INTEGER NOT NULL DEFAULT 0)`,
		`INSERT INTO games VALUES ('g_old', 'soa', 'basic', '{}', '42', 0, NULL, '{"german":"human","british":"human"}', '2026-01-02T03:04:05Z', 0)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	st, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	games, _, damaged, err := st.Load(context.Background())
	if err != nil || len(damaged) > 0 || len(games) != 1 {
		t.Fatalf("loading the old database: %v, damaged %v, %d games", err, damaged, len(games))
	}
	want := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	if g := games[0]; g.Seed != 42 || g.Archived || !g.Updated.Equal(want) {
		t.Errorf("the old game: seed %d, archived %v, updated %v (want idle since %v)", g.Seed, g.Archived, g.Updated, want)
	}
}

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
	if err := st.AppendChoice(ctx, "b", 2, "z", false); err != nil {
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
