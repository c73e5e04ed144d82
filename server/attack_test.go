package server

// Attacks on the server (issue 6, section 4): each test was written to
// succeed as an attack before the server was fixed.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	gorilla "github.com/gorilla/websocket"

	"sandtable/engine"
	"sandtable/games"
)

// Fairness: with combat=chits (soa:22) a seat that fires sees the chits drawn;
// if it could undo and fire again it would choose its fire knowing the draw.
// Any draw on the random generator makes a choice final.
func TestChitDrawCannotBeUndone(t *testing.T) {
	srv, hs := testServer(t, "")
	code, out := call(t, hs, "POST", "/api/games", "", map[string]any{"game": "soa", "seed": "3",
		"options": map[string]string{"combat": "chits"}, "seats": map[string]string{"german": "human", "british": "human"}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, out)
	}
	l, _ := srv.lookup(out["id"].(string))
	tokens := out["tokens"].(map[string]any)
	pick := engine.NewRNG(1)
	drawsKeepingTheMove := 0
	for n := 0; n < 3000 && drawsKeepingTheMove < 3; n++ {
		l.mu.Lock()
		seat, version := l.state.ToMove(), len(l.choices)
		if seat == "" {
			l.mu.Unlock()
			break
		}
		choices := engine.Choices(l.state)
		id := choices[pick.Intn(len(choices))].ID
		before := *l.state.RNG()
		l.mu.Unlock()
		if _, _, err := srv.submit(context.Background(), l, seat, version, id); err != nil {
			t.Fatal(err)
		}
		l.mu.Lock()
		after := *l.state.RNG()
		drew, same := after.State != before.State, l.state.ToMove() == seat
		l.mu.Unlock()
		if !drew || !same {
			continue
		}
		drawsKeepingTheMove++
		tok := tokens[string(seat)].(string)
		if _, v := call(t, hs, "GET", "/api/games/"+l.meta.ID+"/view", tok, nil); v["can_undo"] == true {
			t.Errorf("choice %d (%s) drew on the generator, yet the view offers to undo it", version+1, id)
		}
		if code, out := call(t, hs, "POST", "/api/games/"+l.meta.ID+"/undo", tok, map[string]any{"version": version + 1}); code != 409 {
			t.Fatalf("choice %d (%s) drew on the generator and was taken back: %d %v", version+1, id, code, out)
		}
	}
	if drawsKeepingTheMove == 0 {
		t.Fatal("the game never drew chits with the same seat still to move; the attack was not tried")
	}
}

// The API's errors speak of the API: a client has no command line to run.
func TestIllegalChoiceSpeaksOfTheAPI(t *testing.T) {
	_, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	code, out := call(t, hs, "POST", "/api/games/"+g.ID+"/choices", g.Tokens["british"], map[string]any{"version": 0, "choice": "place:nowhere"})
	msg := fmt.Sprint(out["error"])
	if code != 422 || strings.Contains(msg, "sandtable") || !strings.Contains(msg, "/api/games/"+g.ID+"/view") {
		t.Errorf("an illegal choice: %d %q; want 422 pointing at the view, not at a command", code, msg)
	}
}

// raw sends one request with the given headers and returns the status and
// the decoded JSON answer (nil if the answer is not JSON).
func raw(t *testing.T, hs *httptest.Server, method, path, body string, headers map[string]string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(method, hs.URL+path, strings.NewReader(body))
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		out = nil
	}
	return resp.StatusCode, out
}

const createBody = `{"game":"soa","seats":{"german":"human","british":"human"}}`

// Cross-site requests: any page a player visits could create or import
// games in the player's name with a text/plain form, which needs no CORS
// preflight; and a page of another site must not change state at all.
func TestCrossSiteRequestsAreRefused(t *testing.T) {
	_, hs := testServer(t, "")
	json := map[string]string{"Content-Type": "application/json"}
	cases := []struct {
		name    string
		path    string
		headers map[string]string
		code    int
	}{
		{"text/plain create", "/api/games", map[string]string{"Content-Type": "text/plain"}, 415},
		{"form import", "/api/import", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415},
		{"no content type", "/api/games", nil, 415},
		{"another site's page", "/api/games", map[string]string{"Content-Type": "application/json", "Origin": "https://evil.example"}, 403},
		{"another port", "/api/games", map[string]string{"Content-Type": "application/json", "Origin": "http://127.0.0.1:1"}, 403},
		{"cross-site fetch without Origin", "/api/games", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, 403},
		{"our own page", "/api/games", map[string]string{"Content-Type": "application/json", "Origin": hs.URL}, 201},
		{"a program", "/api/games", json, 201},
		{"charset", "/api/games", map[string]string{"Content-Type": "application/json; charset=utf-8"}, 201},
	}
	for _, c := range cases {
		body := createBody
		if c.path == "/api/import" {
			body = `{"format":"sandtable-record/1","game":"soa","scenario":"basic","seed":7,"choices":[]}`
		}
		code, out := raw(t, hs, "POST", c.path, body, c.headers)
		if code != c.code || (code >= 400 && out["code"] == nil) {
			t.Errorf("%s: %d %v, want %d", c.name, code, out, c.code)
		}
	}
}

