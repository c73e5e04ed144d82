package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"sandtable/ai"
)

// TestBotSeat creates in the lobby a game whose British seat is the random
// bot: the bot sets up by itself, the page turns to "your move" for the
// German player, and the lobby lists the game as waiting for us.
func TestBotSeat(t *testing.T) {
	base := newServer(t)
	p := newProfile(t, "bot game", base)
	tm := newTimer(t)
	p.createAgainstBot()
	id := p.gameID()
	tm.mark("lobby: game against the bot created")

	// The British set-up comes in by itself (a bot has no token here).
	s := p.waitFor("the bot's set-up", 20*time.Second, `s.mine && s.step === 'setup-german' && s.choices.length > 0`)
	if s.Version < 1 || s.ToMove != "german" || len(s.HLPlaces) == 0 || !strings.Contains(s.Prompt, "German set-up") {
		t.Fatalf("after the bot's set-up: version %d, %s to move, highlighted %v, prompt %q", s.Version, s.ToMove, s.HLPlaces, s.Prompt)
	}
	if len(s.GBOutsideArtillery) > 0 || s.BoardBritish > 0 {
		t.Fatalf("the German player sees the bot's secret set-up: %v", s.GBOutsideArtillery)
	}
	title := run(p, "title", 5*time.Second, chromedp.Title())
	if !strings.Contains(title, "Your move") {
		t.Fatalf("the title %q does not say it is our move", title)
	}
	tm.mark(fmt.Sprintf("bot set up by itself (%d choices)", s.Version))

	// The seat link takes the seat back in another browser (its storage
	// holds no token): that browser is to move, with the same choices.
	link := run(p, "copy the seat link", 10*time.Second, chromedp.Poll[string](
		`(() => { if (!window.copied) { navigator.clipboard.writeText = (t) => { window.copied = t; return Promise.resolve(); };
		   document.querySelector('button[data-seat-link="german"]')?.click(); } return window.copied || ''; })()`,
		chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second)))
	if !strings.HasPrefix(link, base+"/play/"+id+"#token=") {
		t.Fatalf("the German seat link is %q", link)
	}
	other := newProfile(t, "another browser", base)
	other.open(link, ".game-page[data-version]")
	o := other.waitFor("the seat taken back", 10*time.Second, fmt.Sprintf(`s.version === %d && s.mine`, s.Version))
	if !slices.Equal(o.Choices, s.Choices) {
		t.Fatalf("the other browser is offered %v, the first %v", o.Choices, s.Choices)
	}
	other.close()
	tm.mark("seat link: the seat taken back in another browser")

	// The lobby lists the game, our move.
	p.open("/", "#my-games")
	sel := fmt.Sprintf(`li.my-game[data-game=%q] .game-status[data-status="your-move"]`, id)
	p.do("the lobby lists the game", 10*time.Second, chromedp.WaitVisible(chromedp.CSS(sel)))
	p.shot("lobby.png")
	tm.mark("lobby lists it: your move")
}

// createAgainstBot creates in the lobby a game of the German seat in this
// browser against the random bot, with the form's other fields set by
// extra, and waits for the game page.
func (p *page) createAgainstBot(extra ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	p.open("/", "#new-game #create-game")
	p.do("fill in the new-game form", 5*time.Second, append([]chromedp.Action[chromedp.Void]{
		chromedp.SetValue(chromedp.CSS(`select[name=seat-german]`), "here"),
		chromedp.SetValue(chromedp.CSS(`select[name=seat-british]`), "bot:random")}, extra...)...)
	p.do("create the game", 20*time.Second,
		chromedp.Click(chromedp.CSS("#create-game")),
		chromedp.WaitVisible(chromedp.CSS(".game-page[data-version]")))
}

// TestLobbyBotLevels: each seat's select in the lobby offers every bot level
// the server has (ai.Names) by its readable label, and choosing one shows
// under the select how that bot plays (ai.Describe).
func TestLobbyBotLevels(t *testing.T) {
	base := newServer(t)
	p := newProfile(t, "bot levels", base)
	p.open("/", "#new-game #create-game")
	type option struct{ Value, Text string }
	offered := run(p, "read the British seat's options", 5*time.Second, chromedp.Evaluate[[]option](
		`[...document.querySelectorAll('select[name=seat-british] option')].map((o) => ({value: o.value, text: o.textContent}))`))
	var bots []option
	for _, o := range offered {
		if strings.HasPrefix(o.Value, "bot:") {
			bots = append(bots, o)
		}
	}
	if len(bots) != len(ai.Names()) {
		t.Fatalf("the British seat offers the bots %v, want every level of %v", bots, ai.Names())
	}
	for i, name := range ai.Names() {
		if want := (option{"bot:" + name, "Bot: " + ai.Label(name)}); bots[i] != want {
			t.Errorf("bot option %d is %v, want %v", i+1, bots[i], want)
		}
		about := run(p, "choose "+name, 5*time.Second, chromedp.Evaluate[string](fmt.Sprintf(
			`(() => { const s = document.querySelector('select[name=seat-british]'); s.value = %q; s.dispatchEvent(new Event('change'));
			   return document.getElementById('seat-british-about').textContent; })()`, "bot:"+name)))
		if !strings.Contains(about, ai.Describe(name)) {
			t.Errorf("with %s chosen the seat says %q, not how it plays (%q)", name, about, ai.Describe(name))
		}
	}
}
