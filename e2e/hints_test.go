package e2e

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"sandtable/engine"
	"sandtable/games"
	"sandtable/server"
	"sandtable/server/store"
)

// TestHints creates in the lobby a game with hints against the bot: the
// header marks it a study, and once the bot has set up, the Hint button
// shows a suggestion that is one of our choices, marked among them. The
// lobby's list marks the game a study too.
func TestHints(t *testing.T) {
	base := newServer(t)
	p := newProfile(t, "hints", base)
	p.createAgainstBot(chromedp.Click(chromedp.CSS("#hints")))
	p.do("the study mark", 5*time.Second, chromedp.WaitVisible(chromedp.CSS("#crumbs .study-mark")))
	s := p.waitFor("the bot's set-up", 20*time.Second, `s.mine && s.step === 'setup-german' && s.choices.length > 0`)
	p.do("ask for a hint", 10*time.Second,
		chromedp.Click(chromedp.CSS("#hint-button")),
		chromedp.WaitVisible(chromedp.CSS("#hint-choice")))
	hinted := run(p, "the hint", 5*time.Second, chromedp.Evaluate[[]string](
		`[document.querySelector('#hint-choice').dataset.choice, document.querySelector('#choices button.hinted')?.dataset.choice || '']`))
	if !slices.Contains(s.Choices, hinted[0]) || hinted[1] != hinted[0] {
		t.Fatalf("the hint %q (marked among the choices: %q) is not one of our choices %v", hinted[0], hinted[1], s.Choices)
	}
	p.shot("hint.png")
	id := p.gameID()
	p.open("/", "#my-games")
	p.do("the lobby marks the game a study", 10*time.Second, chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`li.my-game[data-game=%q] .study-mark`, id))))
}

// TestEstimatePlot opens the replay of an ended game whose bots made
// estimates: it plots the German's chance over the steps, a British
// estimate counting as one minus it, and marks the step on screen.
func TestEstimatePlot(t *testing.T) {
	db := filepath.Join(t.TempDir(), "plot.db")
	g, err := games.Get("soa")
	if err != nil {
		t.Fatal(err)
	}
	m := newSim(t, "5")
	rng := rand.New(rand.NewPCG(5, 5))
	var choices []string
	for range 40 {
		choices = append(choices, m.applyRandom(rng))
	}
	choices = append(choices, "#resign:british")
	opts, err := engine.ResolveOptions(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.OpenSQLite(db)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	err = st.CreateGame(ctx, store.Game{ID: "g_plot", Game: "soa", Scenario: "basic", Options: opts, Seed: 5, Rules: engine.RulesVersion(g),
		Seats: map[string]string{"german": "human", "british": "bot:random"}, Created: time.Now(), Over: true, Choices: choices}, nil)
	for _, e := range []store.Estimate{{Version: 0, Seat: "german", P: 0.5}, {Version: 10, Seat: "british", P: 0.8}, {Version: 20, Seat: "german", P: 0.9}} {
		if err == nil {
			err = st.AddEstimate(ctx, "g_plot", e)
		}
	}
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	base := newServer(t, func(c *server.Config) { c.DB = db })
	p := newProfile(t, "replay", base)
	p.open("/replay/g_plot?step=10", "#estimates-plot polyline")
	// 41 steps over 300 units; the German's chance p at height (1-p)*90.
	want := fmt.Sprintf("0.0,45.0 %.1f,72.0 %.1f,9.0", 10.0/41*300, 20.0/41*300)
	got := run(p, "the plot", 5*time.Second, chromedp.Evaluate[[]string](
		`[document.querySelector('#estimates-plot polyline').getAttribute('points'), document.querySelector('#estimates-plot .plot-step').getAttribute('x1')]`))
	if got[0] != want || got[1] != fmt.Sprintf("%.1f", 10.0/41*300) {
		t.Fatalf("the plot's line %q with the step at x %s; want %q with the step at step 10", got[0], got[1], want)
	}
	p.do("to the end", 5*time.Second, chromedp.Click(chromedp.CSS("#replay-end")))
	p.waitFor("the last step", 10*time.Second, `document.querySelector('#estimates-plot .plot-step').getAttribute('x1') === '300.0'`)
	p.shot("replay-estimates.png")
}