// Smaller points: a wrong method is 405, errors are JSON, data after the
// JSON body is refused.
func TestMethodsAndBodies(t *testing.T) {
	_, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	json := map[string]string{"Content-Type": "application/json"}
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/games"}, {"DELETE", "/api/games/" + g.ID}, {"PUT", "/api/games/" + g.ID + "/choices"},
		{"POST", "/api/catalog"}, {"POST", "/healthz"}, {"POST", "/metrics"},
	} {
		code, out := raw(t, hs, c.method, c.path, "{}", json)
		if code != 405 || out["code"] != "method_not_allowed" {
			t.Errorf("%s %s: %d %v, want a JSON 405", c.method, c.path, code, out)
		}
	}
	for _, body := range []string{createBody + ` {"game":"soa"}`, createBody + `x`, createBody + `}`} {
		if code, out := raw(t, hs, "POST", "/api/games", body, json); code != 400 || out["code"] != "bad_json" {
			t.Errorf("a body with trailing data %q: %d %v", body[len(createBody):], code, out)
		}
	}
	if code, out := raw(t, hs, "POST", "/api/import", `{"format":"sandtable-record/1","game":"soa","seed":7,"choices":[]} []`, json); code != 400 {
		t.Errorf("an import with trailing data: %d %v", code, out)
	}
	if code, out := raw(t, hs, "GET", "/api/nothing", "", nil); code != 404 || out["code"] != "no_route" {
		t.Errorf("an unknown call: %d %v", code, out)
	}
}

// A body that stalls (slowloris on the body) is cut off with a JSON 408.
func TestStalledBodyIs408(t *testing.T) {
	old := bodyTimeout
	bodyTimeout = 200 * time.Millisecond
	defer func() { bodyTimeout = old }()
	_, hs := testServer(t, "")
	conn, err := net.Dial("tcp", strings.TrimPrefix(hs.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/games HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{", strings.TrimPrefix(hs.URL, "http://"))
	conn.SetReadDeadline(time.Now().Add(patience))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	if resp.StatusCode != 408 || out["code"] != "body_timeout" {
		t.Errorf("a stalled body: %d %v, want a JSON 408", resp.StatusCode, out)
	}
}

// Imports: forced dice hidden in the starting position would let the
// importer know every die to come, as forced dice in the record would.
func TestImportRefusesForcedDiceInPosition(t *testing.T) {
	_, hs := testServer(t, "")
	g, _ := games.Get("soa")
	s, err := g.New("basic", nil, 7)
	if err != nil {
		t.Fatal(err)
	}
	s.RNG().Force(6, 6, 6)
	rec := engine.Record{Format: engine.RecordFormat, Game: "soa", Seed: 7, Position: engine.EncodePosition("soa", s), Choices: []string{}}
	code, out := call(t, hs, "POST", "/api/import", "", string(rec.Encode()))
	if code != 400 || out["code"] != "bad_record" || !strings.Contains(fmt.Sprint(out["error"]), "forces dice") {
		t.Errorf("a position with forced dice: %d %v", code, out)
	}
	s.RNG().Forced = nil
	rec.Position = engine.EncodePosition("soa", s)
	if code, out := call(t, hs, "POST", "/api/import", "", string(rec.Encode())); code != 201 {
		t.Errorf("the same position without forced dice: %d %v", code, out)
	}
}

func decode(t *testing.T, resp *http.Response, v any) {
	t.Helper()
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

// A page of another site may not open a game's WebSocket either: choices
// can be sent over it.
func TestCrossSiteWebSocketIsRefused(t *testing.T) {
	_, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/api/games/" + g.ID + "/ws?token=" + g.Tokens["british"]
	_, resp, err := gorilla.DefaultDialer.Dial(url, http.Header{"Origin": {"https://evil.example"}})
	if err == nil || resp == nil || resp.StatusCode != 403 {
		t.Errorf("a WebSocket from another site's page: %v %v, want 403", resp, err)
	}
	c, _, err := gorilla.DefaultDialer.Dial(url, http.Header{"Origin": {hs.URL}})
	if err != nil {
		t.Fatalf("a WebSocket from our own page: %v", err)
	}
	c.Close()
}
