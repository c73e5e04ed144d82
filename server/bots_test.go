package server

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"sandtable/ai"
	"sandtable/engine"

	gorilla "github.com/gorilla/websocket"
)

// blocker is a bot that thinks until the test lets it go (or its context
// ends), counting how many blockers think at once.
type blocker struct {
	thinking, most *atomic.Int32
	entered        chan struct{}
	release        chan struct{}
	stopped        chan error
}

func (b *blocker) Name() string { return "blocker" }
func (b *blocker) Choose(ctx context.Context, t engine.Turn) (engine.Action, error) {
	n := b.thinking.Add(1)
	defer b.thinking.Add(-1)
	for m := b.most.Load(); n > m && !b.most.CompareAndSwap(m, n); m = b.most.Load() {
	}
	select {
	case b.entered <- struct{}{}:
	case <-ctx.Done(): // a set-up run asks again and again, and the test may have stopped listening
		return 0, ctx.Err()
	}
	select {
	case <-b.release:
		return t.Legal(nil)[0], nil
	case <-ctx.Done():
		b.stopped <- ctx.Err()
		return 0, ctx.Err()
	}
}

// blockerServer is a server whose "bot:blocker" seats are blockers sharing
// the returned one's counters and channels, with cores bot cores and the
// bot delay delay.
func blockerServer(t *testing.T, cores int, delay time.Duration) (*Server, *httptest.Server, *blocker) {
	srv, err := New(Config{DB: filepath.Join(t.TempDir(), "test.db"), BotDelay: delay, BotCores: cores, RatePerSecond: 100000, GamesPerHour: 100000, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	b := &blocker{thinking: new(atomic.Int32), most: new(atomic.Int32), entered: make(chan struct{}, 16), release: make(chan struct{}, 16), stopped: make(chan error, 16)}
	srv.newBot = func(name string, c ai.Config) (ai.Bot, error) {
		if name == "blocker" {
			return b, nil
		}
		return ai.New(name, c)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { close(b.release); hs.Close(); srv.Close() })
	return srv, hs, b
}

func waitFor(t *testing.T, c chan struct{}, what string) {
	t.Helper()
	select {
	case <-c:
	case <-time.After(patience):
		t.Fatalf("%s did not happen within %v", what, patience)
	}
}

// A bot thinks outside its game's lock: the game answers views and takes a
// resignation while it thinks, and the resignation stops the bot.
func TestBotThinksOutsideTheLock(t *testing.T) {
	_, hs, b := blockerServer(t, 1, time.Millisecond)
	g := newGame(t, hs, map[string]string{"german": "human", "british": "bot:blocker"}) // the British set up first (soa:5.5)
	waitFor(t, b.entered, "the bot's thinking")
	done := make(chan struct{})
	go func() {
		viewOf(t, hs, g.ID, g.Tokens["german"])
		if code, out := call(t, hs, "POST", "/api/games/"+g.ID+"/resign", g.Tokens["german"], map[string]any{"version": 0}); code != 200 {
			t.Errorf("resign while the bot thinks: %d %v", code, out)
		}
		close(done)
	}()
	waitFor(t, done, "a view and a resignation while the bot thinks")
	select {
	case err := <-b.stopped:
		if err != context.Canceled {
			t.Fatalf("the bot stopped with %v, want context.Canceled", err)
		}
	case <-time.After(patience):
		t.Fatal("the resignation did not stop the thinking bot")
	}
}

// With one bot core, two bot games think one at a time; the second thinks
// once the first has chosen.
func TestBotPoolBoundsThinking(t *testing.T) {
	_, hs, b := blockerServer(t, 1, time.Millisecond)
	for range 2 {
		newGame(t, hs, map[string]string{"german": "human", "british": "bot:blocker"})
	}
	waitFor(t, b.entered, "the first bot's thinking")
	select {
	case <-b.entered:
		t.Fatal("a second bot thinks while the one core is taken")
	case <-time.After(200 * time.Millisecond):
	}
	b.release <- struct{}{}
	waitFor(t, b.entered, "the next bot's thinking once the core is free")
	if m := b.most.Load(); m != 1 {
		t.Fatalf("%d bots thought at once on one core", m)
	}
}

// The catalog offers every bot level a player can pick, each with the
// label and description the lobby shows (ai.Names, ai.Label, ai.Describe).
func TestCatalogListsEveryBotLevel(t *testing.T) {
	_, hs := testServer(t, "")
	resp, err := hs.Client().Get(hs.URL + "/api/catalog")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var catalog []struct {
		ID   string
		Bots []botInfo
	}
	if err := json.NewDecoder(resp.Body).Decode(&catalog); err != nil {
		t.Fatal(err)
	}
	if len(catalog) == 0 {
		t.Fatal("the catalog lists no game")
	}
	for _, g := range catalog {
		var names []string
		for _, b := range g.Bots {
			names = append(names, b.Name)
			if b.Label != ai.Label(b.Name) || b.About == "" || b.About != ai.Describe(b.Name) {
				t.Errorf("%s: bot %q offered as %q, %q", g.ID, b.Name, b.Label, b.About)
			}
		}
		if !slices.Equal(names, ai.Names()) {
			t.Errorf("%s offers the bots %v, want every level %v", g.ID, names, ai.Names())
		}
	}
}

// hasty is a bot that thinks by the clock, as search does: stopped, it
// answers with the first legal choice rather than an error.
type hasty struct{ entered chan struct{} }

func (h hasty) Name() string { return "hasty" }
func (h hasty) Choose(ctx context.Context, t engine.Turn) (engine.Action, error) {
	h.entered <- struct{}{}
	<-ctx.Done()
	return t.Legal(nil)[0], nil
}

// A bot stopped by the server shutting down does not play what it had when
// stopped: the game is as it was, and the bot thinks again after a restart.
func TestShutdownDropsAStoppedBotsChoice(t *testing.T) {
	srv, err := New(Config{DB: filepath.Join(t.TempDir(), "test.db"), BotDelay: time.Millisecond, RatePerSecond: 100000, GamesPerHour: 100000, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	h := hasty{entered: make(chan struct{}, 1)}
	srv.newBot = func(name string, c ai.Config) (ai.Bot, error) { return h, nil }
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	g := newGame(t, hs, map[string]string{"german": "human", "british": "bot:hasty"})
	waitFor(t, h.entered, "the bot's thinking")
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if code, out := call(t, hs, "GET", "/api/games/"+g.ID, "", nil); code != 200 || out["version"] != 0.0 {
		t.Fatalf("after the shutdown the game is at %d %v, want version 0: the stopped bot's choice was played", code, out["version"])
	}
	if err := srv.Close(); err != nil {
		t.Error(err)
	}
}

// A bot thinks during the pause before its move, and its move comes when
// the pause is over, not after it: how long it thought (long, or not at
// all when it had one choice, as the British do when asked for a close
// combat attack while a gun is hidden somewhere, soa:13.8) does not show
// in when its move arrives.
func TestBotThinksDuringThePause(t *testing.T) {
	srv, hs, b := blockerServer(t, 1, time.Hour)
	if n := movedSoonAfter(t, srv, hs, "bot:blocker", b.entered, func() { b.release <- struct{}{} }); n != 0 {
		t.Fatalf("the bot's move came %d choices on before its pause of an hour was over", n)
	}
}

// placer sets up one unit at a time (place:…), never by a macro; its first
// choice waits until the test opens the gate.
type placer struct{ gate chan struct{} }

func (p placer) Name() string { return "placer" }
func (p placer) Choose(ctx context.Context, t engine.Turn) (engine.Action, error) {
	select {
	case <-p.gate:
	case <-ctx.Done():
		return 0, ctx.Err()
	}
	legal := t.Legal(nil)
	for _, a := range legal {
		if strings.HasPrefix(t.Describe(a).ID, "place:") {
			return a, nil
		}
	}
	return legal[0], nil
}

// A bot's secret set-up (soa:5.5) reaches the other seat as one change: a
// version pushed for each placement would show the German how the British
// bot set up (units placed one by one, or a platoon at once) and at what
// pace (a placement with a single place left comes at once).
func TestBotSetupIsOneChange(t *testing.T) {
	srv, err := New(Config{DB: filepath.Join(t.TempDir(), "test.db"), BotDelay: time.Millisecond, RatePerSecond: 100000, GamesPerHour: 100000, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	p := placer{gate: make(chan struct{})}
	srv.newBot = func(string, ai.Config) (ai.Bot, error) { return p, nil }
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	defer srv.Close()
	g := newGame(t, hs, map[string]string{"german": "human", "british": "bot:placer"})
	c, _, err := gorilla.DefaultDialer.Dial("ws"+strings.TrimPrefix(hs.URL, "http")+"/api/games/"+g.ID+"/ws?token="+g.Tokens["german"], nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(patience))
	var seen []int
	for first := true; ; first = false {
		var m map[string]any
		if err := c.ReadJSON(&m); err != nil {
			t.Fatal(err)
		}
		if m["type"] != "view" {
			continue
		}
		seen = append(seen, int(m["version"].(float64)))
		if first {
			close(p.gate)
		}
		if cs, _ := m["view"].(map[string]any)["choices"].([]any); len(cs) > 0 {
			break // the German sets up now
		}
	}
	if len(seen) != 2 || seen[0] != 0 {
		t.Fatalf("the German was pushed the versions %v during the British bot's set-up, want 0 and then the version after it", seen)
	}
}

// slowPacer says it thinks an hour a choice (ai.Pacer) but answers as soon
// as the test, told that it is asked, lets it.
type slowPacer struct{ asked, answer chan struct{} }

func (p slowPacer) Name() string { return "pacer" }
func (p slowPacer) Choose(ctx context.Context, t engine.Turn) (engine.Action, error) {
	select {
	case p.asked <- struct{}{}:
	case <-ctx.Done():
		return 0, ctx.Err()
	}
	<-p.answer
	return t.Legal(nil)[0], nil
}
func (p slowPacer) Think() time.Duration { return time.Hour }

// A bot that thinks by the clock for longer than the pause (ai.Pacer) moves
// no sooner than its thinking time after it was asked, even when it had a
// single choice and answered at once: its move must not come sooner then.
func TestBotMovesAfterItsThinkingTime(t *testing.T) {
	srv, err := New(Config{DB: filepath.Join(t.TempDir(), "test.db"), BotDelay: time.Millisecond, RatePerSecond: 100000, GamesPerHour: 100000, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	p := slowPacer{asked: make(chan struct{}), answer: make(chan struct{})}
	srv.newBot = func(string, ai.Config) (ai.Bot, error) { return p, nil }
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	defer srv.Close()
	if n := movedSoonAfter(t, srv, hs, "bot:pacer", p.asked, func() { p.answer <- struct{}{} }); n != 0 {
		t.Fatalf("the bot's move came %d choices on before its thinking time of an hour was over", n)
	}
}

// movedSoonAfter plays a game of the German bot named bot against a human
// British seat (its first choice each time), letting the bot's set-up
// choices through (answer), until the bot is asked outside its set-up,
// where its move is paused; it answers that too and reports how many
// choices were made in the next 100 ms.
func movedSoonAfter(t *testing.T, srv *Server, hs *httptest.Server, bot string, asked <-chan struct{}, answer func()) int {
	t.Helper()
	g := newGame(t, hs, map[string]string{"german": bot, "british": "human"})
	l, _ := srv.lookup(g.ID)
	deadline := time.After(patience)
	for {
		select {
		case <-asked:
			l.mu.Lock()
			setup, n := l.state.(engine.SettingUp).SettingUp(), len(l.choices)
			l.mu.Unlock()
			answer()
			if !setup {
				time.Sleep(100 * time.Millisecond)
				return choicesOf(l) - n
			}
		case <-time.After(20 * time.Millisecond):
			if v, choices, _ := viewOf(t, hs, g.ID, g.Tokens["british"]); len(choices) > 0 {
				call(t, hs, "POST", "/api/games/"+g.ID+"/choices", g.Tokens["british"], map[string]any{"version": v, "choice": choices[0]})
			}
		case <-deadline:
			t.Fatal("the bot was not asked outside its set-up")
		}
	}
}

// A thinking bot gives way to people (issue 7 section 2): with one core
// left to people and a request of theirs being served, its yield pauses
// (giveWay at most); once the request is served, the count is back to none.
func TestBotsGiveWayToPeople(t *testing.T) {
	srv, hs, _ := blockerServer(t, 1, time.Millisecond)
	p := srv.bots
	p.free = 1
	done := p.serving()
	start := time.Now()
	p.yield()
	if d := time.Since(start); d < giveWay {
		t.Fatalf("a bot yielded for %v while a person's request was served, want a pause of %v", d, giveWay)
	}
	done()
	if n := p.people.Load(); n != 0 {
		t.Fatalf("%d requests counted as served after the only one ended", n)
	}
	// An API call is counted while it is served, and no longer after: the
	// count drops as the handler returns, which may be just after the client
	// has read the answer, so it is given a moment.
	resp, err := http.Get(hs.URL + "/api/catalog")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	for deadline := time.Now().Add(time.Second); p.people.Load() != 0 && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	if n := p.people.Load(); n != 0 {
		t.Fatalf("%d requests counted as served a second after the catalog was sent", n)
	}
}

// Bots of games think with the pool's yield.
func TestBotsAreGivenThePoolsYield(t *testing.T) {
	srv, hs, _ := blockerServer(t, 1, time.Millisecond)
	got := make(chan ai.Config, 4)
	srv.newBot = func(name string, c ai.Config) (ai.Bot, error) {
		got <- c
		return ai.New("random", c)
	}
	newGame(t, hs, map[string]string{"german": "bot:random", "british": "human"})
	<-got // the name checked when the game is created
	select {
	case c := <-got:
		if c.Yield == nil {
			t.Fatal("a game's bot was made without the pool's yield")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no bot was made for the game")
	}
}

// broken is a bot that never manages to choose.
type broken struct{}

func (broken) Name() string { return "broken" }
func (broken) Choose(context.Context, engine.Turn) (engine.Action, error) {
	return 0, errors.New("out of its depth")
}

// A bot that fails does not leave its game waiting for ever: its seat
// makes a random legal choice instead, and the game goes on.
func TestFailingBotMovesAtRandom(t *testing.T) {
	srv, hs, _ := blockerServer(t, 1, time.Millisecond)
	srv.newBot = func(string, ai.Config) (ai.Bot, error) { return broken{}, nil }
	g := newGame(t, hs, map[string]string{"german": "bot:broken", "british": "bot:broken"})
	deadline := time.Now().Add(patience)
	for {
		if code, out := call(t, hs, "GET", "/api/games/"+g.ID, "", nil); code == 200 && out["version"].(float64) >= 2 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the game of two failing bots did not move on")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
