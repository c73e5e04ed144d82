package mgmg

import (
	"fmt"
	"testing"

	"sandtable/engine"
)

// TestRandomPlay plays whole games in which every seat picks uniformly among
// its legal choices, in both scenarios; the invariants are checked after
// every choice (engine.RandomGame) and every record is replayed to the same
// state hash (docs/design.md section 6). -short plays fewer.
func TestRandomPlay(t *testing.T) {
	randomPlay(t, MustLoad(), []string{"standard", "extended"}, 20261123)
}

// randomPlay plays random games of g, its scenarios in turn.
func randomPlay(t *testing.T, g engine.Game, scenarios []string, seed uint64) {
	games := 400
	if testing.Short() {
		games = 40
	}
	pick := engine.NewRNG(seed)
	total := 0
	for i := range games {
		sc := scenarios[i%len(scenarios)]
		rec, _, err := engine.RandomGame(g, sc, nil, uint64(i), &pick)
		if err != nil {
			t.Fatalf("game %d (%s): %v\nrecord: %s", i, sc, err, rec.Encode())
		}
		total += len(rec.Choices)
		if _, err := engine.Verify(g, rec); err != nil {
			t.Fatalf("game %d: replay: %v", i, err)
		}
	}
	t.Logf("%d games, %d choices, %.0f choices a game", games, total, float64(total)/float64(games))
}

// TestRandomPlayPositions saves a position at moments of random games, loads
// it again and checks that play goes on identically from both.
func TestRandomPlayPositions(t *testing.T) { randomPlayPositions(t, MustLoad(), "extended", 5) }

// randomPlayPositions plays random games of g's scenario, reloading their
// positions as it goes.
func randomPlayPositions(t *testing.T, g engine.Game, scenario string, seed uint64) {
	pick := engine.NewRNG(seed)
	for i := range 20 {
		st, err := g.New(scenario, nil, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; st.ToMove() != ""; n++ {
			if n%7 == 0 {
				back, err := engine.LoadPositionDoc(g, engine.EncodePosition(g.ID(), st))
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
