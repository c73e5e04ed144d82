package server

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
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

	srv, logs := serveStored(t, db)
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

// serveStored starts a server on the games stored in db, its log kept to read.
func serveStored(t *testing.T, db string) (*Server, *bytes.Buffer) {
	t.Helper()
	logs := &bytes.Buffer{}
	srv, err := New(Config{DB: db, RatePerSecond: 100000, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv, logs
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

// Migration of stored games (docs/formats.md, "Versions"): a game stored
// under older soa rules whose choices are all still legal goes on under the
// server's, with a notice in its view and summary; one whose choices are no
// longer legal is not served, and its players are told why, naming both
// versions, while the operator's log names the first choice that fails.
func TestStoredGamesOfOlderRules(t *testing.T) {
	soa, err := games.Get("soa")
	if err != nil {
		t.Fatal(err)
	}
	cur := engine.RulesVersion(soa)
	data, err := os.ReadFile("../games/soa/testdata/rules-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	v1, err := engine.DecodeRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	// The whole game of rules 1 no longer replays (a choice the later rules
	// do not offer there); its bids and first placements do. The operator's
	// log names that choice.
	_, err = engine.Replay(soa, v1)
	if err == nil {
		t.Fatal("the game of rules 1 replays under the current rules; pick a game of older rules that does not")
	}
	firstBad := regexp.MustCompile(`choice \d+`).FindString(err.Error())
	if firstBad == "" {
		t.Fatalf("the replay's error names no choice: %v", err)
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "test.db")
	st, err := store.OpenSQLite(db)
	if err != nil {
		t.Fatal(err)
	}
	stored := func(id string, choices []string) store.Game {
		return store.Game{ID: id, Game: "soa", Rules: 1, Scenario: v1.Scenario, Options: v1.Options, Seed: v1.Seed, SeedChosen: true,
			Seats: map[string]string{"german": "human", "british": "human"}, Choices: choices, Created: time.Now()}
	}
	for _, g := range []store.Game{stored("g_legal", v1.Choices[:20]), stored("g_illegal", v1.Choices), stored("g_archived", v1.Choices)} {
		if err := st.CreateGame(context.Background(), g, []store.Token{{Hash: hashToken("t_" + g.ID), GameID: g.ID, Seat: "german"}}); err != nil {
			t.Fatal(err)
		}
	}
	// An archived game is replayed only when asked for.
	if err := st.Archive(context.Background(), "g_archived"); err != nil {
		t.Fatal(err)
	}
	st.Close()

	srv, logs := serveStored(t, db)
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)

	notice := fmt.Sprintf("played under soa rules 1, replayed under rules %d", cur)
	code, sum := call(t, hs, "GET", "/api/games/g_legal", "", nil)
	if code != 200 || !strings.Contains(fmt.Sprint(sum["notice"]), notice) || sum["version"] != 20.0 {
		t.Errorf("the summary of the game still legal: %d %v, want its 20 choices and a notice saying %q", code, sum, notice)
	}
	code, view := call(t, hs, "GET", "/api/games/g_legal/view", "t_g_legal", nil)
	if code != 200 || view["seat"] != "german" || !strings.Contains(fmt.Sprint(view["notice"]), notice) {
		t.Errorf("the german's view of the game still legal: %d, seat %v, notice %q; want one saying %q", code, view["seat"], view["notice"], notice)
	}

	for _, path := range []string{"/api/games/g_illegal", "/api/games/g_illegal/view", "/api/games/g_archived"} {
		code, out := call(t, hs, "GET", path, "t_g_illegal", nil)
		msg := fmt.Sprint(out["error"])
		if code != 503 || out["code"] != "rules_changed" || !strings.Contains(msg, "soa rules 1") || !strings.Contains(msg, fmt.Sprintf("rules %d", cur)) {
			t.Errorf("GET %s of the game no longer legal: %d %v, want 503 rules_changed naming rules 1 and %d", path, code, out, cur)
		}
	}
	log := logs.String()
	for _, want := range []string{"g_illegal", "g_archived", "soa rules 1", fmt.Sprintf("rules %d", cur), firstBad} {
		if !strings.Contains(log, want) {
			t.Errorf("the operator's log does not say %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, "damaged") {
		t.Errorf("the operator's log calls a game of older rules damaged:\n%s", log)
	}
}
