package mgmg

import (
	"testing"

	"sandtable/engine"
)

// TestEndings: a resignation gives the other side the game, whichever side
// the seat commands; in Fortress Holland the allied seat is the Dutch; an
// agreed draw has no winner. Each needs a game still running.
func TestEndings(t *testing.T) {
	for _, c := range []struct {
		game, id, winner, text string
	}{
		{"mgmg", "#resign:german", "allied", "The Germans resign: the Allied side wins"},
		{"mgmg", "#resign:allied", "german", "The Allies resign: the German side wins"},
		{"fh40", "#resign:allied", "german", "The Dutch resign: the German side wins"},
		{"mgmg", "#draw", "", "Drawn by agreement"},
	} {
		g := MustLoad()
		if c.game == "fh40" {
			g = MustLoadFH40()
		}
		st, err := g.New("standard", nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := engine.Play(g, st, c.id); err != nil {
			t.Fatalf("%s %s: %v", c.game, c.id, err)
		}
		if r := st.Result(); st.ToMove() != "" || r == nil || string(r.Winner) != c.winner || r.Text != c.text {
			t.Errorf("%s %s: to move %q, result %+v; want the game over, won by %q: %q", c.game, c.id, st.ToMove(), r, c.winner, c.text)
		}
		if _, err := engine.Play(g, st, c.id); err == nil {
			t.Errorf("%s %s: ended twice", c.game, c.id)
		}
	}
}
