package server

// Regression tests for the security and robustness review.

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"sandtable/engine"
	"sandtable/server/store"
)

// Writes racing with Close (bots, reaction clocks and WebSocket handlers
// outlive http.Server.Shutdown) used to panic: send on closed channel.
func TestStoreWritesAfterCloseFail(t *testing.T) {
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := st.CreateGame(context.Background(), store.Game{ID: "g", Game: "soa", Seats: map[string]string{}}, nil); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 200; j++ {
				st.AppendChoices(context.Background(), "g", 1000000, []string{"x"}, false) // conflicts; only the queueing matters
			}
		}()
	}
	time.Sleep(5 * time.Millisecond)
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if err := st.AppendChoices(context.Background(), "g", 0, []string{"x"}, false); !errors.Is(err, store.ErrClosed) {
		t.Errorf("a write after Close: %v, want ErrClosed", err)
	}
	if err := st.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
}

// A choice the store refuses is not made, and the answer does not carry
// the store's error text.
func TestClosedStoreRefusesChoice(t *testing.T) {
	srv, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	_, choices, _ := viewOf(t, hs, g.ID, g.Tokens["british"])
	srv.store.Close()
	code, out := call(t, hs, "POST", "/api/games/"+g.ID+"/choices", g.Tokens["british"], map[string]any{"version": 0, "choice": choices[0]})
	if code != 500 || out["code"] != "store_failed" || strings.Contains(fmt.Sprint(out["error"]), "closed") {
		t.Errorf("a choice on a closed store: %d %v", code, out)
	}
	if v, _, _ := viewOf(t, hs, g.ID, g.Tokens["british"]); v != 0 {
		t.Errorf("the state advanced to version %d although the choice was not stored", v)
	}
}

// A clock's timer must act only for the clock it was started for. An undo
// returns to an earlier version and restarts the clock there; the timer
// of the earlier visit to that version used to fire at its old deadline.
func TestStaleClockDoesNotFire(t *testing.T) {
	srv, l, clk := clockedGame(t)
	playToClock(t, srv, l)
	version := choicesOf(l)
	clk.Advance(4 * time.Second)
	l.mu.Lock()
	srv.afterChange(l) // what an undo back to this version does: a new clock, 10 s from now
	l.mu.Unlock()
	clk.Advance(6 * time.Second) // the first clock's time
	if n := choicesOf(l); n != version {
		t.Fatalf("the stale clock made a choice: %d choices, want %d", n, version)
	}
	clk.Advance(4 * time.Second) // the second clock's time
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.choices) != version+1 || l.choices[version] != "pass" {
		t.Fatalf("after the restarted clock: choices %v, want a pass at %d", l.choices[version:], version)
	}
}

// An internal error (here a record that no longer replays) must not send
// its details, which name choices of the record, to the caller.
func TestInternalErrorsAreNotSent(t *testing.T) {
	srv, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	l, _ := srv.lookup(g.ID)
	l.mu.Lock()
	l.choices = append(l.choices, "secret-choice-id")
	l.movers = append(l.movers, "british")
	l.undoable = append(l.undoable, false)
	l.mu.Unlock()
	code, out := call(t, hs, "GET", "/api/games/"+g.ID+"/replay", "", nil)
	if code != 500 || strings.Contains(fmt.Sprint(out), "secret-choice-id") {
		t.Errorf("replay of a broken record: %d %v", code, out)
	}
}

// A token is read from the Authorization header only (URLs end up in logs);
// the WebSocket keeps ?token= (TestWebSocketPushesViews).
func TestTokenNotReadFromURL(t *testing.T) {
	_, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	code, out := call(t, hs, "GET", "/api/games/"+g.ID+"/view?token="+g.Tokens["british"], "", nil)
	if code != 200 || out["seat"] != "spectator" {
		t.Errorf("view with ?token=: %d seat %v, want the spectator's view", code, out["seat"])
	}
}

// JSON answers are never sniffed as something else.
func TestAPINoSniff(t *testing.T) {
	_, hs := testServer(t, "")
	for _, p := range []string{"/api/catalog", "/api/games/nope", "/api/nope"} {
		resp, err := http.Get(hs.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no X-Content-Type-Options: nosniff", p)
		}
	}
}

// A finished game's replay for another seat names a real seat.
func TestReplayAsUnknownSeat(t *testing.T) {
	srv, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	if code, _ := call(t, hs, "GET", "/api/games/"+g.ID+"/replay?as=german", "", nil); code != 403 {
		t.Errorf("another seat's replay while the game runs: %d, want 403", code)
	}
	l, _ := srv.lookup(g.ID)
	for { // play the first choice until the game ends
		l.mu.Lock()
		seat, version := l.state.ToMove(), len(l.choices)
		var id string
		if seat != "" {
			id = engine.Choices(l.state)[0].ID
		}
		l.mu.Unlock()
		if seat == "" {
			break
		}
		if _, _, err := srv.submit(context.Background(), l, seat, version, id); err != nil {
			t.Fatal(err)
		}
	}
	if code, out := call(t, hs, "GET", "/api/games/"+g.ID+"/replay?as=german&step=3", "", nil); code != 200 {
		t.Errorf("the German replay of a finished game: %d %v", code, out)
	}
	if code, out := call(t, hs, "GET", "/api/games/"+g.ID+"/replay?as=nobody", "", nil); code != 400 || out["code"] != "unknown_seat" {
		t.Errorf("a replay as no seat: %d %v", code, out)
	}
}

// A WebSocket peer that stops answering is dropped, not held forever.
func TestWebSocketDropsSilentPeer(t *testing.T) {
	srv, hs := testServer(t, "")
	srv.wsPing = 50 * time.Millisecond
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/api/games/" + g.ID + "/ws"
	c, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close() // never read: pings go unanswered
	l, _ := srv.lookup(g.ID)
	deadline := time.Now().Add(patience)
	for time.Now().Before(deadline) {
		l.mu.Lock()
		n := len(l.subs)
		l.mu.Unlock()
		if n == 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("a peer that answers no ping is still subscribed")
}

// Opening WebSockets is rate limited like every API call.
func TestWebSocketUpgradeIsLimited(t *testing.T) {
	srv, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	srv.limiter = frozen(newLimiter(5, 10))
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/api/games/" + g.ID + "/ws"
	for i := 0; i < 40; i++ {
		c, resp, err := websocket.DefaultDialer.Dial(url, nil)
		if err == nil {
			defer c.Close()
			continue
		}
		if resp != nil && resp.StatusCode == 429 {
			return
		}
		t.Fatal(err)
	}
	t.Error("40 WebSocket upgrades at once were all served with a limit of 5/s")
}

// The limiter forgets idle addresses cheaply, so its map stays small.
func TestLimiterForgetsIdleAddresses(t *testing.T) {
	lim := newLimiter(10, 20)
	now := time.Now()
	lim.now = func() time.Time { return now }
	for i := 0; i < 50000; i++ {
		lim.allow(fmt.Sprintf("10.0.%d.%d", i/256, i%256))
	}
	now = now.Add(sweepEvery + 3*time.Second)
	lim.allow("192.0.2.1")
	if n := len(lim.buckets); n != 1 {
		t.Errorf("after the sweep the limiter holds %d addresses, want 1", n)
	}
	for i := 0; i < 25; i++ { // and it still limits
		if !lim.allow("192.0.2.2") {
			if i < 20 {
				t.Errorf("refused after %d requests; the burst is 20", i)
			}
			return
		}
	}
	t.Error("25 requests at once with a rate of 10/s were all allowed")
}
