package server

import (
	"bytes"
	"database/sql"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tamper changes the database file behind the server's back.
func tamper(t *testing.T, db string, stmts ...string) {
	t.Helper()
	d, err := sql.Open("sqlite", "file:"+db)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, q := range stmts {
		if _, err := d.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// Silent loss: a damaged row used to load as something else (a broken
// options field as the default options, a broken seed as seed 0, a missing
// choice as a shorter game). Each damaged game is now quarantined with a
// log line, and the others are served.
func TestDamagedGamesAreQuarantined(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "test.db")
	srv, hs := testServer(t, dir)
	ids := map[string]string{}
	for _, name := range []string{"options", "seed", "gap", "token", "orphan", "draw", "healthy"} {
		g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
		for i := 0; i < 3; i++ {
			_, choices, _ := viewOf(t, hs, g.ID, g.Tokens["british"])
			call(t, hs, "POST", "/api/games/"+g.ID+"/choices", g.Tokens["british"], map[string]any{"version": i, "choice": choices[0]})
		}
		ids[name] = g.ID
	}
	hs.Close()
	srv.Close()
	tamper(t, db,
		`UPDATE games SET options = '{"combat":' WHERE id = '`+ids["options"]+`'`,
		`UPDATE games SET seed = 'forty-two' WHERE id = '`+ids["seed"]+`'`,
		`DELETE FROM choices WHERE game_id = '`+ids["gap"]+`' AND n = 1`,
		`UPDATE tokens SET seat = 'umpire' WHERE game_id = '`+ids["token"]+`' AND seat = 'german'`,
		`UPDATE games SET draw_by = 'umpire' WHERE id = '`+ids["draw"]+`'`,
		`PRAGMA foreign_keys = OFF`,
		`DELETE FROM tokens WHERE game_id = '`+ids["orphan"]+`'`,
		`DELETE FROM games WHERE id = '`+ids["orphan"]+`'`,
	)
	var logs bytes.Buffer
	srv2, err := New(Config{DB: db, RatePerSecond: 100000, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer srv2.Close()
	for name, id := range ids {
		_, err := srv2.lookup(id)
		if name == "healthy" {
			if err != nil {
				t.Errorf("the healthy game is not served: %v", err)
			}
			continue
		}
		if ae, ok := err.(*apiError); !ok || ae.code != "game_damaged" {
			t.Errorf("game with damaged %s: %v, want game_damaged", name, err)
		}
		if !strings.Contains(logs.String(), "quarantined") || !strings.Contains(logs.String(), "game="+id) {
			t.Errorf("no log line quarantines the game with damaged %s:\n%s", name, logs.String())
		}
	}
}

// A database file damaged below the rows (a page overwritten) is refused
// at start-up with a clear error rather than loaded in part.
func TestDamagedDatabaseIsRefused(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "test.db")
	srv, hs := testServer(t, dir)
	for i := 0; i < 40; i++ {
		newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	}
	hs.Close()
	srv.Close()
	tamper(t, db, `PRAGMA wal_checkpoint(TRUNCATE)`)
	data, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) < 4*4096 {
		t.Fatalf("the database has only %d bytes", len(data))
	}
	for i := 2 * 4096; i < 3*4096; i++ { // a page in the middle: not the header
		data[i] = 0x5a
	}
	os.WriteFile(db, data, 0o600)
	if _, err := New(Config{DB: db, Logger: quiet}); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("a database with a page overwritten: %v, want a refusal naming the damage", err)
	}
}

// /healthz used to ping the database, which answers even when it cannot
// write: a server that refuses every choice looked healthy.
func TestHealthzReportsAStoreThatCannotWrite(t *testing.T) {
	dir := t.TempDir()
	srv, hs := testServer(t, dir)
	if code, out := raw(t, hs, "GET", "/healthz", "", nil); code != 200 || out["status"] != "ok" {
		t.Fatalf("a healthy server: %d %v", code, out)
	}
	tamper(t, filepath.Join(dir, "test.db"),
		`CREATE TRIGGER full_disk BEFORE UPDATE ON health BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END`)
	srv.health.Lock()
	srv.health.at = time.Time{} // the next call checks again
	srv.health.Unlock()
	if code, out := raw(t, hs, "GET", "/healthz", "", nil); code != 503 || out["code"] != "store_unwritable" {
		t.Errorf("a store that cannot write: %d %v, want 503 store_unwritable", code, out)
	}
}
