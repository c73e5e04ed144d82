package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"
)

// openOld opens, with this store, a database made by schema as an older
// sandtable left it: the store migrates it.
func openOld(t *testing.T, schema string) *SQLite {
	t.Helper()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(schema); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// A database from before rules versions gains the column; its games are
// version 1. A game's version is stored and loaded. The columns added since
// (updated, archived) come too: an old game is idle since its creation.
func TestRulesVersionColumn(t *testing.T) {
	s := openOld(t, `CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, scenario TEXT NOT NULL, options TEXT NOT NULL,
		seed TEXT NOT NULL, seed_chosen INTEGER NOT NULL DEFAULT 0, position TEXT, seats TEXT NOT NULL, created TEXT NOT NULL,
		over INTEGER NOT NULL DEFAULT 0);
		INSERT INTO games VALUES ('g_old', 'soa', 'basic', '{}', '7', 0, NULL, '{"german":"human"}', '2026-11-01T00:00:00Z', 0);`)
	if err := s.CreateGame(context.Background(), Game{ID: "g_new", Game: "soa", Scenario: "basic", Rules: 3, Seats: map[string]string{"german": "human"}, Created: time.Now()}, nil); err != nil {
		t.Fatal(err)
	}
	games, _, damaged, err := s.Load(context.Background())
	if err != nil || len(damaged) > 0 {
		t.Fatal(err, damaged)
	}
	got := map[string]int{}
	for _, g := range games {
		got[g.ID] = g.Rules
		if want := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC); g.ID == "g_old" && (g.Archived || !g.Updated.Equal(want)) {
			t.Errorf("the old game: archived %v, updated %v (want idle since %v)", g.Archived, g.Updated, want)
		}
	}
	if got["g_old"] != 1 || got["g_new"] != 3 {
		t.Fatalf("rules versions loaded: %v, want g_old 1 and g_new 3", got)
	}
}
