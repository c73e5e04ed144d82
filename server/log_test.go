package server

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"sandtable/engine"
	"sandtable/games"
)

// The log travels by cursor (docs/api.md): views carry only the lines a
// client does not have, a client that joins late pages through the rest,
// and a seat's secret lines (soa:5.5 set-ups) never reach another seat.

// logDoc is the log part of a view document or a log page.
type logDoc struct {
	LogLen  int              `json:"log_len"`
	LogFrom int              `json:"log_from"`
	From    int              `json:"from"`
	Log     []engine.LogLine `json:"log"`
}

// getLog makes a GET call and decodes the log part of its answer (of its
// "view" when it has one).
func getLog(t *testing.T, hs *httptest.Server, path, token string) logDoc {
	t.Helper()
	code, out := call(t, hs, "GET", path, token, nil)
	if code != 200 {
		t.Fatalf("GET %s: %d %v", path, code, out)
	}
	if v, ok := out["view"]; ok {
		out = v.(map[string]any)
	}
	data, _ := json.Marshal(out)
	var d logDoc
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatal(err)
	}
	return d
}

func texts(lines []engine.LogLine) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.Text
	}
	return out
}

// A finished game of about 2,000 lines: each seat's view carries only the
// newest 100 lines, and paging from 0 gives exactly the lines that seat may
// read, which leave out the other side's set-up (soa:5.5).
func TestLogPagesForALateJoiner(t *testing.T) {
	_, hs := testServer(t, "")
	g, err := games.Get("soa")
	if err != nil {
		t.Fatal(err)
	}
	pick := engine.NewRNG(3)
	rec, final, err := engine.RandomGame(g, "basic", nil, 3, &pick)
	if err != nil {
		t.Fatal(err)
	}
	code, out := call(t, hs, "POST", "/api/import", "", rec)
	if code != 201 {
		t.Fatalf("import: %d %v", code, out)
	}
	id := out["id"].(string)
	tokens := out["tokens"].(map[string]any)
	lb := final.(engine.Logbook)
	read := map[engine.Seat][]string{}
	for _, seat := range []engine.Seat{"german", "british", engine.Spectator} {
		tok, _ := tokens[string(seat)].(string)
		want := texts(lb.LogLines(seat, 0, lb.LogLen(seat)))
		v := getLog(t, hs, "/api/games/"+id+"/view", tok)
		if v.LogLen != len(want) || v.LogFrom != len(want)-100 || len(v.Log) != 100 || v.Log[0].Text != want[len(want)-100] {
			t.Fatalf("%s: the view has %d lines from %d of %d, want the newest 100 of %d", seat, len(v.Log), v.LogFrom, v.LogLen, len(want))
		}
		var got []string
		for from := 0; from < v.LogFrom; from += 500 {
			p := getLog(t, hs, fmt.Sprintf("/api/games/%s/log?from=%d&limit=500", id, from), tok)
			if p.From != from || p.LogLen != len(want) {
				t.Fatalf("%s: page from %d answers from %d of %d", seat, from, p.From, p.LogLen)
			}
			got = append(got, texts(p.Log)...)
		}
		got = append(got[:v.LogFrom], texts(v.Log)...)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("%s: the pages and the view do not make up the seat's log", seat)
		}
		read[seat] = got
	}
	setups := func(seat engine.Seat) map[string]bool {
		out := map[string]bool{}
		for _, l := range read[seat] {
			if strings.Contains(l, " sets up in ") {
				out[l] = true
			}
		}
		return out
	}
	brit, germ := setups("british"), setups("german")
	if len(brit) == 0 || len(germ) == 0 || len(setups(engine.Spectator)) != 0 {
		t.Fatalf("set-up lines: british %d, german %d, spectator %d; want some, some, none", len(brit), len(germ), len(setups(engine.Spectator)))
	}
	for l := range brit {
		if germ[l] {
			t.Fatalf("the German seat reads the British set-up line %q", l)
		}
	}
	// The replay reads the log by cursor too: at the end, from 5 lines
	// before it; at step 1000, from the end's cursor, which is beyond that
	// step's log, so the client is told where to cut.
	n := len(read["german"])
	if r := getLog(t, hs, fmt.Sprintf("/api/games/%s/replay?step=%d&log_from=%d", id, len(rec.Choices), n-5), tokens["german"].(string)); r.LogFrom != n-5 || len(r.Log) != 5 || r.Log[4].Text != read["german"][n-1] {
		t.Errorf("replay at the end from %d: %d lines from %d", n-5, len(r.Log), r.LogFrom)
	}
	early := *rec
	early.Choices = rec.Choices[:1000]
	es, err := engine.Replay(g, &early)
	if err != nil {
		t.Fatal(err)
	}
	k := es.(engine.Logbook).LogLen("german")
	if r := getLog(t, hs, fmt.Sprintf("/api/games/%s/replay?step=1000&log_from=%d", id, n), tokens["german"].(string)); r.LogLen != k || r.LogFrom != k || len(r.Log) != 0 {
		t.Errorf("replay at step 1000 from the end's cursor %d: %d lines from %d of %d, want to cut at %d", n, len(r.Log), r.LogFrom, r.LogLen, k)
	}
	// Once the game has ended, anyone may read any seat's log (as the replay).
	if p := getLog(t, hs, "/api/games/"+id+"/log?as=british&limit=1", ""); p.LogLen != len(read["british"]) {
		t.Errorf("as=british after the end: %d lines, want %d", p.LogLen, len(read["british"]))
	}
}

