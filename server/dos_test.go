package server

// Denial of service: attacks that filled the server or held it up.

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gorilla "github.com/gorilla/websocket"

	"sandtable/engine"
	"sandtable/games"
)

// dosServer runs a server with cfg on a fresh database (the defaults of
// testServer where cfg leaves them).
func dosServer(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	if cfg.DB == "" {
		cfg.DB = filepath.Join(t.TempDir(), "test.db")
	}
	cfg.Logger, cfg.BotDelay = quiet, time.Millisecond
	if cfg.RatePerSecond == 0 {
		cfg.RatePerSecond = 100000
	}
	if cfg.GamesPerHour == 0 {
		cfg.GamesPerHour = 100000
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return srv, hs
}

// The cap used to be counted and then inserted: forty creations at once
// all passed a check for five. It counts games in progress only.
func TestGameCapIsAtomic(t *testing.T) {
	srv, hs := dosServer(t, Config{MaxGames: 5})
	made := race(t, 40, 503, func(int) int {
		code, _ := raw(t, hs, "POST", "/api/games", createBody, map[string]string{"Content-Type": "application/json"})
		return code
	})
	if made != 5 || srv.running.Load() != 5 {
		t.Fatalf("%d games created at once under a cap of 5 (%d counted)", made, srv.running.Load())
	}
	// A finished game takes no place: its record is imported on a full server.
	g, _ := games.Get("soa")
	rec, _, err := engine.RandomGame(g, "basic", nil, 11, new(engine.RNG))
	if err != nil {
		t.Fatal(err)
	}
	if code, out := call(t, hs, "POST", "/api/import", "", string(rec.Encode())); code != 201 {
		t.Errorf("importing a finished game on a full server: %d %v", code, out)
	}
	if code, out := call(t, hs, "POST", "/api/import", "", `{"format":"sandtable-record/1","game":"soa","scenario":"basic","seed":7,"choices":[]}`); code != 503 {
		t.Errorf("importing a game in progress on a full server: %d %v", code, out)
	}
}

// One client could take every place: creations are limited per client,
// an IPv6 client by its /64, and behind a trusted proxy by the address the
// proxy names.
func TestCreationQuotaPerClient(t *testing.T) {
	_, hs := dosServer(t, Config{GamesPerHour: 3, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}})
	create := func(from string) int {
		code, _ := raw(t, hs, "POST", "/api/games", createBody, map[string]string{"Content-Type": "application/json", "X-Forwarded-For": from})
		return code
	}
	for i, from := range []string{"2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff::9"} {
		if code := create(from); code != 201 {
			t.Fatalf("creation %d: %d", i+1, code)
		}
	}
	if code := create("2001:db8:1:2:abcd::1"); code != 429 {
		t.Errorf("a fourth game from the same /64: %d, want 429", code)
	}
	if code := create("2001:db8:1:3::1"); code != 201 {
		t.Errorf("a game from another /64: %d, want 201", code)
	}
	if code := create("198.51.100.7, 2001:db8:1:2::1"); code != 429 {
		t.Errorf("an address invented left of the proxy's own: %d, want 429", code)
	}
}

// Without a trusted proxy, X-Forwarded-For is the client's own invention.
func TestForwardedForIsIgnoredFromUntrustedPeers(t *testing.T) {
	_, hs := dosServer(t, Config{GamesPerHour: 2})
	for i := 0; i < 3; i++ {
		code, _ := raw(t, hs, "POST", "/api/games", createBody, map[string]string{"Content-Type": "application/json", "X-Forwarded-For": netip.AddrFrom4([4]byte{198, 51, 100, byte(i)}).String()})
		if want := map[bool]int{true: 201, false: 429}[i < 2]; code != want {
			t.Errorf("creation %d with a made-up X-Forwarded-For: %d, want %d", i+1, code, want)
		}
	}
}

