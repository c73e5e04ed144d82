package play

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"sandtable/ai"
	"sandtable/engine"
	"sandtable/games/soa"
)

// R asks first; y resigns: the other side wins at its best level and the
// record ends with the resignation, which cannot be taken back.
func TestScreenResigns(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	m := start(t, p, britSize)
	press(m, "R")
	mustContain(t, m.View(), "Resign as British?", "y resigns, any other key plays on")
	press(m, "n")
	if p.State.ToMove() != "british" || len(p.Rec.Choices) != 0 {
		t.Fatalf("n resigned: to move %q, record %v", p.State.ToMove(), p.Rec.Choices)
	}
	mustContain(t, m.View(), "Map, as British sees it", "you play on")
	press(m, "R", "y")
	if got := p.Rec.Choices; len(got) != 1 || got[0] != "#resign:british" {
		t.Fatalf("after R y the record holds %v, want [#resign:british]", got)
	}
	r := p.State.Result()
	if r == nil || r.Winner != "german" {
		t.Fatalf("result %+v, want german the winner", r)
	}
	// The resignation is the record's entry but no choice: nobody chose anything.
	mustContain(t, m.View(), "╭─ Game over", "winner German", "The british side resigns", "game over after 0 choices", "Game over after 0 choices:")
	if msg, err := p.Save(); err != nil || !strings.Contains(msg, "(0 choices, then #resign:british)") {
		t.Errorf("saving says %q (%v), want 0 choices, then #resign:british", msg, err)
	}
	press(m, "u")
	mustContain(t, m.View(), "cannot undo: the game was ended by its players")
	if len(p.Rec.Choices) != 1 {
		t.Fatalf("undo after the resignation left %v", p.Rec.Choices)
	}
}

// D against a bot: the bot declines, as in line mode, and the game goes on.
func TestScreenDrawOfferToABot(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	m := start(t, p, britSize)
	press(m, "D")
	mustContain(t, m.View(), "German (a bot) declines the draw", "British to choose")
	if len(p.Rec.Choices) != 0 || p.State.ToMove() != "british" {
		t.Fatalf("a bot's refusal changed the game: %v", p.Rec.Choices)
	}
}

// D at the hotseat: the other seat answers on a screen that hides the
// board; a refusal hands the board back after the privacy pause, an
// acceptance draws the game.
func TestScreenDrawOfferAtTheHotseat(t *testing.T) {
	p := newSession(t, 1, nil, hotseat)
	m := start(t, p, britSize)
	press(m, "enter", "D")
	mustHideBoard(t, m.View(), "British offers a draw", "German, do you accept? y accepts, n declines")
	press(m, "n")
	mustHideBoard(t, m.View(), "German declines the draw", "British to choose", "The board is hidden")
	press(m, "enter")
	mustContain(t, m.View(), "Map, as British sees it")
	press(m, "D", "y")
	if got := p.Rec.Choices; len(got) != 1 || got[0] != "#draw" {
		t.Fatalf("after an accepted draw the record holds %v, want [#draw]", got)
	}
	if r := p.State.Result(); r == nil || r.Winner != "" || r.Level != "draw" {
		t.Fatalf("result %+v, want a draw", r)
	}
	mustContain(t, m.View(), "╭─ Game over", "winner nobody", "Drawn by agreement")
}