// Bad cursors and limits are refused; another seat's log is closed while
// the game runs.
func TestLogPageRefusals(t *testing.T) {
	_, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	for _, q := range []string{"from=-1", "from=x", "limit=0", "limit=501", "limit=x"} {
		if code, out := call(t, hs, "GET", "/api/games/"+g.ID+"/log?"+q, "", nil); code != 400 {
			t.Errorf("?%s: %d %v, want 400", q, code, out)
		}
	}
	if code, out := call(t, hs, "GET", "/api/games/"+g.ID+"/view?log_from=-2", "", nil); code != 400 {
		t.Errorf("view ?log_from=-2: %d %v, want 400", code, out)
	}
	if code, out := call(t, hs, "GET", "/api/games/"+g.ID+"/log?as=british", g.Tokens["german"], nil); code != 403 {
		t.Errorf("the British log for the German while the game runs: %d %v, want 403", code, out)
	}
}

// Pushes carry only the new lines of each seat: the British seat gets its
// set-up lines one by one, the German seat and a spectator get none of them
// (soa:5.5); an undo tells the British sockets where to cut, and so does a
// view asked for with a cursor beyond the end.
func TestLogPushesOnlyNewLines(t *testing.T) {
	_, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	dial := func(query string) *websocket.Conn {
		c, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(hs.URL, "http")+"/api/games/"+g.ID+"/ws"+query, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	next := func(c *websocket.Conn) logDoc {
		t.Helper()
		var m struct {
			View logDoc `json:"view"`
		}
		c.SetReadDeadline(time.Now().Add(patience))
		if err := c.ReadJSON(&m); err != nil {
			t.Fatal(err)
		}
		return m.View
	}
	brit, germ, spec := dial("?token="+g.Tokens["british"]), dial("?token="+g.Tokens["german"]), dial("")
	for _, c := range []*websocket.Conn{brit, germ, spec} {
		if d := next(c); d.LogLen != 0 || len(d.Log) != 0 {
			t.Fatalf("first view before any choice: %+v", d)
		}
	}
	for i := 0; i < 2; i++ {
		_, choices, _ := viewOf(t, hs, g.ID, g.Tokens["british"])
		if code, out := call(t, hs, "POST", "/api/games/"+g.ID+"/choices", g.Tokens["british"], map[string]any{"version": i, "choice": choices[0]}); code != 200 {
			t.Fatalf("choice %d: %d %v", i, code, out)
		}
		if d := next(brit); d.LogLen != i+1 || d.LogFrom != i || len(d.Log) != 1 || !strings.Contains(d.Log[0].Text, " sets up in ") {
			t.Fatalf("British push after placement %d: %+v, want its one set-up line from %d", i+1, d, i)
		}
		for _, c := range []*websocket.Conn{germ, spec} {
			if d := next(c); d.LogLen != 0 || d.LogFrom != 0 || len(d.Log) != 0 {
				t.Fatalf("German or spectator push after a secret placement: %+v, want no lines", d)
			}
		}
	}
	if code, out := call(t, hs, "POST", "/api/games/"+g.ID+"/undo", g.Tokens["british"], map[string]any{"version": 2}); code != 200 {
		t.Fatalf("undo: %d %v", code, out)
	}
	if d := next(brit); d.LogLen != 1 || d.LogFrom != 1 || len(d.Log) != 0 {
		t.Fatalf("British push after the undo: %+v, want to cut at 1", d)
	}
	if d := getLog(t, hs, "/api/games/"+g.ID+"/view?log_from=2", g.Tokens["british"]); d.LogLen != 1 || d.LogFrom != 1 || len(d.Log) != 0 {
		t.Fatalf("a view from a cursor beyond the end: %+v, want to cut at 1", d)
	}
	// A socket that joins holding one line gets none; one that holds nothing gets the line.
	if d := next(dial("?log_from=1&token=" + g.Tokens["british"])); d.LogFrom != 1 || len(d.Log) != 0 {
		t.Fatalf("joining with the log up to 1: %+v", d)
	}
	if d := next(dial("?token=" + g.Tokens["british"])); d.LogFrom != 0 || len(d.Log) != 1 {
		t.Fatalf("joining with no log: %+v", d)
	}
}
