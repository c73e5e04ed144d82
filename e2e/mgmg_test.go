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
	tm := newTimer(t)
	base, p, m, s := newWholeGame(t, "mgmg", mgmgSeed)
	if !strings.Contains(s.Prompt, "Setup Card") || s.ToMove != "german" {
		t.Fatalf("the game begins with %s to move, prompt %q; want the German set-up", s.ToMove, s.Prompt)
	}
	tm.mark("lobby: mgmg game created")

	// What the map draws: every place, the bridges and ferries, the tracks
	// and displays of the side panel (mgmg:3.4-3.10).
	// 76 places (65 areas, 10 zones, the UK box); September 17-20; the
	// Impulse Track's C, B, A, 0-13; five air markers; one German and two
	// Allied construct markers; one boat marker.
	checkDrawn(t, p, map[string]int{"places": 76, "turn": 4, "impulse": 17, "supply": 21, "air": 5, "construct": 3, "boat": 1, "uk": 1})

	// The set-up: the Germans a formation at a time, the Allies whole.
	s = playSetups(p, m, s, "german")
	tm.mark("both set-ups")
	if s.BoardGerman == 0 {
		t.Fatal("after the set-up no German counter is on the map")
	}

	// Every choice to the end, made on the page, scripted by a fixed
	// random sequence; the page checked against the engine at each.
	p, s = playToTheEnd(t, base, p, m, s, func(p *page) {
		// On a large screen: the map is tall (the corridor runs 100 km
		// north); fitted, it fills the width beside the panel.
		p.do("a large screen", 5*time.Second, chromedp.EmulateViewport(1680, 1050), chromedp.Click(chromedp.CSS("#zoom-fit")))
		p.shot("mgmg.png")
		// Zoomed on the corridor from Nijmegen to Arnhem: the counters,
		// markers, bridges and ferries legible.
		p.do("zoom in", 5*time.Second, chromedp.Click(chromedp.CSS("#zoom-in")))
		p.shot("mgmg-zoom.png")
		p.do("fit the map, whole", 5*time.Second, chromedp.EmulateReset(), chromedp.Click(chromedp.CSS("#zoom-fit")), chromedp.Click(chromedp.CSS("#zoom-fit")))
	})
	tm.mark("to the end")
	checkReplay(t, base, p.gameID(), s.Version)
	checkRuleLink(t, p, "mgmg")
	rules := p.tab("lettered rule")
	rules.open("/rules/mgmg#mgmg:10.72A", ".rules-page")
	if found := run(rules, "the lettered step's section", 5*time.Second, chromedp.Evaluate[string](
		`(document.querySelector('.rule-entry.target') || {}).id || ''`)); found != "mgmg:10.72" {
		t.Fatalf("the link to mgmg:10.72A marks %q, want its section mgmg:10.72", found)
	}
}

// checkDrawn compares what the page draws with want: the places of the
// map, the spaces of the Turn Record, Impulse and Supply tracks, the
// markers of the air, construction and boat assault displays, and the
// United Kingdom box.
func checkDrawn(t *testing.T, p *page, want map[string]int) {
	t.Helper()
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
	for k, n := range want {
		if drawn[k] != n {
			t.Errorf("the page draws %d %s, want %d (all: %v)", drawn[k], k, n, drawn)
		}
	}
}

// playSetups plays both set-ups on the page: the seat byFormation places
// its units a formation at a time, the other its whole set-up in one
// choice, each step checked against the engine m.
func playSetups(p *page, m *sim, s pageState, byFormation string) pageState {
	p.t.Helper()
	for s.Step == "setup" {
		var c engine.Choice
		for _, x := range m.choices() {
			if strings.HasPrefix(x.ID, "formation:") && s.ToMove == byFormation || x.ID == "setup-historical" && s.ToMove != byFormation {
				c = x
				break
			}
		}
		s = p.choose(s.Version, c)
		m.apply(c.ID)
		m.check("set-up "+c.ID, s)
	}
	return s
}

// newWholeGame creates a game of the standard scenario in the lobby of a
// new server, in a fresh profile holding both seats, and the same game in
// the engine; it returns the server, the page, the engine's game and the
// page's first view, checked against the engine.
func newWholeGame(t *testing.T, game, seed string) (string, *page, *sim, pageState) {
	t.Helper()
	base := newServer(t)
	p := newProfile(t, game, base)
	createInLobby(p, game, seed)
	wholeMap(p)
	m := newGameSim(t, game, "standard", seed)
	s := p.waitFor("the first view", 10*time.Second, "s.version === 0 && s.choices.length > 0")
	m.check("first view", s)
	return base, p, m, s
}

// createInLobby creates a game of the given id and seed in the lobby, both
// seats "This browser", and waits for its page.
func createInLobby(p *page, game, seed string) {
	p.t.Helper()
	p.open("/", "#new-game #create-game")
	run(p, "pick the game", 5*time.Second, chromedp.Evaluate[bool](fmt.Sprintf(
		`(() => { const g = document.querySelector('select[name=game]'); g.value = %q; g.dispatchEvent(new Event('change')); return true; })()`, game)))
	p.do("fill in the new-game form", 5*time.Second,
		chromedp.WaitVisible(chromedp.CSS(`select[name=seat-allied]`)),
		chromedp.SetValue(chromedp.CSS(`select[name=seat-german]`), "here"),
		chromedp.SetValue(chromedp.CSS(`select[name=seat-allied]`), "here"),
		chromedp.SendKeys(chromedp.CSS(`input[name=seed]`), seed))
	p.do("create the game", 20*time.Second,
		chromedp.Click(chromedp.CSS("#create-game")),
		chromedp.WaitVisible(chromedp.CSS(".game-page[data-version]")))
}

