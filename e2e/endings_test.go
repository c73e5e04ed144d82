package e2e

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"sandtable/engine"
	"sandtable/server"
)

// openHeld opens a game whose seats this browser holds, as the lobby
// leaves them: the tokens in the browser's storage.
func (p *page) openHeld(g created) {
	p.t.Helper()
	p.hold(g)
	p.open("/play/"+g.ID, ".game-page[data-version]")
}

// hold stores the game's tokens in the browser, as the lobby does.
func (p *page) hold(g created) {
	p.t.Helper()
	p.open("/", "#new-game")
	tokens, _ := json.Marshal(g.Tokens)
	run(p, "store the tokens", 5*time.Second, chromedp.Evaluate[bool](fmt.Sprintf(
		`(() => { const all = JSON.parse(localStorage.getItem('sandtable.games.v1') || '{}');
		  all[%q] = {tokens: %s, invites: {}, created: new Date().toISOString()};
		  localStorage.setItem('sandtable.games.v1', JSON.stringify(all)); return true; })()`, g.ID, tokens)))
}

// hotseatGame starts a game of two human seats, both held by one browser,
// and waits for its first view: the British set-up.
func hotseatGame(t *testing.T, seed string) (api, created, *page) {
	t.Helper()
	base := newServer(t)
	srv := api{t: t, base: base}
	g := srv.create(seed, map[string]string{"german": "human", "british": "human"})
	p := newProfile(t, "hotseat", base)
	p.openHeld(g)
	p.waitFor("the British set-up", 10*time.Second, "s.version === 0 && s.step === 'setup-british' && s.choices.length > 0")
	return srv, g, p
}

// result is the outcome the page shows: the winner ("draw" for none) and
// the result's text.
func (p *page) result() (winner, text string) {
	p.t.Helper()
	p.waitFor("the result", 10*time.Second, "!!document.querySelector('#result[data-winner]:not([hidden])')")
	winner = run(p, "winner", 5*time.Second, chromedp.AttributeValue(chromedp.CSS("#result"), "data-winner")).Value
	text = run(p, "result text", 5*time.Second, chromedp.Text(chromedp.CSS("#result")))
	return winner, text
}

// who is whose move the status says.
func (p *page) who() string {
	p.t.Helper()
	return run(p, "the status", 5*time.Second, chromedp.Text(chromedp.CSS("#status .who")))
}

// TestResign: online, the German player offers a draw, which the British
// player declines; then resigns, after confirming, and the game ends with
// the British winning on both pages (docs/api.md, resign, draw); the server
// agrees.
func TestResign(t *testing.T) {
	base := newServer(t)
	srv := api{t: t, base: base}
	g := srv.create("3", map[string]string{"german": "human", "british": "human"})
	german, _ := strings.CutPrefix(g.Links["german"], base)
	p := newProfile(t, "german", base)
	p.open(german, ".game-page[data-version]")
	p.waitFor("the first view", 10*time.Second, "s.version === 0 && s.conn === 'live'")
	// A draw offered online: the other player sees it and declines.
	british, _ := strings.CutPrefix(g.Links["british"], base)
	b := newProfile(t, "british", base)
	b.open(british, ".game-page[data-version]")
	b.waitFor("the first view", 10*time.Second, "s.version === 0 && s.conn === 'live'")
	p.click("#offer-draw")
	p.waitFor("the offer waiting", 10*time.Second, "!!document.querySelector('#draw-offered')")
	b.waitFor("the offer", 10*time.Second, "!!document.querySelector('#draw-offer')")
	if who := b.who(); who != "Your answer to a draw offer" {
		t.Fatalf("while the British player is to answer the draw offer the status reads %q", who)
	}
	b.click("#draw-decline")
	p.waitFor("the offer withdrawn", 10*time.Second, "!document.querySelector('#draw-offered') && !!document.querySelector('#offer-draw')")
	// The resignation, once confirmed.
	p.click("#resign")
	p.waitFor("the confirmation", 5*time.Second, "!!document.querySelector('#resign-dialog')")
	p.click("#resign-cancel") // changing one's mind leaves the game as it was
	p.click("#resign")
	p.click("#resign-confirm")
	winner, text := p.result()
	if winner != "british" || !strings.Contains(text, "resigns") {
		t.Fatalf("after the German resignation the page shows winner %q: %q", winner, text)
	}
	if winner, _ := b.result(); winner != "british" {
		t.Fatalf("the British player's page shows winner %q", winner)
	}
	var sum struct {
		Result *struct{ Winner string }
	}
	srv.call("GET", "/api/games/"+g.ID, "", nil, &sum)
	if sum.Result == nil || sum.Result.Winner != "british" {
		t.Fatalf("the server's result after the resignation: %+v", sum.Result)
	}
}

