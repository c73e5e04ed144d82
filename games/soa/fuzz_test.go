package soa

import (
	"fmt"
	"testing"

	"sandtable/engine"
)

// TestRandomPlay plays whole games in which every seat picks uniformly among
// its legal choices, with every option combination in turn; the invariants
// are checked after every choice (engine.RandomGame) and every record is
// replayed to the same state hash (docs/design.md section 6). -short plays fewer.
func TestRandomPlay(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 100
	}
	g := MustLoad()
	optionSets := []map[string]string{
		nil,
		{"hidden_at": "on"},
		{"combat": "chits"},
		{"bidding": "on", "hidden_at": "on", "combat": "chits"},
	}
	pick := engine.NewRNG(20261121)
	total := 0
	for i := 0; i < games; i++ {
		opts := optionSets[i%len(optionSets)]
		rec, _, err := engine.RandomGame(g, "basic", opts, uint64(i), &pick)
		if err != nil {
			t.Fatalf("game %d (options %v): %v\nrecord: %s", i, opts, err, rec.Encode())
		}
		total += len(rec.Choices)
		if _, err := engine.Verify(g, rec); err != nil {
			t.Fatalf("game %d: replay: %v", i, err)
		}
	}
	t.Logf("%d games, %d choices, %.0f choices a game", games, total, float64(total)/float64(games))
}

// TestRandomPlayPositions saves a position at random moments of random games,
// loads it again and checks that play goes on identically from both.
func TestRandomPlayPositions(t *testing.T) {
	g := MustLoad()
	pick := engine.NewRNG(5)
	if s := g.newState(options{}, 1); s.Hash() != s.Clone().Hash() {
		t.Fatal("a clone must hash like its original")
	}
	for i := 0; i < 20; i++ {
		st, _ := g.New("basic", map[string]string{"hidden_at": "on", "bidding": "on"}, uint64(i))
		for n := 0; st.ToMove() != ""; n++ {
			if n%97 == 0 {
				doc := engine.EncodePosition("soa", st)
				back, err := engine.LoadPositionDoc(g, doc)
				if err != nil {
					t.Fatalf("game %d choice %d: %v", i, n, err)
				}
				if back.Hash() != st.Hash() {
					t.Fatalf("game %d choice %d: hash %x after reload, %x before", i, n, back.Hash(), st.Hash())
				}
				if fmt.Sprint(engine.Choices(back)) != fmt.Sprint(engine.Choices(st)) {
					t.Fatalf("game %d choice %d: the reloaded position offers other choices", i, n)
				}
			}
			acts := st.Legal(nil)
			if err := st.Apply(acts[pick.Intn(len(acts))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
