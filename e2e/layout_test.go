package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// laptopSizes are common laptop screens, in CSS pixels.
var laptopSizes = [][2]int64{{1366, 768}, {1440, 900}, {1280, 800}}

// paneBox is where an element of the game page is on the screen.
type paneBox struct {
	Top    float64 `json:"top"`
	Bottom float64 `json:"bottom"`
	Left   float64 `json:"left"`
	Right  float64 `json:"right"`
}

type laptopLayout struct {
	W        float64  `json:"w"`
	H        float64  `json:"h"`
	Map      *paneBox `json:"map"`
	Log      *paneBox `json:"log"`
	Roll     *paneBox `json:"roll"`
	RollDice int      `json:"rollDice"`
	LastLine *paneBox `json:"lastLine"`
	Step     string   `json:"step"`
	Decided  *paneBox `json:"decided"` // the roll a reroll step decides on
	// Choices are the choice buttons; Hit says whether a click at the middle
	// and near the bottom of each reaches it (nothing covers or clips it).
	Choices []struct {
		ID  string   `json:"id"`
		Box *paneBox `json:"box"`
		Hit bool     `json:"hit"`
	} `json:"choices"`
}

const readLayout = `(() => {
  const box = (e) => { if (!e || e.hidden) return null; const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, left: b.left, right: b.right}; };
  const lines = document.querySelectorAll('#log li.line');
  const reaches = (e, x, y) => { const t = document.elementFromPoint(x, y); return !!t && (t === e || e.contains(t)); };
  const choices = [...document.querySelectorAll('#choices button.choice')].map((b) => {
    const r = b.getBoundingClientRect();
    return {id: b.dataset.choice, box: box(b), hit: reaches(b, r.left + r.width / 2, r.top + r.height / 2) && reaches(b, r.left + r.width / 2, r.bottom - 3)};
  });
  return {w: innerWidth, h: innerHeight, map: box(document.querySelector('#map')), log: box(document.querySelector('#log')),
    roll: box(document.querySelector('#last-roll')), rollDice: document.querySelectorAll('#last-roll .die').length,
    lastLine: box(lines[lines.length - 1]), step: document.querySelector('#status')?.dataset.step || '',
    decided: box(document.querySelector('#roll-decided')), choices};
})()`

// laptops opens the game page at each laptop size, in another tab, at the
// Tactical Advantage reroll offer after a fire (soa:8.41): the log, its
// newest line and the last roll with its die faces, the roll being decided
// on and every choice are in sight beside the map without scrolling the
// page or the panel. With SANDTABLE_SCREENSHOTS=1 the first size is
// docs/screenshots/laptop.png (when shot).
func laptops(p *page, id string, version int, shot bool) {
	p.t.Helper()
	if p.stateQuiet().Step != "reroll" {
		p.t.Fatalf("the laptop layout is checked at the reroll offer; the page is at %q", p.stateQuiet().Step)
	}
	for i, sz := range laptopSizes {
		tb := p.tab(fmt.Sprintf("laptop %dx%d", sz[0], sz[1]))
		tb.do("open the game at a laptop's size", 20*time.Second,
			chromedp.EmulateViewport(sz[0], sz[1]),
			chromedp.Navigate(p.base+"/play/"+id),
			chromedp.WaitVisible(chromedp.CSS(".game-page[data-version]")))
		tb.waitFor("the view", 10*time.Second, fmt.Sprintf("s.version === %d", version))
		tb.do("settle", 5*time.Second, chromedp.Sleep(200*time.Millisecond))
		l := run(tb, "read the layout", 5*time.Second, chromedp.Evaluate[laptopLayout](readLayout))
		in := func(b *paneBox) bool {
			return b != nil && b.Top >= 0 && b.Bottom <= l.H+0.5 && b.Left >= 0 && b.Right <= l.W+0.5
		}
		switch {
		case !in(l.Log) || l.Log.Bottom-l.Log.Top < 100:
			p.t.Errorf("%dx%d: the log is not in sight, at least 100 px high (five lines): %+v", sz[0], sz[1], l.Log)
		case !in(l.LastLine) || l.LastLine.Bottom > l.Log.Bottom+0.5:
			p.t.Errorf("%dx%d: the newest log line is not in sight: %+v in the log %+v", sz[0], sz[1], l.LastLine, l.Log)
		case !in(l.Roll) || l.RollDice == 0:
			p.t.Errorf("%dx%d: the last roll is not in sight with its dice (%d die faces): %+v", sz[0], sz[1], l.RollDice, l.Roll)
		case l.Map == nil || l.Log.Left < l.Map.Right-0.5:
			p.t.Errorf("%dx%d: the log is not beside the map: map %+v, log %+v", sz[0], sz[1], l.Map, l.Log)
		case !in(l.Decided):
			p.t.Errorf("%dx%d: the roll to keep or reroll is not in sight: %+v", sz[0], sz[1], l.Decided)
		case len(l.Choices) < 2:
			p.t.Errorf("%dx%d: at the reroll offer the page shows %d choices, want keep and reroll", sz[0], sz[1], len(l.Choices))
		}
		for _, c := range l.Choices {
			if !in(c.Box) || !c.Hit {
				p.t.Errorf("%dx%d: the choice %s is not in sight whole (%+v, a click reaches it: %v)", sz[0], sz[1], c.ID, c.Box, c.Hit)
			}
		}
		if i == 0 && shot {
			tb.shot("laptop.png")
		}
		tb.close()
	}
}