// TestHotseatDraw: at the hotseat the British player offers a draw; the
// offer goes to the German player behind the privacy screen, who accepts.
func TestHotseatDraw(t *testing.T) {
	_, _, p := hotseatGame(t, "4")
	p.click("#offer-draw")
	s := p.waitFor("the privacy screen", 10*time.Second, "!!s.curtain")
	if s.Curtain != "german" {
		t.Fatalf("the draw offer is handed to %q, want the German player", s.Curtain)
	}
	p.click("#handover-continue")
	p.waitFor("the offer", 10*time.Second, "!!document.querySelector('#draw-offer')")
	if txt := run(p, "offer", 5*time.Second, chromedp.Text(chromedp.CSS("#draw-offer"))); !strings.Contains(txt, "British player offers a draw") {
		t.Fatalf("the offer reads %q", txt)
	}
	if who := p.who(); who != "Your answer to a draw offer (German)" {
		t.Fatalf("while the German player answers the draw offer the status reads %q", who)
	}
	p.shot("draw-offer.png")
	p.click("#draw-accept")
	if winner, text := p.result(); winner != "draw" {
		t.Fatalf("after the draw was accepted the page shows winner %q: %q", winner, text)
	}
}

// TestSetups: the historical set-up in one click; a set-up saved in the
// browser and loaded in a new game as one batch, placing every unit where
// it was; and a saved set-up the new game cannot take is refused with the
// server's reason.
func TestSetups(t *testing.T) {
	srv, g, p := hotseatGame(t, "5")
	s := p.state()
	before := unitsAt(srv, g.ID, g.Tokens["british"], "british")
	if !slices.Contains(s.Choices, "setup-historical") {
		t.Fatalf("the British set-up offers no historical set-up: %v", s.Choices)
	}
	p.shot("setup.png")
	// Two units by hand, then the rest at random: the saved set-up is the list of the three.
	for range 2 {
		v := srv.view(g.ID, g.Tokens["british"])
		s = p.choose(s.Version, v.View.Choices[0])
	}
	var byHand []string // the units placed by hand, where they stand
	for _, u := range unitsAt(srv, g.ID, g.Tokens["british"], "british") {
		if !slices.Contains(before, u) {
			byHand = append(byHand, u)
		}
	}
	if len(byHand) != 2 {
		t.Fatalf("two set-up choices placed %v", byHand)
	}
	quick := run(p, "the quick choices", 5*time.Second, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll('#choices button.quick')].map((b) => b.dataset.choice)`))
	if !slices.Contains(quick, "setup-random") {
		t.Fatalf("the buttons above the list are %v, want setup-random among them", quick)
	}
	s = p.choose(s.Version, engine.Choice{ID: "setup-random"})
	if s.Curtain == "" && s.Step != "setup-german" {
		t.Fatalf("after the random set-up the page shows %q", s.Step)
	}
	// The German side in one key: keys 1–9 follow the buttons as shown, the
	// quick choices first, each with its number (no blank key space).
	keys := run(p, "the keys", 5*time.Second, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll('#choices button[data-choice]')].slice(0, 9).map((b) => b.dataset.choice + '=' + (b.querySelector('kbd')?.textContent ?? ''))`))
	hist := slices.IndexFunc(keys, func(k string) bool { return strings.HasPrefix(k, "setup-historical=") })
	for i, k := range keys {
		if !strings.HasSuffix(k, "="+strconv.Itoa(i+1)) {
			t.Fatalf("the %d. button of the German set-up shows the key of %q: %v", i+1, k, keys)
		}
	}
	if hist < 0 || hist > 3 {
		t.Fatalf("the historical set-up is not among the first buttons, keyed: %v", keys)
	}
	p.do("press "+strconv.Itoa(hist+1), 5*time.Second, chromedp.KeyEvent(strconv.Itoa(hist+1)))
	if s = p.waitVersion(s.Version); s.Curtain != "" {
		p.click("#handover-continue")
		s = p.waitVersion(s.Version)
	}
	if strings.HasPrefix(s.Step, "setup") {
		t.Fatalf("after the historical German set-up the page still shows %q", s.Step)
	}
	p.waitFor("the save button", 5*time.Second, "!!document.querySelector('#setup-save-british')")
	p.click("#setup-save-british")
	p.do("name the set-up", 5*time.Second, chromedp.SetValue(chromedp.CSS("#setup-name"), "two and random"))
	p.click("#setup-save")

	// A new game: the saved set-up in one batch puts the British units where they were.
	g2 := srv.create("6", map[string]string{"german": "human", "british": "human"})
	q := p
	// A set-up the game cannot take (no place 99) is refused, with the server's reason, and nothing is made.
	run(q, "keep a broken set-up", 5*time.Second, chromedp.Evaluate[bool](
		`(() => { const all = JSON.parse(localStorage.getItem('sandtable.setups.v1'));
		  for (const k in all) all[k].broken = ['place:99']; localStorage.setItem('sandtable.setups.v1', JSON.stringify(all)); return true; })()`))
	q.openHeld(g2)
	q.waitFor("the British set-up", 10*time.Second, "s.version === 0 && s.choices.length > 0")
	q.waitFor("the saved set-ups", 5*time.Second, "!!document.querySelector('#setup-pick option[value=\"two and random\"]')")
	q.do("pick the broken set-up", 5*time.Second, chromedp.SetValue(chromedp.CSS("#setup-pick"), "broken"))
	q.click("#setup-load")
	s = q.waitFor("the refusal", 10*time.Second, "!!s.error")
	if !strings.Contains(s.Error, "place:99") || s.Version != 0 {
		t.Fatalf("loading a broken set-up: the page shows version %d and the error %q", s.Version, s.Error)
	}
	q.do("pick the saved set-up", 5*time.Second, chromedp.SetValue(chromedp.CSS("#setup-pick"), "two and random"))
	q.click("#setup-load")
	s = q.waitFor("the German set-up", 10*time.Second, "s.version === 3 || s.curtain || (s.error && !s.error.includes('place:99'))")
	if s.Error != "" && !strings.Contains(s.Error, "place:99") {
		t.Fatalf("loading the saved set-up: %s", s.Error)
	}
	got := unitsAt(srv, g2.ID, g2.Tokens["british"], "british")
	for _, u := range byHand {
		if !slices.Contains(got, u) {
			t.Fatalf("the loaded set-up does not place %s as the saved one did: %v", u, got)
		}
	}
	if v := srv.view(g2.ID, g2.Tokens["british"]); v.View.State.Step != "setup-german" {
		t.Fatalf("after the loaded set-up the game is at %q, want the German set-up", v.View.State.Step)
	}
}

