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