// TestCloseCombatRerollOnLaptops: the reroll offer with the longest texts,
// a close combat's (soa:9.6, 8.41: the roll and both choices name the unit
// attacked and the die needed), found in random games of the engine and
// imported, keeps the roll, both choices, the log and the last roll in
// sight at the laptop sizes.
func TestCloseCombatRerollOnLaptops(t *testing.T) {
	seed, m, played := closeCombatReroll(t)
	base := newServer(t)
	srv := api{t: t, base: base}
	made := srv.importGame(seed, played)
	p := newProfile(t, "close combat reroll", base)
	p.openHeld(made)
	s := p.waitFor("the reroll offer", 10*time.Second, fmt.Sprintf("s.version === %d && s.step === 'reroll'", importedVersion(srv, made.ID)))
	// The roll shows once, above the choices, which leave it out of their
	// labels (its title keeps the whole label).
	checkRoll(t, p, m.s)
	type button struct{ Label, Title string }
	buttons := run(p, "the choices", 5*time.Second, chromedp.Evaluate[map[string]button](`Object.fromEntries([...document.querySelectorAll('#choices button[data-choice]')]
	  .map((b) => [b.dataset.choice, {label: b.querySelector('.choice-label').textContent, title: b.title}]))`))
	for id, want := range map[string]string{"accept": "Keep the roll", "reroll": "Use the Tactical Advantage: reroll"} {
		if b := buttons[id]; b.Label != want || !strings.HasPrefix(b.Title, want+" (close combat against ") {
			t.Errorf("the choice %s reads %q (title %q), want %q with the whole label as its title", id, b.Label, b.Title, want)
		}
	}
	laptops(p, made.ID, s.Version, false)
}

// readFit is where the map's picture and its pane are on the screen, and
// whether some place the choices highlight is in sight in the pane.
const readFit = `(() => {
  const box = (e) => { const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, left: b.left, right: b.right}; };
  const pane = box(document.querySelector('#map'));
  const hl = [...document.querySelectorAll('#board [data-place].hl')].map(box);
  return {pane, map: box(document.querySelector('#board .picture image')),
    hlSeen: hl.some((b) => b.bottom > pane.top && b.top < pane.bottom && b.right > pane.left && b.left < pane.right), hl: hl.length};
})()`

type fitLayout struct {
	Pane   paneBox `json:"pane"`
	Map    paneBox `json:"map"`
	HLSeen bool    `json:"hlSeen"`
	HL     int     `json:"hl"`
}

// TestMapFitsItsSpace: on a wide screen (1680 × 1050) Monty's Gamble's
// tall map fills the width of the space beside the panel, taller than it,
// and after the set-ups the places of the first impulse's choices are in
// sight; the fit button's second press shows it whole, as high as the
// space. Storm Over Arnhem's map,
// wider than tall, is fitted whole at once, and stays so.
func TestMapFitsItsSpace(t *testing.T) {
	base := newServer(t)
	near := func(a, b float64) bool { return a-b < 1.5 && b-a < 1.5 }
	read := func(p *page) fitLayout {
		p.do("wait for the fit", 5*time.Second, chromedp.Sleep(300*time.Millisecond))
		return run(p, "read the fit", 5*time.Second, chromedp.Evaluate[fitLayout](readFit))
	}

	p := newProfile(t, "mgmg wide", base)
	p.do("a wide screen", 5*time.Second, chromedp.EmulateViewport(1680, 1050))
	createInLobby(p, "mgmg", "8")
	m := newGameSim(t, "mgmg", "standard", "8")
	playSetups(p, m, p.waitFor("the first view", 10*time.Second, "s.version === 0 && s.choices.length > 0"), "german")
	f := read(p)
	if !near(f.Map.Left, f.Pane.Left) || !near(f.Map.Right, f.Pane.Right) || f.Map.Bottom-f.Map.Top <= f.Pane.Bottom-f.Pane.Top {
		t.Errorf("mgmg fitted: map %+v in pane %+v; want it as wide as the pane and taller", f.Map, f.Pane)
	}
	if f.HL == 0 || !f.HLSeen {
		t.Errorf("mgmg fitted: %d places highlighted, one in sight %v; want the first choices' places in sight", f.HL, f.HLSeen)
	}
	p.click("#zoom-fit")
	f = read(p)
	if !near(f.Map.Top, f.Pane.Top) || !near(f.Map.Bottom, f.Pane.Bottom) || f.Map.Left < f.Pane.Left || f.Map.Right > f.Pane.Right {
		t.Errorf("mgmg whole: map %+v in pane %+v; want it as high as the pane, inside it", f.Map, f.Pane)
	}

	q := newProfile(t, "soa wide", base)
	q.do("a wide screen", 5*time.Second, chromedp.EmulateViewport(1680, 1050))
	q.open("/", "#new-game #create-game")
	q.do("create a soa game", 20*time.Second,
		chromedp.SetValue(chromedp.CSS(`select[name=seat-german]`), "here"),
		chromedp.SetValue(chromedp.CSS(`select[name=seat-british]`), "here"),
		chromedp.Click(chromedp.CSS("#create-game")),
		chromedp.WaitVisible(chromedp.CSS(".game-page[data-version]")))
	for _, press := range []bool{false, true} {
		if press {
			q.click("#zoom-fit")
		}
		f := read(q)
		inside := f.Map.Left >= f.Pane.Left-1 && f.Map.Right <= f.Pane.Right+1 && f.Map.Top >= f.Pane.Top-1 && f.Map.Bottom <= f.Pane.Bottom+1
		if !inside || !(near(f.Map.Left, f.Pane.Left) && near(f.Map.Right, f.Pane.Right) || near(f.Map.Top, f.Pane.Top) && near(f.Map.Bottom, f.Pane.Bottom)) {
			t.Errorf("soa, fit pressed %v: map %+v in pane %+v; want it whole, touching two sides", press, f.Map, f.Pane)
		}
	}
}
