package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"sandtable/engine"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// testServer runs a server on a fresh database.
func testServer(t *testing.T, dir string) (*Server, *httptest.Server) {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	srv, err := New(Config{DB: filepath.Join(dir, "test.db"), BotDelay: time.Millisecond, RatePerSecond: 100000, GamesPerHour: 100000, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return srv, hs
}

// call makes one API call and decodes the JSON answer.
func call(t *testing.T, hs *httptest.Server, method, path, token string, body any) (int, map[string]any) {
	t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	default:
		data, _ := json.Marshal(b)
		r = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, hs.URL+path, r)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	data, _ := io.ReadAll(resp.Body)
	json.Unmarshal(data, &out)
	return resp.StatusCode, out
}

type created struct {
	ID     string
	Tokens map[string]string
}

func newGame(t *testing.T, hs *httptest.Server, seats map[string]string) created {
	t.Helper()
	return createWith(t, hs, map[string]any{"game": "soa", "scenario": "basic", "seed": "42", "seats": seats})
}

// createWith creates a game as req asks.
func createWith(t *testing.T, hs *httptest.Server, req map[string]any) created {
	t.Helper()
	code, out := call(t, hs, "POST", "/api/games", "", req)
	if code != 201 {
		t.Fatalf("create: %d %v", code, out)
	}
	c := created{ID: out["id"].(string), Tokens: map[string]string{}}
	for k, v := range out["tokens"].(map[string]any) {
		c.Tokens[k] = v.(string)
	}
	return c
}

// viewOf returns version and choice ids of a seat's view.
func viewOf(t *testing.T, hs *httptest.Server, id, token string) (int, []string, map[string]any) {
	t.Helper()
	code, out := call(t, hs, "GET", "/api/games/"+id+"/view", token, nil)
	if code != 200 {
		t.Fatalf("view: %d %v", code, out)
	}
	view := out["view"].(map[string]any)
	var ids []string
	if cs, ok := view["choices"].([]any); ok {
		for _, c := range cs {
			ids = append(ids, c.(map[string]any)["id"].(string))
		}
	}
	return int(out["version"].(float64)), ids, view
}

func TestCreateViewChoose(t *testing.T) {
	_, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	v, choices, _ := viewOf(t, hs, g.ID, g.Tokens["british"])
	if v != 0 || len(choices) == 0 {
		t.Fatalf("the British set up first: version %d, %d choices", v, len(choices))
	}
	if _, gc, _ := viewOf(t, hs, g.ID, g.Tokens["german"]); len(gc) != 0 {
		t.Fatalf("the German is not to move but got choices %v", gc)
	}
	if _, sc, _ := viewOf(t, hs, g.ID, ""); len(sc) != 0 {
		t.Fatal("a spectator never gets choices")
	}
	code, out := call(t, hs, "POST", "/api/games/"+g.ID+"/choices", g.Tokens["british"], map[string]any{"version": 0, "choice": choices[0]})
	if code != 200 || out["version"].(float64) != 1 {
		t.Fatalf("choose: %d %v", code, out)
	}
	cases := []struct {
		name, token string
		body        any
		code        int
		errCode     string
	}{
		{"stale version", g.Tokens["british"], map[string]any{"version": 0, "choice": choices[0]}, 409, "stale_version"},
		{"not your turn", g.Tokens["german"], map[string]any{"version": 1, "choice": choices[0]}, 403, "not_your_turn"},
		{"illegal", g.Tokens["british"], map[string]any{"version": 1, "choice": "place:nowhere"}, 422, "illegal_choice"},
		{"bad token", "t_forged", map[string]any{"version": 1, "choice": choices[0]}, 401, "bad_token"},
		{"no token", "", map[string]any{"version": 1, "choice": choices[0]}, 401, "bad_token"},
		{"malformed", g.Tokens["british"], "{not json", 400, "bad_json"},
		{"unknown field", g.Tokens["british"], `{"version":1,"choice":"x","extra":1}`, 400, "bad_json"},
		{"oversized", g.Tokens["british"], `{"version":1,"choice":"` + strings.Repeat("x", 70000) + `"}`, 413, "too_large"},
	}
	for _, c := range cases {
		code, out := call(t, hs, "POST", "/api/games/"+g.ID+"/choices", c.token, c.body)
		if code != c.code || out["code"] != c.errCode {
			t.Errorf("%s: %d %v, want %d %s", c.name, code, out, c.code, c.errCode)
		}
	}
	if v, _, _ := viewOf(t, hs, g.ID, g.Tokens["british"]); v != 1 {
		t.Errorf("refused submissions changed the game: version %d", v)
	}
	if code, out := call(t, hs, "GET", "/api/games/"+g.ID+"/record", "", nil); code != 403 || out["code"] != "record_secret" {
		t.Errorf("record while running: %d %v", code, out)
	}
	if code, _ := call(t, hs, "GET", "/api/games/nope/view", "", nil); code != 404 {
		t.Errorf("unknown game: %d", code)
	}
}

// The British set-up is secret from the German until both are done (soa:5.5).
func TestViewsKeepSecrets(t *testing.T) {
	_, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	for i := 0; i < 5; i++ {
		_, choices, _ := viewOf(t, hs, g.ID, g.Tokens["british"])
		call(t, hs, "POST", "/api/games/"+g.ID+"/choices", g.Tokens["british"], map[string]any{"version": i, "choice": choices[0]})
	}
	for _, tok := range []string{g.Tokens["german"], ""} {
		_, _, view := viewOf(t, hs, g.ID, tok)
		data, _ := json.Marshal(view)
		for _, u := range view["state"].(map[string]any)["units"].([]any) {
			u := u.(map[string]any)
			if u["side"] == "british" && u["at"] != "artillery-box" { // the artillery box is open (soa:5.3)
				t.Errorf("a view for token %q shows %v in %v during the secret set-up", tok, u["id"], u["at"])
			}
		}
		if strings.Contains(string(data), `"rng"`) || strings.Contains(string(data), "forced") {
			t.Error("a view shows the random generator")
		}
	}
}

func TestUndo(t *testing.T) {
	_, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	_, choices, _ := viewOf(t, hs, g.ID, g.Tokens["british"])
	call(t, hs, "POST", "/api/games/"+g.ID+"/choices", g.Tokens["british"], map[string]any{"version": 0, "choice": choices[0]})
	if _, out := call(t, hs, "GET", "/api/games/"+g.ID+"/view", g.Tokens["british"], nil); out["can_undo"] != true {
		t.Error("the British view should say its last choice can be undone")
	}
	if _, out := call(t, hs, "GET", "/api/games/"+g.ID+"/view", g.Tokens["german"], nil); out["can_undo"] == true {
		t.Error("the German view must not offer to undo the British choice")
	}
	if code, out := call(t, hs, "POST", "/api/games/"+g.ID+"/undo", g.Tokens["german"], map[string]any{"version": 1}); code != 409 {
		t.Errorf("the German cannot undo the British choice: %d %v", code, out)
	}
	code, out := call(t, hs, "POST", "/api/games/"+g.ID+"/undo", g.Tokens["british"], map[string]any{"version": 1})
	if code != 200 || out["version"].(float64) != 0 {
		t.Fatalf("undo: %d %v", code, out)
	}
	if v, again, _ := viewOf(t, hs, g.ID, g.Tokens["british"]); v != 0 || len(again) != len(choices) {
		t.Errorf("after undo: version %d, %d choices, want 0 and %d", v, len(again), len(choices))
	}
}

// A bot seat answers by itself: the British bot sets up, then the German human is asked.
func TestBotSeat(t *testing.T) {
	_, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "bot:random"})
	if _, ok := g.Tokens["british"]; ok {
		t.Error("a bot seat has no token")
	}
	if !askedWithin(t, hs, g, "german", patience) {
		t.Fatal("the bot did not finish the British set-up")
	}
}