// Invite links use the address the browser used, or the public URL a
// trusted proxy gives, never the address the server listens on.
func TestLinksUseTheBrowsersAddress(t *testing.T) {
	_, hs := dosServer(t, Config{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}})
	req, _ := http.NewRequest("POST", hs.URL+"/api/games", strings.NewReader(createBody))
	req.Host = "192.168.1.20:8080"
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var out createAnswer
	decode(t, resp, &out)
	if want := "http://192.168.1.20:8080/play/" + out.ID + "#token=" + out.Tokens["german"]; out.Links["german"] != want {
		t.Errorf("the German link is %q, want %q", out.Links["german"], want)
	}
	proxied := map[string]string{"Content-Type": "application/json", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "games.example.org",
		"Origin": "https://games.example.org"}
	code, got := raw(t, hs, "POST", "/api/games", createBody, proxied)
	if code != 201 || !strings.HasPrefix(got["links"].(map[string]any)["spectator"].(string), "https://games.example.org/play/") {
		t.Errorf("behind the proxy: %d %v", code, got)
	}
	proxied["Origin"] = hs.URL // the proxy's inside address is not the page's
	if code, got := raw(t, hs, "POST", "/api/games", createBody, proxied); code != 403 {
		t.Errorf("an Origin other than the public URL behind the proxy: %d %v", code, got)
	}
	// The seat link holds the token: another browser takes the seat back with it.
	code, link := raw(t, hs, "GET", "/api/games/"+out.ID+"/link", "", map[string]string{"Authorization": "Bearer " + out.Tokens["british"]})
	if code != 200 || link["seat"] != "british" || !strings.HasSuffix(link["link"].(string), "/play/"+out.ID+"#token="+out.Tokens["british"]) {
		t.Errorf("the British seat link: %d %v", code, link)
	}
}

// Sockets per client are capped (they were not).
func TestWebSocketsPerClientAreCapped(t *testing.T) {
	_, hs := dosServer(t, Config{SocketsPerClient: 3})
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/api/games/" + g.ID + "/ws"
	var open []*gorilla.Conn
	for i := 0; i < 3; i++ {
		c, _, err := gorilla.DefaultDialer.Dial(url, nil)
		if err != nil {
			t.Fatalf("socket %d: %v", i+1, err)
		}
		open = append(open, c)
	}
	_, resp, err := gorilla.DefaultDialer.Dial(url, nil)
	if err == nil || resp == nil || resp.StatusCode != 429 {
		t.Fatalf("a fourth socket: %v %v, want 429", resp, err)
	}
	open[0].Close()
	deadline := time.Now().Add(patience)
	for {
		c, _, err := gorilla.DefaultDialer.Dial(url, nil)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a socket closed does not free its place")
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, c := range open[1:] {
		c.Close()
	}
}

// Many sockets watching one game: each view is encoded and compressed once
// per seat, not once per socket, and every socket gets it.
func TestOneCompressedMessagePerSeat(t *testing.T) {
	srv, hs := dosServer(t, Config{SocketsPerClient: 100})
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	base := "ws" + strings.TrimPrefix(hs.URL, "http") + "/api/games/" + g.ID + "/ws"
	dialer := gorilla.Dialer{EnableCompression: true}
	var socks []*gorilla.Conn
	for i := 0; i < 40; i++ {
		url := base
		if i%10 == 0 {
			url += "?token=" + g.Tokens["british"]
		}
		c, resp, err := dialer.Dial(url, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(resp.Header.Get("Sec-WebSocket-Extensions"), "permessage-deflate") {
			t.Fatal("the server did not agree to compress")
		}
		defer c.Close()
		var m map[string]any
		if err := c.ReadJSON(&m); err != nil || m["version"].(float64) != 0 {
			t.Fatalf("first view: %v %v", m, err)
		}
		socks = append(socks, c)
	}
	before := counterValue(t, srv, "sandtable_ws_messages_total")
	_, choices, _ := viewOf(t, hs, g.ID, g.Tokens["british"])
	call(t, hs, "POST", "/api/games/"+g.ID+"/choices", g.Tokens["british"], map[string]any{"version": 0, "choice": choices[0]})
	for i, c := range socks {
		c.SetReadDeadline(time.Now().Add(patience))
		var m map[string]any
		if err := c.ReadJSON(&m); err != nil || m["version"].(float64) != 1 {
			t.Fatalf("socket %d after the choice: %v %v", i, m, err)
		}
	}
	if n := counterValue(t, srv, "sandtable_ws_messages_total") - before; n != 2 {
		t.Errorf("one choice watched by 40 sockets of 2 seats encoded %v messages, want 2", n)
	}
}

func counterValue(t *testing.T, srv *Server, name string) float64 {
	t.Helper()
	mfs, err := srv.metrics.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == name {
			return mf.GetMetric()[0].GetCounter().GetValue()
		}
	}
	t.Fatalf("no metric %s", name)
	return 0
}

// Idle games are archived when the operator asks for it: out of memory and
// out of the cap, still readable and replayable, also after a restart.
func TestIdleGamesAreArchived(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "test.db")
	srv, hs := dosServer(t, Config{DB: db, MaxGames: 1, ArchiveAfter: time.Hour})
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	_, choices, _ := viewOf(t, hs, g.ID, g.Tokens["british"])
	call(t, hs, "POST", "/api/games/"+g.ID+"/choices", g.Tokens["british"], map[string]any{"version": 0, "choice": choices[0]})
	if code, _ := raw(t, hs, "POST", "/api/games", createBody, map[string]string{"Content-Type": "application/json"}); code != 503 {
		t.Fatalf("a second game under a cap of 1: %d", code)
	}
	srv.archiveIdle(time.Now().Add(-time.Minute)) // nothing idle for a minute yet
	if srv.running.Load() != 1 {
		t.Fatal("a game in use was archived")
	}
	srv.archiveIdle(time.Now().Add(time.Minute)) // as if an hour had passed
	check := func(hs *httptest.Server) {
		t.Helper()
		if v, _, _ := viewOf(t, hs, g.ID, g.Tokens["british"]); v != 1 {
			t.Errorf("the archived game's view is at version %d, want 1", v)
		}
		if _, sum := call(t, hs, "GET", "/api/games/"+g.ID, "", nil); sum["archived"] != true {
			t.Errorf("the summary of an archived game: %v", sum)
		}
		if code, out := call(t, hs, "GET", "/api/games/"+g.ID+"/replay?step=0", g.Tokens["british"], nil); code != 200 || out["steps"].(float64) != 1 {
			t.Errorf("replaying an archived game: %d %v", code, out)
		}
		_, again, _ := viewOf(t, hs, g.ID, g.Tokens["british"])
		if code, out := call(t, hs, "POST", "/api/games/"+g.ID+"/choices", g.Tokens["british"], map[string]any{"version": 1, "choice": again[0]}); code != 410 || out["code"] != "archived" {
			t.Errorf("a choice in an archived game: %d %v", code, out)
		}
	}
	check(hs)
	if code, out := raw(t, hs, "POST", "/api/games", createBody, map[string]string{"Content-Type": "application/json"}); code != 201 {
		t.Errorf("the archived game still holds its place under the cap: %d %v", code, out)
	}
	hs.Close()
	srv.Close()
	_, hs2 := dosServer(t, Config{DB: db, MaxGames: 1})
	check(hs2)
}

