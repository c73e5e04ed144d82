package e2e

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"sandtable/engine"
)

// mgmgSeed is the seed of the game TestMontysGamble plays; any seed will
// do, the test plans with the engine.
const mgmgSeed = "8"

// closing are the choices that end a step or an impulse (mgmg:8.24, 9.1,
// 12.2, 13.7, 6.5): the scripted player of TestMontysGamble prefers them.
var closing = []string{"pass", "done", "end-impulse", "stop", "support-done", "stay", "keep", "single"}

// TestMontysGamble plays a whole game of Monty's Gamble: Market-Garden in
// one browser holding both seats: the lobby creates it, both Setup Cards
// are placed (the German one formation at a time, mgmg:5.2), then every
// choice to the end is made on the page as a player makes it (a place or
// counter on the map, a box's counter, or a button), scripted by a fixed
// random sequence, the page checked against the engine at each step. On
// the way: the map draws mgmg's places, crossings, tracks and displays,
// and a rule link opens the mgmg rules index at its section.
func TestMontysGamble(t *testing.T) {
	base := newServer(t)
	p := newProfile(t, "mgmg", base)
	tm := newTimer(t)

	p.open("/", "#new-game #create-game")
	run(p, "pick the game", 5*time.Second, chromedp.Evaluate[bool](
		`(() => { const g = document.querySelector('select[name=game]'); g.value = 'mgmg'; g.dispatchEvent(new Event('change')); return true; })()`))
	p.do("fill in the new-game form", 5*time.Second,
		chromedp.WaitVisible(chromedp.CSS(`select[name=seat-allied]`)),
		chromedp.SetValue(chromedp.CSS(`select[name=seat-german]`), "here"),
		chromedp.SetValue(chromedp.CSS(`select[name=seat-allied]`), "here"),
		chromedp.SendKeys(chromedp.CSS(`input[name=seed]`), mgmgSeed))
	p.do("create the game", 20*time.Second,
		chromedp.Click(chromedp.CSS("#create-game")),
		chromedp.WaitVisible(chromedp.CSS(".game-page[data-version]")))
	m := newGameSim(t, "mgmg", "standard", mgmgSeed)
	s := p.waitFor("the first view", 10*time.Second, "s.version === 0 && s.choices.length > 0")
	m.check("first view", s)
	if !strings.Contains(s.Prompt, "Setup Card") || s.ToMove != "german" {
		t.Fatalf("the game begins with %s to move, prompt %q; want the German set-up", s.ToMove, s.Prompt)
	}
	tm.mark("lobby: mgmg game created")

	// What the map draws: every place, the bridges and ferries, the tracks
	// and displays of the side panel (mgmg:3.4-3.10).
	drawn := run(p, "read the map", 5*time.Second, chromedp.Evaluate[map[string]int](`(() => ({
	  places: document.querySelectorAll('#board [data-place]').length,
	  turn: document.querySelectorAll('#status .track[data-track="turn"] li').length,
	  impulse: document.querySelectorAll('#track-impulse .track li').length,
	  supply: document.querySelectorAll('#track-supply .track li').length,
	  air: document.querySelectorAll('#air-displays .marker-icon').length,
	  construct: document.querySelectorAll('#construction-box .marker-icon').length,
	  boat: document.querySelectorAll('#boat-assault-box .marker-icon').length,
	  uk: document.querySelectorAll('#uk-box').length,
	}))()`))
	// 76 places (65 areas, 10 zones, the UK box); September 17-20; the
	// Impulse Track's C, B, A, 0-13; five air markers; one German and two
	// Allied construct markers; one boat marker.
	want := map[string]int{"places": 76, "turn": 4, "impulse": 17, "supply": 21, "air": 5, "construct": 3, "boat": 1, "uk": 1}
	for k, n := range want {
		if drawn[k] != n {
			t.Errorf("the page draws %d %s, want %d (all: %v)", drawn[k], k, n, drawn)
		}
	}

	// The set-up: the Germans a formation at a time, the Allies whole.
	for s.Step == "setup" {
		var c engine.Choice
		for _, x := range m.choices() {
			if strings.HasPrefix(x.ID, "formation:") && s.ToMove == "german" || x.ID == "setup-historical" && s.ToMove == "allied" {
				c = x
				break
			}
		}
		s = p.choose(s.Version, c)
		m.apply(c.ID)
		m.check("set-up "+c.ID, s)
	}
	tm.mark("both set-ups")
	if s.BoardGerman == 0 {
		t.Fatal("after the set-up no German counter is on the map")
	}

	// Every choice to the end, made on the page, scripted by a fixed
	// random sequence; the page checked against the engine at each.
	rng := rand.New(rand.NewPCG(8, 8))
	id := p.gameID()
	tokens := run(p, "read the stored tokens", 5*time.Second, chromedp.Evaluate[map[string]string](fmt.Sprintf(
		`(JSON.parse(localStorage.getItem('sandtable.games.v1') || '{}')[%q] || {}).tokens || {}`, id)))
	shot, n := false, 0
	for m.s.ToMove() != "" {
		if n > 0 && n%150 == 0 {
			// A browser's time is bounded here: the game goes on in
			// another, given both seats' links, as a player would move to
			// another machine.
			q := newProfile(t, fmt.Sprintf("mgmg from choice %d", n), base)
			q.open("/play/"+id+"#token="+tokens["german"], ".game-page[data-version]")
			q.open("/", "#new-game")
			q.open("/play/"+id+"#token="+tokens["allied"], ".game-page[data-version]")
			p.close()
			p = q
			s = p.waitFor("the game as it was", 10*time.Second, fmt.Sprintf("s.version === %d && s.choices.length > 0", s.Version))
			m.check(fmt.Sprintf("reopened at choice %d", n), s)
		}
		cs := m.choices()
		c := cs[rng.IntN(len(cs))]
		// A third of the time a choice that closes what is going on, where one is
		// offered: a game of fewer choices, each made as a player would.
		if i := slices.IndexFunc(cs, func(x engine.Choice) bool { return slices.Contains(closing, x.ID) }); i >= 0 && rng.IntN(3) == 0 {
			c = cs[i]
		}
		if !shot && n >= 60 && s.Step == "impulse" {
			// On a large screen: the map is tall (the corridor runs 100 km north).
			p.do("a large screen", 5*time.Second, chromedp.EmulateViewport(1680, 1050))
			p.shot("mgmg.png")
			// Zoomed on the corridor from Nijmegen to Arnhem: the counters,
			// markers, bridges and ferries legible.
			p.do("zoom in", 5*time.Second, chromedp.Click(chromedp.CSS("#zoom-in")), chromedp.Click(chromedp.CSS("#zoom-in")),
				chromedp.Click(chromedp.CSS("#zoom-in")))
			p.shot("mgmg-zoom.png")
			p.do("fit the map", 5*time.Second, chromedp.EmulateReset(), chromedp.Click(chromedp.CSS("#zoom-fit")))
			shot = true
		}
		t.Logf("choice %d: %s at %s (refs %v)", n, c.ID, s.Step, c.Refs)
		s = p.choose(s.Version, c)
		m.apply(c.ID)
		m.check(fmt.Sprintf("choice %d (%s)", n, c.ID), s)
		n++
	}
	tm.mark(fmt.Sprintf("%d choices to the end", n))
	p.do("the result screen", 20*time.Second, chromedp.WaitVisible(chromedp.CSS("#result[data-winner]")))
	winner := run(p, "the winner shown", 5*time.Second, chromedp.AttributeValue(chromedp.CSS("#result"), "data-winner")).Value
	if r := m.s.Result(); string(r.Winner) != winner && !(r.Winner == "" && winner == "draw") {
		t.Fatalf("the page shows winner %q, the engine %q (%s)", winner, r.Winner, r.Text)
	}
	t.Logf("%d choices after the set-up; %s", n, m.s.Result().Text)

	// The replay of the finished game draws it at a step on its map.
	half := s.Version / 2
	replay := newProfile(t, "mgmg replay", base)
	replay.open(fmt.Sprintf("/replay/%s?step=%d", id, half), ".game-page[data-step]")
	if got, want := replay.replayStep(), fmt.Sprintf("step %d of %d", half, s.Version); got != want {
		t.Fatalf("the replay shows %q, want %q", got, want)
	}
	if n := replay.waitFor("counters on the replay's map", 10*time.Second, "s.boardGerman > 0").BoardGerman; n == 0 {
		t.Fatal("the replay draws no German counter")
	}
	replay.close()

	// A rule link of the log opens the mgmg rules index at its section.
	href := run(p, "a rule link", 5*time.Second, chromedp.Evaluate[string](
		`(document.querySelector('#log a[href^="/rules/mgmg#mgmg:"]') || {}).getAttribute?.('href') || ''`))
	if href == "" {
		t.Fatal("no rule link to /rules/mgmg in the log")
	}
	sec := strings.TrimPrefix(href, "/rules/mgmg#")
	rules := p.tab("rules")
	rules.open(href, ".rules-page")
	// The section, or the nearest one above it that the index lists (a
	// lettered step of 10.72 is found in 10.72), is marked and in sight.
	found := run(rules, "the section", 5*time.Second, chromedp.Evaluate[string](
		`(document.querySelector('.rule-entry.target, .rules-chapter.target') || {}).id || ''`))
	if found == "" || !strings.HasPrefix(sec, found) {
		t.Fatalf("the rules index marks %q for the link to %s", found, sec)
	}
	rules.open("/rules/mgmg#mgmg:10.72A", ".rules-page")
	if found := run(rules, "the lettered step's section", 5*time.Second, chromedp.Evaluate[string](
		`(document.querySelector('.rule-entry.target') || {}).id || ''`)); found != "mgmg:10.72" {
		t.Fatalf("the link to mgmg:10.72A marks %q, want its section mgmg:10.72", found)
	}
}
