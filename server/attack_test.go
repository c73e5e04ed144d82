package server

// Attacks on the server (issue 6, section 4): each test was written to
// succeed as an attack before the server was fixed.

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"sandtable/engine"
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
		if _, err := srv.submit(context.Background(), l, seat, version, id); err != nil {
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