// Where the firer confirms an attack the screen shows its AV and DV and
// the chance of each result, as the engine's view computes them
// (soa:8.351-8.353).
func TestScreenShowsFireOdds(t *testing.T) {
	p := newSession(t, 5, nil, vsBot)
	me := ai.NewRandom(11) // plays the British seat to reach an attack
	var odds *soa.FireOdds
	for odds == nil {
		if p.State.ToMove() == "" {
			t.Fatal("the game ended before the British designated a fire attack")
		}
		if p.State.ToMove() == "british" {
			if d := p.State.View("british").(soa.View).Drafting; d != nil && d.Odds != nil {
				odds = d.Odds
				break
			}
		}
		b := p.BotToMove()
		if b == nil {
			b = me
		}
		a, err := ai.Move(context.Background(), b, p.State)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Apply(a, false); err != nil {
			t.Fatal(err)
		}
	}
	m := start(t, p, tea.WindowSizeMsg{Width: 320, Height: 60})
	c := odds.Results[0]
	if c.CP != 0 {
		t.Fatalf("the attack found cannot miss: %+v", odds)
	}
	values := fmt.Sprintf("odds: AV %d against DV %d: ", odds.AttackValue, odds.DefenceValue)
	mustContain(t, m.View(), values+fmt.Sprintf("no effect %.1f%%", 100*float64(c.Ways)/float64(c.Of)))
	// At 80×24 the map has six lines: the turn and the score give way so
	// that the attack and every chance of its result stay readable.
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	v := m.View()
	mustContain(t, v, "designating: fire on", "odds: AV")
	for _, c := range odds.Results {
		if p := 100 * float64(c.Ways) / float64(c.Of); p >= 0.05 {
			mustContain(t, v, fmt.Sprintf(" %.1f%%", p))
		}
	}
}

// R while the bot chooses: the question waits for y whether the bot's move
// lands first (it is played, then the person resigns) or not (it is
// dropped); D gets the bot's refusal at once.
func TestScreenResignsWhileTheBotChooses(t *testing.T) {
	botFirst := map[engine.Seat]string{"german": Person, "british": "random"} // the British set up first
	for _, botLands := range []bool{true, false} {
		p := newSession(t, 3, nil, botFirst)
		m := newModel(p)
		bot := m.Init()
		m.Update(britSize)
		press(m, "D")
		mustContain(t, m.View(), "British (a bot) declines the draw", "British (random) is choosing", "· R resign · D draw ·")
		press(m, "R")
		mustHideBoard(t, m.View(), "Resign as German?")
		if botLands {
			m.Update(bot())
			mustHideBoard(t, m.View(), "Resign as German?")
		}
		press(m, "y")
		if !botLands {
			m.Update(bot()) // too late: the game is over
		}
		want := 1
		if botLands {
			want = 2
		}
		if got := p.Rec.Choices; len(got) != want || got[want-1] != "#resign:german" {
			t.Fatalf("bot's move landed %v: the record holds %v, want %d entries ending with #resign:german", botLands, got, want)
		}
		if r := p.State.Result(); r == nil || r.Winner != "british" {
			t.Fatalf("result %+v, want british the winner", r)
		}
	}
}

// At the hotseat while the reaction clock (soa:8.17) runs: R resigns even
// if the clock runs out while the question is up; D waits, and the footer
// says why before and after it is pressed.
func TestScreenEndingsOnTheClock(t *testing.T) {
	p := newSession(t, 2, map[string]string{"reaction": "10"}, hotseat)
	toTheClock(t, p)
	m := start(t, p, tea.WindowSizeMsg{Width: 80, Height: 24})
	press(m, "enter")
	seat := p.State.ToMove()
	mustContain(t, m.View(), "10s left", drawOnTheClock)
	press(m, "D")
	if m.offer != "" {
		t.Fatal("a draw was offered on the clock")
	}
	mustContain(t, m.View(), drawOnTheClock)
	n := len(p.Rec.Choices)
	press(m, "R")
	_, cmd := m.Update(tickMsg{m.clock, m.deadline})
	settle(m, cmd)
	mustHideBoard(t, m.View(), fmt.Sprintf("Resign as %s?", p.Name(seat)))
	press(m, "y")
	if got := p.Rec.Choices[n:]; len(got) != 2 || got[0] != "pass" || got[1] != "#resign:"+string(seat) {
		t.Fatalf("the record goes on with %v, want pass (the clock) then #resign:%s", got, seat)
	}
	mustContain(t, m.View(), "── Game over", "resigns")
}
