package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"sandtable/engine"
)

// hotseatSeed gives a game in which, after the set-up below (every unit in
// the first place offered), the British can move and the Germans can then
// fire at a neighbouring area. The test plans with the engine, so another
// seed only needs to allow the same.
const hotseatSeed = "1"

// TestHotseat plays one browser holding both seats: the lobby creates the
// game, the whole set-up is clicked on the map, then a move and a fire
// attack with dice, with a reload in the middle of the impulse, and the
// replay page.
func TestHotseat(t *testing.T) {
	base := newServer(t)
	p := newProfile(t, "hotseat", base)
	tm := newTimer(t)

	// 1. Lobby: both seats played here, a fixed seed.
	p.open("/", "#new-game #create-game")
	p.do("fill in the new-game form", 5*time.Second,
		chromedp.SetValue(chromedp.CSS(`select[name=seat-german]`), "here"),
		chromedp.SetValue(chromedp.CSS(`select[name=seat-british]`), "here"),
		chromedp.SendKeys(chromedp.CSS(`input[name=seed]`), hotseatSeed))
	p.do("create the game", 20*time.Second,
		chromedp.Click(chromedp.CSS("#create-game")),
		chromedp.WaitVisible(chromedp.CSS(".game-page[data-version]")))
	id := p.gameID()
	seats := run(p, "read the stored tokens", 5*time.Second, chromedp.Evaluate[[]string](fmt.Sprintf(
		`Object.keys((JSON.parse(localStorage.getItem('sandtable.games.v1') || '{}')[%q] || {}).tokens || {}).sort()`, id)))
	if !slices.Equal(seats, []string{"british", "german"}) {
		t.Fatalf("after creating a hotseat game the browser holds tokens for %v, want both seats", seats)
	}
	m := newSim(t, hotseatSeed)
	s := p.waitFor("the first view", 10*time.Second, "s.version === 0 && s.choices.length > 0")
	m.check("first view", s)
	tm.mark("lobby: hotseat game created")

	// 2. Set-up: click a highlighted place on the map for every unit.
	placed := 0
	prompts := map[string]string{"setup-british": "British set-up", "setup-german": "German set-up"}
	for strings.HasPrefix(m.step(), "setup") {
		if want := prompts[s.Step]; !strings.Contains(s.Prompt, want) {
			t.Fatalf("set-up %d: the prompt %q does not say %q", placed, s.Prompt, want)
		}
		if !s.Mine {
			t.Fatalf("set-up %d: the status does not say it is our move (%s)", placed, s.ToMove)
		}
		cs := m.choices()
		var want []string
		for _, c := range cs {
			if pl := placeRef(c); pl != "" && !slices.Contains(want, pl) {
				want = append(want, pl)
			}
		}
		got := slices.Clone(s.HLPlaces)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("set-up %d: the map highlights %v; the choices refer to %v", placed, got, want)
		}
		c := cs[0] // its place is among the highlighted ones
		after := p.choose(s.Version, c)
		m.apply(c.ID)
		m.check(fmt.Sprintf("set-up %d (%s)", placed, c.ID), after)
		if after.Step == "setup-german" && s.Step == "setup-british" {
			// The German player takes over: the British set-up stays secret.
			t.Logf("hand-over to the German set-up; privacy screens: %v", p.curtains)
			if after.BoardBritish > 0 || len(after.GBOutsideArtillery) > 0 || strings.Contains(after.LogText, "sets up") {
				t.Fatalf("the German set-up shows the British one: counters %v, log:\n%s", after.GBOutsideArtillery, after.LogText)
			}
		}
		if after.ToMove == s.ToMove && after.LogLines <= s.LogLines {
			t.Fatalf("set-up %d (%s): the log did not grow (%d lines)", placed, c.ID, after.LogLines)
		}
		s = after
		placed++
	}
	if placed < 100 {
		t.Fatalf("only %d set-up choices", placed)
	}
	if s.Step != "impulse" || !strings.Contains(s.LogText, "Movement/Fire Phase") {
		t.Fatalf("after the set-up the page shows step %q and the log:\n%s", s.Step, s.LogText)
	}
	tm.mark(fmt.Sprintf("set-up: %d clicks on the map", placed))

	// 3. The first impulse: move a unit by clicking on the map (reloading
	// the page mid-impulse), then the other side fires.
	move, err := planMove(m.s)
	if err != nil {
		t.Fatalf("seed %s: %v", hotseatSeed, err)
	}
	after := m.s.Clone()
	for _, id := range move {
		apply(after, id)
	}
	fire, err := planFire(after)
	if err != nil {
		t.Fatalf("seed %s, after the move %v: %v", hotseatSeed, move, err)
	}
	t.Logf("move: %v; fire: %v", move, fire)
	mover := s.ToMove
	for i, cid := range move {
		c := find(t, m.choices(), cid)
		s = p.choose(s.Version, c)
		m.apply(cid)
		m.check("move "+cid, s)
		if i == 2 { // the unit is chosen: its destinations are highlighted
			if len(s.HLPlaces) == 0 || s.Step != "move-step" {
				t.Fatalf("moving %s: step %q, highlighted places %v", cid, s.Step, s.HLPlaces)
			}
			p.shot("game.png")
			phone(p, id, s.Version)
			tm.mark("move: unit chosen, destinations highlighted")

			// 4. Reload mid-impulse: the same version and the same choices.
			p.do("reload", 20*time.Second, chromedp.Navigate(base+"/play/"+id),
				chromedp.WaitVisible(chromedp.CSS(".game-page[data-version]")))
			r := p.waitFor("the view after the reload", 10*time.Second, "s.version >= 0 && s.choices.length > 0")
			if r.Version != s.Version || !slices.Equal(r.Choices, s.Choices) || !slices.Equal(r.HLPlaces, s.HLPlaces) {
				t.Fatalf("after the reload: version %d, choices %v, highlighted %v; before: version %d, choices %v, highlighted %v",
					r.Version, r.Choices, r.HLPlaces, s.Version, s.Choices, s.HLPlaces)
			}
			m.check("after the reload", r)
			s = r
			tm.mark("reload mid-impulse")
		}
	}
	if s.ToMove == mover || s.Step != "impulse" {
		t.Fatalf("after the move the page shows %s to move at %q", s.ToMove, s.Step)
	}
	tm.mark("move done: " + strings.Join(move, " "))
	for _, cid := range fire {
		if cid == "confirm" || cid == "resolve" {
			// The attack's values and odds are shown before it is confirmed.
			checkOdds(t, p, m.s)
		}
		if cid == "confirm" {
			checkDraftTarget(t, p, m.s)
		}
		c := find(t, m.choices(), cid)
		s = p.choose(s.Version, c)
		m.apply(cid)
		m.check("fire "+cid, s)
	}
	// The dice are in the log, drawn as die faces.
	dice := run(p, "read the dice", 5*time.Second, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll('#log li.line')].filter((l) => /\b[AD]V \d+/.test(l.textContent))
		   .flatMap((l) => [...l.querySelectorAll('.die')].map((d) => d.textContent))`))
	if len(dice) < 2 {
		t.Fatalf("after the fire the log shows no dice (die faces %v):\n%s", dice, s.LogText)
	}
	for _, d := range dice {
		if len(d) != 1 || d[0] < '1' || d[0] > '6' {
			t.Fatalf("a die shows %q", d)
		}
	}
	tm.mark("fire rolled: " + strings.Join(fire, " "))
	// The British hold the Tactical Advantage: the reroll prompt shows the
	// roll being decided on (soa:8.41), as the engine's view has it.
	if m.step() != "reroll" {
		t.Fatalf("after the fire the engine is at %q, want the Tactical Advantage reroll offer", m.step())
	}
	checkRoll(t, p, m.s)
	laptops(p, id, s.Version, true)
	tm.mark("laptop sizes")

	// The replay page shows the game up to now, with the dice.
	p.open("/replay/"+id, ".game-page[data-step]")
	if step, want := p.replayStep(), fmt.Sprintf("step %d of %d", s.Version, s.Version); step != want {
		t.Fatalf("the replay shows %q, want %q", step, want)
	}
	if log := p.stateQuiet().LogText; !strings.Contains(log, "AV") {
		t.Fatalf("the replay's log has no fire:\n%s", log)
	}
	p.shot("replay.png")
	tm.mark("replay")
}

// replayStep is the step the replay page shows, once it shows one.
func (p *page) replayStep() string {
	p.t.Helper()
	return run(p, "replay step", 10*time.Second, chromedp.Poll[string](
		`(document.querySelector('.game-page[data-step]') && document.querySelector('#replay-step')?.textContent) || ''`,
		chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second)))
}

// phone shows the game page at a phone's size, in another tab.
func phone(p *page, id string, version int) {
	if !screenshots() {
		return
	}
	ph := p.tab("phone")
	defer ph.close()
	ph.do("open the game as a phone", 20*time.Second,
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait),
		chromedp.Navigate(p.base+"/play/"+id),
		chromedp.WaitVisible(chromedp.CSS(".game-page[data-version]")))
	ph.waitFor("the phone's view", 10*time.Second, fmt.Sprintf("s.version === %d && s.choices.length > 0", version))
	ph.shot("phone.png")
}

// checkDraftTarget: while an attack is designated, its target is marked on
// the map (the engine's view names it in designating.target), so that the
// player sees what the units being chosen will fire at.
func checkDraftTarget(t *testing.T, p *page, s engine.State) {
	t.Helper()
	var v struct {
		Designating *struct {
			Target string `json:"target"`
		} `json:"designating"`
	}
	viewOf(t, s, &v)
	if v.Designating == nil {
		t.Fatal("at the confirmation the engine's view has no attack being designated")
	}
	marked := run(p, "the marked targets", 5*time.Second, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll('.atk-target title')].map((t) => t.textContent)`))
	if !slices.ContainsFunc(marked, func(m string) bool { return strings.Contains(m, " attack on "+v.Designating.Target+" ") }) {
		t.Errorf("the target %s of the attack being designated is not marked on the map (marks: %q)", v.Designating.Target, marked)
	}
}
