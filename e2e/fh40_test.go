package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// fh40Seed is the seed of the game TestFortressHolland plays; any seed
// will do, the test plans with the engine.
const fh40Seed = "10"

// TestFortressHolland plays a whole game of Fortress Holland: 1940 in one
// browser holding both seats, as TestMontysGamble plays Monty's Gamble:
// the lobby creates it, the Dutch place their counter backs' set-up a
// formation at a time, then the Germans theirs whole (fh40:5.2), then
// every choice to the end is made on the page, checked against the engine
// at each step. On the way: the map draws the variant's tracks and
// displays, the replay draws the game, a rule link opens the fh40 rules
// index at its section.
func TestFortressHolland(t *testing.T) {
	tm := newTimer(t)
	base, p, m, s := newWholeGame(t, "fh40", fh40Seed)
	if !strings.Contains(s.Prompt, "counter backs") || s.ToMove != "allied" {
		t.Fatalf("the game begins with %s to move, prompt %q; want the Dutch set-up", s.ToMove, s.Prompt)
	}
	// The allied seat is the Dutch player's (fh40:2.0), and the status says so.
	if who := run(p, "whose move", 5*time.Second, chromedp.Evaluate[string](`document.querySelector('#status .who').textContent`)); who != "Your move (Dutch)" {
		t.Errorf("the status says %q, want %q", who, "Your move (Dutch)")
	}
	tm.mark("lobby: fh40 game created")

	// The whole map, its 76 places (those out of play grey); in the side
	// panel May 10-12 (fh40:3.6), the Impulse Track's C, B, A, 0-13
	// (fh40:3.7 is mgmg's), the two German Air Bombardment markers
	// (fh40:3.5, 4.3); no Supply Track, construct or boat box, nor the
	// United Kingdom box (fh40:3.4, 3.8-3.11 not used).
	checkDrawn(t, p, map[string]int{"places": 76, "turn": 3, "impulse": 17, "supply": 0, "air": 2, "construct": 0, "boat": 0, "uk": 0})

	// The set-up: the Dutch a formation at a time, the Germans whole.
	s = playSetups(p, m, s, "allied")
	tm.mark("both set-ups")
	// 26 German counters, 35 Dutch and 2 French (data/fh40_units.json).
	counters := run(p, "count the counters", 5*time.Second, chromedp.Evaluate[map[string]int](`(() => {
	  const n = {};
	  for (const e of document.querySelectorAll('#board [data-unit]')) n[e.dataset.unit.split('-')[0]] = (n[e.dataset.unit.split('-')[0]] || 0) + 1;
	  return n;
	})()`))
	if counters["de"] != 26 || counters["nl"] != 35 || counters["fr"] != 2 {
		t.Fatalf("after the set-up the map holds %v counters by nationality, want 26 de, 35 nl, 2 fr", counters)
	}
	if screenshots() {
		// The map south of the Waal on a large screen, at the start:
		// zoomed (the wheel) around Gemert (53), in its south,
		// once the hand-over's note is gone.
		p.do("a large screen", 5*time.Second, chromedp.EmulateViewport(1680, 1050), chromedp.Sleep(500*time.Millisecond))
		run(p, "zoom on the south", 5*time.Second, chromedp.Evaluate[bool](`(() => {
		  const r = document.querySelector('#board [data-place="53"]').getBoundingClientRect();
		  document.querySelector('#board').dispatchEvent(new WheelEvent('wheel',
		    {clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, deltaY: -200, bubbles: true, cancelable: true}));
		  return true;
		})()`))
		p.do("the note gone", 5*time.Second, chromedp.WaitNotPresent(chromedp.CSS("#toast.show")))
		p.shot("fh40.png")
		p.do("fit the map, whole", 5*time.Second, chromedp.EmulateReset(), chromedp.Click(chromedp.CSS("#zoom-fit")), chromedp.Click(chromedp.CSS("#zoom-fit")))
	}

	p, s = playToTheEnd(t, base, p, m, s, nil)
	tm.mark("to the end")
	checkReplay(t, base, p.gameID(), s.Version)
	checkRuleLink(t, p, "fh40")
}

// TestFortressHollandSeatNames: the allied seat is the Dutch player's
// (fh40:2.0) wherever the lobby names it, its id "allied" staying in the
// form and the links: the seat's select is labelled Dutch; a game with the
// Dutch seat for a friend shows "the friend who plays Dutch" by its
// invite link; the list of games says we play German and offers the Dutch
// invite.
func TestFortressHollandSeatNames(t *testing.T) {
	base := newServer(t)
	p := newProfile(t, "fh40 seats", base)
	p.open("/", "#new-game #create-game")
	run(p, "pick the game", 5*time.Second, chromedp.Evaluate[bool](
		`(() => { const g = document.querySelector('select[name=game]'); g.value = 'fh40'; g.dispatchEvent(new Event('change')); return true; })()`))
	p.do("fill in the new-game form", 5*time.Second,
		chromedp.WaitVisible(chromedp.CSS(`select[name=seat-allied]`)),
		chromedp.SetValue(chromedp.CSS(`select[name=seat-german]`), "here"),
		chromedp.SetValue(chromedp.CSS(`select[name=seat-allied]`), "friend"))
	if l := run(p, "the seat's label", 5*time.Second, chromedp.Evaluate[string](`document.querySelector('label[for=seat-allied]').textContent`)); l != "Dutch" {
		t.Errorf("the allied seat's select is labelled %q, want Dutch", l)
	}
	p.do("create the game", 20*time.Second, chromedp.Click(chromedp.CSS("#create-game")), chromedp.WaitVisible(chromedp.CSS("#invites")))
	got := run(p, "the lobby's words", 5*time.Second, chromedp.Evaluate[map[string]string](`(() => ({
	  invite: document.querySelector('#invites .invite label').textContent,
	  link: document.querySelector('#invites input.invite-link').dataset.seat,
	  mine: document.querySelector('#my-games .my-game .muted').textContent.split(' · ')[0],
	  button: [...document.querySelectorAll('#my-games .my-game button')].map((b) => b.textContent).find((t) => t.endsWith('invite')) || '',
	}))()`))
	want := map[string]string{"invite": "Send this link to the friend who plays Dutch:", "link": "allied", "mine": "you play German", "button": "Dutch invite"}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %q, want %q", k, got[k], w)
		}
	}
}