// Shutdown used to leave WebSockets and bots running against a closed
// store; it closes the sockets (going away) and waits for both.
func TestShutdownWaitsForSocketsAndBots(t *testing.T) {
	srv, err := New(Config{DB: filepath.Join(t.TempDir(), "t.db"), BotDelay: time.Hour, RatePerSecond: 100000, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	g := newGame(t, hs, map[string]string{"german": "human", "british": "bot:random"}) // the bot waits an hour
	c, _, err := gorilla.DefaultDialer.Dial("ws"+strings.TrimPrefix(hs.URL, "http")+"/api/games/"+g.ID+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var m map[string]any
	c.ReadJSON(&m)
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown did not finish: %v", err)
	}
	// Views pushed before the shutdown (the bot's set-up is not paced) may
	// still be queued; the socket must end with a going-away close.
	c.SetReadDeadline(time.Now().Add(patience))
	for err == nil {
		_, _, err = c.ReadMessage()
	}
	if !gorilla.IsCloseError(err, gorilla.CloseGoingAway) {
		t.Errorf("the socket after shutdown: %v, want a going-away close", err)
	}
	if err := srv.Close(); err != nil {
		t.Error(err)
	}
}

// /metrics can live on another address, off the public one.
func TestMetricsElsewhere(t *testing.T) {
	srv, hs := dosServer(t, Config{MetricsElsewhere: true})
	if code, _ := raw(t, hs, "GET", "/metrics", "", nil); code == 200 {
		t.Error("/metrics is served on the public handler")
	}
	rec := httptest.NewRecorder()
	srv.MetricsHandler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if !strings.Contains(rec.Body.String(), "sandtable_games") {
		t.Error("the metrics handler lacks sandtable_games")
	}
}

// The request limit counts an IPv6 client by its /64: one subscriber
// holds a whole /64 and could take a fresh address for every request.
func TestRateLimitCountsIPv6Per64(t *testing.T) {
	srv, hs := dosServer(t, Config{RatePerSecond: 1, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}})
	frozen(srv.limiter)
	from := func(addr string) int {
		code, _ := raw(t, hs, "GET", "/api/catalog", "", map[string]string{"X-Forwarded-For": addr})
		return code
	}
	for i := 1; i <= 2; i++ { // the burst is two seconds' worth
		if code := from(fmt.Sprintf("2001:db8:5:6::%x", i)); code != 200 {
			t.Fatalf("request %d: %d", i, code)
		}
	}
	if code := from("2001:db8:5:6:ffff::1"); code != 429 {
		t.Errorf("a third request at once from the same /64: %d, want 429", code)
	}
	if code := from("2001:db8:5:7::1"); code != 200 {
		t.Errorf("a request from another /64: %d, want 200", code)
	}
}
