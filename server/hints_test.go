package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"sandtable/ai"
	"sandtable/engine"
)

// spy is a bot that keeps what its turns showed it, chooses the first legal
// choice and estimates its seat's chance at p; with hold set it waits for
// the test before answering, or for its context to end (why).
type spy struct {
	p     float64
	hold  chan struct{}
	asked chan struct{}
	mu    sync.Mutex
	turns []spyTurn
	chose bool
	why   error
}

type spyTurn struct {
	seat engine.Seat
	view any
}

func (b *spy) Name() string { return "spy" }
func (b *spy) Choose(ctx context.Context, t engine.Turn) (engine.Action, error) {
	b.mu.Lock()
	b.turns = append(b.turns, spyTurn{t.Seat(), t.View()})
	b.chose = true
	b.mu.Unlock()
	if b.hold != nil {
		b.asked <- struct{}{}
		select {
		case <-b.hold:
		case <-ctx.Done():
			b.mu.Lock()
			b.why = ctx.Err()
			b.mu.Unlock()
		}
	}
	return t.Legal(nil)[0], nil
}
func (b *spy) Estimate() (float64, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.p, b.chose
}

// spyServer is a server whose hint bot and "bot:spy" seats are b, on the
// database in dir.
func spyServer(t *testing.T, dir string, b *spy) (*Server, *httptest.Server) {
	t.Helper()
	srv, err := New(Config{DB: filepath.Join(dir, "test.db"), BotDelay: time.Millisecond, RatePerSecond: 100000, GamesPerHour: 100000, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	srv.newBot = func(name string, c ai.Config) (ai.Bot, error) {
		if name == "spy" {
			return b, nil
		}
		return ai.New(name, c)
	}
	srv.hintBot = "spy"
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return srv, hs
}

func newHintsGame(t *testing.T, hs *httptest.Server, seats map[string]string) created {
	t.Helper()
	return createWith(t, hs, map[string]any{"game": "soa", "scenario": "basic", "seats": seats, "hints": true})
}

var hotseat = map[string]string{"german": "human", "british": "human"}

// A game has hints only when created with them; every seat and spectators
// see that it has, and that it is a study.
func TestHintsOnlyInHintsGames(t *testing.T) {
	_, hs := spyServer(t, t.TempDir(), &spy{p: 0.7})
	plain := newGame(t, hs, hotseat)
	if code, out := call(t, hs, "POST", "/api/games/"+plain.ID+"/hint", plain.Tokens["british"], map[string]any{"version": 0}); code != 403 || out["code"] != "no_hints" {
		t.Fatalf("a hint in a game without hints: %d %v, want 403 no_hints", code, out)
	}
	if _, out := call(t, hs, "GET", "/api/games/"+plain.ID, "", nil); out["hints"] != false || out["study"] != true { // newGame chooses the seed
		t.Fatalf("summary of a game with a chosen seed and no hints: %v", out)
	}
	g := newHintsGame(t, hs, hotseat)
	if _, out := call(t, hs, "GET", "/api/games/"+g.ID, "", nil); out["hints"] != true || out["study"] != true || out["seed_chosen"] != false {
		t.Fatalf("summary of a game with hints: %v", out)
	}
	for _, tok := range []string{g.Tokens["german"], g.Tokens["british"], ""} {
		if _, out := call(t, hs, "GET", "/api/games/"+g.ID+"/view", tok, nil); out["hints"] != true {
			t.Fatalf("a view of a game with hints does not say so: %v", out)
		}
	}
	if code, out := call(t, hs, "POST", "/api/games/"+g.ID+"/hint", "", map[string]any{"version": 0}); code != 401 {
		t.Fatalf("a spectator's hint: %d %v, want 401", code, out)
	}
}

// A hint is for the seat to move at the current version; the bot gets that
// seat's turn only, and its suggestion is one of the seat's choices. Its
// estimate is kept and shown to that seat alone while the game runs, to
// everybody once it has ended, also after a restart.
func TestHintIsTheSeatsOwn(t *testing.T) {
	b := &spy{p: 0.7}
	dir := t.TempDir()
	srv, hs := spyServer(t, dir, b)
	g := newHintsGame(t, hs, hotseat) // the British set up first (soa:5.5)
	path := "/api/games/" + g.ID + "/hint"
	if code, out := call(t, hs, "POST", path, g.Tokens["german"], map[string]any{"version": 0}); code != 403 || out["code"] != "not_your_turn" {
		t.Fatalf("a hint for the seat not to move: %d %v, want 403 not_your_turn", code, out)
	}
	if code, out := call(t, hs, "POST", path, g.Tokens["british"], map[string]any{"version": 3}); code != 409 || out["code"] != "stale_version" || out["version"] != 0.0 {
		t.Fatalf("a hint at another version: %d %v, want 409 stale_version at version 0", code, out)
	}
	code, out := call(t, hs, "POST", path, g.Tokens["british"], map[string]any{"version": 0})
	if code != 200 {
		t.Fatalf("hint: %d %v", code, out)
	}
	_, ids, british := viewOf(t, hs, g.ID, g.Tokens["british"])
	_, _, german := viewOf(t, hs, g.ID, g.Tokens["german"])
	choice := out["choice"].(map[string]any)
	if !slices.Contains(ids, choice["id"].(string)) || choice["label"] == "" || out["version"] != 0.0 || out["estimate"] != 0.7 || out["bot"] != "spy" {
		t.Fatalf("hint %v: want one of the British choices %v at version 0 with the bot's estimate 0.7", out, ids)
	}
	if len(b.turns) != 1 || b.turns[0].seat != "british" {
		t.Fatalf("the hint bot was asked %d times, first for %v; want once, for british", len(b.turns), b.turns)
	}
	got := roundTrip(t, b.turns[0].view)
	if !reflect.DeepEqual(got, british["state"]) || reflect.DeepEqual(got, german["state"]) {
		t.Fatalf("the hint bot saw %v\nwant the British view %v", got, british["state"])
	}
	want := []any{map[string]any{"version": 0.0, "seat": "british", "p": 0.7}}
	for tok, list := range map[string][]any{g.Tokens["british"]: want, g.Tokens["german"]: {}, "": {}} {
		code, out := call(t, hs, "GET", "/api/games/"+g.ID+"/estimates", tok, nil)
		if code != 200 || !reflect.DeepEqual(out["estimates"], list) {
			t.Fatalf("estimates while the game runs: %d %v, want %v", code, out, list)
		}
	}
	call(t, hs, "POST", "/api/games/"+g.ID+"/resign", g.Tokens["british"], map[string]any{"version": 0})
	hs.Close()
	srv.Close()
	_, hs = spyServer(t, dir, b)
	if code, out := call(t, hs, "GET", "/api/games/"+g.ID+"/estimates", "", nil); code != 200 || !reflect.DeepEqual(out["estimates"], want) {
		t.Fatalf("estimates once the game has ended: %d %v, want %v for anyone", code, out, want)
	}
	// The record notes the hints, and imported it makes a game with hints.
	resp, err := http.Get(hs.URL + "/api/games/" + g.ID + "/record")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if rec, err := engine.DecodeRecord(data); err != nil || !rec.Hints || !rec.Study() {
		t.Fatalf("the record of a game with hints: %s %v", data, err)
	}
	code, out = call(t, hs, "POST", "/api/import", "", string(data)) // as sent: a seed is more than a float holds
	if code != 201 {
		t.Fatalf("import: %d %v", code, out)
	}
	if _, sum := call(t, hs, "GET", "/api/games/"+out["id"].(string), "", nil); sum["hints"] != true || sum["study"] != true {
		t.Fatalf("the summary of an imported record with hints: %v", sum)
	}
}

func roundTrip(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	json.Unmarshal(data, &out)
	return out
}

// A seat has one hint worked out at a time, and a change to the game stops
// the hint being worked out, which is refused as stale.
func TestHintOneAtATimeAndStale(t *testing.T) {
	b := &spy{p: 0.4, hold: make(chan struct{}), asked: make(chan struct{}, 1)}
	_, hs := spyServer(t, t.TempDir(), b)
	g := newHintsGame(t, hs, hotseat)
	path := "/api/games/" + g.ID + "/hint"
	type answer struct {
		code int
		out  map[string]any
	}
	first := make(chan answer, 1)
	go func() {
		code, out := call(t, hs, "POST", path, g.Tokens["british"], map[string]any{"version": 0})
		first <- answer{code, out}
	}()
	waitFor(t, b.asked, "the hint bot's thinking")
	if code, out := call(t, hs, "POST", path, g.Tokens["british"], map[string]any{"version": 0}); code != 429 || out["code"] != "hint_running" {
		t.Fatalf("a second hint while one is worked out: %d %v, want 429 hint_running", code, out)
	}
	_, ids, _ := viewOf(t, hs, g.ID, g.Tokens["british"])
	if code, out := call(t, hs, "POST", "/api/games/"+g.ID+"/choices", g.Tokens["british"], map[string]any{"version": 0, "choice": ids[0]}); code != 200 {
		t.Fatalf("choosing while the hint is worked out: %d %v", code, out)
	}
	var a answer
	select {
	case a = <-first:
	case <-time.After(patience):
		t.Fatal("the choice did not stop the hint being worked out")
	}
	close(b.hold)
	b.mu.Lock()
	why := b.why
	b.mu.Unlock()
	if why != context.Canceled {
		t.Fatalf("the hint bot stopped with %v, want context.Canceled by the choice", why)
	}
	if a.code != 409 || a.out["code"] != "stale_version" || a.out["version"] == 0.0 {
		t.Fatalf("a hint for a version the game left: %d %v, want 409 stale_version with the new version", a.code, a.out)
	}
	if _, out := call(t, hs, "GET", "/api/games/"+g.ID+"/estimates", g.Tokens["british"], nil); len(out["estimates"].([]any)) != 0 {
		t.Fatalf("a stale hint's estimate was kept: %v", out)
	}
}

// A bot's estimates after its choices are kept in any game and, without
// hints, shown to nobody until the game has ended, then to everybody.
func TestBotEstimatesShownAtTheEnd(t *testing.T) {
	b := &spy{p: 0.25}
	_, hs := spyServer(t, t.TempDir(), b)
	g := newGame(t, hs, map[string]string{"german": "human", "british": "bot:spy"})
	deadline := time.Now().Add(patience)
	version := 0
	for {
		var to map[string]any
		version, _, to = viewOf(t, hs, g.ID, g.Tokens["german"])
		if to["to_move"] == "german" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the bot did not finish its set-up")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if code, out := call(t, hs, "GET", "/api/games/"+g.ID+"/estimates", g.Tokens["german"], nil); code != 403 || out["code"] != "estimates_secret" {
		t.Fatalf("a bot's estimates while a game without hints runs: %d %v, want 403 estimates_secret", code, out)
	}
	call(t, hs, "POST", "/api/games/"+g.ID+"/resign", g.Tokens["german"], map[string]any{"version": version})
	code, out := call(t, hs, "GET", "/api/games/"+g.ID+"/estimates", "", nil)
	list, _ := out["estimates"].([]any)
	if code != 200 || len(list) != version {
		t.Fatalf("estimates after the end and a restart: %d %v, want one per British choice (%d)", code, out, version)
	}
	for i, e := range list {
		if want := map[string]any{"version": float64(i), "seat": "british", "p": 0.25}; !reflect.DeepEqual(e, want) {
			t.Fatalf("estimate %d is %v, want %v", i, e, want)
		}
	}
}

// An undo drops the estimates of the positions it took back, in the game
// and in the store.
func TestUndoDropsEstimates(t *testing.T) {
	b := &spy{p: 0.6}
	dir := t.TempDir()
	srv, hs := spyServer(t, dir, b)
	g := newHintsGame(t, hs, hotseat)
	tok := g.Tokens["british"]
	_, ids, _ := viewOf(t, hs, g.ID, tok)
	// A hint at version 1, an undo back to 0, a hint there: the first
	// hint's estimate is of a position taken back.
	for _, step := range []struct {
		path    string
		version int
		choice  string
	}{{"/choices", 0, ids[0]}, {"/hint", 1, ""}, {"/undo", 1, ""}, {"/hint", 0, ""}} {
		body := map[string]any{"version": step.version}
		if step.choice != "" {
			body["choice"] = step.choice
		}
		if code, out := call(t, hs, "POST", "/api/games/"+g.ID+step.path, tok, body); code != 200 {
			t.Fatalf("%s at version %d: %d %v", step.path, step.version, code, out)
		}
	}
	want := []any{map[string]any{"version": 0.0, "seat": "british", "p": 0.6}}
	if _, out := call(t, hs, "GET", "/api/games/"+g.ID+"/estimates", tok, nil); !reflect.DeepEqual(out["estimates"], want) {
		t.Fatalf("estimates after an undo: %v, want %v", out["estimates"], want)
	}
	hs.Close()
	srv.Close()
	_, hs = spyServer(t, dir, b)
	if _, out := call(t, hs, "GET", "/api/games/"+g.ID+"/estimates", tok, nil); !reflect.DeepEqual(out["estimates"], want) {
		t.Fatalf("estimates after an undo and a restart: %v, want %v", out["estimates"], want)
	}
}
