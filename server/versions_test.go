package server

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sandtable/engine"
	"sandtable/games"
	"sandtable/server/store"
)

// Versions (docs/formats.md): a game records the rules it was started
// under; the server plays games of its own rules and older ones, and leaves
// a game of newer rules in the store unserved, saying why, naming both.
func TestGamesCarryTheirRulesVersion(t *testing.T) {
	soa, err := games.Get("soa")
	if err != nil {
		t.Fatal(err)
	}
	cur := engine.RulesVersion(soa)
	dir := t.TempDir()
	db := filepath.Join(dir, "test.db")
	st, err := store.OpenSQLite(db)
	if err != nil {
		t.Fatal(err)
	}
	newer := store.Game{ID: "g_newer", Game: "soa", Scenario: "basic", Seed: 1, Rules: cur + 1, Seats: map[string]string{"german": "human", "british": "human"}, Created: time.Now()}
	if err := st.CreateGame(context.Background(), newer, nil); err != nil {
		t.Fatal(err)
	}
	st.Close()

	var logs bytes.Buffer
	srv, err := New(Config{DB: db, RatePerSecond: 100000, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if _, err := srv.lookup("g_newer"); err == nil {
		t.Error("a game of newer rules is served")
	}
	if want := fmt.Sprintf("soa rules %d, newer than the rules %d", cur+1, cur); !strings.Contains(logs.String(), want) {
		t.Errorf("the log does not say %q:\n%s", want, logs.String())
	}

	l, _, err := srv.create(context.Background(), store.Game{Game: "soa", Scenario: "basic", Seed: 2, Seats: map[string]string{}})
	if err != nil {
		t.Fatal(err)
	}
	if l.meta.Rules != cur || l.record().Rules != cur || l.notice != "" {
		t.Errorf("a new game: rules %d, record rules %d, notice %q; want rules %d and no notice", l.meta.Rules, l.record().Rules, l.notice, cur)
	}
	_, _, err = srv.create(context.Background(), store.Game{Game: "soa", Scenario: "basic", Seed: 2, Rules: cur + 1, Seats: map[string]string{}})
	if err == nil || !strings.Contains(err.Error(), "newer than the rules") {
		t.Errorf("importing a record of newer rules: %v", err)
	}
}

// Imports verify as `sandtable replay` does (engine.Verify, by way of
// engine.Migrate): a record of the rules played here must reach its hash;
// one of older rules cannot be held to its hash (docs/formats.md,
// "Versions"), so its choices are replayed and it gets a notice.
func TestImportChecksTheRecordsHash(t *testing.T) {
	_, hs := testServer(t, "")
	soa, err := games.Get("soa")
	if err != nil {
		t.Fatal(err)
	}
	cur := engine.RulesVersion(soa)
	rec := engine.Record{Format: engine.RecordFormat, Game: "soa", Rules: cur, Scenario: "basic", Seed: 7, Choices: []string{"setup-historical"}}
	s, err := engine.Replay(soa, &rec)
	if err != nil {
		t.Fatal(err)
	}
	good := engine.FormatHash(s.Hash())
	rec.Hash = "0000000000000000"
	code, out := call(t, hs, "POST", "/api/import", "", string(rec.Encode()))
	if code != 400 || out["code"] != "bad_record" || !strings.Contains(fmt.Sprint(out["error"]), "0000000000000000") || !strings.Contains(fmt.Sprint(out["error"]), good) {
		t.Errorf("a record of rules %d with a wrong hash: %d %v, want 400 bad_record naming both hashes", cur, code, out)
	}
	rec.Hash = good
	if code, out := call(t, hs, "POST", "/api/import", "", string(rec.Encode())); code != 201 {
		t.Errorf("the same record with its hash: %d %v", code, out)
	}
	rec.Rules, rec.Hash = 1, "0000000000000000"
	code, out = call(t, hs, "POST", "/api/import", "", string(rec.Encode()))
	if code != 201 {
		t.Fatalf("a record of rules 1 (its hash one of rules 1, not checked): %d %v", code, out)
	}
	code, sum := call(t, hs, "GET", "/api/games/"+fmt.Sprint(out["id"]), "", nil)
	if want := fmt.Sprintf("played under soa rules 1, replayed under rules %d", cur); code != 200 || !strings.Contains(fmt.Sprint(sum["notice"]), want) {
		t.Errorf("the imported game of rules 1: %d, notice %q, want one saying %q", code, sum["notice"], want)
	}
}