// unitsAt lists where a side's units stand in the view of game id that
// token's seat has, in the view's order. A unit's side is in the board
// document's printed counters (sandtable-view/3).
func unitsAt(srv api, id, token, side string) []string {
	var board struct {
		Units []struct{ ID, Side string }
	}
	srv.call("GET", "/api/games/"+id+"/board", "", nil, &board)
	sides := map[string]string{}
	for _, u := range board.Units {
		sides[u.ID] = u.Side
	}
	var out []string
	for _, u := range srv.view(id, token).View.State.Units {
		if sides[u.ID] == side {
			out = append(out, u.ID+"@"+u.At)
		}
	}
	return out
}

// viewOf decodes the engine's view of the seat to move into v.
func viewOf(t *testing.T, s engine.State, v any) {
	t.Helper()
	raw, err := json.Marshal(s.View(s.ToMove()))
	if err == nil {
		err = json.Unmarshal(raw, v)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// checkOdds compares the odds table on the page with the attack the view
// of the seat to move designates (docs/formats.md, designating.odds).
func checkOdds(t *testing.T, p *page, s engine.State) {
	t.Helper()
	var v struct {
		Designating *struct {
			Odds *fireOdds `json:"odds"`
		} `json:"designating"`
	}
	viewOf(t, s, &v)
	if v.Designating == nil || v.Designating.Odds == nil {
		return
	}
	o := v.Designating.Odds
	want := []string{fmt.Sprint("AV ", o.AV), fmt.Sprint("DV ", o.DV)}
	for _, r := range o.Results {
		want = append(want, fmt.Sprintf("%d: %s", r.CP, percent(r.P)))
	}
	got := run(p, "the odds table", 5*time.Second, chromedp.Poll[[]string](`(() => {
	  const t = document.querySelector('#fire-odds');
	  if (!t) return null;
	  return ['AV ' + t.querySelector('.av').textContent, 'DV ' + t.querySelector('.dv').textContent,
	    ...[...t.querySelectorAll('.result')].map((r) => r.dataset.cp + ': ' + r.querySelector('.p').textContent)];
	})()`, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(5*time.Second)))
	if !slices.Equal(got, want) {
		t.Fatalf("the odds table shows %v; the view's odds are %v", got, want)
	}
	p.shot("odds.png")
}

// TestArchived: a game archived after its idle time opens read-only: the
// note says so and no choice is offered, though its seat is held here.
func TestArchived(t *testing.T) {
	base := newServer(t, func(c *server.Config) { c.ArchiveAfter = 300 * time.Millisecond })
	srv := api{t: t, base: base}
	g := srv.create("8", map[string]string{"german": "human", "british": "human"})
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		var sum struct{ Archived bool }
		srv.call("GET", "/api/games/"+g.ID, "", nil, &sum)
		if sum.Archived {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the idle game was not archived within 10 s")
		}
	}
	p := newProfile(t, "player", base)
	british, _ := strings.CutPrefix(g.Links["british"], base)
	p.open(british, ".game-page[data-version]")
	s := p.waitFor("the archived game", 10*time.Second, "s.version === 0 && !!document.querySelector('#archived-note:not([hidden])')")
	if len(s.Choices) != 0 || len(s.HLPlaces) != 0 {
		t.Fatalf("the archived game offers the choices %v (places %v)", s.Choices, s.HLPlaces)
	}
}

// checkRoll compares the roll the page shows under a reroll offer with the
// view's roll of the seat to move.
func checkRoll(t *testing.T, p *page, s engine.State) {
	t.Helper()
	var v struct {
		Roll *struct {
			Dice []int  `json:"dice"`
			Text string `json:"text"`
		} `json:"roll"`
	}
	viewOf(t, s, &v)
	if v.Roll == nil {
		t.Fatal("the view under the reroll offer has no roll")
	}
	want := fmt.Sprint(v.Roll.Dice, " ", v.Roll.Text)
	got := run(p, "the roll shown", 5*time.Second, chromedp.Poll[string](`(() => {
	  const r = document.querySelector('#roll-decided');
	  if (!r) return null;
	  return '[' + [...r.querySelectorAll('.die')].map((d) => d.textContent).join(' ') + '] ' + r.textContent;
	})()`, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(5*time.Second)))
	dice, text, _ := strings.Cut(got, "] ")
	if dice+"]" != fmt.Sprint(v.Roll.Dice) || !strings.Contains(text, v.Roll.Text) {
		t.Fatalf("the reroll prompt shows %q; the view's roll is %q", got, want)
	}
}

// TestQuota: a client over its quota of new games is told so in words, not
// by the server's code.
func TestQuota(t *testing.T) {
	base := newServer(t, func(c *server.Config) { c.GamesPerHour = 1 })
	api{t: t, base: base}.create("9", map[string]string{"german": "human", "british": "human"}) // the quota's one game
	if txt := lobbyRefusal(t, base); !strings.Contains(txt, "as many games as the server allows") {
		t.Fatalf("over the quota the lobby says %q", txt)
	}
}

// lobbyRefusal creates a game in the lobby and returns the refusal it shows.
func lobbyRefusal(t *testing.T, base string) string {
	t.Helper()
	p := newProfile(t, "player", base)
	p.open("/", "#new-game #create-game")
	p.click("#create-game")
	p.do("the refusal", 10*time.Second, chromedp.WaitVisible(chromedp.CSS("#new-game .error")))
	return run(p, "refusal", 5*time.Second, chromedp.Text(chromedp.CSS("#new-game .error")))
}