// Concurrent submissions against one version: exactly one is applied.
func TestConcurrentSubmissions(t *testing.T) {
	_, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	_, choices, _ := viewOf(t, hs, g.ID, g.Tokens["british"])
	ok := race(t, 8, 409, func(i int) int {
		code, _ := call(t, hs, "POST", "/api/games/"+g.ID+"/choices", g.Tokens["british"], map[string]any{"version": 0, "choice": choices[i%len(choices)]})
		return code
	})
	if v, _, _ := viewOf(t, hs, g.ID, g.Tokens["british"]); ok != 1 || v != 1 {
		t.Errorf("%d accepted, version %d; want exactly one", ok, v)
	}
}

// race makes n calls at once and counts those that succeed (2xx); any
// answer other than success or refused is an error.
func race(t *testing.T, n, refused int, do func(i int) int) int {
	t.Helper()
	var wg sync.WaitGroup
	codes := make([]int, n)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = do(i)
		}()
	}
	wg.Wait()
	ok := 0
	for _, c := range codes {
		switch {
		case c/100 == 2:
			ok++
		case c != refused:
			t.Errorf("unexpected status %d", c)
		}
	}
	return ok
}

// Games survive a restart of the server on the same database.
func TestRestartKeepsGames(t *testing.T) {
	dir := t.TempDir()
	srv, err := New(Config{DB: filepath.Join(dir, "test.db"), RatePerSecond: 100000, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	for i := 0; i < 3; i++ {
		_, choices, _ := viewOf(t, hs, g.ID, g.Tokens["british"])
		call(t, hs, "POST", "/api/games/"+g.ID+"/choices", g.Tokens["british"], map[string]any{"version": i, "choice": choices[0]})
	}
	hs.Close()
	srv.Close()
	_, hs2 := testServer(t, dir)
	if v, choices, _ := viewOf(t, hs2, g.ID, g.Tokens["british"]); v != 3 || len(choices) == 0 {
		t.Errorf("after restart: version %d, %d choices", v, len(choices))
	}
}

func TestWebSocketPushesViews(t *testing.T) {
	_, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/api/games/" + g.ID + "/ws?token=" + g.Tokens["british"]
	c1, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c1.Close()
	c2, _, err := websocket.DefaultDialer.Dial(url, nil) // a second tab of the same seat
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	for _, c := range []*websocket.Conn{c1, c2} {
		c.SetReadDeadline(time.Now().Add(patience))
	}
	var m map[string]any
	c1.ReadJSON(&m)
	c2.ReadJSON(&m)
	if m["type"] != "view" || m["version"].(float64) != 0 {
		t.Fatalf("first message: %v", m)
	}
	choice := m["view"].(map[string]any)["choices"].([]any)[0].(map[string]any)["id"]
	c1.WriteJSON(map[string]any{"type": "choice", "version": 0, "choice": choice})
	for _, c := range []*websocket.Conn{c1, c2} {
		if err := c.ReadJSON(&m); err != nil || m["version"].(float64) != 1 {
			t.Fatalf("both tabs get version 1: %v %v", m, err)
		}
	}
	c1.WriteJSON(map[string]any{"type": "choice", "version": 0, "choice": choice})
	if err := c1.ReadJSON(&m); err != nil || m["type"] != "error" || m["code"] != "stale_version" {
		t.Fatalf("a stale choice gets an error: %v", m)
	}
}

func TestHealthAndMetrics(t *testing.T) {
	_, hs := testServer(t, "")
	for _, path := range []string{"/healthz", "/metrics"} {
		resp, err := http.Get(hs.URL + path)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("%s: %v %v", path, resp, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if path == "/metrics" && !strings.Contains(string(body), "sandtable_choices_total") {
			t.Error("metrics lack sandtable_choices_total")
		}
	}
}

func TestFloodIsLimited(t *testing.T) {
	dir := t.TempDir()
	srv, err := New(Config{DB: filepath.Join(dir, "t.db"), RatePerSecond: 5, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	frozen(srv.limiter)
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	limited := false
	for i := 0; i < 40 && !limited; i++ {
		code, _ := call(t, hs, "GET", "/api/catalog", "", nil)
		limited = code == 429
	}
	if !limited {
		t.Error("40 requests at once from one address were all served with a limit of 5/s")
	}
}

func TestImportFinishedRecord(t *testing.T) {
	_, hs := testServer(t, "")
	code, out := call(t, hs, "POST", "/api/import", "", `{"format":"sandtable-record/1","game":"soa","scenario":"basic","seed":7,"choices":[]}`)
	if code != 201 {
		t.Fatalf("import: %d %v", code, out)
	}
	code, out = call(t, hs, "POST", "/api/import", "", `{"format":"sandtable-record/1","game":"soa","seed":7,"choices":["bogus"]}`)
	if code != 400 || !strings.Contains(fmt.Sprint(out["error"]), "bogus") {
		t.Errorf("a record with an illegal choice: %d %v", code, out)
	}
}

// With the reaction clock on (soa:8.17) a seat that does not declare its
// impulse in time passes: not a moment before its 10 seconds are up.
func TestReactionClock(t *testing.T) {
	srv, l, clk := clockedGame(t)
	playToClock(t, srv, l)
	l.mu.Lock()
	version, deadline := len(l.choices), l.deadline
	l.mu.Unlock()
	if want := clk.Now().Add(10 * time.Second); !deadline.Equal(want) {
		t.Errorf("the view's deadline is %v, want %v: 10 s from now", deadline, want)
	}
	clk.Advance(10*time.Second - time.Millisecond)
	if n := choicesOf(l); n != version {
		t.Fatalf("the clock made a choice before its time: %d choices, want %d", n, version)
	}
	clk.Advance(time.Millisecond)
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.choices) != version+1 || l.choices[version] != "pass" {
		t.Fatalf("after the reaction time: choices %v, want a pass at %d", l.choices[version:], version)
	}
}

// patience bounds a test's wait for what takes milliseconds unless
// something is wrong: long, so that no load on the machine fails a test.
const patience = time.Minute

// frozen stops a limiter's time: the tokens a test spends do not come back
// during it, however slow the machine.
func frozen(l *limiter) *limiter {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.now = func() time.Time { return now }
	return l
}

// clockedGame is a new game with the reaction clock on (10 s, soa:8.17)
// on a server whose clocks run on test time.
func clockedGame(t *testing.T) (*Server, *live, *testTimers) {
	t.Helper()
	srv, hs := testServer(t, "")
	clk := &testTimers{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
	srv.timers = clk
	code, out := call(t, hs, "POST", "/api/games", "", map[string]any{"game": "soa", "seed": "5",
		"options": map[string]string{"reaction": "10"}, "seats": map[string]string{"german": "human", "british": "human"}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, out)
	}
	l, _ := srv.lookup(out["id"].(string))
	return srv, l, clk
}

// choicesOf is how many choices l holds.
func choicesOf(l *live) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.choices)
}

// testTimers is a time that moves only when the test advances it: the
// timers due by then run, in order, before Advance returns.
type testTimers struct {
	mu     sync.Mutex
	now    time.Time
	timers []testTimer
}

type testTimer struct {
	at time.Time
	f  func()
}

func (c *testTimers) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testTimers) AfterFunc(d time.Duration, f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.timers = append(c.timers, testTimer{at: c.now.Add(d), f: f})
}

// Advance moves the time on by d, running every timer due on the way at
// its time (a timer may start others).
func (c *testTimers) Advance(d time.Duration) {
	c.mu.Lock()
	end := c.now.Add(d)
	for {
		i := -1
		for j, t := range c.timers {
			if !t.at.After(end) && (i < 0 || t.at.Before(c.timers[i].at)) {
				i = j
			}
		}
		if i < 0 {
			break
		}
		t := c.timers[i]
		c.timers = slices.Delete(c.timers, i, i+1)
		c.now = t.at
		c.mu.Unlock()
		t.f()
		c.mu.Lock()
	}
	c.now = end
	c.mu.Unlock()
}

// A chosen seed lets its chooser foresee the dice: the summary says so.
func TestSeedChosenIsShown(t *testing.T) {
	_, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"}) // seed "42"
	if _, out := call(t, hs, "GET", "/api/games/"+g.ID, "", nil); out["seed_chosen"] != true {
		t.Errorf("a game created with a seed: %v", out)
	}
	code, out := call(t, hs, "POST", "/api/games", "", map[string]any{"game": "soa", "seats": map[string]string{"german": "human"}})
	if code != 201 {
		t.Fatal(code, out)
	}
	if _, sum := call(t, hs, "GET", "/api/games/"+out["id"].(string), "", nil); sum["seed_chosen"] != false {
		t.Errorf("a game with a random seed: %v", sum)
	}
}

// The number of games held is bounded: a flood of creations is refused.
func TestMaxGames(t *testing.T) {
	srv, err := New(Config{DB: filepath.Join(t.TempDir(), "t.db"), RatePerSecond: 100000, Logger: quiet, MaxGames: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	for i := 0; i < 2; i++ {
		newGame(t, hs, map[string]string{"german": "human"})
	}
	code, out := call(t, hs, "POST", "/api/games", "", map[string]any{"game": "soa", "seats": map[string]string{}})
	if code != 503 || out["code"] != "server_full" {
		t.Errorf("a third game: %d %v", code, out)
	}
}

// playToClock sets both sides up, taking the first choice each time, until
// the reaction clock runs (the first impulse).
func playToClock(t *testing.T, srv *Server, l *live) {
	t.Helper()
	for {
		l.mu.Lock()
		if _, running := l.state.(engine.Clocked).Timeout(); running {
			l.mu.Unlock()
			return
		}
		seat, version, id := l.state.ToMove(), len(l.choices), engine.Choices(l.state)[0].ID
		l.mu.Unlock()
		if _, _, err := srv.submit(context.Background(), l, seat, version, id); err != nil {
			t.Fatal(err)
		}
	}
}
