package server

import (
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"
)

// A seat resigns for itself; the ending is the record's last entry and
// survives a restart.
func TestResign(t *testing.T) {
	dir := t.TempDir()
	_, hs := testServer(t, dir)
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	path := "/api/games/" + g.ID
	if code, out := call(t, hs, "POST", path+"/choices", g.Tokens["german"], map[string]any{"version": 0, "choice": "#resign:british"}); code != 403 {
		t.Fatalf("the German seat resigned for the British: %d %v", code, out)
	}
	if code, out := call(t, hs, "POST", path+"/resign", g.Tokens["german"], map[string]any{"version": 0}); code != 200 || out["version"].(float64) != 1 {
		t.Fatalf("resign: %d %v", code, out)
	}
	_, _, view := viewOf(t, hs, g.ID, g.Tokens["british"])
	if r := view["result"].(map[string]any); r["winner"] != "british" || r["level"] != "decisive" {
		t.Fatalf("after the German resigns: result %v", r)
	}
	if code, _ := call(t, hs, "POST", path+"/resign", g.Tokens["british"], map[string]any{"version": 1}); code != 410 {
		t.Fatalf("resigning a finished game: %d, want 410", code)
	}
	_, rec := call(t, hs, "GET", path+"/record", "", nil)
	if cs := rec["choices"].([]any); len(cs) != 1 || cs[0] != "#resign:german" {
		t.Fatalf("record choices %v", cs)
	}
	hs.Close()
	_, hs2 := testServer(t, dir)
	if _, _, view := viewOf(t, hs2, g.ID, ""); view["result"] == nil {
		t.Fatal("the resignation was lost in a restart")
	}
}

// A draw is agreed by an offer and another seat's acceptance at the same
// version; any choice withdraws the offer; a decline clears it.
func TestAgreedDraw(t *testing.T) {
	_, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	path := "/api/games/" + g.ID
	draw := func(seat, answer string, version int) int {
		code, _ := call(t, hs, "POST", path+"/draw", g.Tokens[seat], map[string]any{"version": version, "answer": answer})
		return code
	}
	if draw("british", "offer", 0) != 200 || draw("british", "accept", 0) != 409 {
		t.Fatal("offer, or accepting one's own offer")
	}
	if _, out := call(t, hs, "GET", path+"/view", g.Tokens["german"], nil); out["draw_offer"] != "british" {
		t.Fatalf("the German view shows no offer: %v", out["draw_offer"])
	}
	if draw("german", "decline", 0) != 200 || draw("german", "accept", 0) != 409 {
		t.Fatal("decline, or accepting a declined offer")
	}
	draw("british", "offer", 0)
	call(t, hs, "POST", path+"/choices", g.Tokens["british"], map[string]any{"version": 0, "choice": "place:22"})
	if draw("german", "accept", 1) != 409 {
		t.Fatal("an offer outlived a choice")
	}
	if draw("german", "offer", 1) != 200 || draw("british", "accept", 1) != 200 {
		t.Fatal("offer and accept")
	}
	_, _, view := viewOf(t, hs, g.ID, "")
	if r := view["result"].(map[string]any); r["level"] != "draw" || r["winner"] != nil {
		t.Fatalf("after an agreed draw: %v", r)
	}
}

// A standing draw offer is stored with the game: after a restart it still
// stands and can be accepted; a declined one stays withdrawn.
func TestDrawOfferSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	srv, hs := testServer(t, dir)
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	other := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	draw := func(hs *httptest.Server, g created, seat, answer string) int {
		code, _ := call(t, hs, "POST", "/api/games/"+g.ID+"/draw", g.Tokens[seat], map[string]any{"version": 0, "answer": answer})
		return code
	}
	if draw(hs, g, "british", "offer") != 200 || draw(hs, other, "british", "offer") != 200 || draw(hs, other, "german", "decline") != 200 {
		t.Fatal("offers, or the decline")
	}
	hs.Close()
	srv.Close()
	_, hs2 := testServer(t, dir)
	if _, out := call(t, hs2, "GET", "/api/games/"+g.ID+"/view", g.Tokens["german"], nil); out["draw_offer"] != "british" {
		t.Fatalf("after a restart the German view shows the offer as %v, want british", out["draw_offer"])
	}
	if _, out := call(t, hs2, "GET", "/api/games/"+other.ID+"/view", other.Tokens["german"], nil); out["draw_offer"] != nil {
		t.Fatalf("after a restart a declined offer stands again: %v", out["draw_offer"])
	}
	if code := draw(hs2, g, "german", "accept"); code != 200 {
		t.Fatalf("accepting the offer after the restart: %d", code)
	}
	if _, _, view := viewOf(t, hs2, g.ID, ""); view["result"].(map[string]any)["level"] != "draw" {
		t.Fatalf("after accepting: %v", view["result"])
	}
}

// A saved set-up is applied as one batch: all choices, or none when one
// is not legal or not the caller's.
func TestChoiceBatch(t *testing.T) {
	_, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	batch := func(version int, ids ...string) (int, map[string]any) {
		return call(t, hs, "POST", "/api/games/"+g.ID+"/choices/batch", g.Tokens["british"], map[string]any{"version": version, "choices": ids})
	}
	if code, out := batch(0, "place:22", "place:99"); code != 422 {
		t.Fatalf("a batch with an illegal choice: %d %v", code, out)
	}
	if code, _ := batch(0, "setup-historical", "setup-historical"); code != 409 {
		t.Fatalf("a batch running into the German set-up: %d, want 409", code)
	}
	if v, _, _ := viewOf(t, hs, g.ID, g.Tokens["british"]); v != 0 {
		t.Fatalf("refused batches made choices: version %d", v)
	}
	// One version per British unit placed, however they were chosen: the
	// 50 of the British set-up (data/setup.json, counted in TestSetupHistorical).
	if code, out := batch(0, "place:22", "place:22", "setup-random"); code != 200 || out["version"].(float64) != 50 {
		t.Fatalf("batch: %d %v", code, out)
	}
	if _, choices, _ := viewOf(t, hs, g.ID, g.Tokens["german"]); len(choices) == 0 {
		t.Fatal("after the British batch the German is not asked to set up")
	}
}

// A bot's set-up choices are not paced by the bot delay.
func TestBotSetupUnpaced(t *testing.T) {
	srv, err := New(Config{DB: filepath.Join(t.TempDir(), "test.db"), BotDelay: time.Hour, RatePerSecond: 100000, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	g := newGame(t, hs, map[string]string{"german": "human", "british": "bot:random"})
	if !askedWithin(t, hs, g, "german", patience) {
		t.Fatal("the bot's set-up waited for the bot delay")
	}
}

// askedWithin reports whether seat is offered choices within d.
func askedWithin(t *testing.T, hs *httptest.Server, g created, seat string, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if _, choices, _ := viewOf(t, hs, g.ID, g.Tokens[seat]); len(choices) > 0 {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false
}

// An imported record that ends with an ending event is a finished game.
func TestImportResignedRecord(t *testing.T) {
	_, hs := testServer(t, "")
	code, out := call(t, hs, "POST", "/api/import", "", `{"format":"sandtable-record/1","game":"soa","scenario":"basic","seed":7,"choices":["setup-historical","#resign:british"]}`)
	if code != 201 {
		t.Fatalf("import: %d %v", code, out)
	}
	_, _, view := viewOf(t, hs, out["id"].(string), "")
	if r, ok := view["result"].(map[string]any); !ok || r["winner"] != "german" {
		t.Fatalf("the imported resignation: result %v", view["result"])
	}
}
