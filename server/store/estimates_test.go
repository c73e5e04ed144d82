package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// A database from before hints gains the hints column (its games have none)
// and the estimates table; estimates are stored, replaced per version and
// seat, loaded in version order, and an undo drops those of the positions
// it took back.
func TestEstimatesMigration(t *testing.T) {
	s := openOld(t, `CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, scenario TEXT NOT NULL, options TEXT NOT NULL,
		seed TEXT NOT NULL, seed_chosen INTEGER NOT NULL DEFAULT 0, position TEXT, seats TEXT NOT NULL, created TEXT NOT NULL,
		over INTEGER NOT NULL DEFAULT 0);
		CREATE TABLE choices (game_id TEXT NOT NULL REFERENCES games(id), n INTEGER NOT NULL, choice TEXT NOT NULL, PRIMARY KEY (game_id, n));
		INSERT INTO games VALUES ('g_old', 'soa', 'basic', '{}', '7', 0, NULL, '{"german":"human","british":"bot:random"}', '2026-11-01T00:00:00Z', 0);
		INSERT INTO choices VALUES ('g_old', 0, 'a'), ('g_old', 1, 'b'), ('g_old', 2, 'c');`)
	ctx := context.Background()
	if err := s.CreateGame(ctx, Game{ID: "g_new", Game: "soa", Scenario: "basic", Hints: true, Seats: map[string]string{"german": "human"}, Created: time.Now()}, nil); err != nil {
		t.Fatal(err)
	}
	for _, e := range []Estimate{{2, "british", 0.25}, {0, "british", 0.5}, {1, "german", 0.6}, {2, "british", 0.3}, {3, "german", 0.9}} {
		if err := s.AddEstimate(ctx, "g_old", e); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Truncate(ctx, "g_old", 2); err != nil { // back to version 2: the estimate at 3 is of a position gone
		t.Fatal(err)
	}
	games, _, damaged, err := s.Load(ctx)
	if err != nil || len(damaged) > 0 {
		t.Fatal(err, damaged)
	}
	for _, g := range games {
		switch g.ID {
		case "g_old":
			want := []Estimate{{0, "british", 0.5}, {1, "german", 0.6}, {2, "british", 0.3}}
			if g.Hints || len(g.Estimates) != len(want) {
				t.Fatalf("the old game: hints %v, estimates %v; want no hints and %v", g.Hints, g.Estimates, want)
			}
			for i := range want {
				if g.Estimates[i] != want[i] {
					t.Fatalf("the old game's estimates %v, want %v", g.Estimates, want)
				}
			}
		case "g_new":
			if !g.Hints || len(g.Estimates) != 0 {
				t.Fatalf("the new game: hints %v, estimates %v; want hints and none", g.Hints, g.Estimates)
			}
		}
	}
}

// An estimate that is no chance, or of a seat the game does not have,
// quarantines its game rather than being served.
func TestEstimateDamaged(t *testing.T) {
	s, err := OpenSQLite(filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	for _, id := range []string{"a", "b"} {
		if err := s.CreateGame(ctx, Game{ID: id, Game: "soa", Seats: map[string]string{"german": "human"}, Created: time.Now()}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AddEstimate(ctx, "a", Estimate{0, "british", 0.5}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddEstimate(ctx, "b", Estimate{0, "german", 1.5}); err != nil {
		t.Fatal(err)
	}
	games, _, damaged, err := s.Load(ctx)
	if err != nil || len(games) != 0 || len(damaged) != 2 {
		t.Fatalf("games %v, damaged %v, err %v; want both damaged", games, damaged, err)
	}
}