// wholeMap shows the whole of the tall map, which a page fits to the width
// of its space at first: the fit button's second press. The script then
// finds every place it clicks in sight, as a player who looks at the whole
// map does.
func wholeMap(p *page) {
	p.t.Helper()
	p.click("#zoom-fit")
}

// playToTheEnd makes every choice to the end of the game on the page, as a
// player makes it, scripted by a fixed random sequence that takes a
// closing choice a third of the times it may; the page is checked against
// the engine m at each step. shot, once, at an impulse after 60 choices,
// takes the screenshots. It returns the page and its last state: after
// 50 s of a browser's use (the choices' pace follows the machine's load)
// the game goes on in a fresh browser.
func playToTheEnd(t *testing.T, base string, p *page, m *sim, s pageState, shot func(p *page)) (*page, pageState) {
	t.Helper()
	rng := rand.New(rand.NewPCG(8, 8))
	id := p.gameID()
	tokens := run(p, "read the stored tokens", 5*time.Second, chromedp.Evaluate[map[string]string](fmt.Sprintf(
		`(JSON.parse(localStorage.getItem('sandtable.games.v1') || '{}')[%q] || {}).tokens || {}`, id)))
	n, since := 0, time.Now()
	for m.s.ToMove() != "" {
		if time.Since(since) > 50*time.Second {
			// A browser's time is bounded here: the game goes on in
			// another, given both seats' links, as a player would move to
			// another machine.
			q := newProfile(t, fmt.Sprintf("%s from choice %d", id, n), base)
			q.open("/play/"+id+"#token="+tokens["german"], ".game-page[data-version]")
			q.open("/", "#new-game")
			q.open("/play/"+id+"#token="+tokens["allied"], ".game-page[data-version]")
			wholeMap(q)
			p.close()
			p, since = q, time.Now()
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
		if shot != nil && n >= 60 && s.Step == "impulse" {
			shot(p)
			shot = nil
		}
		t.Logf("choice %d: %s at %s (refs %v)", n, c.ID, s.Step, c.Refs)
		s = p.choose(s.Version, c)
		m.apply(c.ID)
		m.check(fmt.Sprintf("choice %d (%s)", n, c.ID), s)
		n++
	}
	p.do("the result screen", 20*time.Second, chromedp.WaitVisible(chromedp.CSS("#result[data-winner]")))
	winner := run(p, "the winner shown", 5*time.Second, chromedp.AttributeValue(chromedp.CSS("#result"), "data-winner")).Value
	if r := m.s.Result(); string(r.Winner) != winner && !(r.Winner == "" && winner == "draw") {
		t.Fatalf("the page shows winner %q, the engine %q (%s)", winner, r.Winner, r.Text)
	}
	t.Logf("%d choices after the set-up; %s", n, m.s.Result().Text)
	return p, s
}

// checkReplay opens the replay of a finished game of the given last
// version at its middle step: it shows that step and German counters on
// its map.
func checkReplay(t *testing.T, base, id string, last int) {
	t.Helper()
	half := last / 2
	replay := newProfile(t, id+" replay", base)
	replay.open(fmt.Sprintf("/replay/%s?step=%d", id, half), ".game-page[data-step]")
	if got, want := replay.replayStep(), fmt.Sprintf("step %d of %d", half, last); got != want {
		t.Fatalf("the replay shows %q, want %q", got, want)
	}
	if n := replay.waitFor("counters on the replay's map", 10*time.Second, "s.boardGerman > 0").BoardGerman; n == 0 {
		t.Fatal("the replay draws no German counter")
	}
	replay.close()
}

// checkRuleLink follows a rule link of the log: it opens the game's rules
// index with the section, or the nearest one above it that the index
// lists (a lettered step of 10.72 is found in 10.72), marked.
func checkRuleLink(t *testing.T, p *page, game string) {
	t.Helper()
	href := run(p, "a rule link", 5*time.Second, chromedp.Evaluate[string](fmt.Sprintf(
		`(document.querySelector('#log a[href^="/rules/%s#%s:"]') || {}).getAttribute?.('href') || ''`, game, game)))
	if href == "" {
		t.Fatalf("no rule link to /rules/%s in the log", game)
	}
	sec := strings.TrimPrefix(href, "/rules/"+game+"#")
	rules := p.tab("rules")
	rules.open(href, ".rules-page")
	found := run(rules, "the section", 5*time.Second, chromedp.Evaluate[string](
		`(document.querySelector('.rule-entry.target, .rules-chapter.target') || {}).id || ''`))
	if found == "" || !strings.HasPrefix(sec, found) {
		t.Fatalf("the rules index marks %q for the link to %s", found, sec)
	}
}
